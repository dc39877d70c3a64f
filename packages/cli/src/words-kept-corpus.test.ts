import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  compareBags,
  corpusFiles,
  corpusMissingReason,
  epubSourceText,
  fb2SourceText,
  wordBag,
} from '@booktranslate/testkit';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from './run-cli';

const reason = corpusMissingReason();
if (reason) console.warn(reason);
const books = corpusFiles().filter((f) => /\.(epub|fb2)$/.test(f) && !path.basename(f).startsWith('bad-'));
const out = mkdtempSync(path.join(tmpdir(), 'words-kept-'));
afterAll(() => rmSync(out, { recursive: true, force: true }));

// Words the TXT may lack, by book, each with the reason: none today.
const NAMED_LOSSES: Record<string, string[]> = {};

describe.skipIf(reason)('convert --to txt keeps every word of the source', () => {
  it.each(books.map((f) => [path.basename(f), f]))('%s', async (name, file) => {
    const bytes = new Uint8Array(readFileSync(file));
    const source = wordBag(name.endsWith('.epub') ? epubSourceText(bytes) : fb2SourceText(bytes));
    const txt = path.join(out, `${name}.txt`);
    const code = await runCli(['convert', file, '-o', txt], { stdout: () => {}, stderr: () => {} });
    expect(code).toBe(0);
    const { total, kept, missing } = compareBags(source, wordBag(readFileSync(txt, 'utf8')));
    const unexplained = missing.filter(([word]) => !(NAMED_LOSSES[name] ?? []).includes(word));
    expect(unexplained.slice(0, 20), `${kept} of ${total} words kept`).toEqual([]);
    expect(total).toBeGreaterThan(0);
  });
});
