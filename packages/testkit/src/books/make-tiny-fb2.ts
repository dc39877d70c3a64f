import { paragraphMarkup, TINY_PNG, type TinyBookOptions, withDefaults, x } from './tiny-book-content';

function authorXml(name: string): string {
  const parts = name.trim().split(/\s+/);
  if (parts.length < 2) return `<author><nickname>${x(name)}</nickname></author>`;
  const last = parts.pop()!;
  return `<author><first-name>${x(parts.join(' '))}</first-name><last-name>${x(last)}</last-name></author>`;
}

/**
 * A small FictionBook 2.0 file (UTF-8) that validates against FictionBook.xsd: description with
 * title-info and document-info, one section per chapter, optional cover binary.
 * @example const bytes = makeTinyFb2({ language: 'ru', author: 'Лев Толстой' });
 */
export function makeTinyFb2(options: TinyBookOptions = {}): Uint8Array {
  const book = withDefaults(options);
  const cover = book.cover ? '<coverpage><image l:href="#cover.png"/></coverpage>\n' : '';
  const sections = book.chapters.map(
    (chapter) =>
      `<section>\n<title><p>${x(chapter.title)}</p></title>\n${chapter.paragraphs.map((p) => paragraphMarkup(p, 'emphasis')).join('\n')}\n</section>`,
  );
  const binary = book.cover
    ? `<binary id="cover.png" content-type="image/png">${TINY_PNG.toString('base64')}</binary>\n`
    : '';
  const xml = `<?xml version="1.0" encoding="UTF-8"?>
<FictionBook xmlns="http://www.gribuser.ru/xml/fictionbook/2.0" xmlns:l="http://www.w3.org/1999/xlink">
<description>
<title-info>
<genre>prose_classic</genre>
${authorXml(book.author)}
<book-title>${x(book.title)}</book-title>
${cover}<lang>${x(book.language)}</lang>
</title-info>
<document-info>
<author><nickname>testkit</nickname></author>
<program-used>booktranslate testkit</program-used>
<date value="2024-01-01">2024-01-01</date>
<id>${x(book.identifier)}</id>
<version>1.0</version>
</document-info>
</description>
<body>
<title><p>${x(book.title)}</p></title>
${sections.join('\n')}
</body>
${binary}</FictionBook>
`;
  return new Uint8Array(Buffer.from(xml, 'utf8'));
}
