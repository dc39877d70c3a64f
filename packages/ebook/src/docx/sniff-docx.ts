import type { SniffInput, SniffVerdict } from '../sniff-input';

/** A zip holding a Word document part (`word/document.xml`, found through `[Content_Types].xml`). */
export function sniffDocx(input: SniffInput): SniffVerdict {
  if (input.kind !== 'zip') return false;
  if (input.zip.get('word/document.xml')) return 'yes';
  return input.zip.get('[Content_Types].xml') && input.name?.endsWith('.docx') ? 'fallback' : false;
}
