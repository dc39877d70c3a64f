import type { Engine, TranslateBatch } from '../engine';
import { addUsage } from '../usage';

/**
 * Used when no engine is configured: marks every block "[DEMO → es]" and keeps the text, so the
 * whole pipeline can be tried without a key and nobody mistakes the result for a translation.
 * @example (await createDemoEngine().translate({ blocks: { '1': 'Hi' }, from: 'en', to: 'es', usage }))['1'] // '[DEMO → es] Hi'
 */
export function createDemoEngine(): Engine {
  return {
    name: 'demo',
    model: 'demo (no real translation)',
    chunkTokens: 4000,
    understandsBrief: false,
    // Rules or a marker: the glossary changes nothing (engineFollowsGlossary).
    followsGlossary: false,
    async translate(batch: TranslateBatch) {
      addUsage(batch.usage, { requests: 1 });
      const result: Record<string, string> = {};
      for (const [key, text] of Object.entries(batch.blocks)) result[key] = `[DEMO → ${batch.to}] ${text}`;
      return result;
    },
  };
}
