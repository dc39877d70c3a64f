import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { redactSignedUrl } from './logger';

/** Standard output of a node process that logs through createLogger('info') as `script` says. */
async function outputOf(script: string): Promise<{ lines: string[]; arrived: number[] }> {
  const logger = fileURLToPath(new URL('./logger.ts', import.meta.url));
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      '--input-type=module',
      '-e',
      `const { createLogger } = await import(${JSON.stringify(logger)});
const log = createLogger('info');
${script}`,
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const lines: string[] = [];
  const arrived: number[] = [];
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
    for (const line of chunk.split('\n').filter(Boolean)) {
      lines.push(line);
      arrived.push(Date.now());
    }
  });
  await new Promise((resolve) => child.once('close', resolve));
  return { lines, arrived };
}

describe('the buffered log destination', () => {
  it('writes what is buffered when the process exits, and a quiet line within about a second', async () => {
    const exiting = await outputOf(
      "for (let i = 0; i < 3; i++) log.info({ i }, 'line'); log.fatal('last words'); process.exit(1);",
    );
    expect(exiting.lines.map((l) => JSON.parse(l).msg)).toEqual(['line', 'line', 'line', 'last words']);
    // One short line, far below the 4 KB block, from a process that stays up 3 s more: it arrives
    // with the periodic flush, not at the exit.
    const quiet = await outputOf("log.info('alone'); setTimeout(() => {}, 3000);");
    expect(quiet.lines.map((l) => JSON.parse(l).msg)).toEqual(['alone']);
    const logged = JSON.parse(quiet.lines[0] as string).time as number;
    expect((quiet.arrived[0] as number) - logged).toBeLessThan(2000);
  }, 30_000);
});

describe('redactSignedUrl', () => {
  it('hides our signature and the parts of an S3 presigned link that authorise it', () => {
    expect(redactSignedUrl('/api/v1/storage/download?key=covers%2Fa&exp=9&sig=abc-DEF_1')).toBe(
      '/api/v1/storage/download?key=covers%2Fa&exp=9&sig=[redacted]',
    );
    const s3 = redactSignedUrl(
      '/b/k?X-Amz-Algorithm=AWS4&X-Amz-Credential=AK%2F2026&X-Amz-Signature=f00d&X-Amz-Expires=60',
    );
    expect(s3).toBe(
      '/b/k?X-Amz-Algorithm=AWS4&X-Amz-Credential=[redacted]&X-Amz-Signature=[redacted]&X-Amz-Expires=60',
    );
    expect(redactSignedUrl('/api/v1/books/?search=signature')).toBe('/api/v1/books/?search=signature');
  });
});
