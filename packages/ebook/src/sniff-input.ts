import { openZip, type ZipArchive } from './read-zip';

const latin1 = new TextDecoder('latin1');

/**
 * What every format's `sniff` looks at, worked out once: the bytes are a zip (opened), XML (its
 * start decoded), or neither. A format sniffs only the kind it comes in.
 */
export type SniffInput = (
  | { kind: 'zip'; bytes: Uint8Array; zip: ZipArchive }
  | { kind: 'xml'; bytes: Uint8Array; head: string }
  | { kind: 'other'; bytes: Uint8Array }
) & {
  /**
   * The file's name, lower-cased: a hint only, used where the bytes cannot tell two formats apart
   * (Markdown and plain text, AZW3 and MOBI), never over what the bytes say.
   */
  name?: string;
};

/**
 * A format's answer: 'yes' when its own markers are there, 'fallback' when nothing else claims the
 * bytes and they look like a damaged file of this format, false otherwise.
 */
export type SniffVerdict = 'yes' | 'fallback' | false;

/** Opens the bytes as far as the formats need to tell themselves apart. */
export function sniffInput(bytes: Uint8Array, filename?: string): SniffInput {
  const name = filename?.toLowerCase();
  const named = name === undefined ? {} : { name };
  if (looksLikeZip(bytes, filename)) return { kind: 'zip', bytes, zip: openZip(bytes), ...named };
  const head = decodeHead(bytes);
  const xml = head.replace(/^\ufeff/, '').trimStart();
  if (xml.startsWith('<?xml') || xml.startsWith('<!DOCTYPE') || xml.startsWith('<FictionBook'))
    return { kind: 'xml', bytes, head, ...named };
  return { kind: 'other', bytes, ...named };
}

function looksLikeZip(bytes: Uint8Array, filename?: string): boolean {
  if (bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 3 && bytes[3] === 4) return true;
  // A damaged first header with an intact directory: still an archive, so the reader can say "corrupt".
  const named = /\.(epub|zip|docx)$/i.test(filename ?? '');
  return named && latin1.decode(bytes.subarray(Math.max(0, bytes.length - 1024))).includes('PK\x05\x06');
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
