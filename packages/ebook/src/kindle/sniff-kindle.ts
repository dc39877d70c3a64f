import type { SniffInput, SniffVerdict } from '../sniff-input';

const latin1 = new TextDecoder('latin1');

/** A Palm database of type and creator `BOOKMOBI` (bytes 60-67): every MOBI, AZW and AZW3 file. */
export function isPalmMobi(bytes: Uint8Array): boolean {
  return bytes.length > 78 && latin1.decode(bytes.subarray(60, 68)) === 'BOOKMOBI';
}

/** AZW3 (KF8) and MOBI are one container; the name tells which the owner calls it. */
export function sniffAzw3(input: SniffInput): SniffVerdict {
  return input.kind === 'other' && isPalmMobi(input.bytes) && /\.azw3?$/.test(input.name ?? '')
    ? 'yes'
    : false;
}

export function sniffMobi(input: SniffInput): SniffVerdict {
  return input.kind === 'other' && isPalmMobi(input.bytes) ? 'yes' : false;
}
