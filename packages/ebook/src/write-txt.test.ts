import { describe, expect, it } from 'vitest';
import { applyTranslation } from './apply-translation';
import { parseTxt } from './parse-txt';
import { writeTxt } from './write-txt';

const SOURCE =
  'CHAPTER I.\n\nThe first paragraph.\n\nThe second <paragraph> & more.\n\nCHAPTER II.\n\nThe end.\n';
const decode = (bytes: Uint8Array) => new TextDecoder().decode(bytes);

describe('writeTxt', () => {
  it('round-trips blocks and chapters, separated by blank lines', async () => {
    const book = await parseTxt(new TextEncoder().encode(SOURCE));
    const text = decode(await writeTxt(book));
    expect(text).toBe(
      'CHAPTER I.\n\n\nThe first paragraph.\n\nThe second <paragraph> & more.\n\n\nCHAPTER II.\n\n\nThe end.\n',
    );
    const again = await parseTxt(new TextEncoder().encode(text));
    expect(again.chapters.map((c) => c.blocks.map((b) => [b.kind, b.text]))).toEqual(
      book.chapters.map((c) => c.blocks.map((b) => [b.kind, b.text])),
    );
  });

  it('puts the notice first and writes bilingual pairs in both orders', async () => {
    const book = await parseTxt(new TextEncoder().encode(SOURCE));
    const translated = applyTranslation(book, new Map([['c1.b2', 'El primer párrafo.']]), {
      targetLanguage: 'es',
    });
    const bilingual = decode(
      await writeTxt(translated, { layout: 'bilingual', notice: 'Partial translation.' }),
    );
    expect(bilingual.startsWith('Partial translation.\n\n')).toBe(true);
    expect(bilingual).toContain('El primer párrafo.\n\n    The first paragraph.\n');
    const reverse = decode(await writeTxt(translated, { layout: 'bilingual-reverse' }));
    expect(reverse).toContain('The first paragraph.\n\n    El primer párrafo.\n');
    const plain = decode(await writeTxt(translated));
    expect(plain).not.toContain('The first paragraph.');
  });
});
