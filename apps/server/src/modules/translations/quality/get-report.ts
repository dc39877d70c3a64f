import { previewPhrase, type TranslationReport } from '@booktranslate/contract';
import type { Database } from '../../../db/database';
import { AppError } from '../../../errors';
import { translationPreview } from '../library/translation-preview';
import { translationMemoryRepository as memory } from '../translation-memory.repository';
import { translationsRepository as translations } from '../translations.repository';
import { qaReportRepository as reports } from './qa-report.repository';

/**
 * GET /translations/{id}/report/: the owner's QA report (404 for anyone else's id, 409 before one
 * exists). A Free preview's summary says so first: its passage count is the preview's, not the
 * book's (decision 226).
 */
export async function getReport(db: Database, userId: string, id: string): Promise<TranslationReport> {
  const found = await translations.findForUserWithBook(db, userId, id);
  if (!found) throw new AppError('NOT_FOUND', 'Translation not found');
  const report = await reports.find(db, found.translation.id);
  if (!report) throw new AppError('CONFLICT', 'The quality report is written when the translation completes');
  const { usage: _usage, ...counted } = report;
  // Passages from the owner's translation memory are counted apart from those asked of the engine.
  const remembered = (await memory.memoryOrigins(db, found.translation.id)).size;
  const words = found.translation.wordsFromMemory;
  const rest = remembered
    ? {
        ...counted,
        from_memory: { passages: remembered, words },
        summary: `${counted.summary}; ${remembered.toLocaleString('en-US')} passages (${words.toLocaleString('en-US')} words) from your earlier translations`,
      }
    : counted;
  const t = found.translation;
  const provider = {
    lane: t.lane === 'economy' ? ('economy' as const) : ('standard' as const),
    requests: t.providerRequests,
    input_tokens: t.providerInputTokens,
    output_tokens: t.providerOutputTokens,
    reasoning_tokens: t.providerReasoningTokens,
    cost_usd: t.providerCostUsd > 0 ? roundUsd(t.providerCostUsd) : null,
    cost_saved_usd: roundUsd(t.providerCostSavedUsd),
  };
  const preview = translationPreview(found.translation, found.book.wordCount);
  const withProvider = { ...rest, provider };
  return preview
    ? { ...withProvider, summary: `This is ${previewPhrase(preview)}; ${rest.summary}` }
    : withProvider;
}

/** Dollars to a millionth: sums of per-request prices carry float noise below that. */
function roundUsd(usd: number): number {
  return Math.round(usd * 1_000_000) / 1_000_000;
}
