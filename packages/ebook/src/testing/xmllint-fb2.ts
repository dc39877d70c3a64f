import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * Test helper: validates FB2 bytes against the FictionBook schema with xmllint. Returns null when
 * valid, else xmllint's complaint (first lines), or 'unavailable' when xmllint is not installed.
 * @example expect(validateFb2(bytes, fb2SchemaPath)).toBeNull()
 */
export function validateFb2(bytes: Uint8Array, schemaPath: string): string | null {
  const dir = mkdtempSync(path.join(tmpdir(), 'fb2-'));
  try {
    const file = path.join(dir, 'book.fb2');
    writeFileSync(file, bytes);
    const run = spawnSync('xmllint', ['--noout', '--nonet', '--schema', schemaPath, file], {
      encoding: 'utf8',
    });
    if (run.error) return 'unavailable';
    return run.status === 0 ? null : run.stderr.split('\n').slice(0, 5).join('\n');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** True when xmllint runs here. */
export function hasXmllint(): boolean {
  return !spawnSync('xmllint', ['--version']).error;
}
