import type { Book } from '@booktranslate/ebook';
import { type BookBrief, emptyBrief, type GlossaryEntry } from './brief';
import { detectLanguage, sampleText } from './detect-language';
import type { Engine } from './engine';
import { TranslatorError } from './errors';
import { mergeGlossaries } from './terms/merge-glossaries';
import { wholeBookTerms } from './terms/render-terms';
import { isCommonWord } from './terms/stop-words';
import { emptyUsage, type Usage } from './usage';
import { defaultRetryPolicy, sleep, withRetries } from './with-retries';

export interface AnalyzeOptions {
  engine: Engine;
  to: string;
  /** Known source language; detected when absent. */
  from?: string;
  /** Characters of sample text sent to the model (about 4 per token). */
  sampleChars?: number;
  /** Set false to skip the whole-book terms pass (only the sample's brief). */
  wholeBookTerms?: boolean;
  /** Requests the key has free for the term batches (see wholeBookTerms); 30 terms a request without. */
  termRequests?: number;
  /** The user's own glossary entries: they win over anything the model renders. */
  userGlossary?: GlossaryEntry[];
  signal?: AbortSignal;
  /**
   * Called once the brief and term requests have had `SEND_MS` to go out, or at once when none is
   * made: a caller's CPU-bound work (the chunk plan) waits for it rather than delay them.
   */
  onSent?: () => void;
}

export interface Analysis {
  from: string;
  /** Undefined for engines without a model (DeepL, Apertium, demo). */
  brief?: BookBrief;
  usage: Usage;
}

/**
 * The "analyzing" step: detect the source language, then ask the model for the brief (from a sample)
 * and, at the same time, for the renderings of the whole book's term candidates (in batches); the
 * glossary merges the user's entries, the brief's and the terms', in that order of precedence.
 * A failed brief is not fatal for the book: translation goes on without one.
 * @example const { from, brief } = await analyzeBook(book, { engine, to: 'es' })
 */
export async function analyzeBook(book: Book, options: AnalyzeOptions): Promise<Analysis> {
  const from = options.from ?? detectLanguage(book);
  if (!from)
    throw new TranslatorError('unsupported_language', 'the source language could not be detected; give it');
  const usage = emptyUsage();
  const { engine } = options;
  if (!engine.analyze) {
    options.onSent?.();
    return { from, usage };
  }
  const sample = sampleText(book, options.sampleChars ?? 6000);
  const ask = (part: 'brief' | 'summary') =>
    withRetries(
      () =>
        engine.analyze?.({
          sample,
          from,
          to: options.to,
          part,
          signal: options.signal,
          usage,
        }) as Promise<BookBrief>,
      defaultRetryPolicy,
      { signal: options.signal },
    );
  // The brief's reply is the longest of the analysis: its request goes out before the term
  // candidates are collected over the whole book (a few hundred milliseconds of CPU). Its summary,
  // which no passage's request carries, is asked apart after the terms (decision 315).
  const brief = ask('brief');
  brief.catch(() => undefined);
  // The request is written on a later turn of the event loop: let it go before the CPU-bound work.
  await sleep(SEND_MS);
  const terms =
    options.wholeBookTerms === false
      ? Promise.resolve([])
      : wholeBookTerms(book, {
          engine,
          from,
          to: options.to,
          about: book.metadata?.title,
          ...(options.termRequests !== undefined && { requests: options.termRequests }),
          usage,
          signal: options.signal,
        });
  terms.catch(() => undefined);
  // Shown to the user only: a failed summary leaves it empty and fails nothing.
  const summary = ask('summary').then(
    (reply) => reply.summary,
    () => '',
  );
  sleep(SEND_MS).then(options.onSent, options.onSent);
  try {
    const sampled = await brief;
    const rendered = await terms;
    // A model may list a sentence opener ("Итак") from its sample: common words are never terms.
    const named = sampled.glossary.filter((e) => !isCommonWord(e.source, from));
    const glossary = mergeGlossaries(options.userGlossary, countsOf(named, rendered), rendered);
    return { from, brief: { ...sampled, summary: (await summary) || sampled.summary, glossary }, usage };
  } catch (error) {
    if (
      error instanceof TranslatorError &&
      ['bad_reply', 'refused', 'truncated', 'bad_request'].includes(error.code)
    ) {
      const rendered = await terms;
      if (rendered.length === 0 && !options.userGlossary?.length) return { from, usage };
      return {
        from,
        brief: {
          ...emptyBrief,
          summary: await summary,
          glossary: mergeGlossaries(options.userGlossary, rendered),
        },
        usage,
      };
    }
    throw error;
  }
}

/**
 * Long enough for requests started on an idle event loop to be written (a connection opened, the
 * body sent), before synchronous work takes the loop for a few hundred milliseconds.
 */
export const SEND_MS = 100;

/** The brief's entries with the whole-book counts (and case forms) of the same terms. */
function countsOf(entries: GlossaryEntry[], counted: GlossaryEntry[]): GlossaryEntry[] {
  const known = new Map(counted.map((e) => [e.source, e]));
  return entries.map((e) => {
    const found = known.get(e.source);
    if (found?.count === undefined) return e;
    return { ...e, count: found.count, ...(found.forms && !e.forms ? { forms: found.forms } : {}) };
  });
}
