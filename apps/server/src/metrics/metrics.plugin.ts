import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../errors';
import { httpDuration } from './metrics-registry';
import { type MetricsSources, renderMetrics } from './render-metrics';

export interface MetricsPluginOptions extends MetricsSources {
  /** METRICS_TOKEN; unset: the route answers 404 as if it did not exist. */
  token: string | undefined;
}

/**
 * HTTP latency by route pattern for every request, and `GET /metrics` in the Prometheus text
 * format behind `Authorization: Bearer <METRICS_TOKEN>` (decision 162).
 */
export const metricsPlugin = fp(async (app: FastifyInstance, opts: MetricsPluginOptions) => {
  app.addHook('onResponse', async (request, reply) => {
    httpDuration.observe(
      {
        // The pattern, never the raw URL: ids in paths would give every book its own series.
        route: request.routeOptions.url ?? 'unmatched',
        method: request.method,
        status: `${Math.floor(reply.statusCode / 100)}xx`,
      },
      reply.elapsedTime / 1000,
    );
  });
  // Not part of the product's API: kept out of the OpenAPI document.
  app.get('/metrics', { logLevel: 'warn', schema: { hide: true } }, async (request, reply) => {
    if (!opts.token) throw new AppError('NOT_FOUND', 'Route GET /metrics not found');
    if (!bearerMatches(request, opts.token)) {
      reply.header('www-authenticate', 'Bearer');
      throw new AppError('UNAUTHENTICATED', 'A valid metrics token is required');
    }
    reply.type('text/plain; version=0.0.4; charset=utf-8');
    return renderMetrics(opts);
  });
});

function bearerMatches(request: FastifyRequest, token: string): boolean {
  const given = /^Bearer (.+)$/i.exec(request.headers.authorization ?? '')?.[1] ?? '';
  const a = Buffer.from(given);
  const b = Buffer.from(token);
  return a.length === b.length && timingSafeEqual(a, b);
}
