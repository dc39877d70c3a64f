import { createBatchClient } from '@booktranslate/translator';
import type { Config } from '../../../config/env';
import { configuredEngine, engineConfigOf } from '../engines/engine-selection';
import type { EconomyDeps } from '../pipeline/pipeline-deps';

type TranslationSettings = Config['translation'];

/**
 * How the economy lane runs, or null when it is not offered: ECONOMY_LANE=batch with an engine
 * that has a batch API, or flex with OpenAI (decision 291).
 * @example economyWay(config.translation) // 'batch'
 */
export function economyWay(settings: TranslationSettings): 'batch' | 'flex' | null {
  const engine = configuredEngine(settings);
  if (!engine || settings.economy.lane === 'off') return null;
  if (settings.economy.lane === 'flex') return engine === 'openai' ? 'flex' : null;
  return createBatchClient(engineConfigOf(settings, engine)) ? 'batch' : null;
}

/** The pipeline's economy settings, with the batch client built once for the worker's life. */
export function economyDepsOf(settings: TranslationSettings): EconomyDeps {
  const way = economyWay(settings);
  const engine = configuredEngine(settings);
  const client = way === 'batch' && engine ? createBatchClient(engineConfigOf(settings, engine)) : undefined;
  return {
    way: way ?? 'off',
    deadlineHours: settings.economy.deadlineHours,
    pollSeconds: settings.economy.pollSeconds,
    maxRequests: settings.economy.maxRequests,
    ...(client && { client }),
  };
}
