import { sql } from 'drizzle-orm';
import { fromDrizzle, fromPglite, PgBoss, type SendOptions } from 'pg-boss';
import type { Logger } from 'pino';
import type { QueueConnection, Transaction } from '../db/database';
import type { JobDefinition } from './define-job';
import type { JobRegistry } from './job-registry';

export interface SendJobOptions {
  /** A UUID that makes the send idempotent: a second send with the same id is ignored. */
  id?: string;
  /** Run no earlier than this (seconds from now, or a date). */
  startAfter?: number | Date;
  /** Fetched before jobs of lower priority (default 0); ties go oldest first. */
  priority?: number;
  /** Enqueue inside this database transaction: the job exists only if the transaction commits. */
  tx?: Transaction;
  /** The job's group (e.g. its owner): the definition's groupConcurrency caps that group's running jobs. */
  group?: string;
}

export interface QueueCount {
  queue: string;
  deferred: number;
  ready: number;
  active: number;
  failed: number;
}

export interface QueueSettings {
  connection: QueueConnection;
  registry: JobRegistry;
  logger?: Logger;
  /** How often expired jobs and stopped heartbeats are looked for (pg-boss default 60 s). */
  monitorIntervalSeconds?: number;
}

/**
 * pg-boss on the application database (PGlite through its in-process adapter, or PostgreSQL).
 * Payloads are checked against the job's definition on the way in.
 * @example const queue = createQueue({ connection: handle.queueConnection, registry: jobRegistry });
 * await queue.start(); await queue.send('mail-send', { mailId });
 */
export class Queue {
  readonly boss: PgBoss;
  readonly registry: JobRegistry;
  /** The database the queue is on, for a worker's presence there (decision 300). */
  readonly connection: QueueConnection;
  #started = false;
  #beforeStop: Array<() => Promise<void>> = [];
  #afterStop: Array<() => Promise<void>> = [];

  constructor(settings: QueueSettings) {
    this.registry = settings.registry;
    this.connection = settings.connection;
    // A monitor pass needs both timers (pg-boss runs it at the longer of the two, 60 s by default);
    // at 15 s a job whose heartbeat stopped is retried within about heartbeatSeconds + 15 s (the
    // backstop: a dead worker process is seen within a second by its presence, decision 300).
    const monitorIntervalSeconds = settings.monitorIntervalSeconds ?? 15;
    // A job sent wakes the workers of its queue in every process (LISTEN/NOTIFY, delivered at the
    // sender's commit) instead of waiting for their next poll: each step of a translation (prepare,
    // chunks, merge) starts at once. Polling stays as the floor.
    const timers = {
      monitorIntervalSeconds,
      superviseIntervalSeconds: monitorIntervalSeconds,
      useListenNotify: true,
    };
    this.boss =
      settings.connection.kind === 'pglite'
        ? new PgBoss({ db: fromPglite(settings.connection.pglite), backend: 'pglite', ...timers })
        : new PgBoss({ connectionString: settings.connection.connectionString, max: 4, ...timers });
    // pg-boss reports background failures (maintenance, a lost connection) as events; unhandled
    // 'error' events would end the process.
    this.boss.on('error', (error) => settings.logger?.error({ err: error }, 'queue error'));
  }

  /** Installs or upgrades pg-boss's tables, then creates or updates a queue per job definition. */
  async start(): Promise<void> {
    if (this.#started) return;
    await this.boss.start();
    this.#started = true;
    for (const definition of this.registry.all()) await this.#ensureQueue(definition);
  }

  async #ensureQueue(definition: JobDefinition): Promise<void> {
    const options = { ...definition.policy, notify: true };
    if (await this.boss.getQueue(definition.name)) {
      await this.boss.updateQueue(definition.name, options);
      return;
    }
    try {
      await this.boss.createQueue(definition.name, options);
    } catch (error) {
      // Another process created it between our look and our insert: update it like the first branch.
      if (!(await this.boss.getQueue(definition.name))) throw error;
      await this.boss.updateQueue(definition.name, options);
    }
  }

  /** Validates the payload against the definition and enqueues it. Returns the job id (null if a duplicate id). */
  async send(
    job: string | JobDefinition,
    payload: unknown,
    options: SendJobOptions = {},
  ): Promise<string | null> {
    const definition = this.registry.get(typeof job === 'string' ? job : job.name);
    const data = definition.payload.parse(payload) as object;
    const sendOptions: SendOptions = {};
    if (options.id) sendOptions.id = options.id;
    if (options.priority !== undefined) sendOptions.priority = options.priority;
    if (options.startAfter !== undefined) sendOptions.startAfter = options.startAfter;
    if (options.tx) sendOptions.db = fromDrizzle(options.tx as never, sql as never);
    if (options.group) sendOptions.group = { id: options.group };
    return this.boss.send(definition.name, data, sendOptions);
  }

  /**
   * Enqueues many jobs of one queue in one statement (one round trip, one wake-up of the workers),
   * each payload validated; ids make it idempotent like `send` (a job whose id exists is skipped)
   * and the queue's policy applies as it does to `send` (the same insert statement).
   * A translation's wave of chunks is sent so: one by one, its last chunk started up to 1.6 s after
   * its first while the worker was already busy starting the first ones.
   */
  async sendMany(
    job: string | JobDefinition,
    jobs: { payload: unknown; options?: Omit<SendJobOptions, 'tx' | 'group'> }[],
  ): Promise<void> {
    if (jobs.length === 0) return;
    const definition = this.registry.get(typeof job === 'string' ? job : job.name);
    const inserts = jobs.map(({ payload, options = {} }) => ({
      data: definition.payload.parse(payload) as object,
      ...(options.id && { id: options.id }),
      ...(options.priority !== undefined && { priority: options.priority }),
      ...(options.startAfter !== undefined && { startAfter: options.startAfter }),
    }));
    await this.boss.insert(definition.name, inserts);
  }

  /** Jobs per queue by state, as pg-boss's monitor last counted them (for /metrics). */
  async counts(): Promise<QueueCount[]> {
    const queues = await this.boss.getQueues();
    return queues.map((q) => ({
      queue: q.name,
      deferred: q.deferredCount,
      ready: q.readyCount,
      active: q.activeCount,
      failed: q.failedCount,
    }));
  }

  /** For GET /health: the queue's tables answer. */
  async check(): Promise<void> {
    if (!this.#started) throw new Error('queue not started');
    await this.boss.getQueueStats(this.registry.all()[0]?.name ?? '__none__').catch((error: Error) => {
      if (!/not found|does not exist/i.test(error.message)) throw error;
    });
  }

  /**
   * A worker's helpers: `before` runs as the queue stops, ahead of pg-boss's wait for running jobs;
   * `after` once pg-boss has stopped (a worker's presence ends only when its jobs have).
   */
  onStop(hooks: { before?: () => Promise<void>; after?: () => Promise<void> }): void {
    if (hooks.before) this.#beforeStop.push(hooks.before);
    if (hooks.after) this.#afterStop.push(hooks.after);
  }

  /** Stops workers (waiting up to `timeoutMs` for running jobs) and closes pg-boss's connections. */
  async stop(timeoutMs = 30_000): Promise<void> {
    if (!this.#started) return;
    this.#started = false;
    const run = (hooks: Array<() => Promise<void>>) =>
      Promise.all(hooks.splice(0).map((fn) => fn().catch(() => {})));
    await run(this.#beforeStop);
    await this.boss.stop({ graceful: true, timeout: timeoutMs });
    await run(this.#afterStop);
  }
}

export function createQueue(settings: QueueSettings): Queue {
  return new Queue(settings);
}
