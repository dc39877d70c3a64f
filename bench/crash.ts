/**
 * bench/crash: many books, many workers, one of them killed. One `api` process and three `worker`
 * processes on PostgreSQL translate four books of four users at once against the fake model, whose
 * limit (24 requests at once) is the provider key's: each worker takes a third of it
 * (TRANSLATION_CONCURRENCY=8). While they translate, worker 1 is killed with SIGKILL (BENCH_KILLS
 * times, restarted each time as a supervisor would). Prints: every book's status, credits spent per
 * user (each exactly once), blocks requested beyond the book (only chunks in flight at a kill may
 * repeat), and efficiency against the provider limit (provider busy time / 24 over wall time).
 * For each kill it follows the victim's jobs (decision 300): ms from the kill until another worker
 * started each of them again (its claim) and until it completed; blocks of the books never saved
 * (lost), requests the provider answered beyond the book (paid twice), the database's transactions
 * per second over the run and the cost of one takeover look; and the conditions (bench/conditions.ts).
 * Run: npm run bench:crash   (BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/test;
 * BENCH_KILLS default 1, BENCH_WORDS per book default 25,000)
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startFakeLlm } from '@booktranslate/testkit';
import { conditions, conditionsNow } from './conditions';
import { json } from './service/api-session';
import { query, withBenchDatabase } from './service/bench-database';
import { BenchReader } from './service/bench-reader';
import { type BlockRecorder, startBlockRecorder } from './service/block-recorder';
import { fakeModelEnv } from './service/fake-provider';
import { type ServerProcess, startServer } from './service/server-process';
import { TakeoverWatch } from './service/takeover-watch';
import { answerHelp } from './usage';

answerHelp(
  'Usage: npm run bench:crash\n\nA 100,000-word book translated by two workers on PostgreSQL while one is killed with SIGKILL\n(BENCH_KILLS times, default 5); prints blocks, requests, repeats, credits and the final status.\nBENCH_DATABASE_URL: default postgres://postgres@127.0.0.1:5432/test',
);

const WORKERS = 3;
const BOOKS = 4;
const PROVIDER_LIMIT = 24;
const KILLS = Number(process.env.BENCH_KILLS ?? 1);
const WORDS = Number(process.env.BENCH_WORDS ?? 25_000);
const FINAL = ['completed', 'failed', 'canceled'];
const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const start = conditionsNow();

await withBenchDatabase(adminUrl, async (databaseUrl) => {
  const llm = await startFakeLlm({ latencyMs: 400, msPerOutputToken: 1, maxConcurrency: PROVIDER_LIMIT });
  // One recording proxy per worker slot, so what was in flight at a kill is the victim's own.
  const recorders: BlockRecorder[] = [];
  for (let i = 0; i < WORKERS; i++) recorders.push(await startBlockRecorder(llm.baseURL));
  const apiRecorder = await startBlockRecorder(llm.baseURL);
  // One file store for every process (local storage on a shared directory, as S3 would be).
  const env = {
    DATA_DIR: mkdtempSync(path.join(tmpdir(), 'bt-crash-')),
    ...fakeModelEnv(databaseUrl, apiRecorder.baseURL, PROVIDER_LIMIT / WORKERS),
  };
  const api = await startServer(env, 'api');
  const workerEnv = (slot: number) => ({
    ...env,
    OPENAI_BASE_URL: (recorders[slot] as BlockRecorder).baseURL,
  });
  const workers: ServerProcess[] = [];
  for (let i = 0; i < WORKERS; i++) workers.push(await startServer(workerEnv(i), 'worker'));
  let kills = 0;
  const watch = await TakeoverWatch.open(databaseUrl);
  let lookCostMs = 0;
  try {
    const readers: BenchReader[] = [];
    for (let i = 0; i < BOOKS; i++)
      readers.push(await BenchReader.register(api.url, databaseUrl, `crash-${i}`));
    llm.resetStats();
    const transactions = async () =>
      Number(
        (
          await query<{ n: string }>(
            databaseUrl,
            'SELECT xact_commit + xact_rollback AS n FROM pg_stat_database WHERE datname = current_database()',
          )
        )[0]?.n,
      );
    const transactionsAtStart = await transactions();
    const started = performance.now();
    const ids = await Promise.all(readers.map((r, i) => r.upload(WORDS, `book-${i}.txt`)));

    const statuses: string[] = ids.map(() => '');
    let lastKillAt = 0;
    let inFlightAtKills = 0;
    // On a loaded machine a victim may hold replies it has not checked and saved for seconds.
    let answeredRecentlyAtKills = 0;
    while (statuses.some((s) => !FINAL.includes(s))) {
      await new Promise((r) => setTimeout(r, 250));
      const rows = await Promise.all(
        ids.map(async (id, i) =>
          json(await (readers[i] as BenchReader).session.request('GET', `/translations/${id}/`)),
        ),
      );
      rows.forEach((t, i) => {
        statuses[i] = t.status;
      });
      await watch.poll();
      const progress = rows.reduce((sum, t) => sum + t.progress, 0) / rows.length;
      // Spread the kills over the translating phase: one each time mean progress passes another step.
      // On a loaded machine the books do not all translate at once: one translating is enough.
      const translating = rows.some((t) => t.status === 'translating');
      const due = translating && kills < KILLS && progress >= ((kills + 1) * 80) / (KILLS + 1);
      if (due && performance.now() - lastKillAt > 3000) {
        const victim = workers[0] as ServerProcess;
        const recorder = recorders[0] as BlockRecorder;
        // In flight: asked and not answered, or answered in the last second and perhaps not yet saved.
        const inFlight = recorder.inFlight() + recorder.answeredWithin(1000);
        await watch.beforeKill();
        victim.child.kill('SIGKILL');
        const killedAt = Date.now();
        inFlightAtKills += inFlight;
        answeredRecentlyAtKills += recorder.answeredWithin(10_000);
        kills++;
        lastKillAt = performance.now();
        console.log(
          `  kill ${kills} at ${progress.toFixed(0)}% (worker pid ${victim.pid}, ${inFlight} blocks in flight)`,
        );
        await watch.afterKill(killedAt);
        // What one look costs while the others translate (each worker makes one a second).
        lookCostMs = await watch.lookCostMs(20);
        workers[0] = await startServer(workerEnv(0), 'worker');
      }
    }
    const seconds = (performance.now() - started) / 1000;
    const transactionsPerSecond = ((await transactions()) - transactionsAtStart) / seconds;
    await watch.poll();
    const taken = watch.kills.flatMap((k) => k.jobs);
    // Claims of a chunk after its first: the victim's chunks, plus retries (provider errors) and
    // any chunk taken from a worker that was alive (none expected).
    const [reclaims] = await query<{ n: string }>(
      databaseUrl,
      'SELECT coalesce(sum(greatest(attempt - 1, 0)), 0) AS n FROM translation_chunks',
    );
    const claimed = taken.map((j) => j.claimedMs).filter((ms): ms is number => ms !== null);
    const completed = taken.map((j) => j.completedMs).filter((ms): ms is number => ms !== null);
    // Blocks of the planned chunks that have no saved translation (the books are complete: none).
    const [lost] = await query<{ n: string }>(
      databaseUrl,
      `SELECT count(*) AS n FROM translation_chunks c, jsonb_array_elements(c.blocks) b
       WHERE NOT EXISTS (SELECT 1 FROM translation_blocks t
         WHERE t.translation_id = c.translation_id AND t.block_id = b->>'id')`,
    );
    const stats = llm.stats();
    const [saved] = await query<{ n: string }>(databaseUrl, 'SELECT count(*) AS n FROM translation_blocks');
    // Titles and TOC labels are asked for too but kept on the translation, not in the memory.
    const [titled] = await query<{ n: string }>(
      databaseUrl,
      "SELECT coalesce(sum(jsonb_array_length(titles->'labels') + (titles ? 'title')::int), 0) AS n FROM translations",
    );
    const blocksKept = Number(saved?.n) + Number(titled?.n);
    const spent = await query<{ user_id: string; n: string }>(
      databaseUrl,
      "SELECT user_id, -sum(amount) AS n FROM credit_ledger WHERE reason IN ('translation', 'refund') GROUP BY user_id",
    );
    const spentByUser = readers.map((r) => Number(spent.find((s) => s.user_id === r.userId)?.n ?? 0));
    const requested = recorders.reduce((n, r) => n + r.requested(), apiRecorder.requested());
    // A killed worker's requests stay in service at the provider until they finish, so for a while
    // the key's limit refuses (429) requests the other workers then send again: not repeats of work.
    const refused = recorders.reduce((n, r) => n + r.refused(), apiRecorder.refused());
    const accepted = requested - refused;
    const limitSeconds = stats.busy_ms / 1000 / PROVIDER_LIMIT;
    console.log(
      JSON.stringify(
        {
          api: 1,
          workers: WORKERS,
          books: BOOKS,
          words_per_book: WORDS,
          statuses,
          all_completed: statuses.every((s) => s === 'completed'),
          kills,
          credits_spent_per_user: spentByUser,
          each_credit_spent_once: spentByUser.every((n) => n === 1),
          blocks_saved: Number(saved?.n),
          title_and_label_blocks: Number(titled?.n),
          blocks_requested: requested,
          blocks_refused_by_provider: refused,
          blocks_lost: Number(lost?.n),
          // Answered by the provider and not kept: paid twice (only blocks in flight at a kill may be).
          requests_paid_twice: accepted - blocksKept,
          blocks_in_flight_at_kills: inFlightAtKills,
          extra_requests_within_in_flight: accepted - blocksKept <= inFlightAtKills,
          blocks_answered_to_the_victim_in_the_10s_before_kills: answeredRecentlyAtKills,
          takeover: {
            victim_jobs: taken.length,
            victim_jobs_claimed: claimed.length,
            chunk_claims_after_the_first: Number(reclaims?.n),
            claim_ms_max: claimed.length ? Math.max(...claimed) : null,
            claim_ms_median: median(claimed),
            completed_ms_max: completed.length ? Math.max(...completed) : null,
            completed_ms_median: median(completed),
            all_claimed_within_5s:
              taken.length > 0 && claimed.length === taken.length && claimed.every((ms) => ms < 5000),
            jobs: taken,
          },
          database: {
            transactions_per_second: round(transactionsPerSecond),
            // Each worker looks once a second: two statements, whatever the number of chunks in flight.
            takeover_look_ms: round(lookCostMs),
            takeover_statements_per_second: WORKERS * 2,
          },
          wall_seconds: round(seconds),
          provider_limit: PROVIDER_LIMIT,
          provider_max_in_flight: stats.max_in_flight,
          provider_busy_seconds: round(stats.busy_ms / 1000),
          provider_bound_limit_seconds: round(limitSeconds),
          efficiency: round(limitSeconds / seconds),
          conditions: conditions(start, { logLevel: 'warn', words_per_book: WORDS }),
        },
        null,
        2,
      ),
    );
  } finally {
    await watch.close();
    for (const worker of workers) await worker.stop();
    await api.stop();
    for (const r of [...recorders, apiRecorder]) await r.close();
    await llm.close();
  }
});

function median(values: number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? null;
}

function round(n: number): number {
  return Math.round(n * 100) / 100;
}
