import type { PlannedChunk } from '../translation-memory.repository';

/**
 * Splits the smallest `slots` chunks in two when a book takes at least two rounds of chunks, so the
 * last round is made of half-size chunks that workers pick up as they free: the book then ends when
 * the slots run out of work together, instead of waiting on the slowest full-size chunk (guided
 * self-scheduling). The large chunks are queued first (see queuedChunks).
 * @example balanceTail(chunks, 32) // 64 chunks -> 96 (32 whole, 64 halves)
 */
export function balanceTail(
  chunks: PlannedChunk[],
  slots: number,
  chapterOf: (blockId: string) => string | null,
): PlannedChunk[] {
  if (slots < 2 || chunks.length < 2 * slots) return chunks;
  const smallest = new Set(
    [...chunks]
      .sort((a, b) => a.words - b.words || b.seq - a.seq)
      .slice(0, slots)
      .filter((c) => c.blocks.length > 1)
      .map((c) => c.seq),
  );
  let next = Math.max(...chunks.map((c) => c.seq)) + 1;
  const out: PlannedChunk[] = [];
  for (const chunk of chunks) {
    if (!smallest.has(chunk.seq)) {
      out.push(chunk);
      continue;
    }
    const half = halfway(chunk);
    const first = chunk.blocks.slice(0, half);
    const second = chunk.blocks.slice(half);
    const words = (list: typeof first) => list.reduce((n, b) => n + b.words, 0);
    out.push({ ...chunk, blocks: first, words: words(first) });
    out.push({
      seq: next++,
      chapter: chapterOf(second[0]?.blockId ?? '') ?? chunk.chapter,
      blocks: second,
      previous: tailOf(first.at(-1)?.text ?? ''),
      words: words(second),
    });
  }
  return out;
}

/** The index that splits the chunk's words most evenly (at least one block on each side). */
function halfway(chunk: PlannedChunk): number {
  const target = chunk.words / 2;
  let sum = 0;
  for (let i = 0; i < chunk.blocks.length - 1; i++) {
    sum += chunk.blocks[i]?.words ?? 0;
    if (sum >= target) return i + 1;
  }
  return chunk.blocks.length - 1;
}

function tailOf(text: string): string {
  if (text.length <= 240) return text;
  const cut = text.indexOf(' ', text.length - 240);
  return `…${text.slice(cut < 0 ? text.length - 240 : cut + 1)}`;
}
