import type { Book } from '@booktranslate/ebook';
import type { BookBrief } from './brief';
import { detectLanguage, sampleText } from './detect-language';
import type { Engine } from './engine';
import { TranslatorError } from './errors';
import { emptyUsage, type Usage } from './usage';
import { defaultRetryPolicy, withRetries } from './with-retries';

export interface AnalyzeOptions {
  engine: Engine;
  to: string;
  /** Known source language; detected when absent. */
  from?: string;
  /** Characters of sample text sent to the model (about 4 per token). */
  sampleChars?: number;
  signal?: AbortSignal;
}

export interface Analysis {
  from: string;
  /** Undefined for engines without a model (DeepL, Apertium, demo). */
  brief?: BookBrief;
  usage: Usage;
}

/**
 * The "analyzing" step: detect the source language, then ask the model once for the brief.
 * A failed brief is not fatal for the book: translation goes on without one.
 * @example const { from, brief } = await analyzeBook(book, { engine, to: 'es' })
 */
export async function analyzeBook(book: Book, options: AnalyzeOptions): Promise<Analysis> {
  const from = options.from ?? detectLanguage(book);
  if (!from)
    throw new TranslatorError('unsupported_language', 'the source language could not be detected; give it');
  const usage = emptyUsage();
  const { engine } = options;
  if (!engine.analyze) return { from, usage };
  const sample = sampleText(book, options.sampleChars ?? 6000);
  try {
    const brief = await withRetries(
      () =>
        engine.analyze?.({
          sample,
          from,
          to: options.to,
          signal: options.signal,
          usage,
        }) as Promise<BookBrief>,
      defaultRetryPolicy,
      { signal: options.signal },
    );
    return { from, brief, usage };
  } catch (error) {
    if (
      error instanceof TranslatorError &&
      ['bad_reply', 'refused', 'truncated', 'bad_request'].includes(error.code)
    ) {
      return { from, usage };
    }
    throw error;
  }
}
