import { z } from 'zod';
import { integer, optionalString } from './env-values';

/**
 * Prometheus metrics (decision 162): `GET /metrics` answers only with `Authorization: Bearer
 * $METRICS_TOKEN` and is 404 while the token is unset. A worker has no HTTP port of its own, so
 * `METRICS_PORT` opens an internal one with the same route and token.
 */
export const metricsConfig = z
  .object({
    METRICS_TOKEN: optionalString().pipe(z.string().min(16, 'must be at least 16 characters').optional()),
    METRICS_PORT: integer(0, 0, 65535),
  })
  .transform((env) => ({ metrics: { token: env.METRICS_TOKEN, port: env.METRICS_PORT } }));
