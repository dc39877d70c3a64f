import type { Logger } from 'pino';
import type { JobStartLedger, OrphanAttempt } from './job-starts.repository';
import type { Queue } from './queue';
import type { WorkerPresence } from './worker-presence';

export interface TakeoverSettings {
  queue: Pick<Queue, 'boss'>;
  starts: JobStartLedger;
  presence: WorkerPresence;
  logger?: Pick<Logger, 'info' | 'warn'>;
  /** Between two looks for dead workers' jobs (decision 300: 1 s). */
  intervalMs: number;
}

/**
 * One look for the jobs of worker processes that are gone (decision 300): each attempt whose process
 * has no presence left is failed in pg-boss, fenced to that attempt so a newer one is never touched,
 * and made due at once instead of after the retry's back-off. Returns the jobs handed on.
 */
export async function takeOverOrphans(
  settings: Omit<TakeoverSettings, 'intervalMs'>,
): Promise<OrphanAttempt[]> {
  const { queue, starts, presence } = settings;
  const orphans = await starts.orphans(await presence.live());
  const handed: OrphanAttempt[] = [];
  for (const orphan of orphans) {
    // Only the worker whose release wins goes on; the others see the row taken.
    if (!(await starts.release(orphan))) continue;
    const failed = await queue.boss.fail(
      orphan.queue,
      { id: orphan.jobId, retryCount: orphan.attempt },
      { message: 'its worker process ended' },
    );
    // pg-boss's own expiry may have failed it already; then its retry is due on pg-boss's terms.
    // (pg-boss types the response as an empty interface; `affected` is what it returns.)
    if ((failed as { affected?: number }).affected === 0) continue;
    await queue.boss.update(orphan.queue, undefined, { id: orphan.jobId, startAfter: 0 });
    handed.push(orphan);
  }
  if (handed.length > 0)
    settings.logger?.info(
      { jobs: handed.length, sessions: [...new Set(handed.map((o) => o.session))] },
      'a worker process ended: its jobs are handed to the others',
    );
  return handed;
}

/**
 * Looks every `intervalMs` until stopped. A look that fails (database away) is logged and the next
 * one tries again: a worker that cannot see the database takes nothing over.
 * @example const stop = startTakeover({ queue, starts, presence, intervalMs: 1000 }); await stop();
 */
export function startTakeover(settings: TakeoverSettings): () => Promise<void> {
  let stopped = false;
  let running: Promise<unknown> = Promise.resolve();
  let timer: NodeJS.Timeout | undefined;
  const tick = () => {
    running = takeOverOrphans(settings)
      .catch((error: unknown) => settings.logger?.warn({ err: error }, 'looking for dead workers failed'))
      .finally(() => {
        if (!stopped) timer = setTimeout(tick, settings.intervalMs);
      });
  };
  tick();
  return async () => {
    stopped = true;
    clearTimeout(timer);
    await running;
  };
}
