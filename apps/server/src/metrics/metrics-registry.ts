import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';

/**
 * The process's Prometheus metrics (decision 162). One registry per process: the API, each worker
 * and `serve` expose what they saw themselves; Prometheus adds them up across processes.
 */
export const metricsRegistry = new Registry();
collectDefaultMetrics({ register: metricsRegistry, prefix: 'booktranslate_' });

/** A metric's name, help and labels, registered in this process's registry. */
function metric<L extends string>(name: string, help: string, labelNames: readonly L[]) {
  return { name, help, labelNames, registers: [metricsRegistry] };
}

export const httpDuration = new Histogram({
  ...metric(
    'booktranslate_http_request_duration_seconds',
    'HTTP request latency by route pattern, method and status class',
    ['route', 'method', 'status'],
  ),
  buckets: [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 10],
});

export const providerDuration = new Histogram({
  ...metric(
    'booktranslate_provider_request_duration_seconds',
    'Translation provider calls by engine and outcome (ok or the error code)',
    ['engine', 'operation', 'outcome'],
  ),
  buckets: [0.1, 0.25, 0.5, 1, 2, 4, 8, 15, 30, 60, 120],
});

export const providerErrors = new Counter(
  metric(
    'booktranslate_provider_errors_total',
    'Failed translation provider calls by engine and error code',
    ['engine', 'code'],
  ),
);

export const providerTokens = new Counter(
  metric(
    'booktranslate_provider_tokens_total',
    'Provider tokens by engine and direction (in = prompt, out = completion, reasoning = the part of out a reasoning model spent thinking)',
    ['engine', 'direction'],
  ),
);

export const providerCostSaved = new Counter(
  metric(
    'booktranslate_provider_cost_saved_usd_total',
    'US dollars the economy lane saved against the standard price, by engine and way (batch, flex)',
    ['engine', 'way'],
  ),
);

export const providerRequestsByLane = new Counter(
  metric(
    'booktranslate_provider_requests_by_lane_total',
    'Translation requests to providers by lane (standard, economy) and way (chat, batch, flex)',
    ['lane', 'way'],
  ),
);

export const queueJobs = new Gauge(
  metric('booktranslate_queue_jobs', 'Jobs by queue and state (pg-boss counts, refreshed by its monitor)', [
    'queue',
    'state',
  ]),
);

export const translationsByStatus = new Gauge(
  metric('booktranslate_translations', 'Translations by status', ['status']),
);
