import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { countWords } from '@booktranslate/ebook';
import { corpusDir } from '@booktranslate/testkit';

/** The first `words` words of the Jack Sheppard novel (the engine benchmark's book), as UTF-8 text. */
export async function benchBookText(words = 100_000): Promise<{ bytes: Uint8Array; words: number }> {
  const file = path.join(corpusDir, 'en-ainsworth-jack-sheppard-gutenberg-crlf.txt');
  const text = (await readFile(file, 'latin1')).replace(/\r\n/g, '\n');
  const out: string[] = [];
  let total = 0;
  for (const paragraph of text.split(/\n{2,}/)) {
    if (total >= words) break;
    out.push(paragraph);
    total += countWords(paragraph);
  }
  return { bytes: new TextEncoder().encode(out.join('\n\n')), words: total };
}
