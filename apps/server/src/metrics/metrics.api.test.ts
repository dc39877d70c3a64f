import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../testing/build-test-app';
import { seedBook, seedTranslation, seedUser } from '../testing/seed-rows';

const TOKEN = 'metrics-token-for-the-test-0123';

describe('GET /metrics', () => {
  let t: TestApp;
  let bare: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ env: { METRICS_TOKEN: TOKEN } });
    bare = await buildTestApp();
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await bare?.close();
  });

  it('does not exist while METRICS_TOKEN is unset', async () => {
    const response = await bare.app.inject({
      url: '/metrics',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(response.statusCode).toBe(404);
  });

  it('answers 401 without the token or with another one', async () => {
    expect((await t.app.inject({ url: '/metrics' })).statusCode).toBe(401);
    const wrong = await t.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}x` } });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.headers['www-authenticate']).toBe('Bearer');
    expect(wrong.body).not.toContain('booktranslate_');
  });

  it('renders translations by status and HTTP latency by route pattern in the Prometheus format', async () => {
    const db = t.handle.db;
    const userId = await seedUser(db);
    const bookId = await seedBook(db, userId);
    for (const [targetLanguage, status] of [
      ['es', 'translating'],
      ['fr', 'translating'],
      ['de', 'failed'],
    ] as const) {
      await seedTranslation(db, { userId, bookId }, { targetLanguage, status });
    }
    expect((await t.app.inject({ url: '/api/v1/health' })).statusCode).toBe(200);
    expect((await t.app.inject({ url: `/api/v1/translations/${randomUUID()}/` })).statusCode).toBe(401);

    const response = await t.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = response.body;
    expect(text).toContain('booktranslate_translations{status="translating"} 2');
    expect(text).toContain('booktranslate_translations{status="failed"} 1');
    expect(text).toContain('booktranslate_translations{status="completed"} 0');
    expect(text).toMatch(
      /booktranslate_http_request_duration_seconds_count\{route="\/api\/v1\/health",method="GET",status="2xx"\} [1-9]/,
    );
    // The route pattern, never the id: one series for every translation.
    expect(text).toContain('route="/api/v1/translations/:id/",method="GET",status="4xx"');
    expect(text).not.toMatch(/route="[^"]*[0-9a-f]{8}-[0-9a-f]{4}/);
    expect(text).toContain('# TYPE booktranslate_provider_request_duration_seconds histogram');
    expect(text).toContain('# TYPE booktranslate_provider_tokens_total counter');
    expect(text).toContain('booktranslate_process_cpu_seconds_total');
  });
});
