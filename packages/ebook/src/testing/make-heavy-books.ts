import { makeEpub } from './make-epub';

const indent = (n: number) => `\n${' '.repeat(n)}`;

/** One formula as TeX-to-MathML converters write it: an indented table of subscripted terms. */
function formula(i: number, cells: number, alttext?: string): string {
  let cell = '';
  for (let k = 0; k < cells; k++)
    cell += `${indent(32)}<mtd columnalign="right" class="align-odd">${indent(36)}<mn>${k + 2}</mn>${indent(36)}<msub>${indent(40)}<mrow>${indent(44)}<mi>x</mi>${indent(40)}</mrow>${indent(40)}<mrow>${indent(44)}<mn>${(i % 9) + 1}</mn>${indent(40)}</mrow>${indent(36)}</msub>${indent(36)}<mo class="MathClass-bin">+</mo>${indent(32)}</mtd>`;
  const alt = alttext === undefined ? '' : ` alttext="${alttext}"`;
  return `${indent(20)}<math xmlns="http://www.w3.org/1998/Math/MathML"${alt}>${indent(24)}<mtable columnalign="left">${indent(28)}<mtr>${cell}${indent(28)}</mtr>${indent(24)}</mtable>${indent(20)}</math>`;
}

/**
 * Test helper: a linear algebra textbook in miniature, mostly MathML like the IDPF sample: `formulas`
 * formulas of `cells` table cells each, one per paragraph, 42 paragraphs a chapter, each formula
 * carrying `alttext` when given (the sample's "Alternative text not available").
 */
export function mathTextbook(spec: { formulas: number; cells?: number; alttext?: string }): Uint8Array {
  const chapters: Record<string, string> = {};
  const properties: Record<string, string> = {};
  for (let n = 0, c = 0; n < spec.formulas; c++) {
    let body = `<h1>Section ${c + 1}: Systems of Linear Equations</h1>`;
    for (let p = 0; p < 42 && n < spec.formulas; p++, n++)
      body += `<p class="p"> The solutions of the “linear” system ${formula(n, spec.cells ?? 6, spec.alttext)} form a plane. </p>`;
    chapters[`s${c + 1}.xhtml`] = body;
    properties[`s${c + 1}.xhtml`] = 'mathml';
  }
  return makeEpub({ title: 'A First Course in Linear Algebra', chapters, properties });
}

/**
 * Test helper: an illustrated book of `megabytes` of JPEG-like images that do not compress (random
 * bytes behind a JPEG signature), `images` of them, one after each paragraph of 20 chapters.
 */
export function illustratedBook(spec: { megabytes: number; images: number }): Uint8Array {
  const size = Math.floor((spec.megabytes * 1024 * 1024) / spec.images);
  const files: Record<string, Uint8Array> = {};
  let manifest = '';
  let seed = 1;
  for (let i = 0; i < spec.images; i++) {
    const data = new Uint8Array(size);
    for (let k = 0; k < size; k++) {
      seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
      data[k] = seed >>> 24;
    }
    data.set([0xff, 0xd8, 0xff, 0xe0]);
    files[`OEBPS/img/i${i + 1}.jpg`] = data;
    manifest += `<item id="i${i + 1}" href="img/i${i + 1}.jpg" media-type="image/jpeg"/>`;
  }
  const chapters: Record<string, string> = {};
  const perChapter = Math.ceil(spec.images / 20);
  for (let c = 0; c < 20; c++) {
    let body = `<h1>Parva ${c + 1}</h1>`;
    for (let i = c * perChapter; i < Math.min(spec.images, (c + 1) * perChapter); i++)
      body += `<p>The king spoke to his brothers of the war to come, and they listened.</p><p><img src="img/i${i + 1}.jpg" alt="The battle at Kurukshetra"/></p>`;
    chapters[`p${c + 1}.xhtml`] = body;
  }
  return makeEpub({ title: 'The Mahabharata, illustrated', chapters, files, manifest });
}

/** The first bytes of a PNG: enough for a reader that only lists images. */
export const PNG_SIGNATURE = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]);

/**
 * An EPUB whose spine holds a PNG plate with an XHTML fallback that describes it ("A map of the
 * river with its seven bridges."), after one page of text.
 */
export function spineImageWithFallback(): Uint8Array {
  return makeEpub({
    chapters: { 'a.xhtml': '<p>The story begins.</p>' },
    files: {
      'OEBPS/plate.png': PNG_SIGNATURE,
      'OEBPS/plate.xhtml':
        '<html xmlns="http://www.w3.org/1999/xhtml"><head><title>Plate</title></head><body><p>A map of the river with its seven bridges.</p></body></html>',
    },
    manifest:
      '<item id="plate" href="plate.png" media-type="image/png" fallback="plate-text"/><item id="plate-text" href="plate.xhtml" media-type="application/xhtml+xml"/>',
    spine: '<itemref idref="plate"/>',
  });
}
