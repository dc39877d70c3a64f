import type { Executor } from '../../../db/database';
import type { EngineChoice } from '../pipeline/pipeline-deps';
import { type EngineRun, translationsRepository } from '../translations.repository';

/** How an engine goes: seconds before the first word (queue, reading, analysis) and words a second after. */
export interface EnginePace {
  prepareSeconds: number;
  wordsPerSecond: number;
}

/** The recent runs a pace is measured over: enough to smooth one odd book, recent enough to follow changes. */
const MEASURED_RUNS = 20;

/**
 * Until an engine has finished a translation here: local engines need a few seconds and go through
 * thousands of words a second; DeepL answers quickly; a language model, at the default concurrency,
 * about 200 words a second after its analysis of the book.
 */
const DEFAULT_PACE: Record<string, EnginePace> = {
  demo: { prepareSeconds: 3, wordsPerSecond: 3000 },
  apertium: { prepareSeconds: 3, wordsPerSecond: 1500 },
  deepl: { prepareSeconds: 10, wordsPerSecond: 500 },
};
const LANGUAGE_MODEL_PACE: EnginePace = { prepareSeconds: 30, wordsPerSecond: 200 };

/**
 * The engine's pace measured over its timed runs (their mean preparation, their words over their
 * translating seconds), else the default of its kind.
 * @example paceOf([{ words: 5000, prepareSeconds: 2, translateSeconds: 10 }], 'apertium') // { prepareSeconds: 2, wordsPerSecond: 500 }
 */
export function paceOf(runs: readonly EngineRun[], engineName: string): EnginePace {
  if (runs.length === 0) return DEFAULT_PACE[engineName] ?? LANGUAGE_MODEL_PACE;
  const sum = (pick: (run: EngineRun) => number) => runs.reduce((total, run) => total + pick(run), 0);
  return {
    prepareSeconds: sum((run) => run.prepareSeconds) / runs.length,
    // At least a second of work counted: a run timed at zero says "fast", not "infinitely fast".
    wordsPerSecond:
      sum((run) => run.words) /
      Math.max(
        1,
        sum((run) => run.translateSeconds),
      ),
  };
}

/**
 * Seconds a translation of `words` source words by the chosen engine should take, from the engine's
 * measured pace (any user's recent runs: a speed, nobody's books) and the length.
 */
export async function estimateDuration(db: Executor, choice: EngineChoice, words: number): Promise<number> {
  const runs = await translationsRepository.recentRuns(db, choice.label, MEASURED_RUNS);
  const pace = paceOf(runs, choice.engine.name);
  return Math.max(1, Math.round(pace.prepareSeconds + words / pace.wordsPerSecond));
}
