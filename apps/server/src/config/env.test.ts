import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError } from './config-error';
import { loadConfig } from './env';

const tmp = () => mkdtempSync(join(tmpdir(), 'config-'));

describe('loadConfig', () => {
  it('starts with zero configuration', () => {
    const dir = tmp();
    const config = loadConfig({ DATA_DIR: dir });
    expect(config.port).toBe(3000);
    expect(config.role).toBe('serve');
    expect(config.host).toBe('127.0.0.1');
    expect(config.database.url).toBeUndefined();
    expect(config.database.pgliteDir).toBe(join(dir, 'db'));
    expect(config.storage.driver).toBe('local');
    expect(config.storage.localDir).toBe(join(dir, 'files'));
    expect(config.publicUrl).toBe('http://localhost:3000');
    expect(config.google.jwksUrl).toBe('https://www.googleapis.com/oauth2/v3/certs');
    expect(config.translation.engine).toBe('auto');
  });

  it('persists a generated dev session secret so restarts keep sessions', () => {
    const dir = tmp();
    const first = loadConfig({ DATA_DIR: dir }).sessionSecret;
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(loadConfig({ DATA_DIR: dir }).sessionSecret).toBe(first);
    expect(readFileSync(join(dir, 'session-secret'), 'utf8').trim()).toBe(first);
  });

  it('names every bad variable at once without echoing secrets', () => {
    const env = {
      PORT: 'eighty',
      ROLE: 'janitor',
      STORAGE: 's3',
      DATABASE_URL: 'mysql://x',
      SESSION_SECRET: 'short-secret-value',
      NODE_ENV: 'test',
    };
    let error: unknown;
    try {
      loadConfig(env);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const problems = (error as ConfigError).problems.map((line) => line.split(':')[0]);
    expect(problems.sort()).toEqual(['DATABASE_URL', 'PORT', 'ROLE', 'S3_BUCKET', 'SESSION_SECRET'].sort());
    expect((error as ConfigError).message).not.toContain('short-secret-value');
    expect((error as ConfigError).message).toContain('"eighty"');
  });

  it('requires SESSION_SECRET in production and listens on all interfaces there', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', DATA_DIR: tmp() })).toThrow(/SESSION_SECRET/);
    const config = loadConfig({ NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(32) });
    expect(config.host).toBe('0.0.0.0');
    expect(config.isProduction).toBe(true);
  });

  it('treats empty values as unset and parses booleans and the role override', () => {
    const config = loadConfig(
      { NODE_ENV: 'test', DATABASE_URL: '', S3_FORCE_PATH_STYLE: 'yes', PORT: '8080' },
      { role: 'worker' },
    );
    expect(config.database.url).toBeUndefined();
    expect(config.storage.s3.forcePathStyle).toBe(true);
    expect(config.port).toBe(8080);
    expect(config.role).toBe('worker');
  });

  it('is frozen', () => {
    const config = loadConfig({ NODE_ENV: 'test' });
    expect(Object.isFrozen(config)).toBe(true);
    expect(Object.isFrozen(config.storage.s3)).toBe(true);
  });
});
