import { readFileSync } from 'node:fs';

/** The server's version from its package.json, shown by /health and the OpenAPI document. */
export const APP_VERSION: string = (
  JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string }
).version;
