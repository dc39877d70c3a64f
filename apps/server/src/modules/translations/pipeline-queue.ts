import { fromPglite, PgBoss } from 'pg-boss';
import type { QueueConnection } from '../../db/database';
import { PIPELINE_JOB_OPTIONS, type JobContext } from './pipeline-jobs';
import { PIPELINE_JOBS, type JobSender, type PipelineJobName } from './pipeline-deps';

export type PipelineHandlers = Record<PipelineJobName, (data: unknown, job: JobContext) => Promise<void>>;

export interface PipelineQueue {
  sender: JobSender;
  /** Starts workers for the three pipeline queues in this process. */
  work(handlers: PipelineHandlers, concurrency: number): Promise<void>;
  stop(): Promise<void>;
}

/**
 * pg-boss for the pipeline on the app's database (PGlite in-process or PostgreSQL shared by every
 * worker). The monitor runs every 10 s so a job whose worker stopped heartbeating is retried within
 * about half a minute.
 */
export async function startPipelineQueue(connection: QueueConnection): Promise<PipelineQueue> {
  const boss =
    connection.kind === 'pglite'
      ? new PgBoss({
          db: fromPglite(connection.pglite),
          backend: 'pglite',
          superviseIntervalSeconds: 10,
          monitorIntervalSeconds: 10,
        })
      : new PgBoss({
          connectionString: connection.connectionString,
          superviseIntervalSeconds: 10,
          monitorIntervalSeconds: 10,
        });
  boss.on('error', () => {});
  await boss.start();
  for (const name of Object.values(PIPELINE_JOBS)) await boss.createQueue(name, PIPELINE_JOB_OPTIONS[name]);
  const sender: JobSender = {
    async send(name, data, options) {
      await boss.send(name, data, { id: options.id });
    },
  };
  return {
    sender,
    async work(handlers, concurrency) {
      for (const name of Object.values(PIPELINE_JOBS)) {
        const slots = name === PIPELINE_JOBS.chunk ? concurrency : 2;
        await boss.work(name, { localConcurrency: slots, pollingIntervalSeconds: 0.5 }, async (jobs) => {
          for (const job of jobs)
            await handlers[name](job.data, { retryCount: job.retryCount, signal: job.signal });
        });
      }
    },
    stop: () => boss.stop({ graceful: true, timeout: 5000 }),
  };
}
