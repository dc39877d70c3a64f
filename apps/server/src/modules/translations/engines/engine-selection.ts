import {
  apertiumHasPair,
  apertiumPairs,
  createEngine,
  type Engine,
  type EngineConfig,
  type EngineName,
} from '@booktranslate/translator';
import type { Config } from '../../../config/env';
import { meteredEngine } from '../../../metrics/metered-engine';
import type { EngineChoice } from '../pipeline/pipeline-deps';

type TranslationSettings = Config['translation'];

/**
 * Chooses the engine of a translation: the configured provider; in `auto` mode the first provider
 * with a key (OpenAI-compatible, Anthropic, Gemini, DeepL), else Apertium when it is installed and
 * has the pair, else the demo engine, which the UI labels as a demo. Engines are built once per process.
 */
export function createEngineSelector(
  settings: TranslationSettings,
): (from: string, to: string, options?: { flex?: boolean }) => Promise<EngineChoice> {
  const cache = new Map<string, Engine>();
  const build = (name: EngineName, flex = false): Engine => {
    const key = flex ? `${name}:flex` : name;
    let engine = cache.get(key);
    if (!engine) {
      const config = engineConfigOf(settings, name);
      engine = meteredEngine(createEngine(flex ? { ...config, serviceTier: 'flex' } : config));
      cache.set(key, engine);
    }
    return engine;
  };
  let pairs: Promise<[string, string][]> | undefined;
  return async (from, to, options) => {
    const configured = configuredEngine(settings);
    // The economy lane's flex tier (decision 291): OpenAI only, the same model at about half the price.
    if (configured === 'openai' && options?.flex) return choice(build(configured, true));
    if (configured && configured !== 'apertium') return choice(build(configured));
    pairs ??= apertiumPairs();
    if (configured === 'apertium' || apertiumHasPair(await pairs, from, to)) return choice(build('apertium'));
    return choice(build('demo'));
  };
}

/**
 * The engine every pair gets, when one does: the configured one, or in `auto` mode the first
 * provider with a key; undefined when each pair goes to Apertium if it has the pair, else the demo.
 */
export function configuredEngine(settings: TranslationSettings): EngineName | undefined {
  return settings.engine === 'auto' ? providerWithKey(settings) : settings.engine;
}

function providerWithKey(settings: TranslationSettings): EngineName | undefined {
  if (settings.openai.apiKey) return 'openai';
  if (settings.anthropic.apiKey) return 'anthropic';
  if (settings.gemini.apiKey) return 'gemini';
  if (settings.deepl.apiKey) return 'deepl';
  return undefined;
}

/** The engine's settings for `createEngine` (and `createBatchClient`, which takes the same). */
export function engineConfigOf(settings: TranslationSettings, name: EngineName): EngineConfig {
  switch (name) {
    case 'openai':
      return {
        engine: name,
        baseUrl: settings.openai.baseUrl,
        apiKey: settings.openai.apiKey,
        model: settings.openai.model,
        reasoningEffort: settings.reasoningEffort,
      };
    case 'anthropic':
      return {
        engine: name,
        apiKey: settings.anthropic.apiKey,
        baseUrl: settings.anthropic.baseUrl,
        model: settings.anthropic.model,
        reasoningEffort: settings.reasoningEffort,
      };
    case 'gemini':
      return {
        engine: name,
        apiKey: settings.gemini.apiKey,
        baseUrl: settings.gemini.baseUrl,
        model: settings.gemini.model,
        reasoningEffort: settings.reasoningEffort,
      };
    case 'deepl':
      return { engine: name, apiKey: settings.deepl.apiKey };
    default:
      return { engine: name };
  }
}

function choice(engine: Engine): EngineChoice {
  const label =
    engine.name === 'demo' || engine.name === 'apertium' ? engine.name : `${engine.name}:${engine.model}`;
  return { engine, label, isDemo: engine.name === 'demo' };
}
