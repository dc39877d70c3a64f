/**
 * Progress is the share of source words translated; the estimate comes from the pace measured
 * since translating began (words per second), so a slow provider shows a later time, not a guess.
 */
export interface ProgressInput {
  wordsTotal: number;
  wordsDone: number;
  translatingStartedAt: Date | null;
  /** Words already saved when translating (re)started: they do not count toward the pace. */
  wordsAtStart: number;
  now: Date;
}

export function progressPercent(wordsDone: number, wordsTotal: number): number {
  if (wordsTotal <= 0) return 0;
  return Math.max(0, Math.min(100, Math.floor((wordsDone / wordsTotal) * 100)));
}

/** The moment the remaining words will be done at the measured pace, or null before there is a pace. */
export function estimateCompletion(input: ProgressInput): Date | null {
  const { wordsTotal, wordsDone, translatingStartedAt, wordsAtStart, now } = input;
  if (!translatingStartedAt) return null;
  const elapsedMs = now.getTime() - translatingStartedAt.getTime();
  const paced = wordsDone - wordsAtStart;
  if (elapsedMs <= 0 || paced <= 0) return null;
  const remaining = Math.max(0, wordsTotal - wordsDone);
  return new Date(now.getTime() + (remaining * elapsedMs) / paced);
}
