import type { SniffInput, SniffVerdict } from '../sniff-input';
import { sniffTxt } from '../sniff-txt';

/** Text whose name says Markdown: the bytes of Markdown and of plain text cannot be told apart. */
export function sniffMarkdown(input: SniffInput): SniffVerdict {
  if (!/\.(md|markdown)$/.test(input.name ?? '')) return false;
  return sniffTxt(input) === 'yes' ? 'yes' : false;
}
