import type { Book } from '@booktranslate/ebook';
import { collectTermCandidates } from '@booktranslate/translator';
import type { PlannedChunk } from '../translation-memory.repository';

/**
 * The chunks in which no whole-book term candidate occurs: they need no glossary, so they may start
 * before the analysis answers (issue 12). Largest first, the order chunk jobs are sent in.
 * Every case form of a term counts (`language`: the book's).
 * @example termFreeChunks(chunks, book, 'en').map((c) => c.seq)
 */
export function termFreeChunks(chunks: PlannedChunk[], book: Book, language?: string): PlannedChunk[] {
  const terms = collectTermCandidates(book, { max: 2000, ...(language ? { language } : {}) }).flatMap((c) => [
    c.term,
    ...c.forms,
  ]);
  if (terms.length === 0) return [...chunks].sort(largestFirst);
  const escaped = terms.map((t) => t.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  const anyTerm = new RegExp(`(?<![\\p{L}\\p{N}])(?:${escaped.join('|')})(?![\\p{L}\\p{N}])`, 'u');
  return chunks.filter((c) => !c.blocks.some((b) => anyTerm.test(b.text))).sort(largestFirst);
}

function largestFirst(a: PlannedChunk, b: PlannedChunk): number {
  return b.words - a.words || a.seq - b.seq;
}
