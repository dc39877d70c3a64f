import type { Brief } from '@booktranslate/contract';
import { engineFollowsGlossary } from '@booktranslate/translator';
import { AppError } from '../../../errors';
import { lockOwnTranslation } from '../lock-own-translation';
import { queuePrepare } from '../pipeline/pipeline-queue';
import { isWorking, type TranslationStatus } from '../translation-status';
import { translationsRepository as repo } from '../translations.repository';
import type { TranslationsDeps } from '../translations-deps';

export interface BriefView {
  translation_id: string;
  status: TranslationStatus;
  edited: boolean;
  brief: Brief | null;
  changed_terms: string[];
  engine_follows_glossary: boolean | null;
}

export async function getBrief(deps: TranslationsDeps, userId: string, id: string): Promise<BriefView> {
  const t = await repo.findForUser(deps.db, userId, id);
  if (!t) throw new AppError('NOT_FOUND', 'Translation not found');
  return view(t, t.retranslateTerms ?? []);
}

/**
 * Edits the brief. Before translating starts it is simply used; while translating, the chunks not
 * yet sent use it; after completion, the blocks containing a changed glossary term are translated
 * again in a new run (free: no credit is taken) and the outputs are rewritten.
 */
export async function updateBrief(
  deps: TranslationsDeps,
  userId: string,
  id: string,
  brief: Brief,
): Promise<BriefView> {
  const result = await deps.db.transaction(async (tx) => {
    const t = await lockOwnTranslation(tx, userId, id);
    const status = t.status as TranslationStatus;
    if (status === 'completed') {
      const changed = changedTerms((t.brief as Brief | null)?.glossary ?? [], brief.glossary);
      if (changed.length === 0) {
        const row = await repo.update(tx, t.id, { brief, briefEdited: true });
        return { row: row!, requeue: false };
      }
      ensureRetranslationBudget(t);
      const row = await repo.update(tx, t.id, {
        brief,
        briefEdited: true,
        retranslateTerms: changed,
        status: 'pending',
        run: t.run + 1,
        completedAt: null,
      });
      return { row: row!, requeue: true };
    }
    if (!isWorking(status))
      throw new AppError('CONFLICT', `The brief of a ${status} translation cannot be edited; retry it first`);
    const row = await repo.update(tx, t.id, { brief, briefEdited: true });
    return { row: row!, requeue: false };
  });
  if (result.requeue) await queuePrepare(deps, { translationId: result.row.id, run: result.row.run });
  const r = result.row;
  return view(r, r.retranslateTerms ?? []);
}

/**
 * 429 once glossary edits have re-translated one translation's worth of words (its word count):
 * past that, an edit would buy provider work the credit never paid for (decision 131).
 */
function ensureRetranslationBudget(t: { wordsTotal: number; retranslatedWords: number }): void {
  if (t.retranslatedWords < t.wordsTotal) return;
  throw new AppError(
    'RATE_LIMITED',
    `Glossary changes have already re-translated ${t.retranslatedWords.toLocaleString('en-US')} words of this translation, as many as it has. To use another glossary, start a new translation.`,
    { reason: 'retranslation-budget', budget_words: t.wordsTotal, used_words: t.retranslatedWords },
  );
}

/** Glossary sources that were added, removed or given another rendering (compared case-insensitively). */
export function changedTerms(before: Brief['glossary'], after: Brief['glossary']): string[] {
  const map = (list: Brief['glossary']) => new Map(list.map((e) => [e.source.trim().toLowerCase(), e]));
  const a = map(before);
  const b = map(after);
  const changed = new Set<string>();
  for (const [key, entry] of a)
    if (b.get(key)?.target.trim() !== entry.target.trim()) changed.add(entry.source);
  for (const [key, entry] of b) if (!a.has(key)) changed.add(entry.source);
  return [...changed];
}

function view(
  t: { id: string; status: string; briefEdited: boolean; brief: unknown; engine: string | null },
  changed: string[],
): BriefView {
  return {
    translation_id: t.id,
    status: t.status as TranslationStatus,
    edited: t.briefEdited,
    brief: (t.brief as Brief | null) ?? null,
    changed_terms: changed,
    engine_follows_glossary: t.engine ? engineFollowsGlossary(t.engine) : null,
  };
}
