/**
 * bench/load: the API role under many readers. One `api` process and one `worker` process on
 * PostgreSQL; a 100,000-word book translating against the fake model the whole time. 200
 * keep-alive connections of one signed-in user alternate `GET /books/` and `GET /translations/{id}/`:
 * first as fast as the API answers (autocannon: throughput), then started on a steady schedule of
 * 1,500 requests per second (paced-load.ts: latency at that load, counted from when each was due). Goal on a 2-core machine: p99 <= 50 ms at >= 1,500 requests per second.
 * The load generator runs in a process of its own (load-process.ts); the JSON gives the share of a
 * core it, the API, the worker and this process (the fake model) used during each phase.
 * Run: npm run bench:load   (BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/test;
 * BENCH_LOAD_SECONDS per phase, default 15; BENCH_LOG_LEVEL of the API, default production's
 * (LOG_LEVEL's default); BENCH_CPU_PROF=<dir>: the API writes a V8 CPU profile there when it stops)
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startFakeLlm } from '@booktranslate/testkit';
import { coreConfig } from '../apps/server/src/config/core.config';
import { conditions, conditionsNow } from './conditions';
import { json } from './service/api-session';
import { withBenchDatabase } from './service/bench-database';
import { BenchReader } from './service/bench-reader';
import { fakeModelEnv, PROVIDER_KEY, PROVIDER_SLOTS } from './service/fake-provider';
import { inLoadProcess } from './service/load-process';
import { startServer } from './service/server-process';

const CONNECTIONS = 200;
const RATE = 1500;
const SECONDS = Number(process.env.BENCH_LOAD_SECONDS ?? 15);
// What production logs at when LOG_LEVEL is not set.
const PRODUCTION_LOG_LEVEL = coreConfig.parse({}).logLevel;
const LOG_LEVEL = process.env.BENCH_LOG_LEVEL ?? PRODUCTION_LOG_LEVEL;
const CPU_PROFILE_DIR = process.env.BENCH_CPU_PROF;
const METRICS_TOKEN = 'bench-metrics-token-0123456789';
const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

const start = conditionsNow();
await withBenchDatabase(adminUrl, async (databaseUrl) => {
  const llm = await startFakeLlm(PROVIDER_KEY);
  const env = {
    // One file store for both processes (local storage on a shared directory, as S3 would be).
    DATA_DIR: mkdtempSync(path.join(tmpdir(), 'bt-load-')),
    ...fakeModelEnv(databaseUrl, llm.baseURL, PROVIDER_SLOTS),
  };
  // The API logs as production does unless BENCH_LOG_LEVEL says otherwise.
  const profiling: Record<string, string> = CPU_PROFILE_DIR
    ? { NODE_OPTIONS: `--cpu-prof --cpu-prof-dir=${CPU_PROFILE_DIR}` }
    : {};
  const api = await startServer({ ...env, ...profiling, LOG_LEVEL, METRICS_TOKEN }, 'api');
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
    const watch = { api: api.pid, worker: worker.pid, bench_and_fake_model: process.pid };
    await inLoadProcess({ ...load, seconds: 3 }, watch, 'max');
    const statusBefore = await status();
    const max = await inLoadProcess({ ...load, seconds: SECONDS }, watch, 'max');
    await apiEventLoop(api.url); // starts the API's event-loop figures afresh
    const fixed = await inLoadProcess({ ...load, seconds: SECONDS, rate: RATE }, watch, 'paced');
    const loop = await apiEventLoop(api.url);
    const statusAfter = await status();
    console.log(
      JSON.stringify(
        {
          translation_status: [statusBefore, statusAfter],
          api_log_level: LOG_LEVEL,
          production_log_level: PRODUCTION_LOG_LEVEL,
          throughput: {
            ...max.figures,
            cores: max.cores,
            api_cpu_ms_per_request: perRequest(max.cores.api, max.figures),
          },
          at_fixed_rate: {
            ...fixed.figures,
            cores: fixed.cores,
            api_cpu_ms_per_request: perRequest(fixed.cores.api, fixed.figures),
            api_event_loop_delay_ms: loop,
          },
          goal: { p99_ms_at_most: 50, rps_at_least: RATE },
          conditions: conditions(start, { logLevel: LOG_LEVEL }),
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
function perRequest(cores: number | undefined, figures: { requests_per_second: number }): number {
  return Math.round(((cores ?? 0) / Math.max(1, figures.requests_per_second)) * 1000 * 1000) / 1000;
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
