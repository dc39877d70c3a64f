import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const JAR = '/usr/share/java/epubcheck.jar';

/** epubcheck's error and fatal counts for a file, or null when epubcheck is not installed. */
export function epubcheckCounts(file: string): { fatal: number; errors: number; codes: string[] } | null {
  if (!existsSync(JAR)) return null;
  const run = spawnSync('java', ['-XX:TieredStopAtLevel=1', '-XX:+UseSerialGC', '-jar', JAR, file], {
    encoding: 'utf8',
    maxBuffer: 1 << 26,
  });
  const output = `${run.stdout}${run.stderr}`;
  const lines = output.split('\n').filter((line) => /^(ERROR|FATAL)/.test(line));
  const codes = [...new Set(lines.map((line) => /^(?:ERROR|FATAL)\(([A-Z]+-\d+)\)/.exec(line)?.[1] ?? '?'))];
  return {
    fatal: lines.filter((line) => line.startsWith('FATAL')).length,
    errors: lines.filter((line) => line.startsWith('ERROR')).length,
    codes,
  };
}
