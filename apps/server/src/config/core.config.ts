import { z } from 'zod';
import { integer, optionalString, optionalUrl } from './env-values';

export const roles = ['serve', 'api', 'worker', 'migrate'] as const;
export type Role = (typeof roles)[number];

export const logLevels = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/** Process-wide settings: where we listen, what role we play, where local data lives. */
export const coreConfig = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    ROLE: z.enum(roles).default('serve'),
    PORT: integer(3000, 0, 65535),
    HOST: optionalString(),
    DATA_DIR: optionalString().transform((value) => value ?? './data'),
    PUBLIC_URL: optionalUrl(),
    LOG_LEVEL: z.enum(logLevels).default('info'),
    DATABASE_URL: optionalString().pipe(
      z.url({ protocol: /^postgres(ql)?$/, error: 'expected a postgres:// URL' }).optional(),
    ),
    SESSION_SECRET: optionalString().pipe(z.string().min(32, 'must be at least 32 characters').optional()),
    DATABASE_POOL_SIZE: integer(10, 1, 200),
  })
  .transform((env) => ({
    nodeEnv: env.NODE_ENV,
    role: env.ROLE,
    port: env.PORT,
    // Outside production we listen on loopback only: a zero-config dev server should not be on the LAN.
    host: env.HOST ?? (env.NODE_ENV === 'production' ? '0.0.0.0' : '127.0.0.1'),
    dataDir: env.DATA_DIR,
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, ''),
    logLevel: env.LOG_LEVEL,
    databaseUrl: env.DATABASE_URL,
    sessionSecret: env.SESSION_SECRET,
    databasePoolSize: env.DATABASE_POOL_SIZE,
  }));
