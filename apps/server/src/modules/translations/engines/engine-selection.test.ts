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

  it('runs each provider on its default model unless OPENAI_MODEL, ANTHROPIC_MODEL or GEMINI_MODEL names one', async () => {
    const label = async (env: Record<string, string>) =>
      (await createEngineSelector(settings(env))('en', 'es')).label;
    expect(await label({ OPENAI_API_KEY: 'k' })).toBe('openai:gpt-6-luna');
    expect(await label({ ANTHROPIC_API_KEY: 'k' })).toBe('anthropic:claude-sonnet-5-5');
    expect(await label({ ANTHROPIC_API_KEY: 'k', ANTHROPIC_MODEL: 'claude-opus-5-5' })).toBe(
      'anthropic:claude-opus-5-5',
    );
    expect(await label({ GEMINI_API_KEY: 'k' })).toBe('gemini:gemini-3.5-flash');
    expect(await label({ GEMINI_API_KEY: 'k', GEMINI_MODEL: 'gemini-2.5-pro' })).toBe(
      'gemini:gemini-2.5-pro',
    );
  });

  it('falls back to Apertium when the pair is installed, else to the labelled demo engine', async () => {
    const select = createEngineSelector(settings({}));
    const hasEnEs = (await apertiumPairs()).some(([a, b]) => a === 'eng' && b === 'spa');
    expect((await select('en', 'es')).label).toBe(hasEnEs ? 'apertium' : 'demo');
    expect(await select('en', 'ja')).toMatchObject({ label: 'demo', isDemo: true });
  });
});
