import { describe, expect, it } from 'vitest';
import { openZip } from './read-zip';
import { writeZip } from './write-zip';

const enc = (s: string) => new TextEncoder().encode(s);
const code = (c: string) => expect.objectContaining({ code: c });

// Offset of the first central directory record in a zip we wrote ourselves.
function centralAt(zip: Uint8Array): number {
  const view = new DataView(zip.buffer, zip.byteOffset);
  return view.getUint32(zip.length - 22 + 16, true);
}

describe('writeZip and openZip', () => {
  it('round-trips stored and deflated entries with mimetype first and stored', () => {
    const text = enc('<p>hello</p>'.repeat(500));
    const zip = writeZip([
      { name: 'mimetype', data: enc('application/epub+zip'), store: true },
      { name: 'OEBPS/ch1.xhtml', data: text },
      { name: 'OEBPS/Ünïcode.css', data: enc('p{}') },
    ]);
    expect(new TextDecoder().decode(zip.subarray(30, 38))).toBe('mimetype');
    const archive = openZip(zip);
    expect(archive.entries.map((e) => [e.name, e.method])).toEqual([
      ['mimetype', 0],
      ['OEBPS/ch1.xhtml', 8],
      ['OEBPS/Ünïcode.css', 0],
    ]);
    expect(archive.read(archive.get('OEBPS/ch1.xhtml')!)).toEqual(text);
    const copied = openZip(
      writeZip(archive.entries.map((e) => ({ name: e.name, copy: e, raw: archive.raw(e) }))),
    );
    expect(copied.read(copied.get('OEBPS/ch1.xhtml')!)).toEqual(text);
  });

  it('refuses an archive that holds one name twice (a second book behind the first container.xml)', () => {
    const container = (opf: string) =>
      enc(`<container><rootfiles><rootfile full-path="${opf}"/></rootfiles></container>`);
    const zip = writeZip([
      { name: 'mimetype', data: enc('application/epub+zip'), store: true },
      { name: 'META-INF/container.xml', data: container('a.opf') },
      { name: 'META-INF/container.xml', data: container('hidden.opf') },
    ]);
    expect(() => openZip(zip)).toThrow(
      expect.objectContaining({ code: 'corrupt', message: expect.stringMatching(/container\.xml" twice/) }),
    );
  });

  it.each(['../evil.txt', '/etc/passwd', 'C:/x.txt', 'a\\..\\b', 'OEBPS/../../x'])(
    'refuses the unsafe path %s',
    (name) => {
      const zip = writeZip([{ name, data: enc('x') }]);
      expect(() => openZip(zip)).toThrow(code('unsafe-path'));
    },
  );

  it('refuses symbolic links', () => {
    const zip = writeZip([{ name: 'link', data: enc('/etc/passwd') }]);
    const view = new DataView(zip.buffer);
    const at = centralAt(zip);
    view.setUint16(at + 4, (3 << 8) | 20, true); // made on Unix
    view.setUint32(at + 38, 0o120777 << 16, true); // mode: symlink
    expect(() => openZip(zip)).toThrow(code('unsafe-path'));
  });

  it('refuses bombs by ratio, total size and entry count before inflating', () => {
    const bomb = writeZip([{ name: 'zeros.xhtml', data: new Uint8Array(4 * 1024 * 1024) }]);
    expect(() => openZip(bomb)).toThrow(code('archive-bomb'));
    const files = Array.from({ length: 20 }, (_, i) => ({ name: `f${i}.txt`, data: enc(`file ${i}`) }));
    expect(() => openZip(writeZip(files), { maxEntries: 10 })).toThrow(code('archive-bomb'));
    expect(() => openZip(writeZip(files), { maxUncompressedBytes: 50 })).toThrow(code('archive-bomb'));
  });

  it('stops an entry whose header understates its size', () => {
    const zip = writeZip([{ name: 'a.txt', data: enc('abcdefgh'.repeat(1000)) }]);
    const view = new DataView(zip.buffer);
    view.setUint32(centralAt(zip) + 24, 2000, true); // declared size 2000, real 8000
    const archive = openZip(zip);
    expect(() => archive.read(archive.entries[0]!)).toThrow(code('archive-bomb'));
  });

  it('reports damaged archives and encrypted entries', () => {
    expect(() => openZip(enc('PK\x03\x04 not really a zip'))).toThrow(code('corrupt'));
    const zip = writeZip([{ name: 'a.txt', data: enc('hello') }]);
    const damaged = zip.slice();
    damaged[1] = 0x6b; // "Pk\x03\x04": the local header no longer matches
    const archive = openZip(damaged);
    expect(() => archive.read(archive.entries[0]!)).toThrow(code('corrupt'));
    const encrypted = zip.slice();
    new DataView(encrypted.buffer).setUint16(centralAt(zip) + 8, 0x0801, true);
    expect(() => openZip(encrypted)).toThrow(code('drm'));
  });
});
