import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { corpusFiles, corpusMissingReason, fb2SchemaPath } from '@booktranslate/testkit';
import { checkEpubs, noEpubcheckJar } from '@booktranslate/testkit/epubcheck';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pool } from './run-bin';
import { runCli } from './run-cli';

const reason = corpusMissingReason();
if (reason) console.warn(reason);
const tools = {
  xmllint: !spawnSync('xmllint', ['--version']).error,
  epubcheck: !noEpubcheckJar && !spawnSync('java', ['-version']).error,
};
for (const [tool, ok] of Object.entries(tools))
  if (!ok) console.warn(`${tool} is not installed: its checks are skipped`);

// What the corpus manifest asks of the awkward files we read: refuse with this code, or recover.
const REFUSED: Record<string, string> = { 'bad-xml-billion-laughs.xml': 'doctype' };
const RECOVERED = new Set(['bad-fb2-mismatched-tags.fb2']);
const files = corpusFiles();
const out = mkdtempSync(path.join(tmpdir(), 'booktranslate-corpus-'));
const name = (file: string) => path.basename(file);

/** The CLI in this process (the bin itself is tested in cli.test.ts): no process start per book. */
async function cli(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const code = await runCli(args, { stdout: (t) => (stdout += t), stderr: (t) => (stderr += t) });
  return { code, stdout, stderr };
}

interface Outcome {
  file: string;
  inspect: Awaited<ReturnType<typeof cli>>;
  converted: { format: string; output: string; code: number; stderr: string }[];
}
let outcomes: Outcome[] = [];

// Every book is inspected and converted once; the tests below read the outcomes.
beforeAll(async () => {
  outcomes = await pool(files, 1, async (file) => {
    const inspect = await cli(['inspect', file, '--json']);
    const converted = [];
    if (inspect.code === 0) {
      for (const format of ['epub', 'fb2', 'txt']) {
        const output = path.join(out, `${name(file)}.${format}`);
        const run = await cli(['convert', file, '-o', output]);
        converted.push({ format, output, code: run.code, stderr: run.stderr });
      }
    }
    return { file, inspect, converted };
  });
}, 600_000);

afterAll(() => rmSync(out, { recursive: true, force: true }));

describe.skipIf(reason)('booktranslate over the corpus', () => {
  it.each(files.map((f) => [name(f)]))('inspect %s answers a summary or its typed error', (base) => {
    const { inspect } = outcomes.find((o) => name(o.file) === base) as Outcome;
    const refused = REFUSED[base];
    if (refused) {
      expect(inspect.code).toBe(3);
      expect(inspect.stderr.trim().split('\n')).toHaveLength(1);
      expect(inspect.stderr).toContain(`: ${refused}:`);
    } else if (base.startsWith('bad-') && !RECOVERED.has(base)) {
      // Broken EPUBs: the reader may recover (MANIFEST) or refuse clearly, never crash.
      expect([0, 3]).toContain(inspect.code);
      if (inspect.code === 3) expect(inspect.stderr.trim().split('\n')).toHaveLength(1);
    } else {
      expect(inspect.stderr).toBe('');
      expect(inspect.code).toBe(0);
      const summary = JSON.parse(inspect.stdout);
      expect(summary.blocks).toBeGreaterThan(0);
      expect(summary.words).toBeGreaterThan(0);
      expect(summary.title).not.toBe('');
    }
  });

  it.each(files.filter((f) => !name(f).startsWith('bad-') || RECOVERED.has(name(f))).map((f) => [name(f)]))(
    'converts %s to epub, fb2 and txt',
    (base) => {
      const { converted } = outcomes.find((o) => name(o.file) === base) as Outcome;
      expect(converted.map((c) => [c.format, c.code, c.stderr])).toEqual([
        ['epub', 0, ''],
        ['fb2', 0, ''],
        ['txt', 0, ''],
      ]);
    },
  );

  it.skipIf(!tools.xmllint)('every FB2 written validates against the FictionBook schema', async () => {
    const fb2s = outcomes.flatMap((o) =>
      o.converted.filter((c) => c.format === 'fb2' && c.code === 0).map((c) => c.output),
    );
    expect(fb2s.length).toBeGreaterThan(10);
    const run = spawnSync('xmllint', ['--noout', '--nonet', '--schema', fb2SchemaPath, ...fb2s], {
      encoding: 'utf8',
    });
    expect(run.stderr.split('\n').filter((line) => line && !line.endsWith(' validates'))).toEqual([]);
  });

  it.skipIf(!tools.epubcheck)(
    'every EPUB written from FB2 or TXT passes epubcheck with 0 errors',
    async () => {
      const epubs = outcomes
        .filter((o) => /\.(fb2|txt)$/.test(o.file))
        .flatMap((o) => o.converted.filter((c) => c.format === 'epub' && c.code === 0).map((c) => c.output));
      expect(epubs.length).toBeGreaterThan(5);
      // One JVM checks them all: a JVM start costs seconds, another book in a warm one a fraction.
      const reports = await checkEpubs(epubs);
      expect(reports.map((r) => r.file)).toEqual(epubs);
      expect(
        reports
          .filter((r) => r.code !== 0)
          .map((r) => `${name(r.file)}: ${r.summary} ${r.errors.slice(0, 5).join(' | ')}`),
      ).toEqual([]);
    },
    600_000,
  );
});
