import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, describe, expect, it } from 'vitest';
import { fb2SchemaPath } from '../corpus';
import { makeTinyEpub, type TinySeries } from './make-tiny-epub';
import { makeTinyFb2 } from './make-tiny-fb2';
import { makeTinyTxt } from './make-tiny-txt';
import type { TinyBookOptions } from './tiny-book-content';

const dir = mkdtempSync(path.join(tmpdir(), 'tiny-books-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const russian: TinyBookOptions = {
  title: 'Война & мир',
  author: 'Лев Николаевич Толстой',
  language: 'ru',
  cover: true,
  chapters: [
    {
      title: 'Глава 1',
      paragraphs: ['«Ну, князь», — сказала Анна <Павловна>.', ['Это ', { em: 'важно' }, '.']],
    },
  ],
};

const epubcheckJar = '/usr/share/java/epubcheck.jar';
// epubcheck costs ~8 s of CPU (JVM start), too much for every run of the unit suite; the structural
// tests below always run, and TESTKIT_EPUBCHECK=1 adds the full check (it passes as of this commit).
const noEpubcheck =
  process.env.TESTKIT_EPUBCHECK !== '1'
    ? 'set TESTKIT_EPUBCHECK=1 to run it'
    : existsSync(epubcheckJar) && spawnSync('java', ['-version']).status === 0
      ? null
      : 'epubcheck or java missing';
const noXmllint =
  spawnSync('xmllint', ['--version']).status === 0 && existsSync(fb2SchemaPath)
    ? null
    : 'xmllint or FB2 schema missing';
if (noEpubcheck) console.warn(`skipped epubcheck: ${noEpubcheck}`);
if (noXmllint) console.warn(`skipped FB2 schema validation: ${noXmllint}`);

describe('makeTinyEpub', () => {
  it('writes mimetype first, stored, without an extra field, and the chapters after it', () => {
    const bytes = makeTinyEpub();
    const view = Buffer.from(bytes);
    expect(view.readUInt32LE(0)).toBe(0x04034b50);
    expect(view.readUInt16LE(8)).toBe(0); // stored
    expect(view.readUInt16LE(28)).toBe(0); // no extra field
    expect(view.subarray(30, 38).toString()).toBe('mimetype');
    expect(view.subarray(38, 58).toString()).toBe('application/epub+zip');
    const files = unzipSync(bytes);
    expect(Object.keys(files)[0]).toBe('mimetype');
    expect(strFromU8(files['OEBPS/chapter-1.xhtml']!)).toContain(
      '<em>letter</em> arrived from <strong>Paris</strong>',
    );
    expect(strFromU8(files['OEBPS/content.opf']!)).toContain('<dc:title>A Tiny Book</dc:title>');
  });

  it('lists every file it ships in the manifest, and every manifest item and nav link exists', () => {
    const files = unzipSync(makeTinyEpub(russian));
    const opf = strFromU8(files['OEBPS/content.opf']!);
    const hrefs = [...opf.matchAll(/href="([^"]+)"/g)].map((m) => `OEBPS/${m[1]}`);
    const shipped = Object.keys(files).filter(
      (name) => name.startsWith('OEBPS/') && name !== 'OEBPS/content.opf',
    );
    expect(hrefs.sort()).toEqual(shipped.sort());
    const ids = [...opf.matchAll(/<item id="([^"]+)"/g)].map((m) => m[1]);
    for (const [, idref] of opf.matchAll(/idref="([^"]+)"/g)) expect(ids).toContain(idref);
    for (const [, href] of strFromU8(files['OEBPS/nav.xhtml']!).matchAll(/href="([^"]+)"/g)) {
      expect(files[`OEBPS/${href}`]).toBeDefined();
    }
    expect(strFromU8(files['OEBPS/chapter-1.xhtml']!)).toContain('&lt;Павловна&gt;');
  });

  it('declares a series as EPUB 3 or as calibre does, with its index', () => {
    const opf = (series: TinySeries | undefined) =>
      strFromU8(unzipSync(makeTinyEpub({ series }))['OEBPS/content.opf']!);
    const epub3 = opf({ name: 'The Mill & Stories', index: 2 });
    expect(epub3).toContain(
      '<meta property="belongs-to-collection" id="series">The Mill &amp; Stories</meta>',
    );
    expect(epub3).toContain('<meta refines="#series" property="collection-type">series</meta>');
    expect(epub3).toContain('<meta refines="#series" property="group-position">2</meta>');
    const calibre = opf({ name: 'The Mill Stories', index: 3, style: 'calibre' });
    expect(calibre).toContain('<meta name="calibre:series" content="The Mill Stories"/>');
    expect(calibre).toContain('<meta name="calibre:series_index" content="3"/>');
    expect(calibre).not.toContain('belongs-to-collection');
    expect(opf(undefined)).not.toMatch(/series/);
  });

  it.skipIf(noXmllint)('has well-formed XML in every entry', () => {
    const files = unzipSync(makeTinyEpub({ ...russian, series: { name: 'Война', index: 1 } }));
    for (const [name, data] of Object.entries(files)) {
      if (!/\.(xml|opf|ncx|xhtml)$/.test(name)) continue;
      const file = path.join(dir, name.replace(/\//g, '_'));
      writeFileSync(file, data);
      expect(() => execFileSync('xmllint', ['--noout', file], { stdio: 'pipe' }), name).not.toThrow();
    }
  });

  it.skipIf(noEpubcheck)(
    'passes epubcheck, non-Latin text and cover included',
    () => {
      for (const series of [
        undefined,
        { name: 'Война', index: 1 },
        { name: 'Война', style: 'calibre' as const },
      ]) {
        const file = path.join(dir, 'tiny.epub');
        writeFileSync(file, makeTinyEpub({ ...russian, series }));
        const run = spawnSync('java', ['-jar', epubcheckJar, file], { encoding: 'utf8' });
        expect(run.stdout + run.stderr).toMatch(/No errors or warnings detected/);
        expect(run.status).toBe(0);
      }
    },
    60_000,
  );
});

describe('makeTinyFb2', () => {
  it('maps inline runs and metadata', () => {
    const xml = Buffer.from(makeTinyFb2(russian)).toString('utf8');
    expect(xml).toContain('<book-title>Война &amp; мир</book-title>');
    expect(xml).toContain('<first-name>Лев Николаевич</first-name><last-name>Толстой</last-name>');
    expect(xml).toContain('<p>Это <emphasis>важно</emphasis>.</p>');
    expect(xml).toContain('&lt;Павловна&gt;');
    expect(xml).toContain('<binary id="cover.png" content-type="image/png">');
  });

  it.skipIf(noXmllint)('validates against FictionBook.xsd', () => {
    for (const [name, options] of [
      ['default', {}],
      ['russian', russian],
    ] as const) {
      const file = path.join(dir, `${name}.fb2`);
      writeFileSync(file, makeTinyFb2(options));
      expect(() =>
        execFileSync('xmllint', ['--noout', '--schema', fb2SchemaPath, file], { stdio: 'pipe' }),
      ).not.toThrow();
    }
  });
});

describe('makeTinyTxt', () => {
  it('lays out title, author, headings and paragraphs with blank lines', () => {
    const text = new TextDecoder().decode(makeTinyTxt());
    const blocks = text.trimEnd().split('\n\n');
    expect(blocks.slice(0, 4)).toEqual([
      'A Tiny Book',
      'by Test Author',
      'Chapter 1. The Letter',
      'Anna Petrovna lived in Moscow with her brother Ivan.',
    ]);
    expect(blocks).toContain('One morning a letter arrived from Paris.');
  });

  it('can write a UTF-16LE BOM file with CRLF line ends, or UTF-8 with a BOM', () => {
    const utf16 = Buffer.from(makeTinyTxt({ encoding: 'utf-16le', newline: '\r\n' }));
    expect([...utf16.subarray(0, 2)]).toEqual([0xff, 0xfe]);
    expect(utf16.subarray(2).toString('utf16le').startsWith('A Tiny Book\r\n\r\nby Test Author')).toBe(true);
    expect([...makeTinyTxt({ encoding: 'utf-8-bom' }).subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  });
});
