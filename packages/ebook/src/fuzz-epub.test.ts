import { describe, expect, it } from 'vitest';
import { isEbookError } from './errors';
import { parseEpub } from './parse-epub';
import { openZip } from './read-zip';
import { makeEpub } from './testing/make-epub';
import { writeEpub } from './write-epub';
import { parseXml } from './xml-dom';

// Deterministic PRNG so a failure reproduces.
function random(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

describe('damaged EPUBs', () => {
  it('either read (and rewrite) or fail with a typed EbookError, never anything else', async () => {
    const original = makeEpub({
      chapters: {
        'a.xhtml': '<h1>Title</h1><p>Some <i>text</i> <a href="b.xhtml#n">1</a>.</p>',
        'b.xhtml': '<aside id="n"><p>Note.</p></aside>',
      },
    });
    const next = random(42);
    const outcomes = { read: 0, refused: 0 };
    for (let round = 0; round < 300; round++) {
      const bytes = original.slice();
      const flips = 1 + Math.floor(next() * 8);
      for (let i = 0; i < flips; i++) bytes[Math.floor(next() * bytes.length)] = Math.floor(next() * 256);
      try {
        await writeEpub(await parseEpub(bytes));
        outcomes.read++;
      } catch (error) {
        if (!isEbookError(error)) throw new Error(`round ${round}: ${String(error)}`);
        outcomes.refused++;
      }
    }
    expect(outcomes.read + outcomes.refused).toBe(300);
    expect(outcomes.refused).toBeGreaterThan(0);
  });

  it('survives markup damage: typed errors only, and translated rewrites of what it reads round-trip', async () => {
    const base =
      '<h1>Title</h1><p>Some <i>text</i> and <a href="#x">a link</a>.</p><ul><li>One</li><li>Two <b>bold</b></li></ul>';
    const next = random(7);
    const alphabet = [
      '<',
      '>',
      '&',
      '/',
      '"',
      "'",
      '=',
      ' ',
      'p',
      'b',
      'i',
      '<p>',
      '</p>',
      '<br>',
      '&amp;',
      '&nbsp;',
      '<!--',
      ']]>',
    ];
    let read = 0;
    for (let round = 0; round < 150; round++) {
      const chars = [...base];
      for (let i = 0; i < 1 + Math.floor(next() * 4); i++)
        chars.splice(
          Math.floor(next() * chars.length),
          Math.floor(next() * 2),
          alphabet[Math.floor(next() * alphabet.length)]!,
        );
      try {
        const book = await parseEpub(makeEpub({ chapters: { 'a.xhtml': chars.join('') } }));
        const { applyTranslation } = await import('./apply-translation');
        const blocks = book.chapters.flatMap((c) => c.blocks);
        const translated = applyTranslation(book, new Map(blocks.map((b) => [b.id, `${b.text} X`])), {
          targetLanguage: 'fr',
        });
        const written = await writeEpub(translated);
        // Whatever the damage, the document we wrote is well-formed XML.
        const zip = openZip(written);
        expect(() => parseXml(new TextDecoder().decode(zip.read(zip.get('OEBPS/a.xhtml')!)))).not.toThrow();
        const again = await parseEpub(written);
        expect(
          again.chapters.flatMap((c) => c.blocks).map((b) => b.text),
          `round ${round}: ${chars.join('')}`,
        ).toEqual(translated.chapters.flatMap((c) => c.blocks).map((b) => b.text));
        read++;
      } catch (error) {
        if (!isEbookError(error)) throw error;
      }
    }
    expect(read).toBeGreaterThan(0);
  });
});
