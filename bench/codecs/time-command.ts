import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** One whole-process measurement, from GNU time's own accounting. */
export interface Timing {
  wall: number;
  cpu: number;
  peakRssMb: number;
  code: number;
}

/**
 * Runs a command under /usr/bin/time and reads wall seconds, user+sys seconds and peak RSS.
 * @example timeCommand(['pandoc', 'a.epub', '-o', 'a.fb2']) // { wall: 1.4, cpu: 1.3, peakRssMb: 120, code: 0 }
 */
export function timeCommand(command: string[]): Timing {
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-time-'));
  try {
    const report = path.join(dir, 'time.txt');
    const run = spawnSync('/usr/bin/time', ['-f', '%e %U %S %M', '-o', report, ...command], {
      stdio: 'ignore',
      timeout: 300_000,
    });
    const [wall, user, sys, rssKb] =
      readFileSync(report, 'utf8').trim().split('\n').at(-1)?.split(' ').map(Number) ?? [];
    return {
      wall: wall ?? 0,
      cpu: (user ?? 0) + (sys ?? 0),
      peakRssMb: (rssKb ?? 0) / 1024,
      code: run.status ?? 1,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Median of each figure over `runs` runs after `warmup` uncounted runs. */
export function medianTiming(command: string[], runs: number, warmup = 1): Timing {
  for (let i = 0; i < warmup; i++) timeCommand(command);
  const timings = Array.from({ length: runs }, () => timeCommand(command));
  const median = (pick: (t: Timing) => number) =>
    timings.map(pick).sort((a, b) => a - b)[Math.floor(runs / 2)] ?? 0;
  return {
    wall: median((t) => t.wall),
    cpu: median((t) => t.cpu),
    peakRssMb: median((t) => t.peakRssMb),
    code: timings.find((t) => t.code !== 0)?.code ?? 0,
  };
}
