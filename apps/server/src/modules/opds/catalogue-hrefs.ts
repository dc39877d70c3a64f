import { opdsMediaTypes } from '@booktranslate/contract';

export type CatalogueVersion = 'v1' | 'v2';

/**
 * Where a request's catalogue lives and how its links are written: `/opds` with HTTP Basic, or
 * `/opds/t/{token}` for apps without it (every link carries the token on). Feeds of OPDS 2.0 sit
 * under `v2/`; files and covers are shared by both versions.
 */
export interface CatalogueHrefs {
  version: CatalogueVersion;
  /** A feed of this version: `feed('recent/', { page: 2 })`. */
  feed(path: string, query?: Record<string, string | number | undefined>): string;
  /** A file or a cover (same for both versions). */
  file(path: string): string;
  /** The media type of a feed of this version and kind. */
  feedType(kind: 'navigation' | 'acquisition'): string;
}

/**
 * The links of a catalogue mounted at `base` (`/opds` or `/opds/t/{token}`), absolute paths so
 * that every client resolves them alike.
 * @example catalogueHrefs('/opds', 'v2').feed('recent/', { page: 2 }) // '/opds/v2/recent/?page=2'
 */
export function catalogueHrefs(base: string, version: CatalogueVersion): CatalogueHrefs {
  const feedBase = version === 'v2' ? `${base}/v2/` : `${base}/`;
  return {
    version,
    feed(path, query = {}) {
      const params = new URLSearchParams();
      for (const [key, value] of Object.entries(query))
        if (value !== undefined) params.set(key, String(value));
      const search = params.toString();
      return `${feedBase}${path}${search ? `?${search}` : ''}`;
    },
    file: (path) => `${base}/${path}`,
    feedType: (kind) => (version === 'v2' ? opdsMediaTypes.opds2 : opdsMediaTypes[kind]),
  };
}
