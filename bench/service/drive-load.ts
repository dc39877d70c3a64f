import autocannon from 'autocannon';

export interface LoadFigures {
  connections: number;
  offered_rps: number | 'max';
  seconds: number;
  requests_per_second: number;
  latency_p50_ms: number;
  latency_p99_ms: number;
  latency_max_ms: number;
  non_2xx: number;
  errors: number;
  timeouts: number;
}

/** GET `paths` round-robin on `baseUrl` with `headers` over `connections` connections for `seconds`. */
export interface LoadOptions {
  baseUrl: string;
  paths: string[];
  headers: Record<string, string>;
  connections: number;
  seconds: number;
  rate?: number;
}

/**
 * Drives the given GET paths round-robin with autocannon over `connections` keep-alive connections,
 * as fast as they answer or at `rate` requests per second in total (an open-ish load: each
 * connection sends at rate / connections).
 */
export async function driveLoad(options: LoadOptions): Promise<LoadFigures> {
  const result = await autocannon({
    url: options.baseUrl,
    connections: options.connections,
    duration: options.seconds,
    headers: options.headers,
    requests: options.paths.map((path) => ({ method: 'GET' as const, path })),
    ...(options.rate && { overallRate: options.rate }),
  });
  return {
    connections: options.connections,
    offered_rps: options.rate ?? 'max',
    seconds: options.seconds,
    requests_per_second: Math.round(result.requests.average),
    latency_p50_ms: result.latency.p50,
    latency_p99_ms: result.latency.p99,
    latency_max_ms: result.latency.max,
    non_2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
  };
}
