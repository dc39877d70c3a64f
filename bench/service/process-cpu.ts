import { readFile } from 'node:fs/promises';

/** CPU seconds (user + system) a process has used so far (Linux /proc; clock ticks of 100 Hz). */
export async function cpuSecondsOf(pid: number): Promise<number> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
  // Fields after the command name, which is in parentheses and may contain spaces.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/** Runs `fn` and tells what share of one core the process used meanwhile (1 = a whole core). */
export async function coreShareDuring<T>(pid: number, fn: () => Promise<T>): Promise<[T, number]> {
  const cpu = await cpuSecondsOf(pid);
  const started = performance.now();
  const result = await fn();
  const share = (await cpuSecondsOf(pid)) - cpu;
  return [result, Math.round((share / ((performance.now() - started) / 1000)) * 100) / 100];
}
