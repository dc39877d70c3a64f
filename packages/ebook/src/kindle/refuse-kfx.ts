import { EbookError } from '../errors';

const latin1 = new TextDecoder('latin1');

/** Whether the bytes are a KFX container (Kindle's newest format), its DRM wrapper, or Topaz. */
export function isKfxOrTopaz(bytes: Uint8Array): boolean {
  const head = latin1.decode(bytes.subarray(0, 8));
  return (
    head.startsWith('CONT') ||
    head.includes('DRMION') ||
    head.startsWith('TPZ') ||
    (bytes.length > 68 && latin1.decode(bytes.subarray(60, 63)) === 'TPZ')
  );
}

/** Refuses KFX and Topaz files, which hold no MOBI text, before any other reading. */
export function refuseKfx(bytes: Uint8Array): void {
  if (isKfxOrTopaz(bytes))
    throw new EbookError(
      'unsupported',
      'This is a Kindle KFX/Topaz file, which cannot be read; use a DRM-free AZW3 or MOBI, or an EPUB',
    );
}
