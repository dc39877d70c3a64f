import { EbookError } from './errors';
import type { BookFormat } from './model';
import { openZip } from './read-zip';

const latin1 = new TextDecoder('latin1');

/**
 * Decides what the bytes are, never trusting the file name over them: a zip with the EPUB mimetype
 * (or a container.xml) is 'epub', a zip holding one .fb2 or XML with a FictionBook root is 'fb2',
 * anything that decodes as text is 'txt'. Other bytes throw EbookError 'wrong-format'; XML with
 * entity declarations throws 'doctype'.
 * @example sniffFormat(bytes, 'book.epub') // 'epub'
 */
export function sniffFormat(bytes: Uint8Array, filename?: string): BookFormat {
  if (looksLikeZip(bytes, filename)) return sniffZip(bytes);
  const head = decodeHead(bytes);
  const xml = head.replace(/^\ufeff/, '').trimStart();
  if (xml.startsWith('<?xml') || xml.startsWith('<!DOCTYPE') || xml.startsWith('<FictionBook')) {
    if (/<!ENTITY/i.test(head))
      throw new EbookError('doctype', 'The XML declares entities; it is refused unread');
    if (/<(?:[\w.-]+:)?FictionBook[\s>]/.test(head)) return 'fb2';
    throw new EbookError('wrong-format', 'The file is XML but not a FictionBook, EPUB or text file');
  }
  if (isText(bytes)) return 'txt';
  throw new EbookError('wrong-format', 'The file is neither an EPUB, an FB2 nor a text file');
}

function looksLikeZip(bytes: Uint8Array, filename?: string): boolean {
  if (bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 3 && bytes[3] === 4) return true;
  // A damaged first header with an intact directory: still an archive, so the reader can say "corrupt".
  const named = /\.(epub|zip)$/i.test(filename ?? '');
  return named && latin1.decode(bytes.subarray(Math.max(0, bytes.length - 1024))).includes('PK\x05\x06');
}

function sniffZip(bytes: Uint8Array): BookFormat {
  const zip = openZip(bytes);
  const mimetype = zip.get('mimetype');
  if (mimetype && mimetype.size < 100) {
    const value = latin1.decode(zip.read(mimetype)).trim();
    if (value === 'application/epub+zip') return 'epub';
  }
  if (zip.get('META-INF/container.xml')) return 'epub';
  const fb2 = zip.entries.filter((entry) => /\.fb2$/i.test(entry.name));
  if (fb2.length === 1) return 'fb2';
  // A zip named .epub that lacks both markers is a broken EPUB rather than some other file.
  if (mimetype || zip.entries.some((e) => /\.(x?html?|opf)$/i.test(e.name))) return 'epub';
  throw new EbookError('wrong-format', 'The archive holds neither an EPUB nor a single FB2 file');
}

// Enough of the start to see an XML declaration, a DOCTYPE and the root element, in UTF-8 or UTF-16.
function decodeHead(bytes: Uint8Array): string {
  const head = bytes.subarray(0, 4096);
  if ((head[0] === 0xff && head[1] === 0xfe) || (head[0] === 0x3c && head[1] === 0))
    return new TextDecoder('utf-16le').decode(head);
  if ((head[0] === 0xfe && head[1] === 0xff) || (head[0] === 0 && head[1] === 0x3c))
    return new TextDecoder('utf-16be').decode(head);
  return latin1.decode(head);
}

// Text has a BOM, or decodes as UTF-16 (zeros in alternate bytes), or has almost no control bytes.
function isText(bytes: Uint8Array): boolean {
  if (bytes.length === 0) return false;
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return true;
  if ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff)) return true;
  if (latin1.decode(bytes.subarray(0, 5)) === '%PDF-') return false;
  const sample = bytes.subarray(0, 65536);
  let zerosEven = 0;
  let zerosOdd = 0;
  let control = 0;
  for (let i = 0; i < sample.length; i++) {
    const b = sample[i]!;
    if (b === 0) {
      if (i % 2 === 0) zerosEven++;
      else zerosOdd++;
    } else if (b < 9 || (b > 13 && b < 32 && b !== 27)) control++;
  }
  const half = sample.length / 2;
  if (zerosEven > half * 0.3 && zerosOdd === 0) return true; // UTF-16 BE without BOM
  if (zerosOdd > half * 0.3 && zerosEven === 0) return true; // UTF-16 LE without BOM
  return zerosEven + zerosOdd === 0 && control <= sample.length / 100;
}
