/**
 * bench/crash: a 100,000-word book translated by two worker processes on PostgreSQL while one of
 * them is killed with SIGKILL five times during translating (and restarted each time). Prints the
 * counts: blocks in the book, blocks requested from the provider, repeats (only chunks in flight
 * at a kill may repeat), credits spent, final status.
 * Run: npm run bench:crash   (BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/test)
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startFakeLlm } from '@booktranslate/testkit';
import { ApiSession, json } from './service/api-session';
import { benchBookText } from './service/bench-book';
import { grantCredits, query, withBenchDatabase } from './service/bench-database';
import { startBlockRecorder } from './service/block-recorder';
import { type ServerProcess, startServer } from './service/server-process';
import { answerHelp } from './usage';

answerHelp(
  'Usage: npm run bench:crash\n\nA 100,000-word book translated by two workers on PostgreSQL while one is killed with SIGKILL\n(BENCH_KILLS times, default 5); prints blocks, requests, repeats, credits and the final status.\nBENCH_DATABASE_URL: default postgres://postgres@127.0.0.1:5432/test',
);

const KILLS = Number(process.env.BENCH_KILLS ?? 5);
const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

await withBenchDatabase(adminUrl, async (databaseUrl) => {
  const llm = await startFakeLlm({ latencyMs: 400, msPerOutputToken: 1 });
  // One recording proxy per worker slot, so what was in flight at a kill is the victim's own.
  const recorders = [await startBlockRecorder(llm.baseURL), await startBlockRecorder(llm.baseURL)];
  const apiRecorder = await startBlockRecorder(llm.baseURL);
  // One file store for every process (local storage on a shared directory, as S3 would be).
  const env = {
    DATA_DIR: mkdtempSync(path.join(tmpdir(), 'bt-crash-')),
    DATABASE_URL: databaseUrl,
    TRANSLATION_ENGINE: 'openai',
    OPENAI_BASE_URL: apiRecorder.baseURL,
    OPENAI_API_KEY: 'bench',
    OPENAI_MODEL: 'fake',
    TRANSLATION_CONCURRENCY: '8',
  };
  const api = await startServer(env, 'api');
  const workerEnv = (slot: number) => ({
    ...env,
    OPENAI_BASE_URL: (recorders[slot] as { baseURL: string }).baseURL,
  });
  const workers: ServerProcess[] = [
    await startServer(workerEnv(0), 'worker'),
    await startServer(workerEnv(1), 'worker'),
  ];
  const started = performance.now();
  let kills = 0;
  try {
    const session = await ApiSession.register(api.url, `crash-${Date.now()}@example.com`);
    const profile = await json(await session.request('GET', '/users/profile/'));
    await grantCredits(databaseUrl, profile.id, 'READER', 1);
    const book = await benchBookText();
    const form = new FormData();
    form.append('target_language', 'es');
    form.append('file', new Blob([book.bytes]), 'jack-sheppard-100k.txt');
    const upload = await session.request('POST', '/books/', { body: form });
    if (upload.status !== 201) throw new Error(`upload: ${upload.status} ${await upload.text()}`);
    const id = (await json(upload)).data.translation.id;

    let status = '';
    let lastKillAt = 0;
    let inFlightAtKills = 0;
    while (!['completed', 'failed', 'canceled'].includes(status)) {
      await new Promise((r) => setTimeout(r, 250));
      const t = await json(await session.request('GET', `/translations/${id}/`));
      status = t.status;
      // Spread the kills over the translating phase: one each time progress passes another step.
      const due = status === 'translating' && kills < KILLS && t.progress >= ((kills + 1) * 80) / (KILLS + 1);
      if (due && performance.now() - lastKillAt > 3000) {
        const slot = kills % 2;
        const victim = workers[slot] as ServerProcess;
        const recorder = recorders[slot] as { inFlight(): number; answeredWithin(ms: number): number };
        // In flight: asked and not answered, or answered in the last second and perhaps not yet saved.
        const inFlight = recorder.inFlight() + recorder.answeredWithin(1000);
        victim.child.kill('SIGKILL');
        inFlightAtKills += inFlight;
        kills++;
        lastKillAt = performance.now();
        console.log(
          `  kill ${kills} at ${t.progress}% (worker pid ${victim.pid}, ${inFlight} blocks in flight)`,
        );
        workers[slot] = await startServer(workerEnv(slot), 'worker');
      }
    }
    const seconds = (performance.now() - started) / 1000;
    const [saved] = await query<{ n: string }>(
      databaseUrl,
      'SELECT count(*) AS n FROM translation_blocks WHERE translation_id = $1',
      [id],
    );
    const [chunks] = await query<{ n: string; attempts: string }>(
      databaseUrl,
      'SELECT count(*) AS n, sum(attempt) AS attempts FROM translation_chunks WHERE translation_id = $1',
      [id],
    );
    const [spent] = await query<{ n: string }>(
      databaseUrl,
      "SELECT coalesce(-sum(amount), 0) AS n FROM credit_ledger WHERE user_id = $1 AND reason IN ('translation', 'refund')",
      [profile.id],
    );
    const retried = await query<{ reason: string; n: string }>(
      databaseUrl,
      "SELECT coalesce(output->>'message', state::text) AS reason, count(*) AS n FROM pgboss.job WHERE name = 'translation-chunk' AND retry_count > 0 GROUP BY 1",
    ).catch((error: Error) => [{ reason: error.message, n: '0' }]);
    const requested = recorders.reduce((n, r) => n + r.requested(), apiRecorder.requested());
    const requests = recorders.reduce(
      (n, r) => n + r.translationRequests(),
      apiRecorder.translationRequests(),
    );
    console.log(
      JSON.stringify(
        {
          status,
          seconds: Math.round(seconds),
          kills,
          book_words: book.words,
          blocks_saved: Number(saved?.n),
          extra_requests_within_in_flight: requested - Number(saved?.n) <= inFlightAtKills,
          chunks: Number(chunks?.n),
          chunk_attempts: Number(chunks?.attempts),
          translation_requests: requests,
          blocks_requested: requested,
          extra_block_requests: requested - Number(saved?.n),
          blocks_in_flight_at_kills: inFlightAtKills,
          credits_spent: Number(spent?.n),
          chunk_jobs_retried_by_reason: Object.fromEntries(retried.map((r) => [r.reason, Number(r.n)])),
        },
        null,
        2,
      ),
    );
  } finally {
    for (const worker of workers) await worker.stop();
    await api.stop();
    for (const r of [...recorders, apiRecorder]) await r.close();
    await llm.close();
  }
});
