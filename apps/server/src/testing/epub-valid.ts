import { checkEpubs, noEpubcheckJar } from '@booktranslate/testkit/epubcheck';
import { expect } from 'vitest';

/** Why epubcheck cannot run here, or null (CI installs it: apt-get install epubcheck). */
export const noEpubcheck = noEpubcheckJar;

/** epubcheck finds no error in the EPUB at `file` (warnings allowed); a JVM per call, seconds. */
export async function expectEpubValid(file: string): Promise<void> {
  const [report] = await checkEpubs([file]);
  expect(report?.errors).toEqual([]);
  expect(report?.summary).toBe('0 fatal / 0 errors');
}
