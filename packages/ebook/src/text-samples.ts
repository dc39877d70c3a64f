import type { Book } from './model';
import { plainText } from './placeholders';

/**
 * Samples of the body text from evenly spaced points, so no one part (a licence, a preface) decides
 * what the book is written in. Notes are left out; each sample is at most `chars` long.
 * @example textSamples(book) // ['It was a dark night...', ...] (12 samples of up to 800 characters)
 */
export function textSamples(book: Book, count = 12, chars = 800): string[] {
  const blocks = book.chapters
    .filter((c) => c.role !== 'notes')
    .flatMap((c) => c.blocks)
    .map((b) => plainText(b.text))
    .filter((t) => /\p{L}/u.test(t));
  const total = blocks.reduce((sum, t) => sum + t.length, 0);
  const samples: string[] = [];
  const used = new Set<number>();
  let k = 0;
  let passed = 0;
  for (let i = 0; i < count; i++) {
    const from = (i * total) / count;
    for (; k < blocks.length && passed + (blocks[k] as string).length <= from; k++)
      passed += (blocks[k] as string).length;
    let sample = '';
    for (let j = k; j < blocks.length && sample.length < chars && !used.has(j); j++) {
      used.add(j);
      sample += `${blocks[j]}\n`;
    }
    if (sample.trim()) samples.push(sample.slice(0, chars));
  }
  return samples;
}
