// The status list and the rules every side reads from it (server, web, CLI): no zod here, so the
// browser imports this file alone (`@booktranslate/contract/translation-statuses`).

/** Pipeline statuses (spec section 4); `processing` is accepted from older clients but never written. */
export const translationStatuses = [
  'pending',
  'loading',
  'parsing',
  'analyzing',
  'processing',
  'chunking',
  /** The user asked to review the glossary first: waits for POST /translations/{id}/continue/. */
  'reviewing',
  'translating',
  'merging',
  'completed',
  'failed',
  'canceled',
] as const;
export type TranslationStatusName = (typeof translationStatuses)[number];

/** Statuses after which no work is left. */
export const finalStatuses: readonly TranslationStatusName[] = ['completed', 'failed', 'canceled'];

/**
 * Before translating begins (the glossary review included), a cancel gives the credit back;
 * afterwards the provider has been paid. Unknown statuses give nothing back.
 * @example cancelRefundsCredit('reviewing') // true
 */
export function cancelRefundsCredit(status: string): boolean {
  return ['pending', 'loading', 'parsing', 'analyzing', 'processing', 'chunking', 'reviewing'].includes(
    status.toLowerCase(),
  );
}

/** Retry is offered only after a failure or a cancel. */
export function canRetry(status: string): boolean {
  return status === 'failed' || status === 'canceled';
}

/**
 * How long a translation waits for its glossary review, in words: whole days as days.
 * @example reviewWaitWords(168) // '7 days'
 */
export function reviewWaitWords(hours: number): string {
  if (hours % 24 === 0) return hours === 24 ? '1 day' : `${hours / 24} days`;
  return hours === 1 ? '1 hour' : `${hours} hours`;
}

/** What a translation says when its glossary review waited longer than `hours` (decision 280). */
export function reviewExpiredReason(hours: number): string {
  return `The glossary waited for your review for ${reviewWaitWords(hours)}, so the translation stopped and its credit was given back. Retry it to start again.`;
}

/** What the review screen says of the wait (decision 280). */
export function reviewWaitNotice(hours: number): string {
  return `If you do not continue within ${reviewWaitWords(hours)} of your last change, the translation stops and its credit comes back.`;
}

/** How a translation is run: at once (`standard`) or at the provider's lower price when it may wait. */
export const translationLanes = ['standard', 'economy'] as const;
export type TranslationLaneName = (typeof translationLanes)[number];

/** The economy lane in words, where it is offered (quote, start screen). */
export const ECONOMY_LANE_WORDS = 'Economy: about half the provider cost, ready within hours';

/** The standard lane in words, beside the economy lane where both are offered. */
export const STANDARD_LANE_WORDS = 'Standard: translated at once, at the usual provider cost';

/** How a translation in the economy lane is labelled (chip, dialog). */
export const ECONOMY_LABEL = 'Economy';

/**
 * How long an economy translation may still wait, in words, from its estimated completion.
 * @example economyDeadlineWords(new Date(Date.now() + 3 * 3600_000), new Date()) // 'ready within about 3 hours'
 */
export function economyDeadlineWords(by: Date, now: Date): string {
  const hours = Math.ceil((by.getTime() - now.getTime()) / 3_600_000);
  if (hours <= 1) return 'ready within the hour';
  return `ready within about ${hours} hours`;
}

/** What a translation is waiting for, besides its workers; null while it simply works. */
export const translationWaits = ['provider_batch'] as const;
export type TranslationWaitName = (typeof translationWaits)[number];

/**
 * A wait in words, for the progress line.
 * @example waitWords('provider_batch') // "Waiting for the provider's batch (economy lane)"
 */
export function waitWords(wait: TranslationWaitName): string {
  switch (wait) {
    case 'provider_batch':
      return "Waiting for the provider's batch (economy lane)";
  }
}
