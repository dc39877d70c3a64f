import { LANGUAGE_CODES } from '@booktranslate/contract';
import { apertiumHasPair, apertiumPairs } from '@booktranslate/translator';
import type { Config } from '../../../config/env';
import { configuredEngine } from './engine-selection';

export interface LanguagePair {
  source: string;
  target: string;
}

/** Where the demo engine's placeholder text goes: somewhere (`demo`), and the pairs spared it. */
export interface EngineCoverage {
  demo: boolean;
  /** The pairs a real engine translates while others get the demo; null when every pair is real. */
  realPairs: LanguagePair[] | null;
}

/**
 * Which of the offered language pairs get a real engine, by the rules the engine selection follows:
 * a configured provider (or Apertium named as the engine) serves every pair; without one, a pair
 * Apertium has installed is real and the rest get the demo engine.
 * @example await engineCoverage(settings) // { demo: true, realPairs: [{ source: 'en', target: 'es' }, ...] }
 */
export async function engineCoverage(
  settings: Config['translation'],
  installed: () => Promise<[string, string][]> = apertiumPairs,
): Promise<EngineCoverage> {
  const configured = configuredEngine(settings);
  if (configured === 'demo') return { demo: true, realPairs: [] };
  if (configured) return { demo: false, realPairs: null };
  const pairs = await installed();
  const realPairs = LANGUAGE_CODES.flatMap((source) =>
    LANGUAGE_CODES.filter((target) => target !== source && apertiumHasPair(pairs, source, target)).map(
      (target) => ({ source, target }),
    ),
  );
  return { demo: true, realPairs };
}
