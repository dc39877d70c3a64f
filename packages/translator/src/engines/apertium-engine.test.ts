import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { plainText, readBook } from '@booktranslate/ebook';
import { corpusDir, corpusMissingReason } from '@booktranslate/testkit';
import { describe, expect, it } from 'vitest';
import { detectTextLanguage } from '../detect-language';
import { needsTranslation } from '../plan-chunks';
import { translateBook } from '../translate-book';
import { emptyUsage } from '../usage';
import { wordLimitedBlocks } from '../word-limit';
import { apertiumPairs, createApertiumEngine } from './apertium-engine';

const pairs = await apertiumPairs();
const missing =
  corpusMissingReason() ??
  (pairs.some(([a, b]) => a === 'eng' && b === 'spa')
    ? null
    : 'skipped: apertium with the eng-spa pair is not installed');
if (missing) console.warn(missing);

describe.skipIf(missing)('apertium engine (en -> es)', () => {
  it('keeps placeholders and literal markup characters', async () => {
    const usage = emptyUsage();
    const blocks = { '1': 'The <g1>old man</g1> walked home & slept.<x2/>', '2': 'She said: 1 < 2.' };
    const result = await createApertiumEngine().translate({ blocks, from: 'en', to: 'es', usage });
    expect(result['1']).toMatch(/^El <g1>.+<\/g1> .+&.+\.<x2\/>$/i);
    expect(result['2']).toContain('1 < 2');
  });

  it('translates an English corpus book: at least 90% of blocks changed, output detected as Spanish', {
    timeout: 60_000,
  }, async () => {
    const file = path.join(corpusDir, 'en-ainsworth-jack-sheppard-gutenberg-crlf.txt');
    const book = await readBook(new Uint8Array(await readFile(file)), { filename: path.basename(file) });
    const { book: out, report } = await translateBook(book, {
      engine: createApertiumEngine(),
      to: 'es',
      concurrency: 2,
      // The first 10,000 words (about 300 blocks) keep the test to seconds.
      wordLimit: 10_000,
    });
    expect(report.from).toBe('en');
    expect(report.failedBlocks).toEqual([]);
    const before = new Map(book.chapters.flatMap((c) => c.blocks).map((b) => [b.id, b.text]));
    const included = wordLimitedBlocks(book, 10_000) ?? new Set<string>();
    const translatable = out.chapters
      .flatMap((c) => c.blocks)
      .filter((b) => included.has(b.id) && needsTranslation(before.get(b.id) ?? ''));
    const unchanged = translatable.filter((b) => b.text === before.get(b.id));
    if (unchanged.length)
      console.info(
        'unchanged by apertium:',
        unchanged.slice(0, 8).map((b) => b.text),
      );
    const changed = translatable.filter((b) => b.text !== before.get(b.id));
    expect(changed.length / translatable.length).toBeGreaterThanOrEqual(0.9);
    expect(detectTextLanguage(translatable.map((b) => plainText(b.text)).join('\n'))).toBe('es');
  });
});
