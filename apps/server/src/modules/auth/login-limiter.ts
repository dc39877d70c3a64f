import type { FastifyRequest } from 'fastify';
import { AppError } from '../../errors';
import type { ApiInstance } from '../../plugins/define-module';

/**
 * The account-level sign-in limit (ASVS 6.3.1): failed password attempts are counted per email,
 * whatever the IP, for 15 minutes; once `max` have failed, sign-in to that account answers 429 until
 * the window ends, even with the right password. Successful sign-ins are not counted.
 */
export function createLoginLimiter(app: ApiInstance, max: number) {
  // createRateLimit, not rateLimit: the latter skips requests the per-IP limit already counted.
  const limiter = app.createRateLimit({
    max,
    timeWindow: '15 minutes',
    keyGenerator: (request) => `login:${(request.body as { email?: string }).email ?? ''}`,
  });
  return {
    /** preHandler: refuses the attempt when the account's failures have reached `max`. */
    async guard(request: FastifyRequest): Promise<void> {
      const state = await limiter(request, { increment: false });
      if (!state.isAllowed && state.remaining === 0) {
        throw new AppError('RATE_LIMITED', 'Too many sign-in attempts. Please try again later.', {
          retry_after_s: state.ttlInSeconds,
        });
      }
    },
    async recordFailure(request: FastifyRequest): Promise<void> {
      await limiter(request);
    },
  };
}
