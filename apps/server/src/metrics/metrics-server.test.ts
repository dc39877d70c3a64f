import { mkdtempSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config/env';
import { startMetricsServer } from './metrics-server';

const TOKEN = 'metrics-token-for-the-port-test';
const config = (env: Record<string, string>) =>
  loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: mkdtempSync(join(tmpdir(), 'bt-metrics-')),
    SESSION_SECRET: 'test-secret-that-is-long-enough-for-hmac-keys',
    ...env,
  });

describe('METRICS_PORT', () => {
  it('opens nothing without a port or without a token', async () => {
    expect(await startMetricsServer(config({ METRICS_TOKEN: TOKEN }), {})).toBeNull();
    expect(await startMetricsServer(config({ METRICS_PORT: '1' }), {})).toBeNull();
  });

  it('serves GET /metrics with the same token on its own port', async () => {
    // Port 1 in the config only turns the server on; listen on a free port instead.
    const server = await startMetricsServer(config({ METRICS_TOKEN: TOKEN, METRICS_PORT: '1' }), {}, 0);
    try {
      const { port } = server!.server.address() as AddressInfo;
      const url = `http://127.0.0.1:${port}/metrics`;
      expect((await fetch(url)).status).toBe(401);
      const response = await fetch(url, { headers: { authorization: `Bearer ${TOKEN}` } });
      expect(response.status).toBe(200);
      expect(await response.text()).toContain('# TYPE booktranslate_provider_tokens_total counter');
      expect((await fetch(`http://127.0.0.1:${port}/api/v1/health`)).status).toBe(404);
    } finally {
      await server?.close();
    }
  });
});
