import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

export const EPUBCHECK = '/usr/share/java/epubcheck.jar';

/** Why epubcheck tests cannot run here, or null. */
export const noEpubcheck = existsSync(EPUBCHECK) ? null : `skipped: ${EPUBCHECK} is absent`;

/**
 * Test helper: the ERROR and FATAL lines epubcheck reports for an EPUB (a JVM per call: seconds).
 * @example expect(await epubcheckErrors(bytes)).toEqual([])
 */
export async function epubcheckErrors(bytes: Uint8Array): Promise<string[]> {
  const dir = mkdtempSync(path.join(tmpdir(), 'epubcheck-'));
  const file = path.join(dir, 'book.epub');
  try {
    writeFileSync(file, bytes);
    const result = await promisify(execFile)(
      'java',
      ['-XX:TieredStopAtLevel=1', '-XX:+UseSerialGC', '-jar', EPUBCHECK, file],
      { maxBuffer: 1 << 24 },
    ).catch((error: { stdout?: string; stderr?: string }) => error);
    const output = `${result.stdout ?? ''}${result.stderr ?? ''}`;
    return output.split('\n').filter((line) => /^(ERROR|FATAL)/.test(line));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
