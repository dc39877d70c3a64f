import { Worker } from 'node:worker_threads';
import { rssOf, treeRssOf } from './server-process';

export interface WatchFigures {
  healthPolls: number;
  /** Answers that were not 200 within 5 s. */
  healthFailures: number;
  /** 200 answers that took longer than `slowMs`. */
  healthSlow: number;
  slowestHealthMs: number;
  /** The three slowest answers: the time seen by the poller and each check's latency as the server measured it. */
  slowestHealthAnswers: { ms: number; checks: Record<string, number> }[];
  /** Peak resident set size of the server process alone. */
  peakRssBytes: number;
  /** Peak of the server process plus every process it started (the book sandbox's children). */
  peakTreeRssBytes: number;
  /** Times the server process ended while watched (a crash, an abort). */
  exits: number;
}

export interface ServerWatch {
  /** Stops polling; resolves with what was seen. */
  stop(): Promise<WatchFigures>;
}

/**
 * Polls GET /api/v1/health (every `healthMs`) and the server's resident set size (every `rssMs`)
 * until stopped: how many health answers were not 200 within 5 s or slower than `slowMs`, the peak
 * RSS of the process and of its process tree, and whether the process ended.
 */
export function watchServer(
  url: string,
  pid: number,
  options: {
    healthMs?: number;
    rssMs?: number;
    slowMs?: number;
    onExit?: (listener: () => void) => void;
  } = {},
): ServerWatch {
  const { healthMs = 250, rssMs = 50, slowMs = 1000 } = options;
  let running = true;
  const seen: WatchFigures = {
    healthPolls: 0,
    healthFailures: 0,
    healthSlow: 0,
    slowestHealthMs: 0,
    slowestHealthAnswers: [],
    peakRssBytes: 0,
    peakTreeRssBytes: 0,
    exits: 0,
  };
  options.onExit?.(() => {
    seen.exits++;
  });
  // The poller has an event loop of its own: the bench process also runs the fake model, the uploads
  // and the streams, and a late answer must be the server's, not the poller's.
  const poller = new Worker(POLLER, { eval: true, workerData: { url, healthMs, slowMs } });
  const health = new Promise<void>((resolve) => {
    poller.on(
      'message',
      (
        figures: Pick<
          WatchFigures,
          'healthPolls' | 'healthFailures' | 'healthSlow' | 'slowestHealthMs' | 'slowestHealthAnswers'
        >,
      ) => {
        Object.assign(seen, figures);
        resolve();
      },
    );
    poller.on('error', () => resolve());
    poller.on('exit', () => resolve());
  });
  const rss = (async () => {
    while (running) {
      seen.peakRssBytes = Math.max(seen.peakRssBytes, await rssOf(pid).catch(() => 0));
      seen.peakTreeRssBytes = Math.max(seen.peakTreeRssBytes, await treeRssOf(pid).catch(() => 0));
      await new Promise((r) => setTimeout(r, rssMs));
    }
  })();
  return {
    async stop() {
      if (running) poller.postMessage('stop');
      running = false;
      await Promise.all([health, rss]);
      return { ...seen };
    },
  };
}

const POLLER = `
const { parentPort, workerData } = require('node:worker_threads');
const { url, healthMs, slowMs } = workerData;
const seen = { healthPolls: 0, healthFailures: 0, healthSlow: 0, slowestHealthMs: 0, slowestHealthAnswers: [] };
let running = true;
parentPort.on('message', () => { running = false; });
(async () => {
  while (running) {
    seen.healthPolls++;
    const at = performance.now();
    const body = await fetch(url + '/api/v1/health', { signal: AbortSignal.timeout(5000) })
      .then((r) => (r.status === 200 ? r.json() : null))
      .catch(() => null);
    const ms = Math.round(performance.now() - at);
    if (!body) seen.healthFailures++;
    else {
      if (ms > slowMs) seen.healthSlow++;
      const checks = {};
      for (const [name, check] of Object.entries(body.checks ?? {})) checks[name] = check.latency_ms;
      seen.slowestHealthAnswers.push({ ms, checks });
      seen.slowestHealthAnswers.sort((a, b) => b.ms - a.ms);
      seen.slowestHealthAnswers.length = Math.min(3, seen.slowestHealthAnswers.length);
    }
    seen.slowestHealthMs = Math.max(seen.slowestHealthMs, ms);
    await new Promise((r) => setTimeout(r, healthMs));
  }
  parentPort.postMessage(seen);
})();
`;
