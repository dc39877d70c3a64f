import type { SniffInput, SniffVerdict } from '../sniff-input';
import { isKfxOrTopaz } from './refuse-kfx';

const latin1 = new TextDecoder('latin1');

/** A Palm database of type and creator `BOOKMOBI` (bytes 60-67): every MOBI, AZW and AZW3 file. */
export function isPalmMobi(bytes: Uint8Array): boolean {
  return bytes.length > 78 && latin1.decode(bytes.subarray(60, 68)) === 'BOOKMOBI';
}

// KFX and Topaz files are claimed too, so the Kindle reader can say what to do instead of "not a book".
function isKindle(bytes: Uint8Array): boolean {
  return isPalmMobi(bytes) || isKfxOrTopaz(bytes);
}

/** AZW3 (KF8) and MOBI are one container; the name tells which the owner calls it. */
export function sniffAzw3(input: SniffInput): SniffVerdict {
  return input.kind === 'other' && isKindle(input.bytes) && /\.azw3?$/.test(input.name ?? '') ? 'yes' : false;
}

export function sniffMobi(input: SniffInput): SniffVerdict {
  return input.kind === 'other' && isKindle(input.bytes) ? 'yes' : false;
}
