import { writeZip, type ZipInput } from '../write-zip';

/** Test helper: a small EPUB 2 or 3 built in code from XHTML bodies and extra files. */
export interface TestEpub {
  version?: 2 | 3;
  language?: string;
  title?: string;
  /** Leave dc:language out of the package (a common fault of real books). */
  noDcLanguage?: boolean;
  /** Chapter file name (under OEBPS/) -> body markup. */
  chapters: Record<string, string>;
  /** Extra archive entries (path -> content). */
  files?: Record<string, string | Uint8Array>;
  /** Extra manifest items, as markup. */
  manifest?: string;
  /** Manifest properties of chapters (file name -> e.g. "svg mathml"). */
  properties?: Record<string, string>;
  /** Extra TOC entries (href relative to the OPF -> label), after the chapters'. */
  toc?: Record<string, string>;
  /** Extra spine itemrefs, after the chapters. */
  spine?: string;
  /** Attributes of <spine> besides toc (e.g. page-progression-direction). */
  spineAttrs?: string;
  /** Markup after the spine (an EPUB 2 guide). */
  opfTail?: string;
  /** Extra metadata markup. */
  metadata?: string;
  /** Replaces the body of the EPUB 3 navigation document (its TOC is generated otherwise). */
  navBody?: string;
  /** Replaces the generated XHTML head+doctype prologue for every chapter. */
  prologue?: string;
}

const enc = (s: string | Uint8Array) => (typeof s === 'string' ? new TextEncoder().encode(s) : s);

export function makeEpub(spec: TestEpub): Uint8Array {
  const version = spec.version ?? 3;
  const lang = spec.language ?? 'en';
  const names = Object.keys(spec.chapters);
  const chapterFile = (body: string) =>
    (spec.prologue ??
      (version === 3
        ? `<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE html>\n<html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops" lang="${lang}" xml:lang="${lang}">`
        : `<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.1//EN" "http://www.w3.org/TR/xhtml11/DTD/xhtml11.dtd">\n<html xmlns="http://www.w3.org/1999/xhtml" xml:lang="${lang}">`)) +
    `<head><title>T</title><link rel="stylesheet" type="text/css" href="style.css"/></head>\n<body>\n${body}\n</body>\n</html>\n`;
  const items = names
    .map((n, i) => {
      const properties = spec.properties?.[n] ? ` properties="${spec.properties[n]}"` : '';
      return `<item id="ch${i + 1}" href="${encodeURI(n)}" media-type="application/xhtml+xml"${properties}/>`;
    })
    .join('\n');
  const spine = names.map((_, i) => `<itemref idref="ch${i + 1}"/>`).join('');
  const tocEntries = [
    ...names.map((n, i) => [encodeURI(n), `Chapter ${i + 1}`] as const),
    ...Object.entries(spec.toc ?? {}),
  ];
  const navPoints = tocEntries
    .map(
      ([href, label], i) =>
        `<navPoint id="np${i + 1}" playOrder="${i + 1}"><navLabel><text>${label}</text></navLabel><content src="${href}"/></navPoint>`,
    )
    .join('');
  const navLis = tocEntries.map(([href, label]) => `<li><a href="${href}">${label}</a></li>`).join('');
  const opf = `<?xml version="1.0" encoding="UTF-8"?>
<package xmlns="http://www.idpf.org/2007/opf" version="${version}.0" unique-identifier="uid">
<metadata xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:opf="http://www.idpf.org/2007/opf">
<dc:identifier id="uid">urn:uuid:12345678-1234-4234-8234-123456789abc</dc:identifier>
<dc:title>${spec.title ?? 'Test Book'}</dc:title>
<dc:creator>Ann Author</dc:creator>
${spec.noDcLanguage ? '' : `<dc:language>${lang}</dc:language>`}
${version === 3 ? '<meta property="dcterms:modified">2024-01-01T00:00:00Z</meta>' : ''}
${spec.metadata ?? ''}
</metadata>
<manifest>
${version === 3 ? '<item id="nav" href="nav.xhtml" media-type="application/xhtml+xml" properties="nav"/>' : ''}
<item id="ncx" href="toc.ncx" media-type="application/x-dtbncx+xml"/>
<item id="css" href="style.css" media-type="text/css"/>
${items}
${spec.manifest ?? ''}
</manifest>
<spine toc="ncx"${spec.spineAttrs ? ` ${spec.spineAttrs}` : ''}>${spine}${spec.spine ?? ''}</spine>
${spec.opfTail ?? ''}
</package>`;
  const ncx = `<?xml version="1.0" encoding="UTF-8"?>
<ncx xmlns="http://www.daisy.org/z3986/2005/ncx/" version="2005-1"><head><meta name="dtb:uid" content="urn:uuid:12345678-1234-4234-8234-123456789abc"/><meta name="dtb:depth" content="1"/><meta name="dtb:totalPageCount" content="0"/><meta name="dtb:maxPageNumber" content="0"/></head><docTitle><text>${spec.title ?? 'Test Book'}</text></docTitle><navMap>${navPoints}</navMap></ncx>`;
  const nav = `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE html>
<html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops" lang="${lang}" xml:lang="${lang}"><head><title>Contents</title></head><body>${spec.navBody ?? `<nav epub:type="toc" id="toc"><h1>Contents</h1><ol>${navLis}</ol></nav>`}</body></html>`;
  const entries: ZipInput[] = [
    { name: 'mimetype', data: enc('application/epub+zip'), store: true },
    {
      name: 'META-INF/container.xml',
      data: enc(
        '<?xml version="1.0"?><container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container"><rootfiles><rootfile full-path="OEBPS/content.opf" media-type="application/oebps-package+xml"/></rootfiles></container>',
      ),
    },
    { name: 'OEBPS/content.opf', data: enc(opf) },
    { name: 'OEBPS/toc.ncx', data: enc(ncx) },
    { name: 'OEBPS/style.css', data: enc('p { margin: 0 }') },
    ...(version === 3 ? [{ name: 'OEBPS/nav.xhtml', data: enc(nav) }] : []),
    ...names.map((n) => ({ name: `OEBPS/${n}`, data: enc(chapterFile(spec.chapters[n] ?? '')) })),
    ...Object.entries(spec.files ?? {}).map(([name, data]) => ({ name, data: enc(data) })),
  ];
  return writeZip(entries);
}
