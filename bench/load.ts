/**
 * bench/load: the API role under many readers. One `api` process and one `worker` process on
 * PostgreSQL; a 100,000-word book translating against the fake model the whole time. 200
 * keep-alive connections of one signed-in user alternate `GET /books/` and `GET /translations/{id}/`:
 * first as fast as the API answers (autocannon: throughput), then started on a steady schedule of
 * 1,500 requests per second (paced-load.ts: latency at that load, counted from when each was due). Goal on a 2-core machine: p99 <= 50 ms at >= 1,500 requests per second.
 * Run: npm run bench:load   (BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/test;
 * BENCH_LOAD_SECONDS per phase, default 15; BENCH_LOG_LEVEL of the API, default info as in production)
 */
import { mkdtempSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { startFakeLlm } from '@booktranslate/testkit';
import { json } from './service/api-session';
import { withBenchDatabase } from './service/bench-database';
import { BenchReader } from './service/bench-reader';
import { driveLoad } from './service/drive-load';
import { fakeModelEnv, PROVIDER_KEY, PROVIDER_SLOTS } from './service/fake-provider';
import { pacedLoad } from './service/paced-load';
import { coreShareDuring } from './service/process-cpu';
import { startServer } from './service/server-process';

const CONNECTIONS = 200;
const RATE = 1500;
const SECONDS = Number(process.env.BENCH_LOAD_SECONDS ?? 15);
const LOG_LEVEL = process.env.BENCH_LOG_LEVEL ?? 'info';
const METRICS_TOKEN = 'bench-metrics-token-0123456789';
const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

await withBenchDatabase(adminUrl, async (databaseUrl) => {
  const llm = await startFakeLlm(PROVIDER_KEY);
  const env = {
    // One file store for both processes (local storage on a shared directory, as S3 would be).
    DATA_DIR: mkdtempSync(path.join(tmpdir(), 'bt-load-')),
    ...fakeModelEnv(databaseUrl, llm.baseURL, PROVIDER_SLOTS),
  };
  // The API logs as in production (info: a line per request) unless BENCH_LOG_LEVEL says otherwise.
  const api = await startServer({ ...env, LOG_LEVEL: LOG_LEVEL, METRICS_TOKEN: METRICS_TOKEN }, 'api');
  const worker = await startServer(env, 'worker');
  try {
    const reader = await BenchReader.register(api.url, databaseUrl, 'load', 3);
    const translationId = await reader.upload(100_000);
    // A few more books so the list is not trivially short.
    await reader.upload(2_000, 'short-1.txt');
    await reader.upload(3_000, 'short-2.txt');
    const status = async () =>
      (await json(await reader.session.request('GET', `/translations/${translationId}/`))).status;
    const load = {
      baseUrl: api.url,
      paths: ['/api/v1/books/', `/api/v1/translations/${translationId}/`],
      headers: { cookie: reader.session.cookieHeader },
      connections: CONNECTIONS,
    };
    await driveLoad({ ...load, seconds: 3 });
    const statusBefore = await status();
    const [max, maxCpu] = await coreShareDuring(api.pid, () => driveLoad({ ...load, seconds: SECONDS }));
    await apiEventLoop(api.url); // starts the API's event-loop figures afresh
    const [fixed, fixedCpu] = await coreShareDuring(api.pid, () =>
      pacedLoad({ ...load, seconds: SECONDS, rate: RATE }),
    );
    const loop = await apiEventLoop(api.url);
    const statusAfter = await status();
    console.log(
      JSON.stringify(
        {
          translation_status: [statusBefore, statusAfter],
          api_log_level: LOG_LEVEL,
          throughput: { ...max, api_process_cores: maxCpu, api_cpu_ms_per_request: perRequest(maxCpu, max) },
          at_fixed_rate: {
            ...fixed,
            api_process_cores: fixedCpu,
            api_cpu_ms_per_request: perRequest(fixedCpu, fixed),
            api_event_loop_delay_ms: loop,
          },
          goal: { p99_ms_at_most: 50, rps_at_least: RATE },
          load_average_1m: Math.round((loadavg()[0] ?? 0) * 100) / 100,
        },
        null,
        2,
      ),
    );
  } finally {
    await worker.stop();
    await api.stop();
    await llm.close();
  }
});

/** API CPU milliseconds per answered request: what the code costs, whatever else the machine runs. */
function perRequest(cores: number, figures: { requests_per_second: number }): number {
  return Math.round((cores / Math.max(1, figures.requests_per_second)) * 1000 * 1000) / 1000;
}

/** The API's own event-loop delay (p99 and max, ms) from its /metrics; prom-client resets it per scrape. */
async function apiEventLoop(url: string): Promise<{ p99: number; max: number }> {
  const text = await (
    await fetch(`${url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })
  ).text();
  const read = (name: string) => Number(new RegExp(`^${name} (\\S+)`, 'm').exec(text)?.[1] ?? Number.NaN);
  const ms = (seconds: number) => Math.round(seconds * 1000 * 10) / 10;
  return {
    p99: ms(read('booktranslate_nodejs_eventloop_lag_p99_seconds')),
    max: ms(read('booktranslate_nodejs_eventloop_lag_max_seconds')),
  };
}
