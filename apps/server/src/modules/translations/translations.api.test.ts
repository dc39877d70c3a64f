import { execFile } from 'node:child_process';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { corpusDir, corpusMissingReason, fb2SchemaPath, reverseWords } from '@booktranslate/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectEpubValid } from '../../testing/epub-valid';
import { type PipelineHarness, startPipelineHarness } from '../../testing/pipeline-test-kit';

const run = promisify(execFile);
const missing = corpusMissingReason();
if (missing) console.warn(missing);

const corpus = (name: string) => readFile(path.join(corpusDir, name));

describe.skipIf(missing)('translations through the API, with workers and the fake model', () => {
  let h: PipelineHarness;
  beforeAll(async () => {
    h = await startPipelineHarness({ llm: { latencyMs: 0 } });
  }, 120_000);
  afterAll(() => h?.close());

  it('translates an EPUB, an FB2 and a TXT to completion and serves every format, valid', async () => {
    const books = [
      ['en-wasteland-eliot-epub3-ncx-footnotes.epub', 'epub'],
      ['en-aristotle-on-dreams-calibre.fb2', 'fb2'],
      ['mul-i-can-eat-glass-utf16le-bom.txt', 'txt'],
    ] as const;
    const dir = await mkdtemp(path.join(tmpdir(), 'bt-out-'));
    const checks: Promise<void>[] = [];
    await Promise.all(
      books.map(async ([name, format]) => {
        const user = await h.newUser({ READER: 1 });
        const upload = await user.upload(name, await corpus(name));
        expect(upload.statusCode).toBe(201);
        const { book, translation } = upload.json().data;
        expect(book.original_format).toBe(format);
        expect(book.title.length).toBeGreaterThan(0);
        expect(book.word_count).toBeGreaterThan(0);
        expect(translation).toMatchObject({ status: 'pending', credit_tier: 'READER', word_limit: null });

        const seen = await h.followStatuses(user, translation.id);
        expect(seen.at(-1)).toBe('completed');
        const done = (await user.client.get(`/translations/${translation.id}/`)).json();
        expect(done).toMatchObject({ progress: 100, engine: 'openai:fake', engine_is_demo: false });
        expect(done.words_done).toBe(done.words_total);

        const out = (ext: string) => path.join(dir, `${format}-source.${ext}`);
        for (const fileFormat of ['epub', 'fb2', 'txt'] as const) {
          const url = `/translations/${translation.id}/download-file/?file_format=${fileFormat}`;
          const response = await user.client.get(url);
          expect(response.statusCode).toBe(200);
          expect(response.headers['content-disposition']).toMatch(/^attachment; filename=".*\(es\)\.\w+"/);
          await writeFile(out(fileFormat), response.rawPayload);
        }
        const bilingual = await user.client.get(
          `/translations/${translation.id}/download-file/?file_format=epub&layout=bilingual`,
        );
        expect(bilingual.statusCode).toBe(200);
        expect(bilingual.rawPayload.subarray(0, 2).toString()).toBe('PK');
        await run('xmllint', ['--noout', '--schema', fb2SchemaPath, out('fb2')]);
        await expectReversed(h, name, await readFile(out('txt'), 'utf8'));
        // epubcheck is slow to start: the EPUB rewritten from an EPUB and the one built from an FB2.
        if (format !== 'txt') checks.push(expectEpubValid(out('epub')));
      }),
    );
    await Promise.all(checks);
  }, 240_000);
});

/** Reversing every word of the output gives back text of the source: the model's answer is in place. */
async function expectReversed(h: PipelineHarness, name: string, txt: string): Promise<void> {
  const source = await h.sourceTexts(name);
  const lines = txt.split('\n').filter((line) => /\p{L}{3}/u.test(line));
  const back = lines.map((line) => reverseWords(line).replace(/\s+/g, ' ').trim());
  const hits = back.filter((line) => source.has(line)).length;
  expect(hits / lines.length).toBeGreaterThan(0.5);
}
