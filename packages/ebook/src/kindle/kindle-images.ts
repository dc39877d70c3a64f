import type { Resource } from '../model';
import { sniffImage } from '../sniff-image';
import type { PalmDb } from './palm-db';

const EXT: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/gif': 'gif',
  'image/webp': 'webp',
  'image/svg+xml': 'svg',
};

/**
 * The images of a Kindle book, by their number among the resource records (from 1, as
 * `kindle:embed:0001` and `recindex="00001"` count them). Records that are not images (fonts,
 * FLIS, FCIS, the end marker…) are never images here: their bytes decide, not their place.
 */
export class KindleImages {
  private readonly found = new Map<number, Resource>();
  /** The images the text or the cover used, in the order first used. */
  readonly used: Resource[] = [];

  constructor(
    private readonly db: PalmDb,
    private readonly first: number,
    /** The record after the last resource (the KF8 boundary in a joint file). */
    private readonly end: number,
  ) {}

  /** The image numbered `n` (from 1), as a resource with a path under `images/`, or undefined. */
  get(n: number): Resource | undefined {
    const cached = this.found.get(n);
    if (cached) return cached;
    const index = this.first + n - 1;
    if (!Number.isInteger(n) || n < 1 || index >= this.end || index >= this.db.count) return undefined;
    const data = this.db.record(index);
    const mediaType = sniffImage(data);
    if (!mediaType) return undefined;
    const resource = { href: `images/image${String(n).padStart(5, '0')}.${EXT[mediaType]}`, mediaType, data };
    this.found.set(n, resource);
    this.used.push(resource);
    return resource;
  }
}
