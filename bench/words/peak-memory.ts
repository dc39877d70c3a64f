import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';

/** What one run of a command cost: wall time and peak resident memory of it and its descendants. */
export interface RunCost {
  exit: number | null;
  stderr: string;
  seconds: number;
  /** Peak of the command's own process (the CLI), MB; null where /proc cannot be read. */
  cli_peak_mb: number | null;
  /** Peak of its children together (the book sandbox's child), MB. */
  child_peak_mb: number | null;
  /** Peak of both at the same moment, MB. */
  together_peak_mb: number | null;
}

const rssKb = (pid: number) => {
  try {
    return Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
  } catch {
    return 0;
  }
};

const childrenOf = (pid: number): number[] => {
  try {
    return readdirSync(`/proc/${pid}/task`).flatMap((task) =>
      readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8')
        .trim()
        .split(/\s+/)
        .filter(Boolean)
        .map(Number),
    );
  } catch {
    return [];
  }
};

/**
 * Runs a command, sampling every 10 ms the resident memory of it and of its children from /proc
 * (GNU time's peak leaves out the sandbox's child, which its parent never waits for).
 */
export function runMeasured(command: string, args: string[]): Promise<RunCost> {
  const started = performance.now();
  const child = spawn(command, args, { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (text: string) => {
    stderr += text;
  });
  const peaks = { cli: 0, child: 0, together: 0 };
  const timer = setInterval(() => {
    const own = child.pid ? rssKb(child.pid) : 0;
    const kids = child.pid ? childrenOf(child.pid).reduce((sum, pid) => sum + rssKb(pid), 0) : 0;
    peaks.cli = Math.max(peaks.cli, own);
    peaks.child = Math.max(peaks.child, kids);
    peaks.together = Math.max(peaks.together, own + kids);
  }, 10);
  const mb = (kb: number) => (kb > 0 ? Math.round(kb / 1024) : null);
  return new Promise((resolve) => {
    child.on('close', (exit) => {
      clearInterval(timer);
      resolve({
        exit,
        stderr,
        seconds: Math.round(performance.now() - started) / 1000,
        cli_peak_mb: mb(peaks.cli),
        child_peak_mb: mb(peaks.child),
        together_peak_mb: mb(peaks.together),
      });
    });
  });
}
