import { DEFAULT_MODELS, type EngineConfig } from '../create-engine';
import { createAnthropicBatchClient } from './anthropic-batch';
import type { BatchClient } from './batch-client';
import { createGeminiBatchClient } from './gemini-batch';
import { createOpenAiBatchClient } from './openai-batch';

/**
 * The batch API of a configured provider, or undefined for engines that have none (DeepL, Apertium,
 * the demo engine): those translations run in the standard lane.
 * @example createBatchClient({ engine: 'openai', baseUrl: llm.baseURL, model: 'fake-model' })
 */
export function createBatchClient(config: EngineConfig): BatchClient | undefined {
  switch (config.engine) {
    case 'openai':
      return createOpenAiBatchClient({ ...config, model: config.model ?? DEFAULT_MODELS.openai! });
    case 'anthropic':
      return createAnthropicBatchClient({ ...config, model: config.model ?? DEFAULT_MODELS.anthropic! });
    case 'gemini':
      return createGeminiBatchClient({ ...config, model: config.model ?? DEFAULT_MODELS.gemini! });
    default:
      return undefined;
  }
}
