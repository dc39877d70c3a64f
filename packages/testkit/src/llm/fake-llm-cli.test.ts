import { spawn, spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parseFakeLlmArgs } from './fake-llm-cli';

const bin = fileURLToPath(new URL('../../bin/booktranslate-fake-llm.mjs', import.meta.url));

describe('booktranslate-fake-llm', () => {
  it('parses every flag into options and rejects non-numbers', () => {
    const args = [
      '--port',
      '0',
      '--latency-ms',
      '1500',
      '--ms-per-output-token',
      '5',
      '--max-concurrency',
      '32',
    ];
    args.push('--rpm', '600', '--fail-rate', '0.05', '--timeout-rate', '0.01', '--drop-rate', '0.05');
    args.push('--chatter-rate', '0.05', '--refusal-rate', '0.04', '--seed', '7', '--api-key', 'k');
    expect(parseFakeLlmArgs(args)).toEqual({
      port: 0,
      latencyMs: 1500,
      msPerOutputToken: 5,
      maxConcurrency: 32,
      rpm: 600,
      failRate: 0.05,
      timeoutRate: 0.01,
      dropRate: 0.05,
      chatterRate: 0.05,
      refusalRate: 0.04,
      seed: 7,
      apiKey: 'k',
    });
    expect(() => parseFakeLlmArgs(['--fail-rate', 'lots'])).toThrow(/--fail-rate/);
    expect(() => parseFakeLlmArgs(['--fial-rate', '1'])).toThrow();
  });

  it('answers --help with its options and a bad flag with one line, never a stack trace', async () => {
    const run = (...args: string[]) => spawnSync(process.execPath, [bin, ...args], { encoding: 'utf8' });
    const help = run('--help');
    expect(help.status).toBe(0);
    expect(help.stdout).toContain('Usage: npm run fake-llm -- [options]');
    expect(help.stdout).toContain('--fail-rate <n>');
    const bad = run('--fial-rate', '1');
    expect(bad.status).toBe(2);
    expect(bad.stderr).toContain('--help');
    expect(bad.stderr).not.toMatch(/\n\s+at /);
  }, 20_000);

  it('starts as a process and serves /stats', async () => {
    const child = spawn(process.execPath, [bin, '--port', '0', '--latency-ms', '1'], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    try {
      const line = await new Promise<string>((resolve, reject) => {
        child.stdout.on('data', (data: Buffer) => resolve(data.toString()));
        child.once('exit', (code) => reject(new Error(`exited with ${code}`)));
      });
      const url = /stats at (\S+)\)/.exec(line)?.[1];
      expect(url).toBeTruthy();
      expect(await (await fetch(url!)).json()).toMatchObject({ requests: 0 });
    } finally {
      child.kill('SIGTERM');
    }
  }, 20_000);
});
