import { EbookError } from './errors';
import { type BookFormatRow, bookFormats } from './format-table';
import type { BookFormat } from './model';
import { sniffInput } from './sniff-input';

/**
 * Decides what the bytes are, never trusting the file name over them: each row of the format table
 * is asked in turn (bookFormats), a 'yes' before any 'fallback'. Bytes no format claims throw
 * EbookError 'wrong-format'; XML with entity declarations throws 'doctype' before any format looks.
 * @example sniffFormat(bytes, 'book.epub') // 'epub'
 */
export function sniffFormat(bytes: Uint8Array, filename?: string): BookFormat {
  const input = sniffInput(bytes, filename);
  if (input.kind === 'xml' && /<!ENTITY/i.test(input.head))
    throw new EbookError('doctype', 'The XML declares entities; it is refused unread');
  const rows: readonly BookFormatRow[] = bookFormats;
  const verdicts = rows.map((row) => row.sniff(input));
  const found = rows[verdicts.indexOf('yes')] ?? rows[verdicts.indexOf('fallback')];
  if (found) return found.id;
  if (input.kind === 'other' && isOldWordDocument(bytes))
    throw new EbookError(
      'legacy-doc',
      'This is an old Word .doc file, which is not read: open it in Word or LibreOffice, save it as DOCX and upload that',
    );
  if (input.kind === 'zip')
    throw new EbookError('wrong-format', 'The archive holds neither an EPUB, a DOCX nor a single FB2 file');
  if (input.kind === 'xml')
    throw new EbookError('wrong-format', 'The file is XML but not a FictionBook, EPUB or text file');
  throw new EbookError(
    'wrong-format',
    'The file is not a book we read (EPUB, FB2, PDF, DOCX, AZW3, MOBI, Markdown or text)',
  );
}

// An OLE2 compound file (D0 CF 11 E0 A1 B1 1A E1): Word 97-2003 `.doc`, among other old Office files.
const OLE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
// A password-protected DOCX is an OLE2 file too, holding the encrypted zip in a stream of this
// name; the directory entry spells it in UTF-16LE, wherever in the file its sector lies.
const ENCRYPTED_PACKAGE = [...'EncryptedPackage'].flatMap((char) => [char.charCodeAt(0), 0]);
function isOldWordDocument(bytes: Uint8Array): boolean {
  if (!OLE.every((byte, i) => bytes[i] === byte)) return false;
  if (includesBytes(bytes, ENCRYPTED_PACKAGE))
    throw new EbookError(
      'encrypted',
      'This document is password-protected; open it in Word or LibreOffice, save it without a password and upload that',
    );
  return true;
}

function includesBytes(bytes: Uint8Array, pattern: number[]): boolean {
  const first = pattern[0];
  for (
    let at = bytes.indexOf(first as number);
    at >= 0 && at + pattern.length <= bytes.length;
    at = bytes.indexOf(first as number, at + 1)
  )
    if (pattern.every((byte, i) => bytes[at + i] === byte)) return true;
  return false;
}
