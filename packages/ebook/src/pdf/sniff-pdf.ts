import type { SniffInput, SniffVerdict } from '../sniff-input';

const latin1 = new TextDecoder('latin1');

/** A PDF starts with `%PDF-`, which the standard lets readers look for within the first 1,024 bytes. */
export function sniffPdf(input: SniffInput): SniffVerdict {
  if (input.kind !== 'other') return false;
  return latin1.decode(input.bytes.subarray(0, 1024)).includes('%PDF-') ? 'yes' : false;
}
