import type { Job } from 'pg-boss';
import type { Logger } from 'pino';
import type { z } from 'zod';
import type { JobDefinition } from './define-job';
import type { JobStartLedger } from './job-starts.repository';
import type { Queue } from './queue';
import { startTakeover } from './take-over-orphans';
import { openWorkerPresence } from './worker-presence';

/** What a handler learns about the attempt it is running. */
export interface JobContext {
  id: string;
  /** 0 on the first attempt; also identifies the attempt (see pg-boss Job.retryCount). */
  retryCount: number;
  /** Aborted when the job expires or the worker shuts down: stop and leave state consistent. */
  signal: AbortSignal;
}

export type JobHandler<P = unknown> = ((payload: P, context: JobContext) => Promise<void>) & {
  /**
   * Runs instead of the job once its attempts have killed the worker process `crashLimit` times:
   * the module records the failure (a translation fails with its credit back). The job itself never
   * runs again; its remaining retries end at once and pg-boss marks it failed. Must be idempotent.
   */
  onPoison?: (payload: P, crashes: number) => Promise<void>;
};

/** Handlers by job name. Every definition in the registry needs one. */
export type JobHandlers = Record<string, JobHandler<never>>;

/** A typed handler for one definition, for modules that export `{ [def.name]: handler(def, fn) }`. */
export function handler<D extends JobDefinition>(
  _definition: D,
  run: (payload: z.output<D['payload']>, context: JobContext) => Promise<void>,
  onPoison?: (payload: z.output<D['payload']>, crashes: number) => Promise<void>,
): JobHandler<never> {
  return Object.assign(run, onPoison ? { onPoison } : {}) as JobHandler<never>;
}

/** Thrown instead of running a poison job, so pg-boss spends its retries without running it. */
export class PoisonJobError extends Error {
  readonly code = 'JOB_POISON';

  constructor(
    readonly job: string,
    readonly crashes: number,
  ) {
    super(`${job}: ${crashes} attempts ended their worker process; the job is not run again`);
    this.name = 'PoisonJobError';
  }
}

export class MissingJobHandlerError extends Error {
  readonly code = 'JOB_HANDLER_MISSING';

  constructor(readonly missing: string[]) {
    super(`Refusing to start the worker: no handler for ${missing.map((name) => `"${name}"`).join(', ')}`);
    this.name = 'MissingJobHandlerError';
  }
}

/** Throws MissingJobHandlerError naming every definition without a handler (and any handler without a definition). */
export function assertHandlersComplete(queue: Queue, handlers: JobHandlers): void {
  const missing = queue.registry
    .all()
    .map((definition) => definition.name)
    .filter((name) => !handlers[name]);
  if (missing.length > 0) throw new MissingJobHandlerError(missing);
  const unknown = Object.keys(handlers).filter((name) => !queue.registry.has(name));
  if (unknown.length > 0) throw new Error(`handlers for jobs that are not defined: ${unknown.join(', ')}`);
}

export interface WorkerOptions {
  logger?: Logger;
  /** Seconds between polls when idle (pg-boss default 2). */
  pollingIntervalSeconds?: number;
  /**
   * Records attempt starts and ends, so a job that keeps killing the process is poison (decision 111).
   * With it the worker also has a presence in the database and hands on at once the jobs of worker
   * processes whose presence is gone (decision 300).
   */
  starts?: JobStartLedger;
  /** Between two looks for dead workers' jobs (default 1000 ms). */
  takeoverIntervalMs?: number;
  /** More fields for a job's log lines (a translation's id and owner), looked up as it starts. */
  logBindings?: (job: string, payload: unknown) => Promise<Record<string, unknown>>;
}

/**
 * Registers a handler for every job definition and starts fetching. Refuses to start, naming the
 * job, when a definition has no handler. Stop it with `queue.stop()`.
 * @example await startWorker(queue, { 'mail-send': handler(sendMail, async ({ mailId }) => {...}) });
 */
export async function startWorker(
  queue: Queue,
  handlers: JobHandlers,
  options: WorkerOptions = {},
): Promise<void> {
  assertHandlersComplete(queue, handlers);
  await queue.start();
  const { starts } = options;
  const presence = starts ? await openWorkerPresence(queue.connection) : undefined;
  if (starts && presence) {
    const stopTakeover = startTakeover({
      queue,
      starts,
      presence,
      logger: options.logger,
      intervalMs: options.takeoverIntervalMs ?? 1000,
    });
    queue.onStop({ before: stopTakeover, after: () => presence.close() });
  }
  for (const definition of queue.registry.all()) {
    const run = handlers[definition.name] as JobHandler<unknown>;
    await queue.boss.work(
      definition.name,
      {
        batchSize: 1,
        localConcurrency: definition.concurrency,
        ...(definition.groupConcurrency !== undefined && { groupConcurrency: definition.groupConcurrency }),
        pollingIntervalSeconds: options.pollingIntervalSeconds ?? 2,
        // A sent job wakes the queue's workers at once (LISTEN/NOTIFY); the poll stays as often as
        // without it, for jobs left when every worker was busy (pg-boss would relax it to 30 s).
        notifyPollingIntervalSeconds: options.pollingIntervalSeconds ?? 2,
      },
      async ([job]: Job<object>[]) => {
        if (!job) return;
        const payload = definition.payload.parse(job.data);
        const bindings =
          options.logger && (await options.logBindings?.(definition.name, payload).catch(() => ({})));
        const log = options.logger?.child({
          job: definition.name,
          jobId: job.id,
          attempt: job.retryCount,
          ...bindings,
        });
        const attempt = job.retryCount;
        const crashes = starts
          ? await starts.begin(job.id, definition.name, { attempt, session: presence?.id ?? null })
          : 0;
        // After the last attempt pg-boss fails the job for good: its record is no longer needed.
        const last = job.retryCount >= definition.policy.retryLimit;
        if (definition.crashLimit > 0 && crashes >= definition.crashLimit) {
          // This attempt ends here, so every later retry meets the same count and stops here too;
          // onPoison is idempotent and runs again if it failed.
          log?.error({ crashes }, 'poison job: its attempts keep ending the worker process');
          await starts?.end(job.id, last, attempt);
          await run.onPoison?.(payload, crashes);
          throw new PoisonJobError(definition.name, crashes);
        }
        log?.debug('job started');
        try {
          await run(payload, { id: job.id, retryCount: job.retryCount, signal: job.signal });
          await starts?.end(job.id, true, attempt);
          log?.debug('job done');
        } catch (error) {
          await starts?.end(job.id, last, attempt).catch(() => {});
          log?.warn({ err: error }, 'job failed');
          throw error;
        }
      },
    );
  }
}

/**
 * Puts a job's cron schedule in place (UTC; pg-boss keeps one schedule per queue, so every worker
 * may call it); a failure is logged, never thrown, so the worker starts anyway.
 * @example scheduleJob(deps, uploadSweepJob, '*\/10 * * * *')
 */
export function scheduleJob(
  deps: { queue: Pick<Queue, 'boss'>; logger: Pick<Logger, 'error'> },
  job: { name: string },
  cron: string,
): void {
  deps.queue.boss
    .schedule(job.name, cron, {}, { tz: 'UTC' })
    .catch((error: unknown) => deps.logger.error({ err: error, job: job.name }, 'job not scheduled'));
}
