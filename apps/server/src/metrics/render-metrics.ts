import { translationStatuses } from '@booktranslate/contract';
import type { Database } from '../db/database';
import type { Queue } from '../jobs/queue';
import { countTranslationsByStatus } from './metrics.repository';
import { metricsRegistry, queueJobs, translationsByStatus } from './metrics-registry';

/** Where the scrape-time gauges come from; both optional so a bare registry still renders. */
export interface MetricsSources {
  db?: Database;
  queue?: Pick<Queue, 'counts'>;
}

/** Refreshes the queue and translation gauges, then renders every metric in the text format. */
export async function renderMetrics(sources: MetricsSources): Promise<string> {
  for (const { queue, ...states } of (await sources.queue?.counts()) ?? []) {
    for (const [state, n] of Object.entries(states)) queueJobs.set({ queue, state }, n);
  }
  if (sources.db) {
    const counts = await countTranslationsByStatus(sources.db);
    for (const status of new Set([...translationStatuses, ...counts.keys()])) {
      translationsByStatus.set({ status }, counts.get(status) ?? 0);
    }
  }
  return metricsRegistry.metrics();
}
