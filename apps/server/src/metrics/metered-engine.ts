import { addUsage, type Engine, emptyUsage, TranslatorError, type Usage } from '@booktranslate/translator';
import { providerDuration, providerErrors, providerTokens } from './metrics-registry';

/**
 * The engine with every call timed and counted for /metrics: latency and outcome by engine, error
 * codes, and the tokens the call added to the usage meter.
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
    }
  }
  const analyze = engine.analyze?.bind(engine);
  const renderTerms = engine.renderTerms?.bind(engine);
  return {
    name: engine.name,
    model: engine.model,
    chunkTokens: engine.chunkTokens,
    understandsBrief: engine.understandsBrief,
    translate: (batch) =>
      measure('translate', batch.usage, (own) => engine.translate({ ...batch, usage: own })),
    ...(analyze && {
      analyze: (request) => measure('analyze', request.usage, (own) => analyze({ ...request, usage: own })),
    }),
    ...(renderTerms && {
      renderTerms: (request: Parameters<typeof renderTerms>[0]) =>
        measure('terms', request.usage, (own) => renderTerms({ ...request, usage: own })),
    }),
  };
}
