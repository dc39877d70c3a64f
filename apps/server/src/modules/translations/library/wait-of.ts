import { type TranslationWaitName, translationWaits, waitWords } from '@booktranslate/contract';
import type { TranslationRow } from '../../../db/schema/translations';

/**
 * What a translation waits for, on the wire and in words: only while it translates (a finished or
 * stopped one waits for nothing, whatever the column still says).
 * @example waitOf({ status: 'translating', waitingFor: 'provider_batch' }).waiting_for // 'provider_batch'
 */
export function waitOf(t: Pick<TranslationRow, 'status' | 'waitingFor'>): {
  waiting_for: TranslationWaitName | null;
  status_detail: string | null;
} {
  const wait = translationWaits.find((w) => w === t.waitingFor);
  if (!wait || t.status !== 'translating') return { waiting_for: null, status_detail: null };
  return { waiting_for: wait, status_detail: waitWords(wait) };
}
