import { isIP } from 'node:net';
import { z } from 'zod';
import { integer, optionalString } from './env-values';

/** The named ranges proxy-addr (Fastify's trustProxy) understands, besides addresses and CIDRs. */
const NAMED_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** True for `203.0.113.7`, `10.0.0.0/8`, `::1`, `fd00::/8` or one of the named ranges. */
export function isProxyAddress(entry: string): boolean {
  if (NAMED_RANGES.has(entry)) return true;
  const [address = '', prefix, extra] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || extra !== undefined) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (family === 4 ? 32 : 128);
}

/**
 * Abuse bounds: which proxies may name the client's address, and how long a keyed hash of a
 * deleted account's address keeps its Free credits from being granted again.
 */
export const securityConfig = z
  .object({
    // Unset: no proxy is trusted and X-Forwarded-For is ignored (a client cannot pick its address).
    TRUST_PROXY: optionalString().transform((value, ctx) => {
      if (value === undefined || ['false', 'off', 'none'].includes(value.toLowerCase())) return [];
      const entries = value
        .split(',')
        .map((entry) => entry.trim())
        .filter(Boolean);
      const bad = entries.filter((entry) => !isProxyAddress(entry));
      if (bad.length > 0) {
        ctx.addIssue({
          code: 'custom',
          message: `expected proxy addresses or CIDRs (or loopback, linklocal, uniquelocal), not ${bad.join(', ')}`,
        });
        return z.NEVER;
      }
      return entries;
    }),
    FREE_CREDIT_CLAIM_DAYS: integer(365, 1, 3650),
  })
  .transform((env) => ({
    /** Addresses (or CIDRs) of the reverse proxies whose X-Forwarded-For/-Proto are believed. */
    trustProxy: env.TRUST_PROXY,
    freeCreditClaimDays: env.FREE_CREDIT_CLAIM_DAYS,
  }));
