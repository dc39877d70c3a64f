/**
 * bench/reader: the reader and editor on a long book (issue 13).
 * The largest corpus book (Dostoevsky's «Бесы», FB2, ~206k words) as a completed translation (every
 * block saved with the fake model's reversed words, seeded straight into a PGlite database), then
 * over the real app through inject(): one chapter's passages cold (first read: parse + cache) and
 * warm, an edit, the first download after it (the four outputs rewritten) and the next download.
 * Prints JSON figures. Run: npm run bench:reader
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { countWords } from '@booktranslate/ebook';
import { readBookSandboxed } from '@booktranslate/ebook/sandbox';
import { corpusDir, reverseWords } from '@booktranslate/testkit';
import { needsTranslation } from '@booktranslate/translator';
import { books } from '../apps/server/src/db/schema/books';
import { translationBlocks } from '../apps/server/src/db/schema/translation-blocks';
import { translations } from '../apps/server/src/db/schema/translations';
import { sourceHash } from '../apps/server/src/modules/translations';
import { startPipelineHarness } from '../apps/server/src/testing/pipeline-test-kit';
import { answerHelp } from './usage';

answerHelp(
  'Usage: npm run bench:reader\n\nThe reader on the largest corpus book (~206k words, FB2): passages of one chapter cold and\nwarm, an edit, the download after it (outputs rewritten) and the next one. Prints JSON.\nNo database or network needed (PGlite, in process).',
);

const NAME = 'ru-dostoevsky-besy-fb2-notes-cover.fb2';
const ms = (start: number) => Math.round((performance.now() - start) * 10) / 10;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1] as number;

const bytes = new Uint8Array(await readFile(path.join(corpusDir, NAME)));
const parsed = await readBookSandboxed(bytes, { filename: NAME });
const blocks = parsed.chapters.flatMap((c) => c.blocks);
const words = blocks.reduce((n, b) => n + countWords(b.text), 0);

const h = await startPipelineHarness({ llm: { latencyMs: 0 } });
try {
  const user = await h.newUser();
  const originalKey = `originals/${user.userId}/bench.fb2`;
  await h.storage.put(originalKey, bytes, { contentType: 'application/x-fictionbook+xml' });
  const db = h.handle.db;
  const [book] = await db
    .insert(books)
    .values({
      userId: user.userId,
      title: parsed.metadata.title,
      originalFormat: 'fb2',
      originalFilename: NAME,
      originalKey,
      fileSize: bytes.length,
      wordCount: words,
    })
    .returning();
  const [t] = await db
    .insert(translations)
    .values({
      bookId: book!.id,
      userId: user.userId,
      sourceLanguage: 'ru',
      targetLanguage: 'en',
      status: 'completed',
      wordsTotal: words,
      wordsDone: words,
      titles: { labels: [] },
    })
    .returning();
  const id = t!.id;
  const saved = blocks
    .filter((b) => needsTranslation(b.text))
    .map((b) => ({
      translationId: id,
      blockId: b.id,
      sourceHash: sourceHash(b.text),
      text: reverseWords(b.text),
      words: countWords(b.text),
    }));
  for (let i = 0; i < saved.length; i += 500)
    await db.insert(translationBlocks).values(saved.slice(i, i + 500));

  const page = (n: number) => user.client.get(`/translations/${id}/passages/?chapter=${n}`);
  let start = performance.now();
  const first = await page(0);
  const coldMs = ms(start);
  if (first.statusCode !== 200) throw new Error(`passages: ${first.statusCode} ${first.body}`);
  // The reader's page with the most passages: the slowest to read (long chapters come in parts).
  const pages: { index: number; passages: number }[] = first.json().chapters;
  const chapter = pages.reduce((best, p) => (p.passages > best.passages ? p : best)).index;
  const cold = await page(chapter);
  const warm: number[] = [];
  const other: number[] = [];
  for (let i = 0; i < 10; i++) {
    start = performance.now();
    await page(chapter);
    warm.push(ms(start));
    start = performance.now();
    await page((chapter + 1 + i) % pages.length);
    other.push(ms(start));
  }
  const passage = cold.json().passages.find((p: { target_text: string | null }) => p.target_text);
  start = performance.now();
  const edit = await user.client.request('PUT', `/translations/${id}/passages/${passage.block_id}/`, {
    body: { target: `${passage.target_text} (edited)` },
  });
  const editMs = ms(start);
  if (edit.statusCode !== 200) throw new Error(`edit: ${edit.statusCode} ${edit.body}`);
  const download = () => user.client.get(`/translations/${id}/download-file/?file_format=txt`);
  start = performance.now();
  const rewritten = await download();
  const rewriteMs = ms(start);
  if (!rewritten.body.includes('(edited)')) throw new Error('the download lacks the edit');
  start = performance.now();
  await download();
  const nextMs = ms(start);
  console.log(
    JSON.stringify(
      {
        book: NAME,
        words,
        chapters: parsed.chapters.length,
        reader_pages: pages.length,
        passages: blocks.length,
        chapter_read: { index: chapter, passages: cold.json().passages.length, bytes: cold.body.length },
        passages_cold_ms: coldMs,
        passages_warm_median_ms: median(warm),
        other_chapter_warm_median_ms: median(other),
        edit_ms: editMs,
        first_download_after_edit_ms: rewriteMs,
        next_download_ms: nextMs,
        rss_mb: Math.round(process.memoryUsage().rss / 1e6),
      },
      null,
      2,
    ),
  );
} finally {
  await h.close();
}
