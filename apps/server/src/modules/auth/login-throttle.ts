import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Database, Executor } from '../../db/database';
import { AppError } from '../../errors';
import { cookieName, cookieOptions, isSecureRequest, readCookie } from '../../plugins/cookie-policy';
import { clearKeys, countHit, holdKey, peekHits } from '../../plugins/pg-rate-limit-store';

const WINDOW_MS = 15 * 60_000;
/** The first delay once a budget is spent; each further failure doubles it, up to the cap. */
const FIRST_DELAY_MS = 30_000;
const ACCOUNT_DELAY_CAP_MS = 15 * 60_000;
const ADDRESS_DELAY_CAP_MS = 60 * 60_000;
const DEVICE_COOKIE = 'login_device';
const DEVICE_COOKIE_MAX_AGE_S = 180 * 86_400;

/**
 * Every limiter key that names an account's address. Account deletion and password reset clear
 * exactly these (decision 121); the keys end with the whole address, so no other account matches.
 */
export function accountLimiterKeys(email: string): string[] {
  return [`login:account:${email}`, `login:account-wait:${email}`, `reset:account:${email}`];
}

/** How long a client waits after its `count`-th failure within the window (0 below `max`). */
export function delayAfter(count: number, max: number, capMs: number): number {
  if (count < max) return 0;
  return Math.min(capMs, FIRST_DELAY_MS * 2 ** Math.min(20, count - max));
}

export interface LoginThrottleOptions {
  db: Database;
  secret: string;
  publicUrl: string;
  /** Failed attempts per account (or per known device of it) in 15 minutes before delays start. */
  perAccount: number;
  /** Failed attempts per client address in 15 minutes before delays start. */
  perAddress: number;
}

/**
 * Password sign-in throttling (decision 121). Failures are counted per client address and per
 * account; once either budget is spent, every further failure makes that client or account wait
 * longer (30 s, 1 min, 2 min ... up to 15 min for an account, 1 h for an address), answered as 429
 * with Retry-After. A browser that signed in to the account before carries a signed device cookie:
 * for it, the account's wait does not apply (its own failures are counted instead), so a stranger
 * guessing from elsewhere cannot lock the owner out of the right password.
 */
export function createLoginThrottle(opts: LoginThrottleOptions) {
  const { db } = opts;
  const sign = (email: string, nonce: string) =>
    createHmac('sha256', opts.secret).update(`login-device:${email}:${nonce}`).digest('base64url');

  /** The nonce of a device cookie this browser got from signing in to `email`, else null. */
  function knownDevice(request: FastifyRequest, email: string): string | null {
    const value = readCookie(request, DEVICE_COOKIE, opts.publicUrl);
    const [nonce, signature, extra] = value?.split('.') ?? [];
    if (!nonce || !signature || extra !== undefined) return null;
    const expected = Buffer.from(sign(email, nonce));
    const given = Buffer.from(signature);
    return expected.length === given.length && timingSafeEqual(expected, given) ? nonce : null;
  }

  const keysFor = (request: FastifyRequest, email: string) => {
    const device = knownDevice(request, email);
    return {
      address: { count: `login:address:${request.ip}`, wait: `login:address-wait:${request.ip}` },
      account: device
        ? { count: `login:device:${device}`, wait: `login:device-wait:${device}` }
        : { count: `login:account:${email}`, wait: `login:account-wait:${email}` },
    };
  };

  return {
    /** Before checking the password: 429 with Retry-After while this client or account must wait. */
    async guard(request: FastifyRequest, email: string): Promise<void> {
      const keys = keysFor(request, email);
      for (const key of [keys.address.wait, keys.account.wait]) {
        const hold = await peekHits(db, key);
        if (hold.ttl > 0) {
          throw new AppError('RATE_LIMITED', 'Too many sign-in attempts. Please try again later.', {
            retry_after_s: Math.max(1, Math.ceil(hold.ttl / 1000)),
          });
        }
      }
    },

    /** After a wrong password: counts it and, past a budget, starts or lengthens the wait. */
    async recordFailure(request: FastifyRequest, email: string): Promise<void> {
      const keys = keysFor(request, email);
      const address = await countHit(db, keys.address.count, WINDOW_MS);
      const addressDelay = delayAfter(address.current, opts.perAddress, ADDRESS_DELAY_CAP_MS);
      if (addressDelay > 0) await holdKey(db, keys.address.wait, addressDelay);
      const account = await countHit(db, keys.account.count, WINDOW_MS);
      const accountDelay = delayAfter(account.current, opts.perAccount, ACCOUNT_DELAY_CAP_MS);
      if (accountDelay > 0) await holdKey(db, keys.account.wait, accountDelay);
    },

    /**
     * After the right password: the account's counters start again (the address's do not: one's
     * own account must not reset a guesser's budget) and the browser is remembered for the account.
     */
    async recordSuccess(request: FastifyRequest, reply: FastifyReply, email: string): Promise<void> {
      const device = knownDevice(request, email);
      const keys = [`login:account:${email}`, `login:account-wait:${email}`];
      if (device) keys.push(`login:device:${device}`, `login:device-wait:${device}`);
      await clearKeys(db, keys);
      const nonce = device ?? randomBytes(18).toString('base64url');
      const secure = isSecureRequest(request, opts.publicUrl);
      reply.setCookie(
        cookieName(DEVICE_COOKIE, secure),
        `${nonce}.${sign(email, nonce)}`,
        cookieOptions(secure, true, DEVICE_COOKIE_MAX_AGE_S),
      );
    },
  };
}

/** Clears an account's sign-in and reset counters (account deletion, password reset). */
export function clearAccountLimits(db: Executor, email: string): Promise<void> {
  return clearKeys(db, accountLimiterKeys(email));
}

export type LoginThrottle = ReturnType<typeof createLoginThrottle>;
