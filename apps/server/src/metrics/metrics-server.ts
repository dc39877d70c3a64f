import Fastify, { type FastifyInstance } from 'fastify';
import type { Config } from '../config/env';
import { errorHandlerPlugin } from '../plugins/error-handler';
import { metricsPlugin } from './metrics.plugin';
import type { MetricsSources } from './render-metrics';

/**
 * `METRICS_PORT`: an internal port with only `GET /metrics` (same token), for workers, which have
 * no HTTP port, and for keeping scrapes off the public one. Null when the port or token is unset.
 */
export async function startMetricsServer(
  config: Config,
  sources: MetricsSources,
  /** Tests pass 0 to listen on a free port. */
  port = config.metrics.port,
): Promise<FastifyInstance | null> {
  if (!config.metrics.port || !config.metrics.token) return null;
  const app = Fastify({ logger: false });
  await app.register(errorHandlerPlugin);
  await app.register(metricsPlugin, { token: config.metrics.token, ...sources });
  await app.listen({ port, host: config.host });
  return app;
}
