import type { Book } from '@booktranslate/ebook';
import {
  analyzeBook,
  detectLanguage,
  type Engine,
  emptyBrief,
  needsTranslation,
} from '@booktranslate/translator';
import type { TranslationRow } from '../../../db/schema/translations';

export interface BookAnalysis {
  /** Source language: as stored, else detected from the text (declared metadata as the fallback). */
  from: string;
  brief: Record<string, unknown>;
}

/**
 * The analyzing step: keeps a brief the user edited (or one an earlier run wrote) and then only
 * detects the language; otherwise asks the engine once for a brief (engines without a model give
 * none), unless nothing in `book` needs translating (every passage is in the translation memory).
 * A failed brief is not fatal: the translation goes on without one.
 */
export async function analyzeIfNeeded(
  engine: Engine,
  t: TranslationRow,
  book: Book,
  options: {
    signal?: AbortSignal;
    /** Called when the analysis requests are out (at once when none is made). */
    onSent?: () => void;
    /** Requests the key has free for the term batches. */
    termRequests?: number;
  } = {},
): Promise<BookAnalysis> {
  const { signal, onSent, termRequests } = options;
  const known = t.sourceLanguage ?? undefined;
  const kept = t.brief && (t.briefEdited || Object.keys(t.brief as object).length > 0);
  const nothingNew = !book.chapters.some((c) => c.blocks.some((b) => needsTranslation(b.text)));
  if (kept || !engine.understandsBrief || !engine.analyze || nothingNew) {
    onSent?.();
    return {
      from: known ?? detectLanguage(book) ?? 'en',
      brief: kept ? (t.brief as Record<string, unknown>) : { ...emptyBrief, style_notes: '' },
    };
  }
  try {
    const analysis = await analyzeBook(book, {
      engine,
      to: t.targetLanguage,
      from: known,
      signal,
      ...(onSent && { onSent }),
      ...(termRequests !== undefined && { termRequests }),
    });
    return { from: analysis.from, brief: { ...(analysis.brief ?? emptyBrief), style_notes: '' } };
  } catch {
    onSent?.();
    return { from: known ?? detectLanguage(book) ?? 'en', brief: { ...emptyBrief, style_notes: '' } };
  }
}
