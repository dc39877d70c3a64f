import { apertiumPairs } from '@booktranslate/translator';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../config/env';
import { createEngineSelector } from './engine-selection';

const settings = (env: Record<string, string>) =>
  loadConfig({ NODE_ENV: 'test', SESSION_SECRET: 'test-secret-that-is-long-enough-for-hmac-keys', ...env })
    .translation;

describe('engine selection', () => {
  it('uses the configured provider, labelled with its model', async () => {
    const select = createEngineSelector(settings({ OPENAI_API_KEY: 'k', OPENAI_MODEL: 'm1' }));
    expect(await select('en', 'es')).toMatchObject({ label: 'openai:m1', isDemo: false });
  });

  it('falls back to Apertium when the pair is installed, else to the labelled demo engine', async () => {
    const select = createEngineSelector(settings({}));
    const hasEnEs = (await apertiumPairs()).some(([a, b]) => a === 'eng' && b === 'spa');
    expect((await select('en', 'es')).label).toBe(hasEnEs ? 'apertium' : 'demo');
    expect(await select('en', 'ja')).toMatchObject({ label: 'demo', isDemo: true });
  });
});
