import type { Book } from '@booktranslate/ebook';
import type { GlossaryEntry } from '../brief';
import type { Engine } from '../engine';
import { isFatalError } from '../errors';
import type { Usage } from '../usage';
import { defaultRetryPolicy, withRetries } from '../with-retries';
import { collectTermCandidates } from './collect-term-candidates';

export interface WholeBookTermsOptions {
  engine: Engine;
  from: string;
  to: string;
  /** The brief's summary, for context. */
  about?: string;
  /** Terms per request (default 30: short replies, so the batches, sent at once, answer no later than the brief). */
  batchSize?: number;
  /**
   * Requests the key has free for the terms now: the candidates are spread over them in smaller
   * batches (down to `MIN_TERMS_PER_REQUEST`), whose shorter replies end before the brief's.
   */
  requests?: number;
  usage: Usage;
  signal?: AbortSignal;
}

/**
 * Whole-book terminology: term candidates over every chapter, counted, rendered by the model in
 * batches sent together. A batch that fails leaves its terms out (translation goes on); what stops a
 * book (key, quota, cancel) is thrown. Engines without a model get no terms.
 * @example const terms = await wholeBookTerms(book, { engine, from: 'en', to: 'es', usage })
 */
export async function wholeBookTerms(book: Book, options: WholeBookTermsOptions): Promise<GlossaryEntry[]> {
  const { engine } = options;
  if (!engine.renderTerms) return [];
  const candidates = collectTermCandidates(book, { language: options.from });
  const known = new Map(candidates.map((c) => [c.term, c]));
  const size = options.batchSize ?? termsPerRequest(candidates.length, options.requests);
  const batches: (typeof candidates)[] = [];
  for (let i = 0; i < candidates.length; i += size) batches.push(candidates.slice(i, i + size));
  const rendered = await Promise.all(
    batches.map(async (batch) => {
      try {
        return await withRetries(
          () =>
            engine.renderTerms?.({
              terms: batch.map((c) => ({ term: c.term, context: c.context })),
              from: options.from,
              to: options.to,
              about: options.about ?? '',
              signal: options.signal,
              usage: options.usage,
            }) as Promise<GlossaryEntry[]>,
          defaultRetryPolicy,
          { signal: options.signal },
        );
      } catch (error) {
        if (isFatalError(error)) throw error;
        return [];
      }
    }),
  );
  return rendered.flat().map((entry) => {
    const candidate = known.get(entry.source);
    return {
      ...entry,
      count: candidate?.count,
      ...(candidate?.forms.length ? { forms: candidate.forms } : {}),
    };
  });
}

/** The fewest terms a request carries when slots are free: its fixed prompt is some 110 tokens. */
export const MIN_TERMS_PER_REQUEST = 15;
const MAX_TERMS_PER_REQUEST = 30;

/**
 * Terms per request for `count` candidates over `requests` free slots: as many requests as are
 * free (each at least MIN_TERMS_PER_REQUEST terms), never more than 30 terms in one.
 * @example termsPerRequest(280, 28) // 15
 */
export function termsPerRequest(count: number, requests = 0): number {
  if (requests <= 0) return MAX_TERMS_PER_REQUEST;
  const spread = Math.ceil(count / requests);
  return Math.min(MAX_TERMS_PER_REQUEST, Math.max(MIN_TERMS_PER_REQUEST, spread));
}
