import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';

/**
 * The process's Prometheus metrics (decision 162). One registry per process: the API, each worker
 * and `serve` expose what they saw themselves; Prometheus adds them up across processes.
 */
export const metricsRegistry = new Registry();
collectDefaultMetrics({ register: metricsRegistry, prefix: 'booktranslate_' });

export const httpDuration = new Histogram({
  name: 'booktranslate_http_request_duration_seconds',
  help: 'HTTP request latency by route pattern, method and status class',
  labelNames: ['route', 'method', 'status'] as const,
  buckets: [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 10],
  registers: [metricsRegistry],
});

export const providerDuration = new Histogram({
  name: 'booktranslate_provider_request_duration_seconds',
  help: 'Translation provider calls by engine and outcome (ok or the error code)',
  labelNames: ['engine', 'operation', 'outcome'] as const,
  buckets: [0.1, 0.25, 0.5, 1, 2, 4, 8, 15, 30, 60, 120],
  registers: [metricsRegistry],
});

export const providerErrors = new Counter({
  name: 'booktranslate_provider_errors_total',
  help: 'Failed translation provider calls by engine and error code',
  labelNames: ['engine', 'code'] as const,
  registers: [metricsRegistry],
});

export const providerTokens = new Counter({
  name: 'booktranslate_provider_tokens_total',
  help: 'Provider tokens by engine and direction (in = prompt, out = completion)',
  labelNames: ['engine', 'direction'] as const,
  registers: [metricsRegistry],
});

export const queueJobs = new Gauge({
  name: 'booktranslate_queue_jobs',
  help: 'Jobs by queue and state (pg-boss counts, refreshed by its monitor)',
  labelNames: ['queue', 'state'] as const,
  registers: [metricsRegistry],
});

export const translationsByStatus = new Gauge({
  name: 'booktranslate_translations',
  help: 'Translations by status',
  labelNames: ['status'] as const,
  registers: [metricsRegistry],
});
