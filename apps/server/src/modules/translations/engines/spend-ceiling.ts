import { addUsage, type Engine, emptyUsage, type Usage, wrapEngineCalls } from '@booktranslate/translator';
import type { EngineChoice, PipelineDeps } from '../pipeline/pipeline-deps';
import { providerSpendRepository as spend } from './provider-spend.repository';
import { ceilingFor, defaultSpendCeiling } from './spend-ceiling-settings';

/** Thrown instead of asking the provider once a translation reached its ceiling. */
export class SpendCeilingError extends Error {
  override name = 'SpendCeilingError';
}

export function isSpendCeilingError(error: unknown): error is SpendCeilingError {
  return error instanceof SpendCeilingError;
}

/**
 * The pipeline's dependencies for one job of one translation: every paid engine it is given counts
 * each request against the translation's ceiling before it is sent, and adds the tokens after.
 * Free engines (the demo, Apertium) are not metered.
 */
export function withSpendCeiling<D extends Pick<PipelineDeps, 'db' | 'engineFor' | 'spendCeiling'>>(
  deps: D,
  translationId: string,
): D {
  const settings = deps.spendCeiling ?? defaultSpendCeiling;
  let ceiling: Promise<{ requests: number; tokens: number }> | undefined;
  const meter = {
    async reserve() {
      ceiling ??= spend.coveredWords(deps.db, translationId).then((words) => ceilingFor(words, settings));
      if (!(await spend.countRequest(deps.db, translationId, await ceiling))) {
        throw new SpendCeilingError(`translation ${translationId} reached its provider spend ceiling`);
      }
    },
    record: (usage: Usage) => spend.addTokens(deps.db, translationId, usage.inputTokens + usage.outputTokens),
  };
  return {
    ...deps,
    async engineFor(from, to) {
      const choice = await deps.engineFor(from, to);
      if (isFree(choice)) return choice;
      return { ...choice, engine: meteredEngine(choice.engine, meter) };
    },
  };
}

function isFree(choice: EngineChoice): boolean {
  return choice.isDemo || choice.engine.name === 'apertium';
}

interface Meter {
  reserve(): Promise<void>;
  record(usage: Usage): Promise<void>;
}

/** The engine with every call counted first; each call reports into its own meter, then the caller's. */
export function meteredEngine(engine: Engine, meter: Meter): Engine {
  const metered = async <T>(usage: Usage, call: (own: Usage) => Promise<T>): Promise<T> => {
    await meter.reserve();
    const own = emptyUsage();
    try {
      return await call(own);
    } finally {
      addUsage(usage, own);
      await meter.record(own);
    }
  };
  return wrapEngineCalls(engine, (_operation, request, call) => metered(request.usage, call));
}
