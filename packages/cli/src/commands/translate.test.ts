import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { reverseWords, startFakeLlm } from '@booktranslate/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../run-cli';

const story = [
  'THE LIGHTHOUSE',
  'Mara climbed the narrow stairs every evening to light the lamp.',
  'The sea was calm, and the gulls had gone quiet over the harbour.',
].join('\n\n');

describe('booktranslate translate', () => {
  let dir: string;
  let input: string;
  let llm: Awaited<ReturnType<typeof startFakeLlm>>;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'translate-cli-'));
    input = path.join(dir, 'story.txt');
    await writeFile(input, `${story}\n`);
    llm = await startFakeLlm({ latencyMs: 0, apiKey: 'right-key' });
  });
  afterAll(() => llm.close());

  async function run(...args: string[]) {
    const out: string[] = [];
    const err: string[] = [];
    const code = await runCli(['translate', ...args], {
      stdout: (t) => out.push(t),
      stderr: (t) => err.push(t),
    });
    return { code, stdout: out.join(''), stderr: err.join('') };
  }
  /** `input` into Spanish written to `output` through the fake model, with the right key. */
  const toSpanish = (output: string, ...more: string[]) =>
    run(input, '-o', output, '--to', 'es', '--base-url', llm.baseURL, '--api-key', 'right-key', ...more);

  it('translates through an OpenAI-compatible endpoint and writes --stats', async () => {
    const output = path.join(dir, 'out.txt');
    const stats = path.join(dir, 'stats.json');
    const result = await toSpanish(output, '--stats', stats);
    expect(result.code).toBe(0);
    const text = await readFile(output, 'utf8');
    expect(text).toContain(reverseWords('Mara climbed the narrow stairs every evening to light the lamp.'));
    const figures = JSON.parse(await readFile(stats, 'utf8'));
    expect(Object.keys(figures).sort()).toEqual(
      [
        'blocks',
        'chunks',
        'failed_blocks',
        'input_tokens',
        'output_tokens',
        'reasoning_tokens',
        'requests',
        'retries',
        'seconds',
        'source_tokens',
      ].sort(),
    );
    expect(figures).toMatchObject({ blocks: 3, failed_blocks: 0, requests: llm.stats().requests });
  });

  it('writes the QA report with --report and prints its summary line', async () => {
    const report = path.join(dir, 'report.json');
    const result = await toSpanish(path.join(dir, 'report-out.txt'), '--report', report);
    expect(result.code).toBe(0);
    const qa = JSON.parse(await readFile(report, 'utf8'));
    for (const field of [
      'blocks_total',
      'blocks_translated',
      'untranslated',
      'glossary',
      'inconsistent_names',
      'length_outliers',
      'repaired',
      'summary',
    ])
      expect(qa).toHaveProperty(field);
    expect(qa).toMatchObject({ blocks_total: 3, blocks_translated: 3, untranslated: [] });
    expect(qa.summary).toBe('3 of 3 passages translated; no problems found');
    expect(result.stderr).toContain(`quality: ${qa.summary}`);
  });

  it('exits 4 with the reason when the engine refuses the key', async () => {
    const result = await run(
      input,
      '-o',
      path.join(dir, 'x.txt'),
      '--to',
      'es',
      '--base-url',
      llm.baseURL,
      '--api-key',
      'wrong',
    );
    expect(result.code).toBe(4);
    expect(result.stderr).toMatch(/auth_failed/);
  });

  it('falls back to the demo engine, and says so', async () => {
    const output = path.join(dir, 'demo.txt');
    const result = await run(input, '-o', output, '--to', 'fr');
    expect(result.code).toBe(0);
    expect(result.stderr).toMatch(/demo engine/);
    // Which source language was used, and why (a text file declares none).
    expect(result.stderr).toMatch(
      /source language en: none declared; \d+ of \d+ samples across the text read as en/,
    );
    expect(await readFile(output, 'utf8')).toContain('[DEMO → fr]');
  });

  it('rejects a missing --to as a usage error', async () => {
    expect((await run(input, '-o', path.join(dir, 'y.txt'))).code).toBe(2);
  });
});
