import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const script = fileURLToPath(new URL('./fixtures/crash-worker.ts', import.meta.url));
const dir = mkdtempSync(path.join(tmpdir(), 'bt-poison-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Runs one worker process to its end; resolves with its exit code and output lines. */
function runWorker(args: string[]): Promise<{ code: number | null; lines: string[] }> {
  const child = spawn(process.execPath, ['--import', 'tsx', script, dir, ...args], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  child.stdout.on('data', (chunk: Buffer) => {
    out += chunk.toString();
  });
  return new Promise((resolve) => {
    child.once('exit', (code) => resolve({ code, lines: out.split('\n').filter(Boolean) }));
  });
}

describe('a job whose attempts keep killing the worker process', () => {
  it('runs crashLimit times, then is poison: its module is told (idempotently) and pg-boss fails it', async () => {
    const runs: string[] = [];
    const seen: string[] = [];
    // The first process sends the job; each one after it is a restart after the crash.
    for (let restart = 0; restart < 6 && !seen.some((l) => l.startsWith('state')); restart++) {
      const { code, lines } = await runWorker(restart === 0 ? ['send'] : []);
      seen.push(...lines.filter((l) => l !== 'ready'));
      runs.push(...lines.filter((l) => l.startsWith('run')));
      if (lines.some((l) => l.startsWith('run'))) expect(code).toBe(70);
    }
    // Two attempts ran and killed their process; the third start found the job poison.
    expect(runs).toEqual(['run 0', 'run 1']);
    expect(seen.filter((l) => l.startsWith('poisoned'))[0]).toBe('poisoned 2');
    expect(seen.at(-1)).toBe('state failed');
    // The last attempt removed the job's record: nothing is kept for a job that will not run again.
    expect(seen.at(-2)).toBe('records 0');
    // A restart after that never runs it again.
    const again = await runWorker([]);
    expect(again.lines.filter((l) => l.startsWith('run'))).toEqual([]);
  }, 180_000);
});
