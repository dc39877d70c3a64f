import { makeEpub } from './make-epub';

const DTBOOK = `<?xml version="1.0" encoding="UTF-8"?>
<dtbook xmlns="http://www.daisy.org/z3986/2005/dtbook/" version="2005-2" xml:lang="en">
<head><meta name="dtb:uid" content="urn:uuid:12345678-1234-4234-8234-123456789abc"/><meta name="dc:Title" content="Test Book"/></head>
<book>
<frontmatter><doctitle>Test Book</doctitle></frontmatter>
<bodymatter>
<level1 id="l1"><h1>The First Chapter</h1>
<p>It was a <em>dark</em> night<pagenum page="normal" id="page2">2</pagenum> and the wind blew.</p>
<list type="ul"><li>One thing</li><li>Another thing</li></list>
<poem><linegroup><line>Roses are red</line><line>violets are blue</line></linegroup></poem>
</level1>
</bodymatter>
</book>
</dtbook>`;

/** Test helper: an EPUB 2 whose only content document is DTBook. */
export const dtbookEpub = () =>
  makeEpub({
    version: 2,
    chapters: {},
    files: { 'OEBPS/book.xml': DTBOOK },
    manifest: '<item id="dtb" href="book.xml" media-type="application/x-dtbook+xml"/>',
    spine: '<itemref idref="dtb"/>',
    toc: { 'book.xml': 'The First Chapter' },
  });
