/**
 * The media type an image's bytes really have (JPEG, PNG, GIF, WebP, SVG), or null when they are not
 * a recognisable image; writers drop such images rather than ship a corrupt file.
 * @example sniffImage(new Uint8Array([0x89, 0x50, 0x4e, 0x47])) // 'image/png'
 */
export function sniffImage(data: Uint8Array): string | null {
  const b = data;
  if (b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'image/jpeg';
  if (b[0] === 0x89 && b[1] === 0x50 && b[2] === 0x4e && b[3] === 0x47) return 'image/png';
  if (b[0] === 0x47 && b[1] === 0x49 && b[2] === 0x46 && b[3] === 0x38) return 'image/gif';
  const ascii = String.fromCharCode(...b.subarray(0, 16));
  if (ascii.startsWith('RIFF') && ascii.slice(8, 12) === 'WEBP') return 'image/webp';
  const head = new TextDecoder().decode(b.subarray(0, 1024));
  if (/^\s*(<\?xml[^>]*>\s*)?(<!--[\s\S]*?-->\s*)*(<!DOCTYPE svg[^>]*>\s*)?<svg[\s>]/.test(head))
    return 'image/svg+xml';
  return null;
}
