import type { Book } from '@booktranslate/ebook';
import { collectTermCandidates } from '@booktranslate/translator';
import type { PlannedChunk } from '../translation-memory.repository';

/**
 * The chunks in which no whole-book term candidate occurs: they need no glossary, so they may start
 * before the analysis answers (issue 12). Largest first, the order chunk jobs are sent in.
 * @example termFreeChunks(chunks, book).map((c) => c.seq)
 */
export function termFreeChunks(chunks: PlannedChunk[], book: Book): PlannedChunk[] {
  const terms = collectTermCandidates(book, { max: 2000 }).map((c) => c.term);
  if (terms.length === 0) return [...chunks].sort(largestFirst);
  const escaped = terms.map((t) => t.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  const anyTerm = new RegExp(`(?<![\\p{L}\\p{N}])(?:${escaped.join('|')})(?![\\p{L}\\p{N}])`, 'u');
  return chunks.filter((c) => !c.blocks.some((b) => anyTerm.test(b.text))).sort(largestFirst);
}

function largestFirst(a: PlannedChunk, b: PlannedChunk): number {
  return b.words - a.words || a.seq - b.seq;
}
