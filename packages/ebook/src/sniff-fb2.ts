import type { SniffInput, SniffVerdict } from './sniff-input';

/** XML with a FictionBook root, or a zip holding exactly one .fb2 file (how most FB2 books travel). */
export function sniffFb2(input: SniffInput): SniffVerdict {
  if (input.kind === 'xml') return /<(?:[\w.-]+:)?FictionBook[\s>]/.test(input.head) ? 'yes' : false;
  if (input.kind === 'zip')
    return input.zip.entries.filter((entry) => /\.fb2$/i.test(entry.name)).length === 1 ? 'yes' : false;
  return false;
}
