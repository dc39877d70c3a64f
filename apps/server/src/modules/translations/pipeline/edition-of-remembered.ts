import type { Book } from '@booktranslate/ebook';
import type { TranslationRow } from '../../../db/schema/translations';
import { sourceHash } from './book-blocks';
import { type EarlierEdition, earlierEditionOf } from './earlier-edition.repository';
import type { PipelineDeps } from './pipeline-deps';

/** The share of a book's words in memory from which it is taken for an edition of an earlier one. */
const EDITION_SHARE = 0.8;
/** Remembered passages compared with the owner's earlier translations, spread over the book. */
const EDITION_SAMPLE = 200;

/**
 * The brief of the earlier translation this one is a new edition of: when at least 80% of its words
 * are in the owner's memory, the finished translation (same language and engine) holding most of a
 * sample of them. The next volume of a series shares little text and is analysed as usual.
 */
export async function earlierEdition(
  db: PipelineDeps['db'],
  t: TranslationRow,
  choice: { label: string; engine: { model: string } },
  covered: { id: string; text: string; words: number }[],
  remembered: Set<string>,
): Promise<EarlierEdition | null> {
  const words = covered.reduce((sum, b) => sum + b.words, 0);
  const kept = covered.filter((b) => remembered.has(b.id));
  if (words === 0 || kept.reduce((sum, b) => sum + b.words, 0) < EDITION_SHARE * words) return null;
  const step = Math.max(1, Math.floor(kept.length / EDITION_SAMPLE));
  const sample = kept.filter((_, i) => i % step === 0).slice(0, EDITION_SAMPLE);
  return earlierEditionOf(
    db,
    t,
    { label: choice.label, model: choice.engine.model },
    sample.map((b) => sourceHash(b.text)),
  );
}

/** The book without these blocks: what is left to analyse when the memory holds the rest. */
export function withoutBlocks(book: Book, left: Set<string>): Book {
  return {
    ...book,
    chapters: book.chapters.map((c) => ({ ...c, blocks: c.blocks.filter((b) => !left.has(b.id)) })),
  };
}
