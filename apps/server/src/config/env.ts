import { resolve } from 'node:path';
import type { z } from 'zod';
import { authConfig } from './auth.config';
import { billingConfig } from './billing.config';
import { bookReadingConfig } from './book-reading.config';
import { ConfigError } from './config-error';
import { coreConfig, type Role } from './core.config';
import { mailConfig } from './mail.config';
import { metricsConfig } from './metrics.config';
import { progressConfig } from './progress.config';
import { securityConfig } from './security.config';
import { devSessionSecret } from './session-secret';
import { storageConfig } from './storage.config';
import { translationConfig } from './translation.config';

// The one place that reads process.env. Each group file owns its variables; add new groups here.
const groups = {
  core: coreConfig,
  storage: storageConfig,
  auth: authConfig,
  translation: translationConfig,
  billing: billingConfig,
  mail: mailConfig,
  security: securityConfig,
  bookReading: bookReadingConfig,
  metrics: metricsConfig,
  progress: progressConfig,
} as const;

type Parsed = { [K in keyof typeof groups]: z.output<(typeof groups)[K]> };

function build(parsed: Parsed, sessionSecret: string) {
  const { core } = parsed;
  const dataDir = resolve(core.dataDir);
  return {
    ...core,
    dataDir,
    sessionSecret,
    isProduction: core.nodeEnv === 'production',
    database: {
      url: core.databaseUrl,
      /** PostgreSQL connections of the application pool (pg-boss has its own 4). */
      maxConnections: core.databasePoolSize,
      /** PGlite data directory, used when `url` is absent. */
      pgliteDir: resolve(dataDir, 'db'),
    },
    storage: { ...parsed.storage, localDir: resolve(dataDir, 'files') },
    ...parsed.auth,
    ...parsed.translation,
    ...parsed.billing,
    ...parsed.bookReading,
    mail: { ...parsed.mail.mail, outboxDir: resolve(dataDir, 'mail') },
    security: parsed.security,
    ...parsed.metrics,
    ...parsed.progress,
  };
}

/** Deeply frozen configuration object every part of the server receives. */
export type Config = ReturnType<typeof build>;

export type ConfigOverrides = { role?: Role };

/**
 * Parses the environment once at boot. Throws ConfigError naming every bad variable at once.
 * @example const config = loadConfig(); // or loadConfig({ DATA_DIR: tmp, NODE_ENV: 'test' })
 */
export function loadConfig(
  env: Record<string, string | undefined> = process.env,
  overrides: ConfigOverrides = {},
): Config {
  const problems: string[] = [];
  const parsed: Partial<Parsed> = {};
  for (const [name, schema] of Object.entries(groups)) {
    const result = schema.safeParse(env);
    if (result.success) (parsed as Record<string, unknown>)[name] = result.data;
    else {
      for (const issue of result.error.issues) {
        const variable = String(issue.path[0] ?? name);
        problems.push(`${variable}: ${issue.message} (got ${describe(variable, env[variable])})`);
      }
    }
  }
  const core = parsed.core;
  if (env.NODE_ENV?.trim() === 'production' && !env.SESSION_SECRET?.trim()) {
    problems.push('SESSION_SECRET: required in production (at least 32 random characters)');
  }
  if (problems.length > 0 || !core) throw new ConfigError(problems);
  if (overrides.role) core.role = overrides.role;
  const secret = core.sessionSecret ?? devSessionSecret(resolve(core.dataDir), core.nodeEnv !== 'test');
  return deepFreeze(build(parsed as Parsed, secret));
}

function describe(variable: string, value: string | undefined): string {
  if (value === undefined) return 'nothing';
  // Never echo a value that may hold a secret: the length is enough to spot a typo.
  if (/SECRET|KEY|PASSWORD|TOKEN|_URL$/.test(variable)) return `a value of ${value.length} characters`;
  return JSON.stringify(value.slice(0, 80));
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}

/** Tests only: the PostgreSQL server database tests also run against, when one is configured. */
export function testDatabaseUrl(env: Record<string, string | undefined> = process.env): string | undefined {
  return env.TEST_DATABASE_URL?.trim() || undefined;
}
