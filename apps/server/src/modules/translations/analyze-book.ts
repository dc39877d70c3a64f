import type { Book } from '@booktranslate/ebook';
import { type BookBrief, type Engine, emptyBrief, emptyUsage, parseBrief } from '@booktranslate/translator';
import type { TranslationRow } from '../../db/schema/translations';
import { bookBlocks } from './book-blocks';

const SAMPLE_WORDS = 3000;

/**
 * The analyzing step: keeps a brief the user edited (or one an earlier run wrote), otherwise asks
 * an engine that understands briefs for one from a sample of the book. Engines without a model get
 * an empty brief; an analysis failure is not fatal, the translation simply goes on without one.
 */
export async function analyzeIfNeeded(
  engine: Engine,
  t: TranslationRow,
  book: Book,
  from: string,
): Promise<Record<string, unknown>> {
  if (t.brief && (t.briefEdited || Object.keys(t.brief as object).length > 0))
    return t.brief as Record<string, unknown>;
  if (!engine.understandsBrief || !engine.analyze) return { ...emptyBrief, style_notes: '' };
  try {
    const brief: BookBrief = await engine.analyze({
      sample: sampleOf(book),
      from,
      to: t.targetLanguage,
      usage: emptyUsage(),
    });
    return { ...parseBrief(brief), style_notes: '' };
  } catch {
    return { ...emptyBrief, style_notes: '' };
  }
}

function sampleOf(book: Book): string {
  const lines: string[] = [];
  let words = 0;
  for (const block of bookBlocks(book)) {
    if (words >= SAMPLE_WORDS) break;
    lines.push(block.text);
    words += block.words;
  }
  return lines.join('\n');
}
