import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../config/env';
import { engineCoverage } from './engine-pairs';

const settings = (env: Record<string, string>) =>
  loadConfig({ NODE_ENV: 'test', SESSION_SECRET: 'test-secret-that-is-long-enough-for-hmac-keys', ...env })
    .translation;
const installed = async (): Promise<[string, string][]> => [
  ['eng', 'spa'],
  ['spa', 'eng'],
];

describe('which language pairs get a real engine', () => {
  it('without a provider key: the pairs Apertium has, the demo engine for the rest', async () => {
    const coverage = await engineCoverage(settings({}), installed);
    expect(coverage.demo).toBe(true);
    expect(coverage.realPairs).toContainEqual({ source: 'en', target: 'es' });
    expect(coverage.realPairs).toContainEqual({ source: 'es', target: 'en' });
    expect(coverage.realPairs).not.toContainEqual({ source: 'ru', target: 'en' });
    expect(coverage.realPairs?.every((p) => ['en', 'es'].includes(p.source.slice(0, 2)))).toBe(true);
  });

  it('with a provider key every pair is real; with the demo engine named, none is', async () => {
    expect(await engineCoverage(settings({ OPENAI_API_KEY: 'k' }), installed)).toEqual({
      demo: false,
      realPairs: null,
    });
    expect(await engineCoverage(settings({ TRANSLATION_ENGINE: 'apertium' }), installed)).toEqual({
      demo: false,
      realPairs: null,
    });
    expect(await engineCoverage(settings({ TRANSLATION_ENGINE: 'demo' }), installed)).toEqual({
      demo: true,
      realPairs: [],
    });
  });
});
