import type { Engine } from './engine';
import { createAnthropicEngine } from './engines/anthropic-engine';
import { createApertiumEngine } from './engines/apertium-engine';
import { createDeeplEngine } from './engines/deepl-engine';
import { createDemoEngine } from './engines/demo-engine';
import { createGeminiEngine } from './engines/gemini-engine';
import type { ReasoningEffort } from './engines/hosted-llm';
import { createOpenAiEngine } from './engines/openai-engine';
import { TranslatorError } from './errors';
import { knownPrice } from './known-prices';
import type { ModelPrice } from './usage';

export const engineNames = ['openai', 'anthropic', 'gemini', 'deepl', 'apertium', 'demo'] as const;
export type EngineName = (typeof engineNames)[number];

export interface EngineConfig {
  /** Absent: 'demo' (nothing configured). */
  engine?: EngineName;
  model?: string;
  baseUrl?: string;
  apiKey?: string;
  timeoutMs?: number;
  chunkTokens?: number;
  price?: ModelPrice;
  /** Absent: the least reasoning the provider allows for the model (decision 171). */
  reasoningEffort?: ReasoningEffort;
  /** OpenAI only: 'flex' asks for flex processing (slower, about half the price; decision 290). */
  serviceTier?: 'flex';
}

/** The model an engine uses when the configuration names none. */
export const DEFAULT_MODELS: Record<string, string> = {
  openai: 'gpt-6-luna',
  anthropic: 'claude-sonnet-5-5',
  gemini: 'gemini-3.5-flash',
};

/**
 * Builds an engine from plain configuration (the CLI's flags, the server's env).
 * @example createEngine({ engine: 'openai', baseUrl: 'http://127.0.0.1:9000/v1', model: 'fake' })
 */
export function createEngine(config: EngineConfig = {}): Engine {
  const name = config.engine ?? 'demo';
  const model = config.model ?? DEFAULT_MODELS[name] ?? name;
  // Only the official endpoints charge list prices; a custom base URL may serve anything under the name.
  const price = config.price ?? (config.baseUrl ? undefined : knownPrice(model));
  const common = { ...config, model, price };
  switch (name) {
    case 'openai':
      return createOpenAiEngine(common);
    case 'anthropic':
      return createAnthropicEngine(common);
    case 'gemini':
      return createGeminiEngine(common);
    case 'deepl':
      if (!config.apiKey) throw new TranslatorError('auth_failed', 'deepl needs an API key');
      return createDeeplEngine({
        apiKey: config.apiKey,
        baseUrl: config.baseUrl,
        timeoutMs: config.timeoutMs,
      });
    case 'apertium':
      return createApertiumEngine();
    case 'demo':
      return createDemoEngine();
    default:
      throw new TranslatorError(
        'engine_unavailable',
        `unknown engine "${name}"; use one of ${engineNames.join(', ')}`,
      );
  }
}
