import {
  economyDeadlineWords,
  type TranslationWaitName,
  waitWords,
} from '@booktranslate/contract/translation-statuses';

/** The dashboard treats these as in progress (spec section 4); others are shown as a raw label. */
export const IN_PROGRESS = ['pending', 'processing', 'chunking', 'translating', 'merging'] as const;
/** Statuses the server passes through while working; live progress is followed for these too. */
const WORKING = new Set<string>([...IN_PROGRESS, 'loading', 'parsing', 'analyzing']);

export function isInProgress(status: string | null | undefined): boolean {
  return WORKING.has((status ?? '').toLowerCase());
}

export const STATUS_LABEL: Record<string, string> = {
  pending: 'Queued',
  loading: 'Loading book data',
  parsing: 'Extracting content',
  analyzing: 'Analysing book',
  processing: 'Preparing file',
  chunking: 'Splitting into sections',
  reviewing: 'Waiting for your glossary review',
  translating: 'Translating',
  merging: 'Combining sections',
  completed: 'Completed',
  failed: 'Failed',
  canceled: 'Canceled',
};

export function statusLabel(status: string): string {
  return STATUS_LABEL[status.toLowerCase()] ?? status;
}

/** A translation's status in words: a completed Free preview is called one, never plain "Completed" (decision 226). */
export function translationStatusLabel(t: { status: string; preview?: unknown }): string {
  return t.status === 'completed' && t.preview ? 'Free preview' : statusLabel(t.status);
}

/** "Waiting for the provider's batch (economy lane)" while it waits for one, null otherwise (words from the contract). */
export function translationWaitLabel(t: {
  status: string;
  waiting_for?: TranslationWaitName | null;
}): string | null {
  return t.waiting_for && isInProgress(t.status) ? waitWords(t.waiting_for) : null;
}

/** "ready within about 5 hours" from a waiting translation's estimated completion; null without one or once past. */
export function waitDeadlineLabel(eta: string | null | undefined, now = new Date()): string | null {
  if (!eta) return null;
  const by = new Date(eta);
  return by.getTime() > now.getTime() ? economyDeadlineWords(by, now) : null;
}

/** Progress bar values clamp to 0-100. */
export function clampProgress(value: number | null | undefined): number {
  if (value == null || Number.isNaN(value)) return 0;
  return Math.min(100, Math.max(0, Math.round(value)));
}

/** The server's own rule: the credit comes back for a cancel before translating starts. */
export { cancelRefundsCredit as creditReturnedOnCancel } from '@booktranslate/contract/translation-statuses';

/** "1,200 words from your earlier translations" (or `from` another place), null when memory gave none. */
export function memoryWordsLabel(
  t: { words_from_memory?: number | undefined },
  from = 'from your earlier translations',
): string | null {
  const words = t.words_from_memory ?? 0;
  if (words <= 0) return null;
  return `${words.toLocaleString('en-US')} ${words === 1 ? 'word' : 'words'} ${from}`;
}
