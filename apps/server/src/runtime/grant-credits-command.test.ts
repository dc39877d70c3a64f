import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config/env';
import { createDatabase } from '../db/client';
import { creditsRepository } from '../modules/credits/credits.repository';
import { usersRepository } from '../modules/users/users.repository';
import { parseGrantCreditsArgs, runGrantCredits, UsageError } from './grant-credits-command';

const refusedUsage = (args: string[]) => {
  try {
    parseGrantCreditsArgs(args);
    return 'accepted';
  } catch (error) {
    return error instanceof UsageError ? error.message : `crashed: ${(error as Error).message}`;
  }
};

describe('grant-credits: the command line', () => {
  it('reads the e-mail, plan, count and optional note', () => {
    expect(
      parseGrantCreditsArgs(['--email', 'a@b.c', '--plan', 'READER', '--count', '3', '--note', 'press copy']),
    ).toEqual({ email: 'a@b.c', plan: 'READER', count: 3, note: 'press copy' });
    expect(parseGrantCreditsArgs(['--count=1', '--plan=free', '--email=x@y.z'])).toEqual({
      email: 'x@y.z',
      plan: 'free',
      count: 1,
      note: undefined,
    });
  });

  it('names what is missing or malformed', () => {
    expect(refusedUsage([])).toBe('Missing --email, --plan, --count');
    expect(refusedUsage(['--email', 'a@b.c', '--plan', 'READER'])).toBe('Missing --count');
    expect(refusedUsage(['--email', 'nobody', '--plan', 'READER', '--count', '1'])).toBe(
      '--email: "nobody" is not an e-mail address',
    );
    expect(refusedUsage(['--email', 'a@b.c', '--plan', 'READER', '--count', 'three'])).toBe(
      '--count: "three" is not a whole number',
    );
    expect(refusedUsage(['--email', 'a@b.c', '--plan', 'READER', '--count', '-1'])).toMatch(/--count/);
    expect(refusedUsage(['--email', 'a@b.c', '--plan', 'READER', '--count', '1', '--credits', '9'])).toMatch(
      /Unknown option '--credits'/,
    );
  });
});

describe('grant-credits: the command', () => {
  function capture() {
    const lines: string[] = [];
    return { lines, out: { log: (l: string) => lines.push(l), error: (l: string) => lines.push(l) } };
  }

  it('grants on the configured database, and exits 1 on a refusal and 2 on bad usage', async () => {
    const config = loadConfig({ DATA_DIR: mkdtempSync(join(tmpdir(), 'bt-grant-')), NODE_ENV: 'test' });
    const setup = await createDatabase(config.database);
    await setup.migrate();
    const user = await usersRepository.insert(setup.db, { email: 'ana@example.com' });
    await setup.close();
    if (!user) throw new Error('insert failed');

    const granted = capture();
    const args = ['--email', 'ana@example.com', '--plan', 'BOOKWORM', '--count', '2'];
    expect(await runGrantCredits(config, args, granted.out)).toBe(0);
    expect(granted.lines).toEqual([
      'Granted 2 BOOKWORM credits to ana@example.com. Balances now: FREE 0, READER 0, BOOKWORM 2.',
    ]);

    const refused = capture();
    const unknown = ['--email', 'bob@example.com', '--plan', 'READER', '--count', '1'];
    expect(await runGrantCredits(config, unknown, refused.out)).toBe(1);
    expect(refused.lines).toEqual(['No account has the e-mail address bob@example.com']);

    const badPlan = capture();
    const gold = ['--email', 'ana@example.com', '--plan', 'GOLD', '--count', '1'];
    expect(await runGrantCredits(config, gold, badPlan.out)).toBe(1);
    expect(badPlan.lines[0]).toMatch(/^Unknown plan "GOLD"/);

    const usage = capture();
    expect(await runGrantCredits(config, ['--email', 'ana@example.com'], usage.out)).toBe(2);
    expect(usage.lines[0]).toMatch(/^Missing --plan, --count\n\nUsage: npm run grant-credits/);

    const check = await createDatabase(config.database);
    expect(await creditsRepository.balances(check.db, user.id)).toEqual({ FREE: 0, READER: 0, BOOKWORM: 2 });
    await check.close();
  }, 240_000);

  it('is a subcommand of the server entry point, with its own usage text', async () => {
    const mainScript = fileURLToPath(new URL('../main.ts', import.meta.url));
    const run = (args: string[]) => {
      const child = spawn(process.execPath, ['--import', 'tsx', mainScript, 'grant-credits', ...args], {
        env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', DATA_DIR: tmpdir() },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let output = '';
      child.stdout.on('data', (c: Buffer) => {
        output += c.toString();
      });
      child.stderr.on('data', (c: Buffer) => {
        output += c.toString();
      });
      return new Promise<{ code: number | null; output: string }>((resolve) =>
        child.on('exit', (code) => resolve({ code, output })),
      );
    };
    const help = await run(['--help']);
    expect(help.code).toBe(0);
    expect(help.output).toContain('Usage: npm run grant-credits -- --email <address>');
    const bad = await run(['--count', 'many']);
    expect(bad.code).toBe(2);
    expect(bad.output).toContain('Missing --email, --plan');
  }, 240_000);
});
