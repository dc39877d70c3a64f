import { Readable } from 'node:stream';
import {
  type CreditTier,
  creditTiers,
  ECONOMY_LANE_WORDS,
  type TranslationQuote,
} from '@booktranslate/contract';
import type { Database } from '../../../db/database';
import { AppError } from '../../../errors';
import { bookFields } from '../../books/book-fields';
import { INLINE_PARSE_BYTES, inspectUpload } from '../../books/inspect-upload';
import { receiveUpload } from '../../books/receive-upload';
import type { UploadPart } from '../../books/upload-input';
import { creditsRepository } from '../../credits/credits.repository';
import type { EngineChoice } from '../pipeline/pipeline-deps';
import { wordLimitFor } from './credit-rules';
import { estimateDuration } from './estimate-duration';
import { QuoteCache, type QuotedBook } from './quote-cache';
import { quoteMemory, withMemory } from './quote-memory';
import { textlessPagesNote } from './textless-pages-note';

export interface QuoteDeps {
  db: Database;
  /** Books already read for a quote in this process. */
  quotes: QuoteCache;
  /** The pipeline's engine selection: the quote names the engine the translation would get. */
  engineFor(from: string, to: string): Promise<EngineChoice>;
  /** Whether the economy lane is offered (decision 291). */
  economyLane?: boolean;
}

/**
 * POST /translations/quote/: reads the uploaded book in memory (never stored) and says what a
 * translation would cover and take: title, author, words, chapters, language, the credit it would
 * spend and the words that credit covers, the engine it would get (a demo or not, decision 228) and
 * a time from that engine's measured pace (decision 229). Spends nothing (decision 170). The
 * book is read in the sandbox's quote lane, never taking a slot from uploads and the pipeline, and
 * a file read before is answered from the cache (decision 212).
 */
export async function quoteTranslation(
  deps: QuoteDeps,
  userId: string,
  parts: AsyncIterable<UploadPart>,
): Promise<TranslationQuote> {
  const memory = new Map<string, Uint8Array>();
  const upload = await receiveUpload(parts, {
    async put(key, body) {
      const { bytes, size } = await collect(body instanceof Uint8Array ? Readable.from([body]) : body);
      memory.set(key, bytes);
      return { size };
    },
    async delete(key) {
      memory.delete(key);
    },
  });
  const language = (upload.fields.target_language ?? upload.fields.language ?? '').trim();
  if (!language)
    throw new AppError('VALIDATION_ERROR', 'Choose the language to translate into', {
      field: 'target_language',
    });
  const bytes = memory.get(upload.key) ?? new Uint8Array();
  const read = async (): Promise<QuotedBook> => {
    const { book } = await inspectUpload(
      upload,
      {
        get: async () => Readable.from([bytes]),
        stat: async () => ({ key: upload.key, size: bytes.length, modifiedAt: new Date() }),
      },
      { lane: 'quote' },
    );
    if (!book) throw new AppError('PAYLOAD_TOO_LARGE', 'Books this large are quoted once uploaded');
    return {
      fields: bookFields(book, upload.filename),
      chapters: book.chapters,
      textlessPages: book.textlessPages ?? [],
    };
  };
  const inline = upload.size <= INLINE_PARSE_BYTES;
  const { fields, chapters, textlessPages } = inline
    ? await deps.quotes.get(QuoteCache.key(bytes, upload.filename), read)
    : await read();
  const balances = await creditsRepository.balances(deps.db, userId);
  const tier = creditTiers.find((t) => balances[t] > 0) ?? null;
  const limit = tier ? wordLimitFor(tier) : 0;
  const covered = limit === null ? fields.wordCount : Math.min(limit ?? 0, fields.wordCount);
  // The source the pipeline would take when the book declares none and nothing is detected.
  const engine = await deps.engineFor(fields.originalLanguage ?? 'en', language);
  const cacheKey = inline ? QuoteCache.key(bytes, upload.filename) : null;
  const file = { bytes: inline ? bytes : new Uint8Array(), filename: upload.filename, cacheKey };
  const from = fields.originalLanguage ?? 'en';
  const remembered = await quoteMemory(deps, userId, file, engine, from, language, tier ? limit : null);
  return {
    title: fields.title,
    author: fields.author,
    words: fields.wordCount,
    chapters,
    source_language: fields.originalLanguage,
    target_language: language,
    credit_tier: tier,
    words_covered: covered,
    coverage: withMemory(coverage(tier, covered, fields.wordCount), tier, remembered),
    words_from_memory: remembered.words_from_memory,
    memory: remembered.memory,
    engine: engine.label,
    engine_is_demo: engine.isDemo,
    estimated_seconds: await estimateDuration(deps.db, engine, covered),
    textless_pages: textlessPages,
    ...(textlessPages.length ? { textless_pages_note: textlessPagesNote(textlessPages) } : {}),
    // Offered where the operator enables it and the engine is a provider's (not the demo).
    ...(deps.economyLane && !engine.isDemo
      ? { lanes: ['standard', 'economy'], economy_note: ECONOMY_LANE_WORDS }
      : { lanes: ['standard'], economy_note: null }),
  };
}

function coverage(tier: CreditTier | null, covered: number, words: number): string {
  const n = (x: number) => x.toLocaleString('en-US');
  if (!tier) return 'You have no credits left: upgrade your plan to translate this book.';
  const name = `${tier[0]}${tier.slice(1).toLowerCase()}`;
  if (covered < words)
    return `Your ${name} credit translates the first ${n(covered)} of this book's ${n(words)} words.`;
  return `Your ${name} credit translates the whole book (${n(words)} words).`;
}

async function collect(stream: Readable): Promise<{ bytes: Uint8Array; size: number }> {
  const parts: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    size += (chunk as Buffer).length;
    // Past what the upload reads inline, only the head is kept: the quote then asks for the upload.
    if (size <= INLINE_PARSE_BYTES) parts.push(chunk as Buffer);
  }
  return {
    bytes: size <= INLINE_PARSE_BYTES ? new Uint8Array(Buffer.concat(parts)) : new Uint8Array(),
    size,
  };
}
