import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { checkEpubs, EPUBCHECK_JAR, noEpubcheckJar } from '@booktranslate/testkit/epubcheck';

export const EPUBCHECK = EPUBCHECK_JAR;

/** Why epubcheck tests cannot run here, or null. */
export const noEpubcheck = noEpubcheckJar;

/**
 * Test helper: the ERROR and FATAL lines epubcheck reports for an EPUB (a JVM per call: seconds).
 * @example expect(await epubcheckErrors(bytes)).toEqual([])
 */
export async function epubcheckErrors(bytes: Uint8Array): Promise<string[]> {
  const [errors = []] = await epubcheckErrorsOfEach([bytes]);
  return errors;
}

/**
 * Test helper: the ERROR and FATAL lines epubcheck reports for each EPUB, in order, all checked in
 * one JVM (a JVM start costs seconds; another book in a warm one, a fraction).
 * @example const [source, written] = await epubcheckErrorsOfEach([before, after])
 */
export async function epubcheckErrorsOfEach(books: Uint8Array[]): Promise<string[][]> {
  const dir = mkdtempSync(path.join(tmpdir(), 'epubcheck-'));
  try {
    const files = books.map((bytes, i) => {
      const file = path.join(dir, `book-${i}.epub`);
      writeFileSync(file, bytes);
      return file;
    });
    return (await checkEpubs(files)).map((report) => report.errors);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
