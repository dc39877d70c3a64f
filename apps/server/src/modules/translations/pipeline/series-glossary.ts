import type { Executor } from '../../../db/database';
import { keepGlossaryForSeries, seriesGlossaryFor } from '../../series';
import type { BookAnalysis } from './analyze-book';

/**
 * A fresh brief with the glossary of the book's series in it: the series' renderings win over the
 * ones the analysis proposed, and its other entries are added, so a name stays the same from one
 * volume to the next.
 */
export async function withSeriesGlossary(
  db: Executor,
  bookId: string,
  language: string,
  analysis: BookAnalysis,
): Promise<BookAnalysis> {
  const series = await seriesGlossaryFor(db, bookId, language);
  if (series.length === 0) return analysis;
  const proposed = Array.isArray(analysis.brief.glossary)
    ? (analysis.brief.glossary as { source?: unknown }[])
    : [];
  const kept = new Set(series.map((e) => e.source));
  const glossary = [...series, ...proposed.filter((e) => !kept.has(String(e.source)))];
  return { ...analysis, brief: { ...analysis.brief, glossary } };
}

/** A finished volume's glossary fills in the terms its series did not have yet. */
export async function fillSeriesGlossary(
  db: Executor,
  t: { bookId: string; targetLanguage: string; brief: unknown },
): Promise<void> {
  const entries = glossaryOf(t.brief);
  if (entries.length > 0) await keepGlossaryForSeries(db, t.bookId, t.targetLanguage, entries, 'fill');
}

/** A stored brief's glossary, as the series keeps it. */
export function glossaryOf(brief: unknown) {
  const raw = (brief as { glossary?: unknown } | null)?.glossary;
  if (!Array.isArray(raw)) return [];
  return raw
    .filter(
      (e): e is { source: string; target: string } =>
        typeof e?.source === 'string' && typeof e?.target === 'string',
    )
    .map((e) => {
      const { source, target, kind, gender, note } = e as {
        source: string;
        target: string;
        kind?: 'character' | 'place' | 'term';
        gender?: 'male' | 'female' | 'neuter' | 'unknown';
        note?: string;
      };
      return {
        source: source.slice(0, 200),
        target: target.slice(0, 200),
        kind: kind ?? 'term',
        ...(gender ? { gender } : {}),
        ...(note ? { note: note.slice(0, 500) } : {}),
      };
    });
}
