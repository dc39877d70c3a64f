import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './testing/build-test-app';

// docs/openapi.json is committed so that API changes show in review; it must match the contract.
describe('the committed OpenAPI document', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  }, 120_000);
  afterAll(() => t?.close());

  it('is the one the contract generates (run `npm run openapi -w apps/server` after API changes)', () => {
    const committed = JSON.parse(
      readFileSync(new URL('../../../docs/openapi.json', import.meta.url), 'utf8'),
    );
    const generated = JSON.parse(JSON.stringify(t.app.swagger()));
    expect(generated.paths['/api/v1/auth/login/']).toBeDefined();
    expect(generated).toEqual(committed);
  });
});
