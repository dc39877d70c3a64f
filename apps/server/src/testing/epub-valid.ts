import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { promisify } from 'node:util';
import { expect } from 'vitest';

export const EPUBCHECK_JAR = '/usr/share/java/epubcheck.jar';

/** Why epubcheck cannot run here, or null (CI installs it: apt-get install epubcheck). */
export const noEpubcheck = existsSync(EPUBCHECK_JAR) ? null : `${EPUBCHECK_JAR} is absent`;

/** epubcheck finds no error in the EPUB at `file` (warnings allowed); a JVM per call, seconds. */
export async function expectEpubValid(file: string): Promise<void> {
  const out = `${file}.json`;
  await promisify(execFile)('java', ['-jar', EPUBCHECK_JAR, file, '--json', out], {
    maxBuffer: 64 << 20,
  }).catch(() => {});
  const report = JSON.parse(await readFile(out, 'utf8'));
  const errors = (report.messages ?? []).filter((m: { severity: string }) =>
    ['ERROR', 'FATAL'].includes(m.severity),
  );
  expect(errors.map((m: { ID: string; message: string }) => `${m.ID} ${m.message}`)).toEqual([]);
}
