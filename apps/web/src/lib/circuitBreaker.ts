/**
 * Refuses calls once `limit` calls happened within `windowMs` (the dashboard allows 10 book fetches a
 * minute), so a render loop or a flapping server cannot hammer the API.
 */
export function createCircuitBreaker(limit = 10, windowMs = 60_000, now: () => number = Date.now) {
  const calls: number[] = [];
  return {
    /** Records a call and returns true when it may proceed. */
    tryCall(): boolean {
      const t = now();
      while (calls.length > 0 && (calls[0] ?? 0) <= t - windowMs) calls.shift();
      if (calls.length >= limit) return false;
      calls.push(t);
      return true;
    },
  };
}
