import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const mainScript = fileURLToPath(new URL('./main.ts', import.meta.url));

interface Run {
  code: number | null;
  output: string;
}

/** Runs main.ts as `npm start` would (without the web build); `onOutput` may signal the process. */
function runMain(
  args: string[],
  env: Record<string, string>,
  onOutput?: (output: string, child: ReturnType<typeof spawn>) => void,
): Promise<Run> {
  // Only what the process needs: the test runner's own variables (NODE_ENV=test, TEST_*) stay out.
  const baseEnv = { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '' };
  const child = spawn(process.execPath, ['--import', 'tsx', mainScript, ...args], {
    env: { ...baseEnv, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const collect = (chunk: Buffer) => {
    output += chunk.toString();
    onOutput?.(output, child);
  };
  child.stdout.on('data', collect);
  child.stderr.on('data', collect);
  return new Promise((resolve) => child.on('exit', (code) => resolve({ code, output })));
}

describe('main', () => {
  it('stops before starting anything when the configuration is bad, naming every bad variable', async () => {
    const run = await runMain([], { PORT: 'eighty', STORAGE: 'ftp', NODE_ENV: 'production' });
    expect(run.code).toBe(1);
    expect(run.output).toContain('PORT');
    expect(run.output).toContain('STORAGE');
    expect(run.output).toContain('SESSION_SECRET');
  });

  it('answers --help with the roles and starts nothing', async () => {
    const run = await runMain(['--help'], { PORT: 'eighty' });
    expect(run.code).toBe(0);
    expect(run.output).toContain('Usage: npm start [-- <role>]');
    expect(run.output).toMatch(/migrate\s+applies the database migrations/);
    expect(run.output).not.toContain('PORT');
  });

  it('runs compiled: the build migrates a fresh database with plain node', async () => {
    const { buildServer } = await import('../build.mjs');
    const compiled = await buildServer();
    const dataDir = mkdtempSync(join(tmpdir(), 'bt-main-'));
    const child = spawn(process.execPath, [compiled, 'migrate'], {
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? '',
        DATA_DIR: dataDir,
        LOG_LEVEL: 'info',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    const code = await new Promise((resolve) => child.on('exit', resolve));
    expect(code, output).toBe(0);
    expect(readdirSync(dataDir).length).toBeGreaterThan(0);
  }, 60_000);

  it('refuses an unknown role and the multi-process roles without PostgreSQL', async () => {
    expect((await runMain(['janitor'], {})).output).toMatch(/Unknown role "janitor"/);
    const api = await runMain(['api'], { DATA_DIR: mkdtempSync(join(tmpdir(), 'bt-main-')) });
    expect(api.code).toBe(1);
    expect(api.output).toContain('needs DATABASE_URL');
  });

  it('serves with zero configuration, reports healthy, and shuts down cleanly on SIGTERM', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'bt-main-'));
    // A previous process killed mid-upload left a temporary file two hours ago: swept at start.
    const temporary = join(dataDir, 'files', '.tmp');
    mkdirSync(temporary, { recursive: true });
    writeFileSync(join(temporary, 'left-behind'), 'half a book');
    writeFileSync(join(temporary, 'still-arriving'), 'a book');
    const twoHoursAgo = new Date(Date.now() - 2 * 3600_000);
    utimesSync(join(temporary, 'left-behind'), twoHoursAgo, twoHoursAgo);
    let health: unknown;
    let signalled = false;
    let forgedLinkStatus: number | undefined;
    const run = await runMain([], { DATA_DIR: dataDir, PORT: '0', LOG_LEVEL: 'info' }, (output, child) => {
      const address = /Server listening at (http:\/\/[\d.:]+)/.exec(output)?.[1];
      if (!address || signalled || !output.includes('"started"')) return;
      signalled = true;
      fetch(`${address}/api/v1/health`)
        .then((response) => response.json())
        .then(async (body) => {
          health = body;
          // The local driver's link routes are mounted: a forged link is refused, not unknown.
          forgedLinkStatus = (
            await fetch(`${address}/api/v1/storage/download?key=a/b.txt&exp=9999999999&sig=x`)
          ).status;
        })
        .finally(() => child.kill('SIGTERM'));
    });
    expect(health).toMatchObject({
      status: 'ok',
      checks: { database: { status: 'ok' }, storage: { status: 'ok' }, queue: { status: 'ok' } },
    });
    expect(forgedLinkStatus).toBe(403);
    expect(readdirSync(temporary)).toEqual(['still-arriving']);
    expect(run.output).toContain('shutting down');
    expect(run.code).toBe(0);
  }, 90_000);
});
