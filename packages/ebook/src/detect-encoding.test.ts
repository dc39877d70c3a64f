import { describe, expect, it } from 'vitest';
import { detectAndDecode } from './detect-encoding';
import { encodeLegacy, encodeUtf16 } from './test-encode';

const RU =
  'Когда человек не ездил на лошадях по глухим проселочным дорогам, то рассказывать мне ему об этом нечего: все равно он не поймет. Но тому, кто ездил, и напоминать не хочу. ';
const FR =
  "L'été dernier, nous sommes allés à la forêt près du château; c'était très agréable et déjà frais. ";

describe('detectAndDecode', () => {
  it('reads UTF-8 with and without a byte-order mark', () => {
    const plain = new TextEncoder().encode(RU);
    expect(detectAndDecode(plain)).toEqual({ encoding: 'utf-8', text: RU });
    const bom = new Uint8Array([0xef, 0xbb, 0xbf, ...plain]);
    expect(detectAndDecode(bom)).toEqual({ encoding: 'utf-8', text: RU });
  });

  it('reads UTF-16 little- and big-endian by their byte-order marks', () => {
    expect(detectAndDecode(encodeUtf16(RU, 'le'))).toEqual({ encoding: 'utf-16le', text: RU });
    expect(detectAndDecode(encodeUtf16(RU, 'be'))).toEqual({ encoding: 'utf-16be', text: RU });
  });

  it('reads UTF-16 without a byte-order mark by its zero bytes', () => {
    const text = 'Plain English text, then some more of it.';
    expect(detectAndDecode(encodeUtf16(text, 'le').subarray(2))).toEqual({ encoding: 'utf-16le', text });
    expect(detectAndDecode(encodeUtf16(text, 'be').subarray(2))).toEqual({ encoding: 'utf-16be', text });
  });

  it('lets the bytes win over a byte-order mark that contradicts them', () => {
    const cp1251 = encodeLegacy(RU.repeat(4), 'windows-1251');
    expect(detectAndDecode(new Uint8Array([0xef, 0xbb, 0xbf, ...cp1251]))).toEqual({
      encoding: 'windows-1251',
      text: RU.repeat(4),
    });
    const utf8 = new TextEncoder().encode(RU);
    expect(detectAndDecode(new Uint8Array([0xff, 0xfe, ...utf8]))).toEqual({ encoding: 'utf-8', text: RU });
  });

  it.each([
    ['windows-1251', RU.repeat(4)],
    ['koi8-r', RU.repeat(4)],
    ['windows-1252', FR.repeat(4)],
  ])('detects %s without a declaration', (encoding, text) => {
    const decoded = detectAndDecode(encodeLegacy(text, encoding));
    expect(decoded.encoding).toBe(encoding);
    expect(decoded.text).toBe(text);
  });
});
