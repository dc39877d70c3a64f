/**
 * bench/fairness: many users on one provider key. User A starts five 100,000-word books; 10 s
 * later user B starts one 10,000-word book. Prints B's time from upload to completed against B's
 * time for the same book on an idle service. Goal: at most 1.5x (decision 160).
 * One `serve` process on PostgreSQL, the fake OpenAI-compatible model with 1.5 s latency, 5 ms per
 * output token and 32 requests at once (the provider key's limit), TRANSLATION_CONCURRENCY=32.
 * Run: npm run bench:fairness   (BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/test;
 * BENCH_TRACE=1 also lists every model request from B's upload on: sent or answered, seconds, the
 * size of its messages in characters and, answered, its prompt tokens)
 */
import { startFakeLlm } from '@booktranslate/testkit';
import { conditions, conditionsNow } from './conditions';
import { withBenchDatabase } from './service/bench-database';
import { BenchReader } from './service/bench-reader';
import { fakeModelEnv, PROVIDER_KEY, PROVIDER_SLOTS } from './service/fake-provider';
import { startServer } from './service/server-process';

const A_BOOKS = Number(process.env.BENCH_A_BOOKS ?? 5);
const A_WORDS = 100_000;
const B_WORDS = 10_000;
const B_DELAY_MS = 10_000;
const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

const start = conditionsNow();
await withBenchDatabase(adminUrl, async (databaseUrl) => {
  const llm = await startFakeLlm(PROVIDER_KEY);
  const server = await startServer(fakeModelEnv(databaseUrl, llm.baseURL, PROVIDER_SLOTS));
  try {
    // B alone, on the idle service.
    const alone = await BenchReader.register(server.url, databaseUrl, 'fair-b-alone');
    let started = performance.now();
    const aloneId = await alone.upload(B_WORDS);
    const aloneStatus = await alone.waitFor(aloneId, 'B alone');
    const aloneSeconds = (performance.now() - started) / 1000;
    console.log(`  B alone: ${aloneStatus} in ${aloneSeconds.toFixed(1)} s`);

    // A's five books, then B's one 10 s later.
    const a = await BenchReader.register(server.url, databaseUrl, 'fair-a', A_BOOKS);
    const b = await BenchReader.register(server.url, databaseUrl, 'fair-b');
    const aIds: string[] = [];
    for (let i = 0; i < A_BOOKS; i++) aIds.push(await a.upload(A_WORDS, `a-${i}.txt`));
    await new Promise((r) => setTimeout(r, B_DELAY_MS));
    started = performance.now();
    const trace: string[] = [];
    const at = () => ((performance.now() - started) / 1000).toFixed(1);
    const size = (messages: unknown[]) => JSON.stringify(messages).length;
    if (process.env.BENCH_TRACE) {
      llm.onRequest((messages) => trace.push(`sent ${at()} ${size(messages)}`));
      llm.onChat((messages, tokens) => trace.push(`answered ${at()} ${size(messages)} ${tokens}`));
    }
    const bId = await b.upload(B_WORDS);
    const sharedStatus = await b.waitFor(bId, 'B with A');
    const sharedSeconds = (performance.now() - started) / 1000;
    const aProgress = await Promise.all(aIds.map((id) => a.progress(id)));
    if (trace.length) console.log(trace.join('\n'));
    const stats = llm.stats();
    console.log(
      JSON.stringify(
        {
          a_books: A_BOOKS,
          a_words_each: A_WORDS,
          b_words: B_WORDS,
          b_alone_seconds: round(aloneSeconds),
          b_with_a_seconds: round(sharedSeconds),
          ratio: round(sharedSeconds / aloneSeconds),
          goal_ratio_at_most: 1.5,
          b_status: [aloneStatus, sharedStatus],
          a_progress_at_b_done: aProgress,
          provider_max_in_flight: stats.max_in_flight,
          // startServer's default level for the serve process.
          conditions: conditions(start, { logLevel: 'warn' }),
        },
        null,
        2,
      ),
    );
  } finally {
    await server.stop();
    await llm.close();
  }
});

function round(n: number): number {
  return Math.round(n * 100) / 100;
}
