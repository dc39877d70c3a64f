import { SaxesParser } from 'saxes';
import { describe, expect, it } from 'vitest';
import { applyTranslation } from './apply-translation';
import { escapeXml, escapeXmlText } from './escape-xml';
import { readBook } from './read-book';
import { openZip } from './read-zip';
import { makeEpub } from './testing/make-epub';
import { writeBook } from './write-book';

// Text a model may answer with: C0 controls XML 1.0 forbids, beside markup characters.
const HOSTILE = 'Uno\u0001 dos\u000b < tres & "cuatro"\u0000\ufffe';

function strictlyParses(xml: string): string | null {
  const parser = new SaxesParser({ xmlns: true });
  let failure: string | null = null;
  parser.on('error', (error) => {
    failure ??= error.message;
  });
  parser.write(xml).close();
  return failure;
}

/** Every XML document of an EPUB, with the parser's first complaint (null: well-formed). */
function xmlProblems(epub: Uint8Array): Record<string, string> {
  const zip = openZip(epub);
  const problems: Record<string, string> = {};
  for (const entry of zip.entries) {
    if (!/\.(xhtml|html|opf|ncx|xml)$/.test(entry.name)) continue;
    const failure = strictlyParses(new TextDecoder().decode(zip.read(entry)));
    if (failure) problems[entry.name] = failure;
  }
  return problems;
}

async function translatedWith(bytes: Uint8Array, filename: string, text: string) {
  const book = await readBook(bytes, { filename });
  const all = new Map(book.chapters.flatMap((c) => c.blocks.map((b) => [b.id, text] as [string, string])));
  return applyTranslation(book, all, { targetLanguage: 'es', title: text, labels: new Map() });
}

describe('one XML escaper for everything we write', () => {
  it('drops what XML 1.0 forbids and escapes markup, in text and in attributes', () => {
    expect(escapeXmlText(HOSTILE)).toBe('Uno dos &lt; tres &amp; "cuatro"');
    expect(escapeXml(HOSTILE)).toBe('Uno dos &lt; tres &amp; &quot;cuatro&quot;');
  });

  it('gives a well-formed EPUB from an EPUB whose translation holds U+0001 and U+000B', async () => {
    const source = makeEpub({ chapters: { 'c1.xhtml': '<h1>One</h1><p>First <i>line</i>.</p>' } });
    const translated = await translatedWith(source, 'a.epub', HOSTILE);
    expect(xmlProblems(await writeBook(translated, 'epub'))).toEqual({});
    expect(xmlProblems(await writeBook(translated, 'epub', { layout: 'bilingual' }))).toEqual({});
  });

  it('gives a well-formed EPUB and FB2 from a TXT book with the same translation', async () => {
    const source = new TextEncoder().encode('Chapter 1\n\nFirst paragraph.\n\nSecond one.\n');
    const translated = await translatedWith(source, 'a.txt', HOSTILE);
    expect(xmlProblems(await writeBook(translated, 'epub'))).toEqual({});
    expect(strictlyParses(new TextDecoder().decode(await writeBook(translated, 'fb2')))).toBeNull();
  });
});
