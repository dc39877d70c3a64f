import {
  addUsage,
  type Engine,
  emptyUsage,
  knownPrice,
  priceOf,
  type Usage,
  wrapEngineCalls,
} from '@booktranslate/translator';
import { providerCostSaved, providerRequestsByLane } from '../../../metrics/metrics-registry';
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
    record: (usage: Usage) => spend.addUsage(deps.db, translationId, usage),
  };
  return {
    ...deps,
    async engineFor(from, to, options) {
      const choice = await deps.engineFor(from, to, options);
      if (isFree(choice)) return choice;
      const lane = options?.flex ? flexMeter(meter, choice.engine) : standardMeter(meter);
      return { ...choice, engine: meteredEngine(choice.engine, lane) };
    },
  };
}

/** The standard lane's requests, counted by lane for /metrics. */
function standardMeter(meter: Meter): Meter {
  return {
    reserve: () => meter.reserve(),
    record(usage) {
      providerRequestsByLane.inc({ lane: 'standard', way: 'chat' }, usage.requests);
      return meter.record(usage);
    },
  };
}

/**
 * Flex replies are priced by the engine at the standard rate (or not at all behind a custom base
 * URL: then at the model's list price, as the batch lane counts): what was paid is FLEX_PRICE_FACTOR
 * of it, and the rest is what the economy lane saved.
 */
function flexMeter(meter: Meter, engine: Engine): Meter {
  return {
    reserve: () => meter.reserve(),
    record(usage) {
      providerRequestsByLane.inc({ lane: 'economy', way: 'flex' }, usage.requests);
      const standard =
        usage.costUsd ?? priceOf(knownPrice(engine.model), usage.inputTokens, usage.outputTokens);
      if (standard === undefined) return meter.record(usage);
      const saved = standard * (1 - FLEX_PRICE_FACTOR);
      providerCostSaved.inc({ engine: engine.name, way: 'flex' }, saved);
      return meter.record({ ...usage, costUsd: standard - saved, savedUsd: saved });
    },
  };
}

/** OpenAI's flex tier is billed at its Batch API's rate: half the standard price. */
export const FLEX_PRICE_FACTOR = 0.5;

function isFree(choice: EngineChoice): boolean {
  return choice.isDemo || choice.engine.name === 'apertium';
}

interface Meter {
  reserve(): Promise<void>;
  record(usage: Usage & { savedUsd?: number }): Promise<void>;
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
