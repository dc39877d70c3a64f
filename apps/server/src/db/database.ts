import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type * as schema from './schema';

/** The Drizzle database every repository receives, whichever driver sits underneath. */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

/** A transaction handed to `db.transaction(async (tx) => ...)`; repositories accept either. */
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

/** Either the database or a transaction in progress. */
export type Executor = Database | Transaction;

/** How the queue reaches the same database: the PGlite instance itself, or a connection string. */
export type QueueConnection =
  | { kind: 'pglite'; pglite: import('@electric-sql/pglite').PGlite }
  | { kind: 'postgres'; connectionString: string };

export interface DatabaseHandle {
  kind: 'pglite' | 'postgres';
  db: Database;
  queueConnection: QueueConnection;
  /**
   * For GET /health: resolves when the database answers a trivial query. On PostgreSQL it runs on a
   * connection of its own, so a pool busy with a burst of requests does not make a healthy process
   * look unhealthy to its load balancer (decision 225).
   */
  check(): Promise<void>;
  /** Applies pending migrations; safe to call from several processes at once on PostgreSQL. */
  migrate(): Promise<void>;
  close(): Promise<void>;
}
