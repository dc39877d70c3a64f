import { strToU8, type Zippable, zipSync } from 'fflate';
import { TINY_PNG } from './tiny-book-content';

const W = 'http://schemas.openxmlformats.org/wordprocessingml/2006/main';
const R = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const NS = `xmlns:w="${W}" xmlns:r="${R}" xmlns:wp="http://schemas.openxmlformats.org/drawingml/2006/wordprocessingDrawing" xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main" xmlns:pic="http://schemas.openxmlformats.org/drawingml/2006/picture"`;

/** Parts of a tiny DOCX a test may replace; the rest is the default book. */
export interface TinyDocxParts {
  /** The content of `<w:body>` (without the final `w:sectPr`, which is always added). */
  body?: string;
  /** More `w:style` elements for styles.xml, after the default ones. */
  styles?: string;
  /** The `w:footnote` / `w:endnote` elements (Word's separators are always added). */
  footnotes?: string;
  endnotes?: string;
  /** `dc:language` of the core properties; null leaves it out. */
  language?: string | null;
  /** Other archive entries, as text. */
  extra?: Record<string, string>;
}

const STYLES = `<w:style w:type="paragraph" w:default="1" w:styleId="Normal"><w:name w:val="Normal"/></w:style>
<w:style w:type="paragraph" w:styleId="Title"><w:name w:val="Title"/><w:basedOn w:val="Normal"/></w:style>
<w:style w:type="paragraph" w:styleId="Heading1"><w:name w:val="heading 1"/><w:basedOn w:val="Normal"/><w:pPr><w:outlineLvl w:val="0"/></w:pPr></w:style>
<w:style w:type="paragraph" w:styleId="Heading2"><w:name w:val="heading 2"/><w:basedOn w:val="Normal"/><w:pPr><w:outlineLvl w:val="1"/></w:pPr></w:style>
<w:style w:type="paragraph" w:styleId="ListParagraph"><w:name w:val="List Paragraph"/><w:basedOn w:val="Normal"/></w:style>
<w:style w:type="character" w:styleId="FootnoteReference"><w:name w:val="footnote reference"/><w:rPr><w:vertAlign w:val="superscript"/></w:rPr></w:style>
<w:style w:type="character" w:styleId="Hyperlink"><w:name w:val="Hyperlink"/><w:rPr><w:color w:val="0563C1"/><w:u w:val="single"/></w:rPr></w:style>`;

const p = (style: string, runs: string) => `<w:p><w:pPr><w:pStyle w:val="${style}"/></w:pPr>${runs}</w:p>`;
const t = (text: string, rPr = '') =>
  `<w:r>${rPr && `<w:rPr>${rPr}</w:rPr>`}<w:t xml:space="preserve">${text}</w:t></w:r>`;
const cell = (text: string) => `<w:tc><w:p>${t(text)}</w:p></w:tc>`;
const item = (text: string) =>
  `<w:p><w:pPr><w:pStyle w:val="ListParagraph"/><w:numPr><w:ilvl w:val="0"/><w:numId w:val="1"/></w:numPr></w:pPr>${t(text)}</w:p>`;

const BODY = [
  p('Title', t('A Tiny Book')),
  p('Heading1', t('Chapter 1. The Letter')),
  p('Normal', t('Anna Petrovna lived in Moscow with her brother Ivan.')),
  p(
    'Normal',
    `${t('One morning a ')}${t('letter', '<w:i/>')}${t(' arrived from ')}${t('Paris', '<w:b/>')}${t('.')}`,
  ),
  p('Heading2', t('The Reply')),
  p(
    'Normal',
    `${t('She wrote back at once')}<w:r><w:rPr><w:rStyle w:val="FootnoteReference"/></w:rPr><w:footnoteReference w:id="1"/></w:r>${t(', as the ')}<w:hyperlink r:id="rIdLink"><w:r><w:rPr><w:rStyle w:val="Hyperlink"/></w:rPr><w:t>post office</w:t></w:r></w:hyperlink>${t(' advised.')}`,
  ),
  item('Paper and ink'),
  item('A stamp'),
  `<w:tbl><w:tblPr><w:tblW w:w="0" w:type="auto"/></w:tblPr><w:tblGrid><w:gridCol/><w:gridCol/></w:tblGrid><w:tr>${cell('Moscow')}${cell('Paris')}</w:tr><w:tr>${cell('Three days')}${cell('By train')}</w:tr></w:tbl>`,
  p('Heading1', t('Chapter 2. The Journey')),
  p('Normal', t('Three days later Anna left Moscow for Paris by train.')),
  p(
    'Normal',
    `<w:r><w:drawing><wp:inline><wp:extent cx="9525" cy="9525"/><wp:docPr id="1" name="Picture 1" descr="A dot"/><a:graphic><a:graphicData uri="http://schemas.openxmlformats.org/drawingml/2006/picture"><pic:pic><pic:nvPicPr><pic:cNvPr id="1" name="dot.png"/><pic:cNvPicPr/></pic:nvPicPr><pic:blipFill><a:blip r:embed="rIdImage"/></pic:blipFill><pic:spPr/></pic:pic></a:graphicData></a:graphic></wp:inline></w:drawing></w:r>`,
  ),
].join('\n');

const FOOTNOTE = `<w:footnote w:id="1"><w:p><w:pPr><w:pStyle w:val="FootnoteText"/></w:pPr><w:r><w:rPr><w:rStyle w:val="FootnoteReference"/></w:rPr><w:footnoteRef/></w:r>${t(' The letter went by the night train.')}</w:p></w:footnote>`;

const notesPart = (kind: 'footnote' | 'endnote', notes: string) =>
  `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<w:${kind}s ${NS}><w:${kind} w:type="separator" w:id="-1"><w:p><w:r><w:separator/></w:r></w:p></w:${kind}><w:${kind} w:type="continuationSeparator" w:id="0"><w:p><w:r><w:continuationSeparator/></w:r></w:p></w:${kind}>${notes}</w:${kind}s>`;

/**
 * A small valid DOCX made in code: core properties, styles (Title, headings by name and outline
 * level), numbering, a header, and a body with a title, Heading 1/2 chapters, bold and italic runs,
 * a footnote, a hyperlink, a numbered list, a table and an image. `parts` replaces pieces of it.
 * @example const bytes = makeTinyDocx({ body: '<w:p><w:r><w:t>Hello</w:t></w:r></w:p>' });
 */
export function makeTinyDocx(parts: TinyDocxParts = {}): Uint8Array {
  const language = parts.language === undefined ? 'en' : parts.language;
  const rels = [
    ['rIdStyles', 'styles', 'styles.xml'],
    ['rIdNumbering', 'numbering', 'numbering.xml'],
    ['rIdFootnotes', 'footnotes', 'footnotes.xml'],
    ['rIdEndnotes', 'endnotes', 'endnotes.xml'],
    ['rIdHeader', 'header', 'header1.xml'],
    ['rIdImage', 'image', 'media/dot.png'],
  ].map(([id, type, target]) => `<Relationship Id="${id}" Type="${REL}/${type}" Target="${target}"/>`);
  rels.push(
    `<Relationship Id="rIdLink" Type="${REL}/hyperlink" Target="https://example.com/post?a=1&amp;b=2" TargetMode="External"/>`,
  );
  const override = (part: string, type: string) =>
    `<Override PartName="/${part}" ContentType="application/vnd.openxmlformats-officedocument.${type}+xml"/>`;
  const files: Zippable = {
    '[Content_Types].xml': strToU8(`<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Default Extension="png" ContentType="image/png"/>${override('word/document.xml', 'wordprocessingml.document.main')}${override('word/styles.xml', 'wordprocessingml.styles')}${override('word/numbering.xml', 'wordprocessingml.numbering')}${override('word/footnotes.xml', 'wordprocessingml.footnotes')}${override('word/endnotes.xml', 'wordprocessingml.endnotes')}${override('word/header1.xml', 'wordprocessingml.header')}<Override PartName="/docProps/core.xml" ContentType="application/vnd.openxmlformats-package.core-properties+xml"/></Types>`),
    '_rels/.rels': strToU8(`<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${REL}/officeDocument" Target="word/document.xml"/><Relationship Id="rId2" Type="http://schemas.openxmlformats.org/package/2006/relationships/metadata/core-properties" Target="docProps/core.xml"/></Relationships>`),
    'docProps/core.xml': strToU8(`<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<cp:coreProperties xmlns:cp="http://schemas.openxmlformats.org/package/2006/metadata/core-properties" xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:title>A Tiny Book</dc:title><dc:creator>Test Author</dc:creator>${language === null ? '' : `<dc:language>${language}</dc:language>`}</cp:coreProperties>`),
    'word/_rels/document.xml.rels': strToU8(`<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${rels.join('')}</Relationships>`),
    'word/document.xml': strToU8(`<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<w:document ${NS}><w:body>${parts.body ?? BODY}<w:sectPr><w:headerReference w:type="default" r:id="rIdHeader"/><w:pgSz w:w="11906" w:h="16838"/></w:sectPr></w:body></w:document>`),
    'word/styles.xml': strToU8(`<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<w:styles xmlns:w="${W}"><w:docDefaults><w:rPrDefault><w:rPr><w:lang w:val="en-US"/></w:rPr></w:rPrDefault></w:docDefaults>${STYLES}${parts.styles ?? ''}</w:styles>`),
    'word/numbering.xml': strToU8(`<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<w:numbering xmlns:w="${W}"><w:abstractNum w:abstractNumId="0"><w:lvl w:ilvl="0"><w:start w:val="1"/><w:numFmt w:val="decimal"/><w:lvlText w:val="%1."/></w:lvl></w:abstractNum><w:num w:numId="1"><w:abstractNumId w:val="0"/></w:num></w:numbering>`),
    'word/footnotes.xml': strToU8(notesPart('footnote', parts.footnotes ?? FOOTNOTE)),
    'word/endnotes.xml': strToU8(notesPart('endnote', parts.endnotes ?? '')),
    'word/header1.xml': strToU8(`<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<w:hdr xmlns:w="${W}"><w:p><w:r><w:t>A Tiny Book</w:t></w:r></w:p></w:hdr>`),
    'word/media/dot.png': [TINY_PNG, { level: 0 }],
  };
  for (const [name, text] of Object.entries(parts.extra ?? {})) files[name] = strToU8(text);
  return zipSync(files, { level: 6, mtime: new Date('2024-01-01T00:00:00Z') });
}
