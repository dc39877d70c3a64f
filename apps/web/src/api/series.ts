import type { Series, SeriesGlossaryEntry } from '@booktranslate/contract';
import { loadClient } from './loadClient';

/** GET /series/: the user's series, each with its books in order and its glossaries. */
export async function listSeries(): Promise<Series[]> {
  const { client } = await loadClient();
  return (await client.api.series.listSeries()).items;
}

/** GET /series/{id}/: one series, its books and its glossaries as they are now. */
export async function getSeries(id: string): Promise<Series> {
  const { client } = await loadClient();
  return client.api.series.getSeries({ params: { id } });
}

/** PUT /books/{id}/series/: puts the book in the series named (made when new); '' takes it out. */
export async function setBookSeries(
  bookId: string,
  name: string,
  volume: number | null,
): Promise<Series | null> {
  const { client } = await loadClient();
  return (await client.api.series.setBookSeries({ params: { id: bookId }, body: { name, volume } })).series;
}

/** PUT /series/{id}/glossary/: replaces the series' glossary into one language. */
export async function saveSeriesGlossary(
  seriesId: string,
  language: string,
  entries: SeriesGlossaryEntry[],
): Promise<Series> {
  const { client } = await loadClient();
  return client.api.series.putSeriesGlossary({
    params: { id: seriesId },
    body: { target_language: language, entries },
  });
}

/** POST /translations/{id}/glossary/keep-for-series/: the translation's glossary wins in its series'. */
export async function keepGlossaryForSeries(translationId: string): Promise<Series> {
  const { client } = await loadClient();
  return client.api.series.keepGlossaryForSeries({ params: { id: translationId } });
}
