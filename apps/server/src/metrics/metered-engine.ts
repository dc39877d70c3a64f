import {
  addUsage,
  type Engine,
  emptyUsage,
  TranslatorError,
  type Usage,
  wrapEngineCalls,
} from '@booktranslate/translator';
import { providerDuration, providerErrors, providerTokens } from './metrics-registry';

/**
 * The engine with every call timed and counted for /metrics: latency and outcome by engine, error
 * codes, and the tokens the call added to the usage meter (the reasoning part of the completion
 * apart).
 * @example const engine = meteredEngine(createEngine(config));
 */
export function meteredEngine(engine: Engine): Engine {
  const label = engine.name;
  // Each call meters into its own Usage, added to the caller's afterwards: calls that share one
  // meter at the same time would otherwise count each other's tokens.
  async function measure<T>(operation: string, usage: Usage, call: (own: Usage) => Promise<T>): Promise<T> {
    const own = emptyUsage();
    const stop = providerDuration.startTimer({ engine: label, operation });
    try {
      const result = await call(own);
      stop({ outcome: 'ok' });
      return result;
    } catch (error) {
      const code = error instanceof TranslatorError ? error.code : 'unknown';
      stop({ outcome: code });
      providerErrors.inc({ engine: label, code });
      throw error;
    } finally {
      addUsage(usage, own);
      providerTokens.inc({ engine: label, direction: 'in' }, own.inputTokens);
      providerTokens.inc({ engine: label, direction: 'out' }, own.outputTokens);
      // Of the completion, what a reasoning model spent thinking: paid, never seen in the book.
      if (own.reasoningTokens)
        providerTokens.inc({ engine: label, direction: 'reasoning' }, own.reasoningTokens);
    }
  }
  return wrapEngineCalls(engine, (operation, request, call) => measure(operation, request.usage, call));
}
