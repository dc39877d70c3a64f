/**
 * Test helper: encodes text in a single-byte legacy encoding (windows-1251, KOI8-R, ...) by
 * inverting TextDecoder's table, since TextEncoder only writes UTF-8.
 * @example encodeLegacy('Привет', 'koi8-r') // Uint8Array [0xf0, 0xd2, ...]
 */
export function encodeLegacy(text: string, encoding: string): Uint8Array {
  const decoder = new TextDecoder(encoding);
  const table = new Map<string, number>();
  for (let byte = 0; byte < 256; byte++) table.set(decoder.decode(new Uint8Array([byte])), byte);
  return new Uint8Array(
    [...text].map((char) => {
      const byte = table.get(char);
      if (byte === undefined) throw new Error(`${char} cannot be written in ${encoding}`);
      return byte;
    }),
  );
}

/** UTF-16 with a byte-order mark, little- or big-endian. */
export function encodeUtf16(text: string, endian: 'le' | 'be'): Uint8Array {
  const out = new Uint8Array(2 + text.length * 2);
  const view = new DataView(out.buffer);
  view.setUint16(0, 0xfeff, endian === 'le');
  for (let i = 0; i < text.length; i++) view.setUint16(2 + i * 2, text.charCodeAt(i), endian === 'le');
  return out;
}
