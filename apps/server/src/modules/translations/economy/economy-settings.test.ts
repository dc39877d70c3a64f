import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../config/env';
import { economyDepsOf, economyWay } from './economy-settings';

const settings = (env: Record<string, string>) =>
  loadConfig({ NODE_ENV: 'test', SESSION_SECRET: 'test-secret-that-is-long-enough-for-hmac-keys', ...env })
    .translation;

describe('economyWay', () => {
  it('offers batch where the engine has a batch API and flex on OpenAI only', () => {
    const openai = { TRANSLATION_ENGINE: 'openai', OPENAI_API_KEY: 'k' };
    expect(economyWay(settings(openai))).toBeNull();
    expect(economyWay(settings({ ...openai, ECONOMY_LANE: 'batch' }))).toBe('batch');
    expect(economyWay(settings({ ...openai, ECONOMY_LANE: 'flex' }))).toBe('flex');
    expect(economyWay(settings({ TRANSLATION_ENGINE: 'deepl', ECONOMY_LANE: 'batch' }))).toBeNull();
    expect(economyWay(settings({ TRANSLATION_ENGINE: 'anthropic', ECONOMY_LANE: 'flex' }))).toBeNull();
    expect(economyWay(settings({ TRANSLATION_ENGINE: 'demo', ECONOMY_LANE: 'batch' }))).toBeNull();
  });

  it('reads the deadline, the poll period and the batch bound, with their defaults', () => {
    const deps = economyDepsOf(settings({ TRANSLATION_ENGINE: 'openai', ECONOMY_LANE: 'batch' }));
    expect(deps).toMatchObject({ way: 'batch', deadlineHours: 24, pollSeconds: 60, maxRequests: 1000 });
    expect(deps.client?.priceFactor).toBe(0.5);
  });
});
