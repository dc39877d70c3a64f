// `npm test`: every tier in two vitest processes side by side. The browser tier runs one file at a
// time (one shared server and Chromium, e2e/vitest.config.ts) and, in the same process as the other
// tiers, vitest runs it only after them: the machine sat mostly idle for its five minutes. Here it
// runs beside them; its output is printed when it ends, then one summary line for both.
// Arguments (file filters, --project, reporters) go to a single `vitest run` as before.
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';

const vitest = path.join(
  path.dirname(createRequire(import.meta.url).resolve('vitest/package.json')),
  'vitest.mjs',
);
const E2E = '@booktranslate/e2e';
const args = process.argv.slice(2);

if (args.length > 0) {
  process.exitCode = (await run(args, true)).code;
} else {
  const browser = run(['--project', E2E], false);
  const others = await run(['--project', `!${E2E}`], true);
  const e2e = await browser;
  process.stdout.write(`\n== ${E2E} (ran beside the tiers above)\n${e2e.output}`);
  const total = { passed: 0, failed: 0, skipped: 0 };
  for (const output of [others.output, e2e.output]) {
    const line = summaryLine(output);
    for (const key of Object.keys(total))
      total[key] += Number(line.match(new RegExp(`(\\d+) ${key}`))?.[1] ?? 0);
  }
  const status = others.code || e2e.code;
  if (status !== 0 && total.failed === 0) total.failed = 1;
  process.stdout.write(
    `\n      Tests  ${total.passed} passed | ${total.failed} failed | ${total.skipped} skipped (both runs)\n`,
  );
  process.exitCode = status;
}

/** Runs `vitest run EXTRA`, its output streamed as it comes or kept; resolves with the exit code and the output. */
function run(extra, stream) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [vitest, 'run', ...extra], {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: process.stdout.isTTY ? { ...process.env, FORCE_COLOR: '1' } : process.env,
    });
    let output = '';
    const take = (target) => (data) => {
      output += data;
      if (stream) target.write(data);
    };
    child.stdout.on('data', take(process.stdout));
    child.stderr.on('data', take(process.stderr));
    child.on('close', (code) => resolve({ code: code ?? 1, output }));
  });
}

function summaryLine(output) {
  return (
    output
      // biome-ignore lint/suspicious/noControlCharactersInRegex: colour codes in captured output
      .replace(/\x1b\[[0-9;]*m/g, '')
      .split('\n')
      .filter((line) => /^\s*Tests\s+/.test(line))
      .at(-1) ?? ''
  );
}
