import { EbookError } from '../errors';

const latin1 = new TextDecoder('latin1');
// Amazon's Ion binary marker, which a KFX container's header holds near its start.
const ION = '\xe0\x01\x00\xea';

/**
 * Whether the bytes are a KFX container (Kindle's newest format), its DRM wrapper, or Topaz. Each
 * test also wants binary bytes, so a text file that happens to start with "CONTENTS" is not one.
 */
export function isKfxOrTopaz(bytes: Uint8Array): boolean {
  const head = latin1.decode(bytes.subarray(0, 4096));
  const binary = head.slice(0, 64).includes('\0');
  return (
    (head.startsWith('CONT') && head.includes(ION)) ||
    head.startsWith('\xeaDRMION\xee') ||
    (head.startsWith('TPZ') && binary) ||
    (head.slice(60, 63) === 'TPZ' && binary)
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
