import { isInProgress } from './status';

export type BookFilter = 'all' | 'completed' | 'processing';

interface FilterableBook {
  title: string;
  author: string;
  translations: { status: string }[];
}

/** Search over title and author, then the All / Completed / Processing filter. */
export function filterBooks<T extends FilterableBook>(
  books: readonly T[],
  search: string,
  filter: BookFilter,
): T[] {
  const q = search.trim().toLowerCase();
  return books.filter((b) => {
    if (q && !b.title.toLowerCase().includes(q) && !b.author.toLowerCase().includes(q)) return false;
    const busy = b.translations.some((t) => isInProgress(t.status));
    if (filter === 'processing') return busy;
    if (filter === 'completed') return !busy && b.translations.some((t) => t.status === 'completed');
    return true;
  });
}
