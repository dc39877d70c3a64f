import { DEFAULT_MODELS, type EngineConfig } from '../create-engine';
import type { BatchClient } from './batch-client';
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
    default:
      return undefined;
  }
}
