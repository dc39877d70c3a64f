import { describe, expect, it } from 'vitest';
import { readBook } from './read-book';
import { makeEpub } from './testing/make-epub';
import { translateAll } from './testing/translate-all';
import { writeBook } from './write-book';

const decode = (bytes: Uint8Array) => new TextDecoder().decode(bytes);
const upper = (s: string) => s.toUpperCase();

const FB2 = `<?xml version="1.0" encoding="UTF-8"?>
<FictionBook xmlns="http://www.gribuser.ru/xml/fictionbook/2.0" xmlns:l="http://www.w3.org/1999/xlink">
<description><title-info><book-title>Poems</book-title><lang>en</lang></title-info></description>
<body><section><p>Intro.</p><poem><stanza><v>Line one</v><v>Line two</v></stanza>
<stanza><v>Line three</v><v>Line four</v></stanza></poem><p>After.</p></section></body></FictionBook>`;

const STANZAS = 'Intro.\n\nLine one\nLine two\n\nLine three\nLine four\n\nAfter.\n';

describe('TXT keeps stanzas, translated or not', () => {
  it('FB2 poem: lines of a stanza together, a blank line between stanzas', async () => {
    const book = await readBook(new TextEncoder().encode(FB2), { filename: 'p.fb2' });
    expect(decode(await writeBook(book, 'txt'))).toContain(STANZAS);
    const translated = translateAll(book, upper, 'de');
    expect(decode(await writeBook(translated, 'txt'))).toContain(STANZAS.toUpperCase());
  });

  it('TXT poem: the stanzas it was read with', async () => {
    const source = `${'A long opening paragraph that runs on and on, as prose does, until the line is full. '.repeat(3)}\n\nRoses are red,\nviolets are blue\n\nsugar is sweet\nand so are you\n`;
    const book = await readBook(new TextEncoder().encode(source), { filename: 'p.txt' });
    const out = decode(await writeBook(translateAll(book, upper, 'de'), 'txt'));
    expect(out).toContain('ROSES ARE RED,\nVIOLETS ARE BLUE\n\nSUGAR IS SWEET\nAND SO ARE YOU\n');
  });

  it('EPUB stanza written as one paragraph with <br/>: one line per verse', async () => {
    const bytes = makeEpub({
      chapters: {
        'p.xhtml': `<section epub:type="z3998:poem"><p><span>Line one</span><br/><span>Line two</span></p>
<p><span>Line three</span><br/><span>Line four</span></p></section>`,
      },
    });
    const book = await readBook(bytes, { filename: 'p.epub' });
    const expected = 'Line one\nLine two\n\nLine three\nLine four\n';
    expect(decode(await writeBook(book, 'txt'))).toContain(expected);
    expect(decode(await writeBook(translateAll(book, upper, 'de'), 'txt'))).toContain(expected.toUpperCase());
    // FB2 has an element per verse line: each line of the stanza gets its own <v>.
    expect(decode(await writeBook(book, 'fb2'))).toContain(
      '<poem><stanza><v>Line one</v><v>Line two</v></stanza><stanza><v>Line three</v><v>Line four</v></stanza></poem>',
    );
  });

  it('EPUB line groups (class "linegroup" or "stanza"): one stanza each, in TXT and as FB2 stanzas', async () => {
    const bytes = makeEpub({
      chapters: {
        'p.xhtml': `<p>Before.</p><div class="linegroup"><div>Line one</div><div>Line two</div></div>
<div class="linegroup"><div>Line three</div><div>Line four</div></div>`,
      },
    });
    const book = translateAll(await readBook(bytes, { filename: 'p.epub' }), upper, 'de');
    expect(decode(await writeBook(book, 'txt'))).toContain(
      'BEFORE.\n\nLINE ONE\nLINE TWO\n\nLINE THREE\nLINE FOUR\n',
    );
    expect(decode(await writeBook(book, 'fb2'))).toContain(
      '<poem><stanza><v>LINE ONE</v><v>LINE TWO</v></stanza><stanza><v>LINE THREE</v><v>LINE FOUR</v></stanza></poem>',
    );
  });
});
