/**
 * bench/soak: 200 crafted hostile uploads (spine-repeat bombs, deep XHTML and FB2 nesting, zip
 * bombs, entity bombs, 12,000-entry archives, 100,000 attributes, 250,000 paragraphs, corrupt zips,
 * a book that needs more heap than the budget)
 * from five users, eight at a time, while one normal book is translated (fake OpenAI-compatible
 * model) by the same server process. Prints JSON and exits 1 unless: every hostile upload was
 * answered 4xx, /health always answered 200, the normal translation completed, the server's peak
 * RSS stayed under RSS_BOUND_MB, and no refused upload left a file in the data directory.
 * Run: npm run bench:soak   (BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/test)
 */

import { mkdtempSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  billionLaughs,
  corpusDir,
  corruptZip,
  deepFb2,
  deepXhtml,
  type HostileBook,
  heavyEpub,
  manyAttributes,
  manyBlocks,
  manyEntries,
  spineRepeatBomb,
  startFakeLlm,
  zipBomb,
} from '@booktranslate/testkit';
import { ApiSession, type Json, json } from './service/api-session';
import { grantCredits, withBenchDatabase } from './service/bench-database';
import { rssOf, startServer } from './service/server-process';
import { watchServer } from './service/server-watch';

const UPLOADS = Number(process.env.BENCH_UPLOADS ?? 200);
const USERS = 5;
const PARALLEL = 8;
const RSS_BOUND_MB = 1024;
const NORMAL_BOOK = 'en-alice-wonderland-epub3-images.epub';
const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

const kinds: (() => HostileBook)[] = [
  () => spineRepeatBomb(),
  () => deepXhtml(),
  () => deepFb2(),
  () => zipBomb(),
  () => billionLaughs(),
  () => manyEntries(),
  () => manyAttributes(100_000, 'epub'),
  () => manyAttributes(100_000, 'fb2'),
  () => manyBlocks(),
  () => corruptZip(0),
  () => corruptZip(1),
  // Honest-looking markup that needs more heap than the budget: the sandbox stops it.
  () => heavyEpub(10),
];
const hostile = kinds.map((make) => make());

await withBenchDatabase(adminUrl, async (databaseUrl) => {
  const llm = await startFakeLlm({ latencyMs: 300 });
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bt-soak-'));
  const server = await startServer({
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    TRANSLATION_ENGINE: 'openai',
    OPENAI_BASE_URL: llm.baseURL,
    OPENAI_API_KEY: 'bench',
    OPENAI_MODEL: 'fake',
    TRANSLATION_CONCURRENCY: '8',
  });
  const baselineRssMb = Math.round((await rssOf(server.pid)) / 2 ** 20);
  const watch = watchServer(server.url, server.pid);
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
    await Promise.all(Array.from({ length: PARALLEL }, attack));
    const attackSeconds = (performance.now() - started) / 1000;

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
    const leftBehind = stored.filter((f) => /^(originals|uploads)\//.test(f)).length - 1;
    const peakRssMb = Math.round(seen.peakRssBytes / 2 ** 20);
    const hostile4xx = Object.entries(byStatus)
      .filter(([s]) => s.startsWith('4'))
      .reduce((n, [, c]) => n + c, 0);
    const checks = {
      every_hostile_upload_4xx: hostile4xx === UPLOADS,
      health_always_200: seen.healthFailures === 0,
      normal_translation_completed: status === 'completed',
      peak_rss_under_bound: peakRssMb < RSS_BOUND_MB,
      no_file_left_behind: leftBehind === 0,
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
          health_polls: seen.healthPolls,
          health_failures: seen.healthFailures,
          normal_translation: status,
          total_seconds: Math.round((performance.now() - started) / 1000),
          baseline_server_rss_mb: baselineRssMb,
          peak_server_rss_mb: peakRssMb,
          rss_bound_mb: RSS_BOUND_MB,
          files_left_behind_by_refused_uploads: leftBehind,
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
