import type { Series } from '@booktranslate/contract';

/** One entry of the library: a book on its own, or the shown books of one series, in volume order. */
export type LibraryEntry<T> =
  | { kind: 'book'; book: T }
  | { kind: 'series'; series: Series; books: { book: T; volume: number | null }[] };

/**
 * The shown books with each series' books together, where the series' newest shown book was; books
 * in no series stay where they are. Volumes in order, unknown ones last.
 * @example groupBySeries([v2, other, v1], [mill]) // [{ series: mill, books: [v1, v2] }, { book: other }]
 */
export function groupBySeries<T extends { id: string }>(
  books: readonly T[],
  series: readonly Series[],
): LibraryEntry<T>[] {
  const seriesOf = new Map<string, { series: Series; volume: number | null }>();
  for (const s of series) for (const b of s.books) seriesOf.set(b.book_id, { series: s, volume: b.volume });
  const entries: LibraryEntry<T>[] = [];
  const groups = new Map<string, Extract<LibraryEntry<T>, { kind: 'series' }>>();
  for (const book of books) {
    const found = seriesOf.get(book.id);
    if (!found) {
      entries.push({ kind: 'book', book });
      continue;
    }
    let group = groups.get(found.series.id);
    if (!group) {
      group = { kind: 'series', series: found.series, books: [] };
      groups.set(found.series.id, group);
      entries.push(group);
    }
    group.books.push({ book, volume: found.volume });
  }
  // A stable sort: books of the same (or no) volume keep the library's order.
  const place = (volume: number | null) => volume ?? Number.MAX_SAFE_INTEGER;
  for (const group of groups.values()) group.books.sort((a, b) => place(a.volume) - place(b.volume));
  return entries;
}

/** The series a book is in, with its volume, or undefined. */
export function bookSeries(
  series: readonly Series[] | undefined,
  bookId: string,
): { series: Series; volume: number | null } | undefined {
  for (const s of series ?? []) {
    const found = s.books.find((b) => b.book_id === bookId);
    if (found) return { series: s, volume: found.volume };
  }
  return undefined;
}
