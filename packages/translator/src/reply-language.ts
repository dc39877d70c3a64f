/** A reply shorter than this (letters) is not judged: short texts are detected poorly. */
const MIN_LETTERS = 24;
/**
 * eld's score of the source language, and its lead over the runner-up, needed to flag a reply.
 * Measured on four English corpus books (blocks of 24+ letters): real English reaches both on 98% of
 * blocks; the test model's reversed words (8,156 blocks) never do, though eld calls a few of them
 * reliable English at 0.59-0.67 because short words ("a", "I") survive reversal.
 */
const MIN_SCORE = 0.7;
const MIN_LEAD = 0.05;

interface Detector {
  detect(text: string): { language: string; isReliable(): boolean; getScores(): Record<string, number> };
  info(): { Languages: Record<number, string> };
}

let loading: Promise<Detector> | undefined;

// eld's n-gram tables take about a second to load, so only processes that check replies pay for it.
function loadDetector(): Promise<Detector> {
  loading ??= import('eld/small').then((module) => module.eld as Detector);
  return loading;
}

/**
 * Loads the detector now rather than at the first reply checked: a worker calls it before taking
 * jobs, so the second of compiling eld's tables never holds up requests served by the same process.
 */
export async function preloadReplyLanguageCheck(): Promise<void> {
  await loadDetector();
}

/**
 * A predicate telling whether a translated text is still in the source language, or undefined when
 * the pair cannot be judged (same language, or a language eld does not know). eld's scores are
 * absolute, so text in no language at all (the test model's reversed words, names, codes) comes out
 * unreliable or low and is never flagged; only a confident detection of the SOURCE language counts.
 * @example (await sourceLanguageCheck('en', 'es'))?.('The sea was calm that night.') // true
 */
export async function sourceLanguageCheck(
  from: string,
  to: string,
): Promise<((text: string) => boolean) | undefined> {
  const source = baseCode(from);
  if (!source || source === baseCode(to)) return undefined;
  const detector = await loadDetector();
  if (!Object.values(detector.info().Languages).includes(source)) return undefined;
  return (text) => {
    if ((text.match(/\p{L}/gu)?.length ?? 0) < MIN_LETTERS) return false;
    const result = detector.detect(text);
    if (result.language !== source || !result.isReliable()) return false;
    const [best = 0, next = 0] = Object.values(result.getScores()).sort((a, b) => b - a);
    return best >= MIN_SCORE && best - next >= MIN_LEAD;
  };
}

function baseCode(code: string): string {
  return code.split(/[-_]/)[0]?.toLowerCase() ?? '';
}

/**
 * A predicate telling whether a word found in both the source and its translation still reads as
 * the source language: eld gives the target language no weight for it ("sleepy" for Spanish, but
 * not "hotel" or "animal"). Undefined when the pair cannot be judged, like `sourceLanguageCheck`.
 * @example (await sourceWordCheck('en', 'es'))?.('sleepy') // true
 */
export async function sourceWordCheck(
  from: string,
  to: string,
): Promise<((word: string) => boolean) | undefined> {
  const [source, target] = [baseCode(from), baseCode(to)];
  if (!source || !target || source === target) return undefined;
  const detector = await loadDetector();
  const known = Object.values(detector.info().Languages);
  if (!known.includes(source) || !known.includes(target)) return undefined;
  return (word) => !((detector.detect(word).getScores()[target] ?? 0) > 0);
}
