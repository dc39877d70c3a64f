import type { preHandlerAsyncHookHandler } from 'fastify';
import type { Database } from '../../../db/database';
import { AppError } from '../../../errors';
import { countHit } from '../../../plugins/pg-rate-limit-store';
import { signedInUser } from '../../auth/session.plugin';

const MINUTE_MS = 60_000;

/**
 * The quote's limit per signed-in user (the route's `rateLimit` holds the same one per client
 * address): past `perMinute` quotes in a minute, 429 with `retry_after_s`, before the file is read.
 * Counted in the database like every limit, so it holds across api processes.
 */
export function quotesPerUser(db: Database, perMinute: number): preHandlerAsyncHookHandler {
  return async (request) => {
    const hits = await countHit(db, `quote:user:${signedInUser(request).userId}`, MINUTE_MS);
    if (hits.current > perMinute)
      throw new AppError('RATE_LIMITED', 'Too many quotes. Please try again later.', {
        retry_after_s: Math.max(1, Math.ceil(hits.ttl / 1000)),
      });
  };
}
