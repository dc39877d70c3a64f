import { describe, expect, it } from 'vitest';
import { decompressPalmDoc } from './decompress-palmdoc';
import { huffCdic } from './huff-cdic';
import { trailingSize } from './read-text';

const text = (bytes: Uint8Array) => new TextDecoder().decode(bytes);

// A HUFF record whose 256 first-byte entries all give 1-bit terminal codes: bit 1 is phrase 0, bit 0
// phrase 1 (codes count down from the largest, as Mobipocket's canonical code does).
function oneBitHuff(): Uint8Array {
  const huff = new Uint8Array(24 + 1024 + 256);
  const view = new DataView(huff.buffer);
  huff.set([...'HUFF\0\0\0\x18'].map((c) => c.charCodeAt(0)));
  view.setUint32(8, 24);
  view.setUint32(12, 24 + 1024);
  for (let i = 0; i < 256; i++) view.setUint32(24 + i * 4, (1 << 8) | 0x80 | 1);
  return huff;
}

function cdic(phrases: { bytes: number[]; expanded: boolean }[]): Uint8Array {
  const offsets = phrases.length * 2;
  const body: number[] = [];
  const heads: number[] = [];
  for (const phrase of phrases) {
    heads.push(offsets + body.length);
    const head = phrase.bytes.length | (phrase.expanded ? 0x8000 : 0);
    body.push(head >> 8, head & 0xff, ...phrase.bytes);
  }
  const out = new Uint8Array(16 + offsets + body.length);
  const view = new DataView(out.buffer);
  out.set([...'CDIC\0\0\0\x10'].map((c) => c.charCodeAt(0)));
  view.setUint32(8, phrases.length);
  view.setUint32(12, 1);
  for (const [i, at] of heads.entries()) view.setUint16(16 + i * 2, at);
  out.set(body, 16 + offsets);
  return out;
}

const a = [...'a'].map((c) => c.charCodeAt(0));

describe('HUFF/CDIC', () => {
  it('expands codes to phrases, and compressed phrases in turn', () => {
    const xy = huffCdic(oneBitHuff(), [
      cdic([
        { bytes: [0x78], expanded: true },
        { bytes: [0x79], expanded: true },
      ]),
    ]);
    expect(text(xy(Uint8Array.of(0b10110100), 4096))).toBe('xyxxyxyy');
    // Phrase 1 is itself compressed: the byte 0xff, eight times phrase 0.
    const nested = huffCdic(oneBitHuff(), [
      cdic([
        { bytes: a, expanded: true },
        { bytes: [0xff], expanded: false },
      ]),
    ]);
    expect(text(nested(Uint8Array.of(0b10110100), 4096))).toBe('a'.repeat(4 + 4 * 8));
  });

  it('stops a phrase that contains itself, and output past the record size', () => {
    const looping = huffCdic(oneBitHuff(), [
      cdic([
        { bytes: a, expanded: true },
        { bytes: [0x00], expanded: false },
      ]),
    ]);
    expect(() => looping(Uint8Array.of(0x00), 4096)).toThrow(/names no CDIC phrase/);
    const plain = huffCdic(oneBitHuff(), [
      cdic([
        { bytes: a, expanded: true },
        { bytes: a, expanded: true },
      ]),
    ]);
    expect(() => plain(new Uint8Array(16), 64)).toThrow(/expands past its size/);
  });

  it('refuses a HUFF record without its signature', () => {
    const huff = oneBitHuff();
    huff[0] = 0;
    expect(() => huffCdic(huff, [])).toThrow(/HUFF record is invalid/);
  });
});

describe('PalmDOC', () => {
  it('expands literals, space pairs and overlapping back-references', () => {
    // "ab", then copy 4 from 2 back ("abab"), then " c".
    const input = Uint8Array.of(0x61, 0x62, 0x80, (2 << 3) | 1, 0xe3);
    expect(text(decompressPalmDoc(input, 4096))).toBe('ababab c');
  });

  it('stops output past the record size', () => {
    expect(() => decompressPalmDoc(new Uint8Array(100).fill(0x61), 50)).toThrow(/expands past its size/);
  });
});

describe('trailing entries', () => {
  it('counts each flagged entry from the end, then the multibyte bytes', () => {
    // Text "AB", a multibyte entry of 1 byte (0x00), then a 3-byte entry (size 3 written backwards).
    const record = Uint8Array.of(0x41, 0x42, 0x00, 0x07, 0x07, 0x83);
    expect(trailingSize(record, 0b11)).toBe(4);
    expect(trailingSize(record, 0b10)).toBe(3);
    expect(() => trailingSize(Uint8Array.of(0xff), 0b10)).toThrow(/shorter than its trailing entries/);
  });
});
