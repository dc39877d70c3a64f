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
  const size = options.batchSize ?? 30;
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
