import type { Series, SeriesGlossaryEntry } from '@booktranslate/contract';
import { fail } from './mockFail';
import { MOCK_GLOSSARY } from './mockGlossary';
import { type MockState, mockId, translationView } from './mockState';
import { findTranslation, signedIn } from './mockSteps';

type Json = Record<string, unknown>;
type Route = (s: MockState, m: RegExpMatchArray, body: Json) => unknown;

/** Every mock book is the demo book (The Keeper), so every upload is suggested as the next volume of its series. */
export const MOCK_SERIES_NAME = 'The Lighthouse Keepers';

/** The mock glossary as a series keeps it: names and kinds, without the book's counts and forms. */
const SERIES_GLOSSARY: SeriesGlossaryEntry[] = MOCK_GLOSSARY.map(({ source, target, kind }) => ({
  source,
  target,
  kind,
}));

const listOf = (s: MockState) => {
  s.series ??= [];
  return s.series;
};

/** A new book goes in the demo series as its next volume, as the server suggests from metadata. */
export function suggestMockSeries(s: MockState, bookId: string): void {
  const list = listOf(s);
  let series = list.find((x) => x.name === MOCK_SERIES_NAME);
  if (!series) {
    series = { id: mockId(), name: MOCK_SERIES_NAME, books: [], glossaries: {} };
    list.push(series);
  }
  const last = Math.max(0, ...series.books.map((b) => b.volume ?? 0));
  series.books.push({ book_id: bookId, volume: last + 1 });
}

/** Takes a book out of its series; a series left without books is dropped, as on the server. */
export function removeFromMockSeries(s: MockState, bookId: string): void {
  s.series = listOf(s)
    .map((x) => ({ ...x, books: x.books.filter((b) => b.book_id !== bookId) }))
    .filter((x) => x.books.length > 0);
}

/** A series on the wire; a volume whose translation finished fills in the terms the series lacks. */
function seriesView(s: MockState, series: NonNullable<MockState['series']>[number]): Series {
  for (const t of s.translations) {
    const inSeries = series.books.some((b) => b.book_id === t.book_id);
    if (inSeries && !series.glossaries[t.target_language] && translationView(t).status === 'completed')
      series.glossaries[t.target_language] = SERIES_GLOSSARY;
  }
  const volumes = series.books
    .map((b) => ({ ...b, title: s.books.find((book) => book.id === b.book_id)?.title }))
    .filter((b): b is typeof b & { title: string } => b.title !== undefined)
    .sort((a, b) => (a.volume ?? 1e9) - (b.volume ?? 1e9));
  return { id: series.id, name: series.name, books: volumes, glossaries: series.glossaries };
}

function findSeries(s: MockState, id: string | undefined) {
  const series = listOf(s).find((x) => x.id === id);
  if (!series) throw fail(404, 'NOT_FOUND', 'Series not found');
  return series;
}

/** The series routes as the server answers them: list, one, a book put in or out, the glossary. */
export const seriesRoutes: [string, RegExp, Route][] = [
  [
    'GET',
    /^\/series\/$/,
    (s) => {
      signedIn(s);
      return { items: listOf(s).map((x) => seriesView(s, x)) };
    },
  ],
  ['GET', /^\/series\/([^/]+)\/$/, (s, m) => seriesView(s, findSeries(s, m[1]))],
  [
    'PUT',
    /^\/books\/([^/]+)\/series\/$/,
    (s, m, b) => {
      signedIn(s);
      const bookId = m[1] ?? '';
      if (!s.books.some((book) => book.id === bookId)) throw fail(404, 'NOT_FOUND', 'Book not found');
      const name = String(b.name ?? '')
        .replace(/\s+/g, ' ')
        .trim();
      removeFromMockSeries(s, bookId);
      if (!name) return { series: null };
      let series = listOf(s).find((x) => x.name === name);
      if (!series) {
        series = { id: mockId(), name, books: [], glossaries: {} };
        listOf(s).push(series);
      }
      series.books.push({ book_id: bookId, volume: typeof b.volume === 'number' ? b.volume : null });
      return { series: seriesView(s, series) };
    },
  ],
  [
    'PUT',
    /^\/series\/([^/]+)\/glossary\/$/,
    (s, m, b) => {
      const series = findSeries(s, m[1]);
      series.glossaries[String(b.target_language)] = (b.entries as SeriesGlossaryEntry[]) ?? [];
      return seriesView(s, series);
    },
  ],
  [
    'POST',
    /^\/translations\/([^/]+)\/glossary\/keep-for-series\/$/,
    (s, m) => {
      const t = findTranslation(s, m[1]);
      const series = listOf(s).find((x) => x.books.some((b) => b.book_id === t.book_id));
      if (!series) throw fail(409, 'CONFLICT', 'This book is in no series: put it in one first');
      // The mock brief is the mock glossary; its renderings win over the series'.
      const mine = new Set(SERIES_GLOSSARY.map((e) => e.source));
      const rest = (series.glossaries[t.target_language] ?? []).filter((e) => !mine.has(e.source));
      series.glossaries[t.target_language] = [...SERIES_GLOSSARY, ...rest];
      return seriesView(s, series);
    },
  ],
];
