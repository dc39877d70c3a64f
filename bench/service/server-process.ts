import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface ServerProcess {
  url: string;
  pid: number;
  child: ChildProcess;
  stop(): Promise<void>;
}

/** A free TCP port on loopback. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

let compiled: Promise<string> | undefined;

/** The compiled server production runs (`npm start`), built once per bench process. */
function compiledServer(): Promise<string> {
  compiled ??= import('../../apps/server/build.mjs').then(({ buildServer }) => buildServer());
  return compiled;
}

/**
 * Starts the compiled server (`apps/server/dist/main.mjs`, as `npm start` runs it) in its own node
 * process with the given role and environment; resolves once /api/v1/health answers (roles without
 * HTTP resolve at once).
 */
export async function startServer(env: Record<string, string>, role = 'serve'): Promise<ServerProcess> {
  const main = await compiledServer();
  const port = await freePort();
  const dataDir = env.DATA_DIR ?? mkdtempSync(path.join(tmpdir(), 'bt-bench-'));
  const child = spawn(process.execPath, ['--enable-source-maps', main, role], {
    cwd: repoRoot,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      SESSION_SECRET: 'bench-secret-that-is-long-enough-for-hmac-keys',
      ...env,
      PORT: String(port),
      DATA_DIR: dataDir,
      ROLE: role,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  if (role !== 'worker') await waitForHealth(url, child);
  return {
    url,
    pid: child.pid ?? 0,
    child,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    },
  };
}

async function waitForHealth(url: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      const response = await fetch(`${url}/api/v1/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('server did not become healthy within 60 s');
}

/** Resident set size of a process in bytes (Linux /proc). */
export async function rssOf(pid: number): Promise<number> {
  const { readFile } = await import('node:fs/promises');
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)\s+kB/.exec(status)?.[1] ?? 0);
  return kb * 1024;
}

/** Resident set size of a process and all its descendants in bytes (Linux /proc). */
export async function treeRssOf(pid: number): Promise<number> {
  const { readdir, readFile } = await import('node:fs/promises');
  const parents = new Map<number, number>();
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = await readFile(`/proc/${entry}/stat`, 'utf8').catch(() => '');
    // The command name may hold spaces and parentheses: the fields after its last ')' are fixed.
    const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    if (ppid) parents.set(Number(entry), ppid);
  }
  const inTree = (p: number): boolean => {
    for (let at: number | undefined = p, hops = 0; at && hops < 64; at = parents.get(at), hops++)
      if (at === pid) return true;
    return false;
  };
  let total = 0;
  for (const p of parents.keys()) if (inTree(p)) total += await rssOf(p).catch(() => 0);
  return total;
}
