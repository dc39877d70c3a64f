import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

export const EPUBCHECK_JAR = '/usr/share/java/epubcheck.jar';

/** Why epubcheck cannot run here, or null. */
export const noEpubcheckJar = existsSync(EPUBCHECK_JAR) ? null : `skipped: ${EPUBCHECK_JAR} is absent`;

/** What epubcheck said about one EPUB. */
export interface EpubcheckReport {
  file: string;
  /** epubcheck's exit code: 0 when it found no error. */
  code: number;
  /** Its ERROR and FATAL lines. */
  errors: string[];
  /** "N fatal / N errors" from its summary line, or "no summary". */
  summary: string;
}

const LAUNCHER = fileURLToPath(new URL('./EpubcheckMany.java', import.meta.url));
// C1-only JIT and the serial collector halve epubcheck's CPU time on runs this short.
const JVM_FLAGS = ['-XX:TieredStopAtLevel=1', '-XX:+UseSerialGC'];
const run = promisify(execFile);

/**
 * epubcheck over several EPUBs in one JVM (a JVM start costs seconds of CPU; another book in a warm
 * one, a fraction). A book the batch left without a report is checked again in a JVM of its own.
 * @example expect((await checkEpubs([a, b])).filter((r) => r.code !== 0)).toEqual([])
 */
export async function checkEpubs(files: string[]): Promise<EpubcheckReport[]> {
  if (files.length === 0) return [];
  const alone = async (file: string) => {
    const { text, code } = await java(['-jar', EPUBCHECK_JAR, file]);
    return report(file, code, text);
  };
  // One book: the jar's own entry point, without compiling the launcher.
  if (files.length === 1) return [await alone(files[0] as string)];
  const { text: batch } = await java(['-cp', EPUBCHECK_JAR, LAUNCHER, ...files]);
  const reports = new Map<string, EpubcheckReport>();
  for (const part of batch.split('@@@ begin ').slice(1)) {
    const newline = part.indexOf('\n');
    const end = /^@@@ end (\d+)$/m.exec(part);
    if (newline < 0 || !end) continue;
    const file = part.slice(0, newline);
    reports.set(file, report(file, Number(end[1]), part.slice(newline + 1, end.index)));
  }
  const all: EpubcheckReport[] = [];
  for (const file of files) all.push(reports.get(file) ?? (await alone(file)));
  return all;
}

async function java(args: string[]): Promise<{ text: string; code: number }> {
  const result: { stdout?: string; stderr?: string; code?: unknown } = await run(
    'java',
    [...JVM_FLAGS, ...args],
    { maxBuffer: 1 << 26 },
  ).catch((error) => error);
  // A non-zero exit rejects with the code; a java that cannot start has a string code (ENOENT).
  const code = typeof result.code === 'number' ? result.code : result.code ? 1 : 0;
  return { text: `${result.stdout ?? ''}${result.stderr ?? ''}`, code };
}

function report(file: string, code: number, text: string): EpubcheckReport {
  const summary = /Messages: (\d+) fatals? \/ (\d+) errors?/.exec(text);
  return {
    file,
    code,
    errors: text.split('\n').filter((line) => /^(ERROR|FATAL)/.test(line)),
    summary: summary ? `${summary[1]} fatal / ${summary[2]} errors` : 'no summary',
  };
}
