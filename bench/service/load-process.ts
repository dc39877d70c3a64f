/**
 * The load generator in a process of its own, so that its CPU is neither the bench's nor the API's
 * and can be reported beside theirs. The parent runs `inLoadProcess(...)`; this file, started as a
 * child, runs the load (autocannon as fast as the API answers, or paced-load.ts at a rate), reads the
 * CPU the watched processes used meanwhile (/proc) and its own, and prints one JSON line.
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { driveLoad, type LoadFigures, type LoadOptions } from './drive-load';
import { pacedLoad } from './paced-load';
import { cpuSecondsOf } from './process-cpu';
import { repoRoot } from './server-process';

export interface LoadRun<F> {
  figures: F;
  /** Share of one core each watched process (by name) and the load generator used during the load. */
  cores: Record<string, number>;
}

type Job = { options: LoadOptions; paced: boolean; watch: Record<string, number> };

/**
 * Runs the load in a child node process; `watch` names the pids whose CPU share is measured over
 * exactly the load's time (the generator's own is `load_generator`).
 * @example const run = await inLoadProcess({ ...load, seconds: 15 }, { api: api.pid }, 'paced');
 */
export async function inLoadProcess<P extends 'max' | 'paced'>(
  options: LoadOptions,
  watch: Record<string, number>,
  mode: P,
): Promise<LoadRun<P extends 'paced' ? Awaited<ReturnType<typeof pacedLoad>> : LoadFigures>> {
  const job: Job = { options, paced: mode === 'paced', watch };
  const child = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url)], {
    cwd: repoRoot,
    env: { ...process.env, BENCH_LOAD_JOB: JSON.stringify(job) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
    out += chunk;
  });
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  const line = out.trim().split('\n').at(-1);
  if (code !== 0 || !line) throw new Error(`load process exited with ${code}: ${out}`);
  return JSON.parse(line);
}

async function runJob(job: Job): Promise<void> {
  const pids = Object.entries(job.watch);
  const before = await Promise.all(pids.map(([, pid]) => cpuSecondsOf(pid)));
  const own = process.cpuUsage();
  const started = performance.now();
  const figures = job.paced
    ? await pacedLoad({ ...job.options, rate: job.options.rate ?? 0 })
    : await driveLoad(job.options);
  const seconds = (performance.now() - started) / 1000;
  const after = await Promise.all(pids.map(([, pid]) => cpuSecondsOf(pid)));
  const used = process.cpuUsage(own);
  const share = (cpu: number) => Math.round((cpu / seconds) * 100) / 100;
  const cores: Record<string, number> = {};
  pids.forEach(([name], i) => {
    cores[name] = share((after[i] ?? 0) - (before[i] ?? 0));
  });
  cores.load_generator = share((used.user + used.system) / 1e6);
  process.stdout.write(`${JSON.stringify({ figures, cores })}\n`);
}

if (process.env.BENCH_LOAD_JOB && process.argv[1] === fileURLToPath(import.meta.url)) {
  await runJob(JSON.parse(process.env.BENCH_LOAD_JOB) as Job);
}
