import { EbookError } from './errors';

// Signatures of formats people rename to .txt by mistake.
const MAGIC: [string, number[]][] = [
  ['a ZIP archive', [0x50, 0x4b, 0x03, 0x04]],
  ['a PDF document', [0x25, 0x50, 0x44, 0x46]],
  ['a PNG image', [0x89, 0x50, 0x4e, 0x47]],
  ['a JPEG image', [0xff, 0xd8, 0xff]],
  ['a GIF image', [0x47, 0x49, 0x46, 0x38]],
  ['a Word document', [0xd0, 0xcf, 0x11, 0xe0]],
];

/**
 * Refuses bytes or decoded text that are not prose: known binary signatures, or control characters
 * (other than tab, newline, form feed) in more than 1% of the first 64 KB.
 * @example assertPlainText(new Uint8Array([0x50, 0x4b, 3, 4])) // throws EbookError 'wrong-format'
 */
export function assertPlainText(input: Uint8Array | string): void {
  if (typeof input !== 'string') {
    for (const [name, magic] of MAGIC) {
      if (magic.every((byte, i) => input[i] === byte)) {
        throw new EbookError('wrong-format', `the file is ${name}, not a text file`);
      }
    }
    return;
  }
  const sample = input.length > 65536 ? input.slice(0, 65536) : input;
  let control = 0;
  for (let i = 0; i < sample.length; i++) {
    const code = sample.charCodeAt(i);
    if ((code < 32 && code !== 9 && code !== 10 && code !== 12 && code !== 13) || code === 0xfffd) control++;
  }
  if (control > sample.length * 0.01)
    throw new EbookError('wrong-format', 'the file holds binary data, not text');
}
