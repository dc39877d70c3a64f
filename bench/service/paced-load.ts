import { Agent, request } from 'node:http';
import type { LoadFigures, LoadOptions } from './drive-load';

export type PacedFigures = Omit<LoadFigures, 'offered_rps' | 'timeouts'> & { offered_rps: number };

/**
 * An open load at a steady rate: requests are started on a fixed schedule (every 5 ms, as many as
 * are due) over at most `connections` keep-alive connections, whether earlier ones have answered
 * or not, and each latency counts from the moment its request was due. autocannon's own rate sends
 * each connection's share for the second in one burst at the start of the second, which measures
 * the burst rather than the rate.
 */
export async function pacedLoad(options: LoadOptions & { rate: number }): Promise<PacedFigures> {
  const agent = new Agent({ keepAlive: true, maxSockets: options.connections });
  const url = new URL(options.baseUrl);
  const latencies: number[] = [];
  let non2xx = 0;
  let errors = 0;
  let sent = 0;
  const pending: Promise<void>[] = [];
  const started = performance.now();
  const end = started + options.seconds * 1000;
  const send = (due: number, path: string) =>
    new Promise<void>((resolve) => {
      const req = request(
        { host: url.hostname, port: url.port, path, headers: options.headers, agent },
        (res) => {
          res.resume();
          res.on('end', () => {
            if ((res.statusCode ?? 0) >= 300) non2xx++;
            latencies.push(performance.now() - due);
            resolve();
          });
        },
      );
      req.on('error', () => {
        errors++;
        resolve();
      });
      req.end();
    });
  while (performance.now() < end) {
    const now = performance.now();
    const due = Math.floor(((now - started) / 1000) * options.rate);
    for (; sent < due; sent++) {
      const dueAt = started + (sent / options.rate) * 1000;
      pending.push(send(dueAt, options.paths[sent % options.paths.length] as string));
    }
    await new Promise((r) => setTimeout(r, 5));
  }
  await Promise.all(pending);
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const at = (q: number) =>
    Math.round(latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0);
  return {
    connections: options.connections,
    offered_rps: options.rate,
    seconds: options.seconds,
    requests_per_second: Math.round(latencies.length / ((performance.now() - started) / 1000)),
    latency_p50_ms: at(0.5),
    latency_p99_ms: at(0.99),
    latency_max_ms: Math.round(latencies.at(-1) ?? 0),
    non_2xx: non2xx,
    errors,
  };
}
