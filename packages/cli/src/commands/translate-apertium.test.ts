import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openZip } from '@booktranslate/ebook';
import { makeTinyEpub } from '@booktranslate/testkit';
import { apertiumPairs } from '@booktranslate/translator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../run-cli';

const pairs = await apertiumPairs();
const missing = pairs.some(([a, b]) => a === 'eng' && b === 'spa')
  ? null
  : 'skipped: apertium with the eng-spa pair is not installed';
if (missing) console.warn(missing);

describe.skipIf(missing)('booktranslate translate --engine apertium (en -> es), EPUB', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'translate-apertium-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('translates the title, the nav and NCX labels, and marks them as Spanish', {
    timeout: 30_000,
  }, async () => {
    const input = path.join(dir, 'tiny.epub');
    const output = path.join(dir, 'tiny.es.epub');
    await writeFile(input, makeTinyEpub({ title: 'The Old House' }));
    const err: string[] = [];
    const code = await runCli(['translate', input, '-o', output, '--to', 'es', '--engine', 'apertium'], {
      stdout: () => undefined,
      stderr: (t) => err.push(t),
    });
    expect(code, err.join('')).toBe(0);
    const zip = openZip(new Uint8Array(await readFile(output)));
    const file = (name: string) => {
      const entry = zip.entries.find((e) => e.name === name);
      return new TextDecoder().decode(entry && zip.read(entry));
    };
    const title = /<dc:title>([^<]*)<\/dc:title>/.exec(file('OEBPS/content.opf'))?.[1];
    expect(title).toBeDefined();
    expect(title).not.toBe('The Old House');
    expect(title).toMatch(/Casa/i);
    const nav = file('OEBPS/nav.xhtml');
    const labels = [...nav.matchAll(/<a href="[^"]*">([^<]*)<\/a>/g)].map((m) => m[1]);
    expect(labels).toHaveLength(2);
    for (const label of labels) expect(label).toMatch(/^Capítulo \d/);
    expect(nav).toMatch(/<html [^>]*xml:lang="es"/);
    const ncx = file('OEBPS/toc.ncx');
    expect(ncx).toMatch(/<ncx [^>]*xml:lang="es"/);
    expect(ncx).not.toContain('<text>Chapter 1. The Letter</text>');
    expect(ncx).toContain(`<docTitle><text>${title}</text></docTitle>`);
  });
});
