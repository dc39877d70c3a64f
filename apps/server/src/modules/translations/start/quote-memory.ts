import { Readable } from 'node:stream';
import { memorySentence } from '@booktranslate/contract';
import type { Database } from '../../../db/database';
import { loadOriginal } from '../../books/load-original';
import { memoryRepository, scopedHashes, sourceDigest } from '../../memory';
import { blocksToTranslate } from '../pipeline/book-blocks';
import type { EngineChoice } from '../pipeline/pipeline-deps';

/** A quoted book's passages as the memory compares them: the digest of each source and its words. */
type Digest = { digest: string; words: number }[];

/** Digests of books quoted lately, by the quote cache's key and the word limit (a few kB each). */
const digests = new Map<string, Digest>();
const KEPT = 100;

/** What the memory covers of a quoted book: the words, and the sentence the quote shows. */
export interface MemoryQuote {
  words_from_memory: number;
  memory: string | null;
  /** Every covered word is remembered: the translation costs no credit. */
  whole: boolean;
}

/**
 * The words of the book (within the credit's word limit) that the user's translation memory holds
 * for this language pair and engine: their earlier translations and edits of the same passages.
 * The glossary is not known before the analysis, so a passage counts when its text is remembered;
 * one whose names the new glossary renders otherwise is translated anew. Reads the whole book
 * only for a user who remembers anything.
 * @example await quoteMemory(deps, userId, { bytes, filename, cacheKey }, engine, 'es', null)
 */
export async function quoteMemory(
  deps: { db: Database },
  userId: string,
  file: { bytes: Uint8Array; filename: string; cacheKey: string | null },
  engine: EngineChoice,
  from: string,
  to: string,
  wordLimit: number | null,
): Promise<MemoryQuote> {
  const none = { words_from_memory: 0, memory: null, whole: false };
  if (file.bytes.length === 0 || !(await memoryRepository.hasAny(deps.db, userId))) return none;
  const key = file.cacheKey ? `${file.cacheKey}:${wordLimit ?? 'all'}` : null;
  let digest = key ? digests.get(key) : undefined;
  if (!digest) {
    const book = await loadOriginal(
      {
        files: {
          get: async () => Readable.from([file.bytes]),
          stat: async () => ({ key: 'quote', size: file.bytes.length, modifiedAt: new Date() }),
        },
      },
      { originalKey: 'quote', originalFilename: file.filename },
      { as: 'book', lane: 'quote' },
    );
    digest = blocksToTranslate(book, wordLimit).map((b) => ({
      digest: sourceDigest(b.text),
      words: b.words,
    }));
    if (key) {
      digests.set(key, digest);
      for (const oldest of digests.keys()) if (digests.size > KEPT) digests.delete(oldest);
    }
  }
  const scope = { from, to, engine: engine.engine.name, model: engine.engine.model };
  const hashes = digest.map((d) => scopedHashes(d.digest, scope));
  const known = new Set(
    (
      await memoryRepository.find(
        deps.db,
        userId,
        hashes.flatMap((h) => [h.engineHash, h.editHash]),
      )
    ).map((hit) => hit.textHash),
  );
  const words = digest.reduce((sum, d) => sum + d.words, 0);
  const fromMemory = digest.reduce(
    (sum, d, i) => (known.has(hashes[i]!.engineHash) || known.has(hashes[i]!.editHash) ? sum + d.words : sum),
    0,
  );
  if (fromMemory === 0) return none;
  return {
    words_from_memory: fromMemory,
    memory: memorySentence(fromMemory, words),
    whole: fromMemory >= words,
  };
}

/**
 * The quote's credit sentence with the memory's part in it (decision 270): a book wholly in memory
 * takes no credit; otherwise the credit is taken as for any book and the remembered words are
 * not translated again.
 * @example withMemory('Your Reader credit translates the whole book (900 words).', 'READER', quote)
 */
export function withMemory(sentence: string, tier: string | null, quote: MemoryQuote): string {
  if (!quote.memory || !tier) return sentence;
  if (quote.whole)
    return 'Every word of this book is in your earlier translations: it costs no credit (the credit it holds while it runs is given back when it finishes).';
  return `${sentence} ${quote.memory} are taken from your translation memory, not translated again.`;
}
