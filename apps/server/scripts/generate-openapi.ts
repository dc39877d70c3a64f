// Writes the OpenAPI document generated from the contract to docs/openapi.json (committed, so API
// changes show in review; src/openapi.test.ts fails while it is stale): `npm run openapi -w apps/server`.
// A dev script: it builds the test app, so it lives outside the product's sources.
// With --stdout it prints the document instead. The running server serves it at /api/docs/json.
import { writeFileSync } from 'node:fs';
import { buildTestApp } from '../src/testing/build-test-app';

// The same app the test builds, so the two documents can only differ when the contract changed.
const t = await buildTestApp();
const document = `${JSON.stringify(t.app.swagger(), null, 2)}\n`;
if (process.argv.includes('--stdout')) process.stdout.write(document);
else writeFileSync(new URL('../../../docs/openapi.json', import.meta.url), document);
await t.close();
