/**
 * bench/soak: 200 crafted hostile uploads (spine-repeat bombs, deep XHTML and FB2 nesting, zip
 * bombs, entity bombs, 12,000-entry archives, 100,000 attributes, 250,000 paragraphs, corrupt zips,
 * a book that needs more heap than the budget)
 * from five users, eight at a time, while one normal book is translated (fake OpenAI-compatible
 * model) by the same server process. At the same time: a 100 MB TXT on one line and a retry of it,
 * 1,000 progress streams of the normal translation from its owner, and 8 parallel quotes of a 2.5 MB EPUB while an honest
 * 100 KB book is uploaded. Prints JSON and exits 1 unless: every hostile upload was answered 4xx,
 * the server process never ended, /health answered every poll with 200 under 1 s, the normal
 * translation completed, the peak RSS of the server process stayed under RSS_BOUND_MB and that of
 * the process with its book sandboxes under TREE_RSS_BOUND_MB (docs/operations.md), and no refused
 * upload or aborted write left a file in the data directory.
 * Run: npm run bench:soak   (BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/test)
 */

import { mkdtempSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  corpusDir,
  corruptZip,
  type HostileBook,
  heavyEpub,
  refusedBooks,
  spineRepeatBomb,
  startFakeLlm,
} from '@booktranslate/testkit';
import { ApiSession, type Json, json } from './service/api-session';
import { grantCredits, withBenchDatabase } from './service/bench-database';
import { fakeModelEnv } from './service/fake-provider';
import { rssOf, startServer } from './service/server-process';
import { watchServer } from './service/server-watch';
import { manyStreams, oneLineTxt, parallelQuotes, timedUpload, uploadAndRetry } from './service/soak-attacks';

const UPLOADS = Number(process.env.BENCH_UPLOADS ?? 200);
const USERS = 5;
const PARALLEL = 8;
const RSS_BOUND_MB = 1024;
// docs/operations.md, "Reading books": beside the process, BOOK_READ_CONCURRENCY children of at most
// 650 MB and BOOK_QUOTE_CONCURRENCY quote children of at most 250 MB (1.55 GB with the defaults).
const TREE_RSS_BOUND_MB = RSS_BOUND_MB + 2 * 650 + 250;
const STREAMS = Number(process.env.BENCH_STREAMS ?? 1000);
const STREAMS_PER_USER = 20; // PROGRESS_STREAMS_PER_USER's default
const QUOTES = 8;
const NORMAL_BOOK = 'en-alice-wonderland-epub3-images.epub';
const QUOTED_BOOK = 'fr-guide-vins-hachette-epub3-tables-images.epub';
const HONEST_BOOK = 'en-wasteland-eliot-epub3-ncx-footnotes.epub';
const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

const hostile: HostileBook[] = [
  spineRepeatBomb(),
  ...refusedBooks().map(([, book]) => book),
  corruptZip(1),
  // Honest-looking markup that needs more heap than the budget: the sandbox stops it.
  heavyEpub(10),
];

await withBenchDatabase(adminUrl, async (databaseUrl) => {
  const llm = await startFakeLlm({ latencyMs: 300 });
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bt-soak-'));
  const server = await startServer({
    DATA_DIR: dataDir,
    ...fakeModelEnv(databaseUrl, llm.baseURL, 8),
  });
  const baselineRssMb = Math.round((await rssOf(server.pid)) / 2 ** 20);
  const watch = watchServer(server.url, server.pid, {
    onExit: (listener) => server.child.once('exit', listener),
  });
  const started = performance.now();
  try {
    const signUp = async (name: string) => {
      const session = await ApiSession.register(server.url, `${name}-${Date.now()}@example.com`);
      const profile = await json(await session.request('GET', '/users/profile/'));
      await grantCredits(databaseUrl, profile.id, 'READER', 1);
      return session;
    };
    const reader = await signUp('soak-reader');
    const attackers = await Promise.all(Array.from({ length: USERS }, (_, i) => signUp(`soak-${i}`)));
    // One account with a Free credit for the one-line book and its streams, one that only quotes.
    const giantOwner = await signUp('soak-giant');
    const giantOwnerId = (await json(await giantOwner.request('GET', '/users/profile/'))).id;
    await grantCredits(databaseUrl, giantOwnerId, 'FREE', 1);
    await grantCredits(
      databaseUrl,
      (await json(await reader.request('GET', '/users/profile/'))).id,
      'READER',
      1,
    );
    const quoter = await signUp('soak-quoter');

    const normal = new FormData();
    normal.append('target_language', 'es');
    normal.append('file', new Blob([await readFile(path.join(corpusDir, NORMAL_BOOK))]), NORMAL_BOOK);
    const accepted = await reader.request('POST', '/books/', { body: normal });
    if (accepted.status !== 201)
      throw new Error(`normal upload: ${accepted.status} ${await accepted.text()}`);
    const translationId = (await json(accepted)).data.translation.id;

    const byStatus: Record<string, number> = {};
    const byKindAndReason: Record<string, number> = {};
    let slowestMs = 0;
    let next = 0;
    const attack = async () => {
      for (let i = next++; i < UPLOADS; i = next++) {
        const book = hostile[i % hostile.length] as HostileBook;
        const form = new FormData();
        form.append('target_language', 'es');
        form.append('file', new Blob([book.bytes]), book.name);
        const at = performance.now();
        const response = await (attackers[i % USERS] as ApiSession).request('POST', '/books/', {
          body: form,
        });
        slowestMs = Math.max(slowestMs, performance.now() - at);
        const body: Json = await response.json().catch(() => ({}));
        byStatus[response.status] = (byStatus[response.status] ?? 0) + 1;
        const key = `${book.kind} ${response.status} ${body?.error?.details?.reason ?? body?.error?.code ?? ''}`;
        byKindAndReason[key] = (byKindAndReason[key] ?? 0) + 1;
      }
    };
    const giant = uploadAndRetry(giantOwner, oneLineTxt(), 'one-line.txt');
    // 1,000 streams of the normal translation, opened at once by its owner while everything runs.
    const streams = manyStreams(reader, translationId, STREAMS, 15_000);
    const quotes = (async () => {
      const quoted = await readFile(path.join(corpusDir, QUOTED_BOOK));
      const honest = await readFile(path.join(corpusDir, HONEST_BOOK));
      const running = parallelQuotes(quoter, quoted, QUOTED_BOOK, QUOTES);
      await new Promise((r) => setTimeout(r, 200));
      const upload = await timedUpload(reader, honest, HONEST_BOOK);
      return { ...(await running), honest_upload_status: upload.status, honest_upload_ms: upload.ms };
    })();
    await Promise.all(Array.from({ length: PARALLEL }, attack));
    const attackSeconds = (performance.now() - started) / 1000;
    const [giantResult, streamResult, quoteResult] = await Promise.all([giant, streams, quotes]);

    let status = '';
    const deadline = Date.now() + 10 * 60_000;
    while (!['completed', 'failed', 'canceled'].includes(status) && Date.now() < deadline) {
      status = (await json(await reader.request('GET', `/translations/${translationId}/`))).status;
      await new Promise((r) => setTimeout(r, 500));
    }
    const seen = await watch.stop();
    // Refused uploads must leave nothing: the one original (and cover) left is the normal book's.
    const stored = (await readdir(path.join(dataDir, 'files'), { recursive: true, withFileTypes: true }))
      .filter((e) => e.isFile())
      .map((e) => path.relative(path.join(dataDir, 'files'), path.join(e.parentPath, e.name)));
    // Kept on purpose: the originals of the normal book and the honest upload; the one-line book's
    // only while a retry could still use it (a book refused for itself is deleted).
    const originals = stored.filter((f) => /^(originals|uploads)\//.test(f));
    const temporary = stored.filter((f) => f.startsWith('.tmp/'));
    const leftBehind = originals.length - 2 - (giantResult.retry_status === 422 ? 0 : 1);
    const peakRssMb = Math.round(seen.peakRssBytes / 2 ** 20);
    const peakTreeRssMb = Math.round(seen.peakTreeRssBytes / 2 ** 20);
    const hostile4xx = Object.entries(byStatus)
      .filter(([s]) => s.startsWith('4'))
      .reduce((n, [, c]) => n + c, 0);
    const checks = {
      every_hostile_upload_4xx: hostile4xx === UPLOADS,
      no_process_exit: seen.exits === 0,
      health_always_200: seen.healthFailures === 0,
      health_always_under_1s: seen.healthSlow === 0,
      normal_translation_completed: status === 'completed',
      one_line_book_never_completed_nor_retried:
        giantResult.status !== 'completed' && giantResult.retry_status >= 400,
      // Open through the hold: at most the cap; streams the server ended (translation done) freed theirs.
      streams_capped:
        Number(streamResult['429'] ?? 0) > 0 && Number(streamResult['200'] ?? 0) <= STREAMS_PER_USER,
      honest_upload_accepted: quoteResult.honest_upload_status === 201,
      peak_rss_under_bound: peakRssMb < RSS_BOUND_MB,
      peak_tree_rss_under_bound: peakTreeRssMb < TREE_RSS_BOUND_MB,
      no_file_left_behind: leftBehind <= 0 && temporary.length === 0,
    };
    console.log(
      JSON.stringify(
        {
          hostile_uploads: UPLOADS,
          users: USERS,
          in_parallel: PARALLEL,
          by_status: byStatus,
          by_kind_status_reason: byKindAndReason,
          slowest_hostile_answer_ms: Math.round(slowestMs),
          hostile_phase_seconds: Math.round(attackSeconds * 10) / 10,
          one_line_txt: { ...giantResult, translationId: undefined },
          streams_from_one_account: { opened: STREAMS, by_status: streamResult },
          parallel_quotes: quoteResult,
          process_exits: seen.exits,
          health_polls: seen.healthPolls,
          health_failures: seen.healthFailures,
          health_over_1s: seen.healthSlow,
          slowest_health_ms: seen.slowestHealthMs,
          slowest_health_answers: seen.slowestHealthAnswers,
          normal_translation: status,
          total_seconds: Math.round((performance.now() - started) / 1000),
          baseline_server_rss_mb: baselineRssMb,
          peak_server_rss_mb: peakRssMb,
          rss_bound_mb: RSS_BOUND_MB,
          peak_server_with_sandboxes_rss_mb: peakTreeRssMb,
          tree_rss_bound_mb: TREE_RSS_BOUND_MB,
          files_left_behind_by_refused_uploads: Math.max(0, leftBehind),
          temporary_files_left: temporary.length,
          checks,
        },
        null,
        2,
      ),
    );
    if (!Object.values(checks).every(Boolean)) process.exitCode = 1;
  } finally {
    await watch.stop();
    await server.stop();
    await llm.close();
  }
});
