import type { Logger } from 'pino';
import type { Config } from './config/env';
import type { Database } from './db/database';
import type { Queue } from './jobs/queue';
import type { Storage } from './storage/storage';

/** Reads the time; tests pass a fixed or movable clock. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/**
 * What the app uses of the queue: sending jobs (an upload starts its translation), counting them
 * (/metrics) and probing it (/health). The infrastructure's pg-boss `Queue` is one.
 */
export type AppQueue = Pick<Queue, 'send' | 'sendMany' | 'counts' | 'check'>;

/** Request budgets per client; tests raise them so a suite of sign-ins is not throttled. */
export interface RateLimits {
  /** Requests per minute per IP on each auth endpoint. */
  authPerIpPerMinute: number;
  /** Failed sign-ins per account (email) per 15 minutes before growing delays start. */
  loginPerAccountPer15Min: number;
  /** Failed sign-ins per client address per 15 minutes before growing delays start. */
  loginPerIpPer15Min: number;
}

export const defaultRateLimits: RateLimits = {
  authPerIpPerMinute: 30,
  loginPerAccountPer15Min: 10,
  loginPerIpPer15Min: 20,
};

/** Everything buildApp needs from outside. Modules take the parts they use (STYLE.md rule 2). */
export interface AppDeps {
  config: Config;
  db: Database;
  /** The health probe's database check (DatabaseHandle.check); a query on `db` when absent. */
  checkDatabase?: () => Promise<void>;
  queue: AppQueue;
  storage: Storage;
  logger?: Logger;
  clock?: Clock;
  rateLimits?: Partial<RateLimits>;
}
