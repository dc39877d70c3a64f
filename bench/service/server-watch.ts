import { rssOf, treeRssOf } from './server-process';

export interface WatchFigures {
  healthPolls: number;
  /** Answers that were not 200 within 5 s. */
  healthFailures: number;
  /** 200 answers that took longer than `slowMs`. */
  healthSlow: number;
  slowestHealthMs: number;
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
    peakRssBytes: 0,
    peakTreeRssBytes: 0,
    exits: 0,
  };
  options.onExit?.(() => {
    seen.exits++;
  });
  const health = (async () => {
    while (running) {
      seen.healthPolls++;
      const at = performance.now();
      const ok = await fetch(`${url}/api/v1/health`, { signal: AbortSignal.timeout(5000) })
        .then((r) => r.status === 200)
        .catch(() => false);
      const ms = performance.now() - at;
      if (!ok) seen.healthFailures++;
      else if (ms > slowMs) seen.healthSlow++;
      seen.slowestHealthMs = Math.max(seen.slowestHealthMs, Math.round(ms));
      await new Promise((r) => setTimeout(r, healthMs));
    }
  })();
  const rss = (async () => {
    while (running) {
      seen.peakRssBytes = Math.max(seen.peakRssBytes, await rssOf(pid).catch(() => 0));
      seen.peakTreeRssBytes = Math.max(seen.peakTreeRssBytes, await treeRssOf(pid).catch(() => 0));
      await new Promise((r) => setTimeout(r, rssMs));
    }
  })();
  return {
    async stop() {
      running = false;
      await Promise.all([health, rss]);
      return { ...seen };
    },
  };
}
