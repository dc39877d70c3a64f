/** One page of a provider's batch list, newest first, and how to fetch the next (none at the end). */
export interface ListPage<T> {
  items: T[];
  next?: () => Promise<ListPage<T>>;
}

import type { FindLimits } from './batch-client';

/** How far a lookup walks a provider's list: pages, their size, and the clock margin before `since`. */
export const FIND_LIMITS: FindLimits = { pages: 10, pageSize: 100, marginMs: 10 * 60_000 };

/**
 * Walks a newest-first list from `first` until `visit` says stop, an item older than `since` (less
 * the margin) shows the rest is older still, the list ends, or the page cap is reached. 'complete'
 * means every item created since then was visited; 'capped' that some may not have been. The order
 * is checked, not trusted: an old item ends the walk only on a page seen to run newest first (a
 * provider listing oldest first is walked to its end or the cap).
 * @example await walkNewestFirst(page, (b) => new Date(b.created_at * 1000), since, (b) => b.id === id)
 */
export async function walkNewestFirst<T>(
  first: ListPage<T>,
  createdAt: (item: T) => Date | undefined,
  since: Date,
  visit: (item: T) => boolean | Promise<boolean>,
  limits: FindLimits = FIND_LIMITS,
): Promise<'stopped' | 'complete' | 'capped'> {
  const oldest = since.getTime() - limits.marginMs;
  let page: ListPage<T> = first;
  for (let n = 1; ; n++) {
    // An item without a creation time cannot end the walk; the page cap still bounds it.
    const times = page.items.map((item) => createdAt(item)?.getTime() ?? Number.NaN);
    const newestFirst =
      (page.items.length > 1 || !page.next) && times.every((t, i) => i === 0 || t <= times[i - 1]!);
    for (const [i, item] of page.items.entries()) {
      if (newestFirst && times[i]! < oldest) return 'complete';
      if (await visit(item)) return 'stopped';
    }
    if (!page.next) return 'complete';
    if (n >= limits.pages) return 'capped';
    page = await page.next();
  }
}
