import type {
  FastifyRateLimitOptions,
  FastifyRateLimitStore,
  FastifyRateLimitStoreCtor,
} from '@fastify/rate-limit';
import { sql } from 'drizzle-orm';
import type { Database, Executor } from '../db/database';

type Hit = { current: number; ttl: number };

// Old rows are swept now and then by whichever request draws the short straw; no job needed.
const SWEEP_CHANCE = 1 / 500;

/** Counts one hit for `key` in a fixed window; the database clock decides, so every process agrees. */
export async function countHit(db: Database, key: string, windowMs: number): Promise<Hit> {
  const result = await db.execute(sql`
    insert into rate_limit_hits (key, count, window_ends_at)
    values (${key}, 1, now() + ${windowMs} * interval '1 millisecond')
    on conflict (key) do update set
      count = case when rate_limit_hits.window_ends_at <= now() then 1 else rate_limit_hits.count + 1 end,
      window_ends_at = case when rate_limit_hits.window_ends_at <= now()
        then excluded.window_ends_at else rate_limit_hits.window_ends_at end
    returning count, greatest(0, extract(epoch from (window_ends_at - now())) * 1000) as ttl_ms`);
  const row = (result as unknown as { rows: { count: number | string; ttl_ms: number | string }[] }).rows[0];
  if (Math.random() < SWEEP_CHANCE) {
    void db
      .execute(sql`delete from rate_limit_hits where window_ends_at < now() - interval '1 hour'`)
      .catch(() => {});
  }
  // now() is each transaction's start, so a hit that waited on another's row lock can see a few ms
  // more than the window left; never report more than the window.
  const ttl = Math.min(windowMs, Math.round(Number(row?.ttl_ms ?? windowMs)));
  return { current: Number(row?.count ?? 1), ttl };
}

/** The current count for `key` without counting a hit (0 once the window has ended). */
export async function peekHits(db: Database, key: string): Promise<Hit> {
  const result = await db.execute(sql`
    select count, greatest(0, extract(epoch from (window_ends_at - now())) * 1000) as ttl_ms
    from rate_limit_hits where key = ${key} and window_ends_at > now()`);
  const row = (result as unknown as { rows: { count: number | string; ttl_ms: number | string }[] }).rows[0];
  return row ? { current: Number(row.count), ttl: Math.round(Number(row.ttl_ms)) } : { current: 0, ttl: 0 };
}

/** Refuses `key` for `ms` from now (or longer, when an earlier hold ends later): a sign-in delay. */
export async function holdKey(db: Database, key: string, ms: number): Promise<void> {
  await db.execute(sql`
    insert into rate_limit_hits (key, count, window_ends_at)
    values (${key}, 1, now() + ${ms} * interval '1 millisecond')
    on conflict (key) do update set
      count = 1,
      window_ends_at = greatest(rate_limit_hits.window_ends_at, excluded.window_ends_at)`);
}

/** Forgets exactly these keys (never a pattern: one account's counters must not take another's). */
export async function clearKeys(db: Executor, keys: readonly string[]): Promise<void> {
  if (keys.length === 0) return;
  await db.execute(
    sql`delete from rate_limit_hits where key in (${sql.join(
      keys.map((key) => sql`${key}`),
      sql`, `,
    )})`,
  );
}

/**
 * Forgets every counter kept for one account by its id (keys ending in `:<user id>`: e-mails sent,
 * quotes, downloads). A user id is a UUID, so the suffix cannot match another account's keys.
 */
export async function clearUserKeys(db: Executor, userId: string): Promise<void> {
  if (!/^[0-9a-f-]{36}$/i.test(userId)) throw new Error('clearUserKeys takes a user id');
  await db.execute(sql`delete from rate_limit_hits where key like ${`%:${userId}`}`);
}

/**
 * A @fastify/rate-limit store in PostgreSQL/PGlite, so the limits hold across any number of api
 * processes (DESIGN: nothing another process needs lives in memory). Each route gets its own key
 * space through `child`.
 * @example await app.register(rateLimit, { global: false, store: pgRateLimitStore(db) });
 */
export function pgRateLimitStore(db: Database): FastifyRateLimitStoreCtor {
  class PgRateLimitStore implements FastifyRateLimitStore {
    constructor(
      _options: FastifyRateLimitOptions,
      private readonly prefix = '',
    ) {}

    incr(key: string, callback: (error: Error | null, result?: Hit) => void, timeWindow: number): void {
      countHit(db, `${this.prefix}${key}`, timeWindow).then(
        (hit) => callback(null, hit),
        (error: Error) => callback(error),
      );
    }

    read(key: string, callback: (error: Error | null, result?: Hit) => void): void {
      peekHits(db, `${this.prefix}${key}`).then(
        (hit) => callback(null, hit),
        (error: Error) => callback(error),
      );
    }

    child(routeOptions: {
      method?: string | string[];
      url?: string;
      routeInfo?: { method?: unknown; url?: string };
    }) {
      const info = routeOptions.routeInfo ?? routeOptions;
      const prefix = info.url ? `${String(info.method)} ${info.url}|` : '';
      return new PgRateLimitStore({}, prefix);
    }
  }
  return PgRateLimitStore as unknown as FastifyRateLimitStoreCtor;
}
