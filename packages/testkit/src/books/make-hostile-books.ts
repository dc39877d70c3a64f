import { strToU8, type Zippable, zipSync } from 'fflate';

/** One crafted upload: a file name, its bytes and what it attacks. */
export interface HostileBook {
  kind: HostileKind;
  name: string;
  bytes: Uint8Array;
}

export type HostileKind =
  | 'spine-repeat'
  | 'deep-xhtml'
  | 'deep-fb2'
  | 'zip-bomb'
  | 'billion-laughs'
  | 'many-entries'
  | 'many-attributes'
  | 'many-blocks'
  | 'corrupt-zip'
  | 'heavy';

const XHTML_HEAD =
  '<?xml version="1.0" encoding="UTF-8"?>\n<html xmlns="http://www.w3.org/1999/xhtml"><head><title>T</title></head><body>';
const FB2_HEAD =
  '<?xml version="1.0" encoding="UTF-8"?>\n<FictionBook xmlns="http://www.gribuser.ru/xml/fictionbook/2.0"><description><title-info><book-title>T</book-title><lang>en</lang></title-info></description><body>';

/**
 * An EPUB 3 whose spine lists `refs` (manifest id, chapter file) pairs, built from chapter files.
 * Everything but the stored mimetype is deflated at the highest level, as an attacker would.
 */
function epub(files: Record<string, string | Uint8Array>, refs: [string, string][]): Uint8Array {
  const ids = [...new Map(refs).entries()];
  const manifest = ids
    .map(([id, file]) => `<item id="${id}" href="${file}" media-type="application/xhtml+xml"/>`)
    .join('');
  const spine = refs.map(([id]) => `<itemref idref="${id}"/>`).join('');
  const opf = `<?xml version="1.0" encoding="UTF-8"?><package xmlns="http://www.idpf.org/2007/opf" version="3.0" unique-identifier="u"><metadata xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:identifier id="u">x</dc:identifier><dc:title>T</dc:title><dc:language>en</dc:language></metadata><manifest>${manifest}</manifest><spine>${spine}</spine></package>`;
  const entries: Zippable = {
    mimetype: [strToU8('application/epub+zip'), { level: 0 }],
    'META-INF/container.xml': strToU8(
      '<?xml version="1.0"?><container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container"><rootfiles><rootfile full-path="content.opf" media-type="application/oebps-package+xml"/></rootfiles></container>',
    ),
    'content.opf': strToU8(opf),
  };
  for (const [name, data] of Object.entries(files)) {
    // Filler (.bin) is stored as is: it exists to make the file large.
    if (name.endsWith('.bin')) entries[name] = [data as Uint8Array, { level: 0 }];
    else entries[name] = typeof data === 'string' ? strToU8(data) : data;
  }
  return zipSync(entries, { level: 9 });
}

const xhtml = (body: string) => `${XHTML_HEAD}${body}</body></html>`;
const fb2 = (body: string, head = FB2_HEAD) => `${head}${body}</body></FictionBook>`;

/** The attack from issue 10: a ~5 KB EPUB whose spine lists one 1 MiB chapter 300 times. */
export function spineRepeatBomb(times = 300, chapterBytes = 1024 * 1024): HostileBook {
  const paragraph = '<p>All work and no play makes Jack a dull boy.</p>\n';
  const chapter = xhtml(paragraph.repeat(Math.floor((chapterBytes - 120) / paragraph.length)));
  const refs = Array.from({ length: times }, (): [string, string] => ['ch', 'ch.xhtml']);
  return { kind: 'spine-repeat', name: 'spine-repeat.epub', bytes: epub({ 'ch.xhtml': chapter }, refs) };
}

/**
 * Elements nested `depth` deep in one XHTML chapter (well-formed, so the strict parser meets it);
 * `padding` bytes of incompressible filler make the file as large as wanted.
 */
export function deepXhtml(depth = 10_000, padding = 0): HostileBook {
  const body = `${'<div>'.repeat(depth)}deep${'</div>'.repeat(depth)}`;
  const files: Record<string, string | Uint8Array> = { 'a.xhtml': xhtml(body) };
  if (padding > 0) files['filler.bin'] = new Uint8Array(padding).map((_, i) => (i * 2654435761) >>> 24);
  return { kind: 'deep-xhtml', name: 'deep.epub', bytes: epub(files, [['a', 'a.xhtml']]) };
}

/** `depth` nested FB2 sections (10,000 answered 500 from a stack overflow before the depth cap). */
export function deepFb2(depth = 10_000): HostileBook {
  const body = `${'<section><p>deeper</p>'.repeat(depth)}${'</section>'.repeat(depth)}`;
  return { kind: 'deep-fb2', name: 'deep.fb2', bytes: strToU8(fb2(body)) };
}

/** A chapter of `megabytes` MiB of spaces, compressed about 1000:1. */
export function zipBomb(megabytes = 64): HostileBook {
  const filler = new Uint8Array(megabytes * 1024 * 1024).fill(0x20);
  const chapter = strToU8(xhtml('<p>Hello.</p>'));
  return {
    kind: 'zip-bomb',
    name: 'bomb.epub',
    bytes: epub({ 'a.xhtml': chapter, 'filler.css': filler }, [['a', 'a.xhtml']]),
  };
}

/** Nested entity declarations in an FB2 DOCTYPE. */
export function billionLaughs(): HostileBook {
  const entities = Array.from(
    { length: 9 },
    (_, i) => `<!ENTITY lol${i + 1} "${`&lol${i};`.repeat(10)}">`,
  ).join('');
  const head = `<?xml version="1.0"?><!DOCTYPE FictionBook [<!ENTITY lol0 "lol">${entities}]>${FB2_HEAD.slice(FB2_HEAD.indexOf('<FictionBook'))}`;
  return { kind: 'billion-laughs', name: 'laughs.fb2', bytes: strToU8(fb2('<p>&lol9;</p>', head)) };
}

/** More archive entries than any book has. */
export function manyEntries(count = 12_000): HostileBook {
  const files: Record<string, string> = { 'a.xhtml': xhtml('<p>Hello.</p>') };
  for (let i = 0; i < count; i++) files[`f/${i}.css`] = '';
  return { kind: 'many-entries', name: 'entries.epub', bytes: epub(files, [['a', 'a.xhtml']]) };
}

/** One element with `count` attributes, in an EPUB chapter or (`fb2`) an FB2 paragraph. */
export function manyAttributes(count = 100_000, format: 'epub' | 'fb2' = 'epub'): HostileBook {
  const attrs = Array.from({ length: count }, (_, i) => ` a${i}="x"`).join('');
  if (format === 'fb2')
    return { kind: 'many-attributes', name: 'attrs.fb2', bytes: strToU8(fb2(`<p${attrs}>Hi.</p>`)) };
  return {
    kind: 'many-attributes',
    name: 'attrs.epub',
    bytes: epub({ 'a.xhtml': xhtml(`<p${attrs}>Hi.</p>`) }, [['a', 'a.xhtml']]),
  };
}

/** An FB2 of `count` one-word paragraphs. */
export function manyBlocks(count = 250_000): HostileBook {
  return { kind: 'many-blocks', name: 'blocks.fb2', bytes: strToU8(fb2('<p>a</p>'.repeat(count))) };
}

/** A valid EPUB cut short, then with its middle overwritten: no usable directory or entry. */
export function corruptZip(variant = 0): HostileBook {
  const whole = epub({ 'a.xhtml': xhtml('<p>Hello there.</p>') }, [['a', 'a.xhtml']]);
  const bytes =
    variant % 2 === 0
      ? whole.slice(0, Math.floor(whole.length * 0.7))
      : whole.map((b, i) => (i > 60 && i < whole.length - 30 ? (b * 31 + i) & 0xff : b));
  return { kind: 'corrupt-zip', name: 'corrupt.epub', bytes };
}

/**
 * An honest-looking EPUB whose one chapter holds `megabytes` MiB of varied paragraphs with inline
 * markup: reading it takes many times that in heap (3 MiB: about 37,000 blocks, about 100 MiB).
 * `padding` bytes of stored filler make the file larger.
 */
export function heavyEpub(megabytes = 3, padding = 0): HostileBook {
  const paragraphs: string[] = [];
  let size = 0;
  for (let i = 0; size < megabytes * 1024 * 1024; i++) {
    const p = `<p>Paragraph ${i} <em>tells</em> of ${(i * 7919) % 100_003} <b>quiet</b> evenings.</p>`;
    paragraphs.push(p);
    size += p.length;
  }
  const files: Record<string, string | Uint8Array> = { 'a.xhtml': xhtml(paragraphs.join('\n')) };
  if (padding > 0) files['filler.bin'] = new Uint8Array(padding).map((_, i) => (i * 2654435761) >>> 24);
  return { kind: 'heavy', name: 'heavy.epub', bytes: epub(files, [['a', 'a.xhtml']]) };
}
