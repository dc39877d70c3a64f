import { MAX_SERIES_GLOSSARY, type Series, type SeriesGlossaryEntry } from '@booktranslate/contract';
import type { Executor } from '../../db/database';
import type { SeriesRow } from '../../db/schema/series';
import { AppError } from '../../errors';
import { booksRepository } from '../books/books.repository';
import { seriesRepository as repo, type SeriesBook } from './series.repository';

/** A series on the wire, with its books in order. */
function toSeries(row: SeriesRow, volumes: SeriesBook[]): Series {
  return {
    id: row.id,
    name: row.name,
    books: volumes
      .filter((b) => b.seriesId === row.id)
      .map((b) => ({ book_id: b.bookId, title: b.title, volume: b.volume })),
    glossaries: row.glossaries,
  };
}

/** GET /series/: the user's series, each with its books and glossaries. */
export async function listSeries(db: Executor, userId: string): Promise<Series[]> {
  const rows = await repo.listForUser(db, userId);
  const volumes = await repo.booksOf(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((row) => toSeries(row, volumes)).filter((s) => s.books.length > 0);
}

/** GET /series/{id}/: 404 for another user's series. */
export async function getSeries(db: Executor, userId: string, id: string): Promise<Series> {
  const row = await repo.find(db, userId, id);
  if (!row) throw new AppError('NOT_FOUND', 'Series not found');
  return toSeries(row, await repo.booksOf(db, [row.id]));
}

/**
 * PUT /books/{id}/series/: the user puts the book in a series by name (created when new) at a
 * volume, or takes it out with an empty name. 404 for another user's book.
 */
export async function setBookSeries(
  db: Executor,
  userId: string,
  bookId: string,
  body: { name: string; volume: number | null },
): Promise<Series | null> {
  const book = await booksRepository.findForUser(db, userId, bookId);
  if (!book) throw new AppError('NOT_FOUND', 'Book not found');
  const name = body.name.replace(/\s+/g, ' ').trim();
  if (!name) {
    await repo.removeBook(db, bookId);
    await repo.dropEmpty(db, userId);
    return null;
  }
  const row = await repo.findOrCreate(db, userId, name);
  await repo.putBook(db, bookId, row.id, body.volume);
  await repo.dropEmpty(db, userId);
  return getSeries(db, userId, row.id);
}

/** PUT /series/{id}/glossary/: replaces the series' glossary into one language. */
export async function putSeriesGlossary(
  db: Executor,
  userId: string,
  id: string,
  language: string,
  entries: SeriesGlossaryEntry[],
): Promise<Series> {
  const row = await repo.find(db, userId, id);
  if (!row) throw new AppError('NOT_FOUND', 'Series not found');
  await repo.setGlossary(db, row.id, language, uniqueBySource(entries).slice(0, MAX_SERIES_GLOSSARY));
  return getSeries(db, userId, id);
}

/**
 * The book's series suggested from its own metadata (EPUB belongs-to-collection or calibre:series,
 * FB2 <sequence>), once: a book the user already placed (or took out) keeps the user's choice.
 */
export async function suggestSeries(
  db: Executor,
  book: { id: string; userId: string },
  declared: { name: string; index?: number } | undefined,
): Promise<void> {
  if (!declared?.name.trim() || (await repo.hasBook(db, book.id))) return;
  const row = await repo.findOrCreate(db, book.userId, declared.name.trim());
  const volume = declared.index === undefined ? null : Math.round(declared.index);
  await repo.putBook(db, book.id, row.id, volume);
}

/** The glossary of the book's series into `language` (empty when the book is in none). */
export async function seriesGlossaryFor(
  db: Executor,
  bookId: string,
  language: string,
): Promise<SeriesGlossaryEntry[]> {
  const row = await repo.ofBook(db, bookId);
  return row?.glossaries[language] ?? [];
}

/**
 * Keeps a translation's glossary for its book's series: `mode` 'fill' adds only the terms the
 * series lacks (a finished volume), 'replace' lets the book's renderings win (the user's choice).
 * Returns the series, or null when the book is in none.
 */
export async function keepGlossaryForSeries(
  db: Executor,
  bookId: string,
  language: string,
  entries: SeriesGlossaryEntry[],
  mode: 'fill' | 'replace',
): Promise<SeriesRow | null> {
  const row = await repo.ofBook(db, bookId);
  if (!row) return null;
  const current = row.glossaries[language] ?? [];
  const merged = mode === 'fill' ? [...current, ...entries] : [...entries, ...current];
  await repo.setGlossary(db, row.id, language, uniqueBySource(merged).slice(0, MAX_SERIES_GLOSSARY));
  return (await repo.find(db, row.userId, row.id)) ?? null;
}

/** The first entry of each source term. */
function uniqueBySource(entries: SeriesGlossaryEntry[]): SeriesGlossaryEntry[] {
  const seen = new Set<string>();
  return entries.filter((e) => {
    if (seen.has(e.source)) return false;
    seen.add(e.source);
    return true;
  });
}
