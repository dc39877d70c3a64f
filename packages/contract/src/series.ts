import { z } from 'zod';
import { Uuid } from './common';
import { defineRoute } from './route';

/**
 * Series: books that belong together (suggested from the book's own metadata, EPUB
 * belongs-to-collection or calibre:series, FB2 <sequence>; the user may change it). A series keeps
 * one glossary per target language; a new volume's translation starts from it, so a name stays the
 * same from the first volume to the last.
 */
export const SeriesGlossaryEntry = z.object({
  source: z.string().trim().min(1).max(200),
  target: z.string().trim().min(1).max(200),
  kind: z.enum(['character', 'place', 'term']).default('term'),
  gender: z.enum(['male', 'female', 'neuter', 'unknown']).optional(),
  note: z.string().max(500).optional(),
});
export type SeriesGlossaryEntry = z.infer<typeof SeriesGlossaryEntry>;

/** The most entries one series glossary keeps per language. */
export const MAX_SERIES_GLOSSARY = 500;

export const SeriesVolume = z.object({
  book_id: Uuid,
  title: z.string(),
  /** The book's place in the series; null when unknown. */
  volume: z.number().int().nullable(),
});

export const Series = z
  .object({
    id: Uuid,
    name: z.string(),
    books: z.array(SeriesVolume),
    /** Target language -> the series' glossary into it. */
    glossaries: z.record(z.string(), z.array(SeriesGlossaryEntry)),
  })
  .meta({ id: 'Series' });
export type Series = z.infer<typeof Series>;

export const SeriesList = z.object({ items: z.array(Series) });

export const BookSeriesBody = z.object({
  /** The series' name; an empty name takes the book out of its series. */
  name: z.string().trim().max(200),
  volume: z.number().int().min(0).max(10_000).nullable().default(null),
});

export const SeriesGlossaryBody = z.object({
  target_language: z.string().trim().min(2).max(12),
  entries: z.array(SeriesGlossaryEntry).max(MAX_SERIES_GLOSSARY),
});

const listSeries = defineRoute({
  method: 'GET',
  path: '/series/',
  summary: 'The signed-in user’s series, each with its books in order and its glossaries',
  auth: true,
  response: SeriesList,
});

const getSeries = defineRoute({
  method: 'GET',
  path: '/series/:id/',
  summary: 'One series with its books and glossaries',
  auth: true,
  params: z.object({ id: Uuid }),
  response: Series,
});

const setBookSeries = defineRoute({
  method: 'PUT',
  path: '/books/:id/series/',
  summary: 'Put a book in a series by name (created when new), or out of it with an empty name',
  auth: true,
  params: z.object({ id: Uuid }),
  body: BookSeriesBody,
  response: z.object({ series: Series.nullable() }),
});

const putSeriesGlossary = defineRoute({
  method: 'PUT',
  path: '/series/:id/glossary/',
  summary: 'Replace the series’ glossary into one language; the next volume translated starts from it',
  auth: true,
  params: z.object({ id: Uuid }),
  body: SeriesGlossaryBody,
  response: Series,
});

const keepGlossaryForSeries = defineRoute({
  method: 'POST',
  path: '/translations/:id/glossary/keep-for-series/',
  summary: 'Keep this translation’s glossary for its book’s series (its entries win over the series’)',
  auth: true,
  params: z.object({ id: Uuid }),
  response: Series,
});

export const seriesRoutes = {
  listSeries,
  getSeries,
  setBookSeries,
  putSeriesGlossary,
  keepGlossaryForSeries,
} as const;
