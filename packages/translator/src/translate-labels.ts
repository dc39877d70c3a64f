import { type Book, plainText } from '@booktranslate/ebook';
import { type BookLabel, collectLabels, normalizeLabel } from './collect-labels';
import { countTokens } from './count-tokens';
import { isFatalError } from './errors';
import type { Chunk, ChunkItem } from './plan-chunks';
import { type ChunkContext, translateChunk } from './translate-chunk';
import { addUsage, emptyUsage, type Usage } from './usage';

export interface LabelContext extends Omit<ChunkContext, 'previousTarget'> {
  /** Block translations already made (block id -> placeholder text): labels repeating a heading reuse them. */
  translations?: Map<string, string>;
}

export interface TranslatedLabels {
  /** Translated book title, when it has one. */
  title?: string;
  /** Original label (book title, chapter title, TOC label, exactly as in the Book) -> translation. */
  labels: Map<string, string>;
  /** Labels taken from the translation of the heading they repeat, without a request. */
  reused: number;
  usage: Usage;
  retries: number;
  /** Labels kept in the source language, and soft check warnings. */
  warnings: string[];
}

/**
 * Translates the book title, chapter titles and TOC labels as one small extra chunk (more when they
 * exceed the engine's chunk size) through the same engine, checks, retries and memory as the blocks.
 * Labels that repeat a translated heading reuse its translation. The result goes straight into
 * applyTranslation. Throws only for what stops a book (isFatalError); anything else keeps the
 * source labels with a warning.
 * @example const { title, labels } = await translateLabels(book, { engine, from: 'en', to: 'es', translations });
 *          applyTranslation(book, translations, { targetLanguage: 'es', title, labels });
 */
export async function translateLabels(book: Book, ctx: LabelContext): Promise<TranslatedLabels> {
  const out: TranslatedLabels = {
    labels: new Map(),
    reused: 0,
    usage: emptyUsage(),
    retries: 0,
    warnings: [],
  };
  const { title, labels } = collectLabels(book);
  const done = new Map<BookLabel, string>();
  const pending: BookLabel[] = [];
  for (const label of labels) {
    const known = label.blockId && ctx.translations?.get(label.blockId);
    if (known && /\p{L}/u.test(plainText(known))) {
      done.set(label, normalizeLabel(plainText(known)));
      out.reused++;
    } else pending.push(label);
  }
  const items: ChunkItem[] = pending.map((label, i) => ({
    key: String(i + 1),
    blockId: `label:${i}`,
    chapterId: '',
    text: label.text,
    tokens: countTokens(label.text),
  }));
  // Labels are short and many: small requests in parallel finish together with the book's last chunks
  // instead of one long reply keeping the whole book waiting.
  const results = await Promise.all(
    chunksOf(items, Math.min(ctx.engine.chunkTokens, LABEL_CHUNK_TOKENS)).map(async (chunk) => {
      try {
        return await translateChunk(chunk, ctx);
      } catch (error) {
        if (isFatalError(error)) throw error;
        out.warnings.push(`labels kept in the source language: ${(error as Error).message}`);
        return undefined;
      }
    }),
  );
  for (const result of results) {
    if (!result) continue;
    addUsage(out.usage, result.usage);
    out.retries += result.retries;
    out.warnings.push(...result.warnings);
    for (const item of result.items)
      done.set(pending[Number(item.blockId.slice(6))] as BookLabel, normalizeLabel(item.text));
    for (const failure of result.failures) {
      const label = pending[Number(failure.blockId.slice(6))]?.text;
      out.warnings.push(`label "${label}" kept in the source language (${failure.code}): ${failure.message}`);
    }
  }
  for (const [label, text] of done) for (const key of label.keys) out.labels.set(key, text);
  if (title && done.has(title)) out.title = done.get(title);
  return out;
}

/**
 * Labels are short; a book's chapter titles and TOC go out as a few requests of at most this many
 * tokens, sent together, whose replies come before the brief's (two of 256 tokens had the second
 * answer after it, and the chunks waited for it).
 */
const LABEL_CHUNK_TOKENS = 128;

function chunksOf(items: ChunkItem[], maxTokens: number): Chunk[] {
  const chunks: Chunk[] = [];
  for (const item of items) {
    let last = chunks.at(-1);
    if (!last || (last.tokens + item.tokens > maxTokens && last.items.length > 0)) {
      last = { index: chunks.length, items: [], tokens: 0 };
      chunks.push(last);
    }
    last.items.push({ ...item, key: String(last.items.length + 1) });
    last.tokens += item.tokens;
  }
  return chunks;
}
