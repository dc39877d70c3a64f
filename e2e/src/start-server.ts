import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

export const repoRoot = resolve(import.meta.dirname, '../..');
export const serverMain = join(repoRoot, 'apps/server/src/main.ts');

export interface RunningServer {
  url: string;
  /** Where the server writes its e-mail as .eml files (no SMTP_URL); absent for an E2E_BASE_URL server. */
  mailDir?: string;
  stop(): Promise<void>;
}

/** A TCP port nothing listens on at the moment, on 127.0.0.1. */
export async function freePort(): Promise<number> {
  return new Promise((ok, fail) => {
    const s = createServer();
    s.once('error', fail);
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => ok(port));
    });
  });
}

/** The compiled server `npm start` runs: the browser tests run what users run. */
export const compiledServer = join(repoRoot, 'apps/server/dist/main.mjs');

/** Builds the web app and compiles the server, as `npm start` does, so both are the current code. */
export function buildProduct(): void {
  execFileSync('npm', ['run', 'build', '-w', 'apps/web'], { cwd: repoRoot, stdio: 'ignore' });
  execFileSync('npm', ['run', 'build', '-w', 'apps/server'], { cwd: repoRoot, stdio: 'ignore' });
}

/**
 * Starts the compiled server (apps/server/dist/main.mjs, from `buildProduct`) on a free port with its data (PGlite database and
 * files) in a fresh temporary folder, and waits for /api/v1/health.
 */
export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  // E2E_BASE_URL points the tests at a server that is already running (debugging against a dev server).
  const given = process.env.E2E_BASE_URL;
  if (given) return { url: given.replace(/\/+$/, ''), stop: async () => {} };
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'bt-e2e-'));
  const child: ChildProcess = spawn(process.execPath, ['--enable-source-maps', compiledServer], {
    cwd: repoRoot,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SESSION_SECRET: 'e2e-session-secret-that-is-long-enough-0123456789',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (d) => {
    stderr += d;
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null)
      throw new Error(`server exited with ${child.exitCode}: ${stderr.slice(-2000)}`);
    try {
      const res = await fetch(`${url}/api/v1/health`);
      if (res.status < 500) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`server did not start: ${stderr.slice(-2000)}`);
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    url,
    mailDir: join(dataDir, 'mail'),
    async stop() {
      child.kill('SIGTERM');
      await new Promise((r) => (child.exitCode !== null ? r(null) : child.once('exit', r)));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Why the browser tests cannot run here, or undefined when they can. */
export function e2eMissingReason(): string | undefined {
  if (!existsSync(serverMain) && !process.env.E2E_BASE_URL)
    return 'apps/server/src/main.ts does not exist yet';
  if (!existsSync('/usr/bin/chromium')) return '/usr/bin/chromium is not installed';
  return undefined;
}
