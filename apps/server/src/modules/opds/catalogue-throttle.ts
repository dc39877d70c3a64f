import type { Database } from '../../db/database';
import { AppError } from '../../errors';
import { countHit, holdKey, peekHits } from '../../plugins/pg-rate-limit-store';
import { delayAfter } from '../auth/login-throttle';

const WINDOW_MS = 15 * 60_000;
const ACCOUNT_DELAY_CAP_MS = 15 * 60_000;
const ADDRESS_DELAY_CAP_MS = 60 * 60_000;

export interface CatalogueThrottleOptions {
  db: Database;
  /** Failed catalogue sign-ins per account (or path token) in 15 minutes before delays start. */
  perAccount: number;
  /** Failed catalogue sign-ins per client address in 15 minutes before delays start. */
  perAddress: number;
}

const tooMany = (ttl: number) =>
  new AppError('RATE_LIMITED', 'Too many sign-in attempts. Please try again later.', {
    retry_after_s: Math.max(1, Math.ceil(ttl / 1000)),
  });

/**
 * Bounds on reading apps' failed sign-ins, counted like password sign-in's (decision 121) but
 * apart from them, so a misconfigured e-reader never delays its owner's browser (decision 250).
 * A client address past its budget waits, whatever it sends. An account past its budget refuses
 * further wrong passwords with 429 but still lets the right one in: an app password is ~119 random
 * bits, so the bound stops the flood, and a stranger cannot lock the owner's devices out.
 */
export function createCatalogueThrottle(opts: CatalogueThrottleOptions) {
  const { db } = opts;
  const keys = (ip: string, account: string) => ({
    address: { count: `opds:address:${ip}`, wait: `opds:address-wait:${ip}` },
    account: { count: `opds:account:${account}`, wait: `opds:account-wait:${account}` },
  });
  return {
    /** Before checking anything: 429 while this client address must wait. */
    async guard(ip: string): Promise<void> {
      const hold = await peekHits(db, keys(ip, '').address.wait);
      if (hold.ttl > 0) throw tooMany(hold.ttl);
    },

    /** After a refused password: counts it; 429 when the account is waiting, else the caller's 401. */
    async recordFailure(ip: string, account: string): Promise<void> {
      const k = keys(ip, account);
      const address = await countHit(db, k.address.count, WINDOW_MS);
      const addressDelay = delayAfter(address.current, opts.perAddress, ADDRESS_DELAY_CAP_MS);
      if (addressDelay > 0) await holdKey(db, k.address.wait, addressDelay);
      const held = await peekHits(db, k.account.wait);
      const counted = await countHit(db, k.account.count, WINDOW_MS);
      const accountDelay = delayAfter(counted.current, opts.perAccount, ACCOUNT_DELAY_CAP_MS);
      if (accountDelay > 0) await holdKey(db, k.account.wait, accountDelay);
      if (held.ttl > 0) throw tooMany(held.ttl);
    },
  };
}

export type CatalogueThrottle = ReturnType<typeof createCatalogueThrottle>;
