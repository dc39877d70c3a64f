import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The secret that signs sessions and storage URLs when SESSION_SECRET is not set outside production.
 * Persisted in DATA_DIR so sessions survive a restart of `npm start`; tests get a throw-away one.
 */
export function devSessionSecret(dataDir: string, persist: boolean): string {
  if (!persist) return randomBytes(32).toString('base64url');
  const file = join(dataDir, 'session-secret');
  try {
    const existing = readFileSync(file, 'utf8').trim();
    if (existing.length >= 32) return existing;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const secret = randomBytes(32).toString('base64url');
  mkdirSync(dataDir, { recursive: true });
  // 'wx' fails if two processes race to create it; the loser reads the winner's secret.
  try {
    writeFileSync(file, `${secret}\n`, { flag: 'wx', mode: 0o600 });
    return secret;
  } catch {
    return readFileSync(file, 'utf8').trim();
  }
}
