import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The real bin, as `npx booktranslate` runs it. */
export const BIN = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '..',
  'bin',
  'booktranslate.mjs',
);

export interface BinResult {
  code: number;
  stdout: string;
  stderr: string;
}

/**
 * Test and bench helper: runs `node bin/booktranslate.mjs ...args` and resolves with its exit
 * code and output (never rejects on a non-zero exit).
 * @example const { code } = await runBin(['inspect', 'book.epub', '--json'])
 */
export function runBin(args: string[], timeoutMs = 60_000): Promise<BinResult> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [BIN, ...args],
      { timeout: timeoutMs, maxBuffer: 64 * 1024 * 1024 },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
        resolve({ code, stdout, stderr });
      },
    );
  });
}

/** Runs tasks with at most `limit` at a time, keeping result order. */
export async function pool<T, R>(items: T[], limit: number, task: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < items.length; i = next++) results[i] = await task(items[i] as T);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}
