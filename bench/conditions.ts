import { cpus, loadavg } from 'node:os';

/**
 * What a benchmark ran under, for its JSON: the machine's load when it started and ended, its cores
 * and the server's log level (a figure means little without them).
 * @example const start = conditionsNow(); ...; print({ conditions: conditions(start, { logLevel: 'warn' }) })
 */
export function conditionsNow() {
  return { load_average_1m: round(loadavg()[0] ?? 0), at: new Date().toISOString() };
}

export function conditions(
  start: ReturnType<typeof conditionsNow>,
  extra: { logLevel?: string; [key: string]: unknown } = {},
) {
  const { logLevel, ...rest } = extra;
  return {
    cores: cpus().length,
    node: process.version,
    load_average_1m_start: start.load_average_1m,
    load_average_1m_end: round(loadavg()[0] ?? 0),
    ...(logLevel ? { log_level: logLevel } : {}),
    ...rest,
  };
}

const round = (n: number) => Math.round(n * 100) / 100;
