import { randomUUID } from 'node:crypto';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { QueueConnection } from '../db/database';

/**
 * A worker process's presence in the database (decision 300): on PostgreSQL a connection of its own
 * whose application_name carries the process's id. PostgreSQL drops the session the moment the
 * process dies (the kernel closes its socket), so the id leaves pg_stat_activity within milliseconds
 * of a kill, while a process that is merely slow keeps it for as long as it lives.
 */
export interface WorkerPresence {
  /** This process's id, recorded beside every job attempt it starts. */
  readonly id: string;
  /** The ids of the worker processes present now (this one included). Throws when it cannot tell. */
  live(): Promise<string[]>;
  close(): Promise<void>;
}

const PREFIX = 'booktranslate-worker ';

// PGlite lives in one process: every worker sharing an instance is in this map while it runs, and
// the ids a previous process left in job_starts are absent, hence dead.
const pgliteWorkers = new WeakMap<PGlite, Set<string>>();

/**
 * Opens this process's presence on the queue's database.
 * @example const presence = await openWorkerPresence(queue.connection); await presence.live();
 */
export async function openWorkerPresence(connection: QueueConnection): Promise<WorkerPresence> {
  const id = randomUUID();
  if (connection.kind === 'pglite') {
    const workers = pgliteWorkers.get(connection.pglite) ?? new Set<string>();
    pgliteWorkers.set(connection.pglite, workers);
    workers.add(id);
    return {
      id,
      live: async () => [...workers],
      close: async () => {
        workers.delete(id);
      },
    };
  }
  return openPostgresPresence(id, connection.connectionString);
}

async function openPostgresPresence(id: string, connectionString: string): Promise<WorkerPresence> {
  let client: pg.Client | undefined;
  let closed = false;
  const connect = async () => {
    const opened = new pg.Client({
      connectionString,
      application_name: `${PREFIX}${id}`,
      keepAlive: true,
      connectionTimeoutMillis: 3000,
    });
    // A lost connection is opened again on the next look; until then this process looks dead to
    // the others, which is safe (the attempt fence) but costs a repeat of its jobs.
    opened.on('error', () => {
      if (client === opened) client = undefined;
    });
    await opened.connect();
    // The looks keep the session busy every second; a server-wide idle timeout must not end it.
    await opened.query('SET idle_session_timeout = 0');
    client = opened;
    return opened;
  };
  await connect();
  return {
    id,
    async live() {
      if (closed) throw new Error('worker presence closed');
      const session = client ?? (await connect());
      const { rows } = await session.query<{ id: string }>(
        `SELECT substr(application_name, ${PREFIX.length + 1}) AS id FROM pg_stat_activity
         WHERE datname = current_database() AND application_name LIKE '${PREFIX}%'`,
      );
      return rows.map((r) => r.id);
    },
    async close() {
      closed = true;
      const session = client;
      client = undefined;
      await session?.end().catch(() => {});
    },
  };
}
