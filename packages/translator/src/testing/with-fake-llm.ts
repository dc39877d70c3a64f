import { type FakeLlm, type FakeLlmOptions, startFakeLlm } from '@booktranslate/testkit';
import type { Engine } from '../engine';
import { createOpenAiEngine } from '../engines/openai-engine';

/**
 * Runs `use` with an OpenAI engine on a fresh fake model (no latency unless told) and stops the
 * model afterwards, also when `use` throws.
 * @example await withFakeLlm({ refusalRate: 1 }, async (engine, llm) => { ... llm.stats() ... })
 */
export async function withFakeLlm<T>(
  options: FakeLlmOptions,
  use: (engine: Engine, llm: FakeLlm) => Promise<T>,
): Promise<T> {
  const llm = await startFakeLlm({ latencyMs: 0, ...options });
  try {
    return await use(createOpenAiEngine({ baseUrl: llm.baseURL, apiKey: 'k', model: 'fake' }), llm);
  } finally {
    await llm.close();
  }
}
