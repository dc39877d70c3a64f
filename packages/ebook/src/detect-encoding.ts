import { analyse } from 'chardet';
import { EbookError } from './errors';

/** What a byte sequence was decoded from and the text it gave. */
export interface DecodedText {
  /** WHATWG encoding label, lower case: 'utf-8', 'utf-16le', 'windows-1251', ... */
  encoding: string;
  text: string;
}

// chardet reports ISO names; TextDecoder's windows-* supersets decode the same text and also the
// typographic quotes real books put in 0x80-0x9f, which the ISO tables leave as control codes.
const SUPERSETS: Record<string, string> = {
  'iso-8859-1': 'windows-1252',
  'iso-8859-2': 'windows-1250',
  'iso-8859-8': 'windows-1255',
  'iso-8859-9': 'windows-1254',
  'iso-8859-7': 'windows-1253',
  'iso-8859-6': 'windows-1256',
  'utf-16le': 'utf-16le',
  'utf-16be': 'utf-16be',
};

// Enough text for the statistical detectors; scanning a whole 2 MB novel costs ~0.5 s for nothing.
const SAMPLE_BYTES = 32 * 1024;

/** The encoding a byte-order mark announces, with the mark's length. */
export function bomEncoding(bytes: Uint8Array): { encoding: string; length: number } | null {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return { encoding: 'utf-8', length: 3 };
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return { encoding: 'utf-16le', length: 2 };
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return { encoding: 'utf-16be', length: 2 };
  return null;
}

/** Normalises a declared or detected label to one TextDecoder accepts, or null when it knows none. */
export function normaliseEncoding(label: string): string | null {
  const lower = label.trim().toLowerCase();
  const mapped = SUPERSETS[lower] ?? lower;
  try {
    return new TextDecoder(mapped).encoding;
  } catch {
    return null;
  }
}

/**
 * Decodes text of unknown encoding: byte-order mark first, then strict UTF-8, then chardet's best
 * guess among the encodings TextDecoder knows.
 * @example detectAndDecode(new Uint8Array([0xcf, 0xf0, 0xe8])) // { encoding: 'windows-1251', text: 'При' }
 */
export function detectAndDecode(bytes: Uint8Array): DecodedText {
  const bom = bomEncoding(bytes);
  if (bom) return decodeAfterBom(bytes.subarray(bom.length), bom.encoding);
  const utf16 = utf16ByZeros(bytes);
  if (utf16) return { encoding: utf16, text: decodeAs(bytes, utf16) };
  const utf8 = tryUtf8(bytes);
  if (utf8 !== null) return { encoding: 'utf-8', text: utf8 };
  const encoding = guessEncoding(bytes);
  return { encoding, text: decodeAs(bytes, encoding) };
}

/** chardet's most confident guess that TextDecoder can decode; windows-1252 when it has none. */
export function guessEncoding(bytes: Uint8Array): string {
  for (const match of analyse(denseSample(bytes))) {
    if (match.name === 'UTF-8') continue; // strict UTF-8 already failed on the whole text
    const encoding = normaliseEncoding(match.name);
    if (encoding) return encoding;
  }
  return 'windows-1252';
}

/** Decodes with a known encoding; a label TextDecoder rejects is an unsupported book. */
export function decodeAs(bytes: Uint8Array, encoding: string): string {
  try {
    return new TextDecoder(encoding).decode(bytes);
  } catch {
    throw new EbookError('unsupported', `the text encoding "${encoding}" is not supported`);
  }
}

function tryUtf8(bytes: Uint8Array): string | null {
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes);
  } catch {
    return null;
  }
}

/**
 * The bytes chardet learns from: windows around non-ASCII bytes. A mostly-English book with one
 * "æ" at byte 177,266 would otherwise give chardet 64 KB of ASCII and nothing to go on.
 */
function denseSample(bytes: Uint8Array): Uint8Array {
  if (bytes.length <= SAMPLE_BYTES) return bytes;
  const out = new Uint8Array(SAMPLE_BYTES);
  let length = 0;
  let i = 0;
  while (i < bytes.length && length < SAMPLE_BYTES - 128) {
    if ((bytes[i] as number) < 0x80) {
      i++;
      continue;
    }
    const start = Math.max(0, i - 32);
    const end = Math.min(bytes.length, i + 64);
    out.set(bytes.subarray(start, end), length);
    length += end - start;
    i = end;
  }
  return length === 0 ? bytes.subarray(0, SAMPLE_BYTES) : out.subarray(0, length);
}

// UTF-16 without a byte-order mark: ASCII letters leave a zero byte in every other position.
function utf16ByZeros(bytes: Uint8Array): string | null {
  const length = Math.min(bytes.length, 4096) & ~1;
  let even = 0;
  let odd = 0;
  for (let i = 0; i < length; i += 2) {
    if (bytes[i] === 0) even++;
    if (bytes[i + 1] === 0) odd++;
  }
  const pairs = length / 2;
  if (pairs < 2) return null;
  if (odd > pairs * 0.3 && even === 0) return 'utf-16le';
  if (even > pairs * 0.3 && odd === 0) return 'utf-16be';
  return null;
}

// A byte-order mark that contradicts the bytes (an editor's UTF-8 mark on cp1251 text, a UTF-16 mark
// on UTF-8 text) must not produce mojibake: the bytes win.
function decodeAfterBom(rest: Uint8Array, encoding: string): DecodedText {
  const utf8 = tryUtf8(rest);
  if (encoding === 'utf-8') {
    if (utf8 !== null) return { encoding, text: utf8 };
    const guess = guessEncoding(rest);
    return { encoding: guess, text: decodeAs(rest, guess) };
  }
  const sample = rest.subarray(0, 4096);
  if (utf8 !== null && !sample.includes(0) && rest.length > 16) return { encoding: 'utf-8', text: utf8 };
  return { encoding, text: decodeAs(rest, encoding) };
}
