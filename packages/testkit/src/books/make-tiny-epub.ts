import { strToU8, type Zippable, zipSync } from 'fflate';
import { paragraphMarkup, TINY_PNG, type TinyBookOptions, withDefaults, x } from './tiny-book-content';

function xhtml(lang: string, title: string, body: string, epubNs = false): string {
  const ns = epubNs ? ' xmlns:epub="http://www.idpf.org/2007/ops"' : '';
  return `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE html>
<html xmlns="http://www.w3.org/1999/xhtml"${ns} xml:lang="${lang}" lang="${lang}">
<head><title>${x(title)}</title></head>
<body>
${body}
</body>
</html>
`;
}

/**
 * The series a tiny EPUB declares: as EPUB 3 does (`belongs-to-collection` of type series, its
 * `group-position` the index) or as calibre writes it (`calibre:series`, `calibre:series_index`).
 */
export interface TinySeries {
  name: string;
  index?: number;
  style?: 'epub3' | 'calibre';
}

function seriesMeta(series: TinySeries | undefined): string {
  if (!series) return '';
  const { name, index, style = 'epub3' } = series;
  if (style === 'calibre')
    return `<meta name="calibre:series" content="${x(name)}"/>\n${
      index === undefined ? '' : `<meta name="calibre:series_index" content="${index}"/>\n`
    }`;
  return `<meta property="belongs-to-collection" id="series">${x(name)}</meta>
<meta refines="#series" property="collection-type">series</meta>
${index === undefined ? '' : `<meta refines="#series" property="group-position">${index}</meta>\n`}`;
}

/**
 * A small valid EPUB 3 (with an NCX for EPUB 2 readers): mimetype first and stored, container, OPF,
 * nav, one XHTML file per chapter, optional cover, optional series. Passes epubcheck.
 * @example const bytes = makeTinyEpub({ title: 'Dune', chapters: [{ title: 'One', paragraphs: ['Hi.'] }] });
 * @example makeTinyEpub({ title: 'Dune Messiah', series: { name: 'Dune', index: 2 } });
 */
export function makeTinyEpub(
  options: TinyBookOptions & { series?: TinySeries } = {},
  /** A cover of these bytes, declared with this media type (which may lie), instead of the PNG. */
  coverFile?: { bytes: Uint8Array; mediaType: string },
): Uint8Array {
  const book = withDefaults(coverFile ? { ...options, cover: true } : options);
  const { language: lang } = book;
  const chapters = book.chapters.map((chapter, i) => ({
    ...chapter,
    file: `chapter-${i + 1}.xhtml`,
    id: `ch${i + 1}`,
  }));
  const manifest = chapters.map(
    (c) => `<item id="${c.id}" href="${c.file}" media-type="application/xhtml+xml"/>`,
  );
  if (book.cover)
    manifest.push(
      `<item id="cover" href="cover.png" media-type="${x(coverFile?.mediaType ?? 'image/png')}" properties="cover-image"/>`,
    );
  const opf = `<?xml version="1.0" encoding="UTF-8"?>
<package xmlns="http://www.idpf.org/2007/opf" version="3.0" unique-identifier="bookid" xml:lang="${lang}">
<metadata xmlns:dc="http://purl.org/dc/elements/1.1/">
<dc:identifier id="bookid">${x(book.identifier)}</dc:identifier>
<dc:title>${x(book.title)}</dc:title>
<dc:creator>${x(book.author)}</dc:creator>
<dc:language>${lang}</dc:language>
<meta property="dcterms:modified">2024-01-01T00:00:00Z</meta>
${seriesMeta(options.series)}</metadata>
<manifest>
<item id="nav" href="nav.xhtml" media-type="application/xhtml+xml" properties="nav"/>
<item id="ncx" href="toc.ncx" media-type="application/x-dtbncx+xml"/>
${manifest.join('\n')}
</manifest>
<spine toc="ncx">
${chapters.map((c) => `<itemref idref="${c.id}"/>`).join('\n')}
</spine>
</package>
`;
  const navList = chapters.map((c) => `<li><a href="${c.file}">${x(c.title)}</a></li>`).join('\n');
  const nav = xhtml(
    lang,
    book.title,
    `<nav epub:type="toc" id="toc"><h1>Contents</h1>\n<ol>\n${navList}\n</ol></nav>`,
    true,
  );
  const points = chapters.map(
    (c, i) =>
      `<navPoint id="np${i + 1}" playOrder="${i + 1}"><navLabel><text>${x(c.title)}</text></navLabel><content src="${c.file}"/></navPoint>`,
  );
  const ncx = `<?xml version="1.0" encoding="UTF-8"?>
<ncx xmlns="http://www.daisy.org/z3986/2005/ncx/" version="2005-1" xml:lang="${lang}">
<head><meta name="dtb:uid" content="${x(book.identifier)}"/></head>
<docTitle><text>${x(book.title)}</text></docTitle>
<navMap>
${points.join('\n')}
</navMap>
</ncx>
`;
  // Object order is zip order: the OCF spec wants mimetype first, stored (level 0), no extra field.
  const files: Zippable = {
    mimetype: [strToU8('application/epub+zip'), { level: 0 }],
    'META-INF/container.xml': strToU8(`<?xml version="1.0" encoding="UTF-8"?>
<container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container">
<rootfiles><rootfile full-path="OEBPS/content.opf" media-type="application/oebps-package+xml"/></rootfiles>
</container>
`),
    'OEBPS/content.opf': strToU8(opf),
    'OEBPS/nav.xhtml': strToU8(nav),
    'OEBPS/toc.ncx': strToU8(ncx),
  };
  for (const c of chapters) {
    const body = `<section><h1>${x(c.title)}</h1>\n${c.paragraphs.map((p) => paragraphMarkup(p, 'em')).join('\n')}\n</section>`;
    files[`OEBPS/${c.file}`] = strToU8(xhtml(lang, c.title, body));
  }
  if (book.cover) files['OEBPS/cover.png'] = [coverFile?.bytes ?? new Uint8Array(TINY_PNG), { level: 0 }];
  return zipSync(files, { level: 6, mtime: new Date('2024-01-01T00:00:00Z') });
}
