import { contentTypeForKey } from '../../storage/content-type';

const RASTER = new Set(['image/jpeg', 'image/png', 'image/gif', 'image/webp']);

/**
 * The type a catalogue serves a cover as, or null when it offers none: raster images only (an SVG
 * may carry scripts, and reading apps draw covers outside any sandbox).
 */
export function coverTypeOf(key: string): string | null {
  const type = contentTypeForKey(key);
  return RASTER.has(type) ? type : null;
}
