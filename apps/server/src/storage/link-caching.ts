/**
 * The expiry (Unix seconds) of a link signed for a cache window: the end of the window after the
 * current one, so every link signed within a window is the same and valid for at least one window.
 * @example stableExpiry(Date.now(), 3600) // the same value for a whole hour
 */
export function stableExpiry(nowMs: number, windowS: number): number {
  return (Math.floor(nowMs / 1000 / windowS) + 2) * windowS;
}

/** Cache-Control for a file behind a link stable for `windowS`: a browser keeps it that long. */
export function cacheControlFor(windowS: number): string {
  return `private, max-age=${windowS}, immutable`;
}
