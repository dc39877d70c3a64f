// Prints the OpenAPI document generated from the contract: `npm run openapi -w apps/server > openapi.json`.
// The running server serves the same document at /api/docs/json.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from './app';
import { loadConfig } from './config/env';
import { createDatabase } from './db/client';
import { createLogger } from './plugins/logger';

const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: mkdtempSync(join(tmpdir(), 'bt-openapi-')) });
// Building the app runs no query, so an empty in-memory database is enough.
const handle = await createDatabase({});
const idle = { check: async () => {} };
const app = await buildApp({
  config,
  db: handle.db,
  queue: idle,
  storage: idle,
  logger: createLogger('silent'),
});
await app.ready();
process.stdout.write(`${JSON.stringify(app.swagger(), null, 2)}\n`);
await app.close();
await handle.close();
