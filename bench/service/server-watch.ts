import { rssOf } from './server-process';

export interface ServerWatch {
  /** Stops polling; resolves with what was seen. */
  stop(): Promise<{ healthPolls: number; healthFailures: number; peakRssBytes: number }>;
}

/**
 * Polls GET /api/v1/health (every `healthMs`) and the server's resident set size (every `rssMs`)
 * until stopped: how many health answers were not 200 within 5 s, and the peak RSS.
 */
export function watchServer(url: string, pid: number, healthMs = 250, rssMs = 50): ServerWatch {
  let running = true;
  let healthPolls = 0;
  let healthFailures = 0;
  let peakRssBytes = 0;
  const health = (async () => {
    while (running) {
      healthPolls++;
      const ok = await fetch(`${url}/api/v1/health`, { signal: AbortSignal.timeout(5000) })
        .then((r) => r.status === 200)
        .catch(() => false);
      if (!ok) healthFailures++;
      await new Promise((r) => setTimeout(r, healthMs));
    }
  })();
  const rss = (async () => {
    while (running) {
      peakRssBytes = Math.max(peakRssBytes, await rssOf(pid).catch(() => 0));
      await new Promise((r) => setTimeout(r, rssMs));
    }
  })();
  return {
    async stop() {
      running = false;
      await Promise.all([health, rss]);
      return { healthPolls, healthFailures, peakRssBytes };
    },
  };
}
