import type { Engine } from './engine';
import type { Usage } from './usage';

/** The engine's paid calls, as a wrapper sees them. */
export type EngineOperation = 'translate' | 'analyze' | 'terms';

/**
 * What a wrapper does around one paid call: `call` runs the engine with the usage meter it is given
 * (the request's own, or a fresh one the wrapper adds up afterwards).
 */
export type AroundEngineCall = <T>(
  operation: EngineOperation,
  request: { usage: Usage; signal?: AbortSignal | undefined },
  call: (usage: Usage) => Promise<T>,
) => Promise<T>;

/**
 * The engine with every paid call (translate, analyze, renderTerms) passed through `around`. Metrics,
 * the spend ceiling and the provider's slots each wrap an engine this way, so a call added to Engine
 * is wrapped by all of them at once; everything else reads through to the engine itself.
 * @example wrapEngineCalls(engine, (op, req, call) => timed(op, () => call(req.usage)))
 */
export function wrapEngineCalls(engine: Engine, around: AroundEngineCall): Engine {
  const analyze = engine.analyze?.bind(engine);
  const renderTerms = engine.renderTerms?.bind(engine);
  const wrapped: Engine = Object.create(engine);
  Object.assign(wrapped, {
    translate: (batch: Parameters<Engine['translate']>[0]) =>
      around('translate', batch, (usage) => engine.translate({ ...batch, usage })),
    ...(analyze && {
      analyze: (request: Parameters<typeof analyze>[0]) =>
        around('analyze', request, (usage) => analyze({ ...request, usage })),
    }),
    ...(renderTerms && {
      renderTerms: (request: Parameters<typeof renderTerms>[0]) =>
        around('terms', request, (usage) => renderTerms({ ...request, usage })),
    }),
  });
  return wrapped;
}
