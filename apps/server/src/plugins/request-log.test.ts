import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../testing/build-test-app';

const METRICS_TOKEN = 'request-log-metrics-token-0123';

describe('the request log line', () => {
  let t: TestApp;
  const lines: Record<string, unknown>[] = [];
  beforeAll(async () => {
    const logStream = new Writable({
      write(chunk, _encoding, done) {
        for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
        done();
      },
    });
    t = await buildTestApp({ logStream, env: { METRICS_TOKEN } });
  }, 60_000);
  afterAll(() => t?.close());

  const linesOf = (url: string) =>
    lines.filter(
      (l) => (l.req as { url?: string } | undefined)?.url === url && l.msg === 'request completed',
    );

  it('is one line with the request id, method, URL, status and time, and no header', async () => {
    const secret = 'Bearer-secret-value-never-logged';
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/v1/users/profile/?password=x',
      headers: { authorization: `Bearer ${secret}`, cookie: `access=${secret}`, 'x-request-id': 'req-42' },
    });
    expect(response.statusCode).toBe(401);
    const [line, ...more] = linesOf('/api/v1/users/profile/?password=x');
    expect(more).toEqual([]);
    expect(line).toMatchObject({
      level: 30,
      reqId: 'req-42',
      req: { method: 'GET', url: '/api/v1/users/profile/?password=x', remoteAddress: '127.0.0.1' },
      res: { statusCode: 401 },
      msg: 'request completed',
    });
    // remotePort is undefined under inject(), so the line may leave it out.
    const logged = ['host', 'method', 'remoteAddress', 'remotePort', 'url'];
    expect(logged).toEqual(expect.arrayContaining(Object.keys(line!.req as object)));
    expect(typeof line!.responseTime).toBe('number');
    expect(JSON.stringify(lines)).not.toContain(secret);
  });

  it('is not written for a route that logs at warn (the metrics scrape)', async () => {
    const metrics = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${METRICS_TOKEN}` },
    });
    expect(metrics.statusCode).toBe(200);
    await t.app.inject({ method: 'GET', url: '/api/v1/health' });
    expect(linesOf('/api/v1/health')).toHaveLength(1);
    expect(linesOf('/metrics')).toEqual([]);
  });
});
