import { type Book, textSamples } from '@booktranslate/ebook';
import { franc } from 'franc';
import { fromIso3 } from './engines/iso-639-3';
import { readsAsLatin } from './reads-as-latin';

/** The source language of a book, and why: shown to the user (CLI summary, server log). */
export interface SourceLanguageChoice {
  /** BCP 47 base code, or undefined when the book declares none and detection is unsure. */
  language: string | undefined;
  declared: string | undefined;
  detected: string | undefined;
  /** 'declared' | 'detected': which one was used. */
  used: 'declared' | 'detected' | 'none';
  reason: string;
}

// Detection speaks over a declaration only with this much text behind it, and this much agreement.
const MIN_CONFIDENT_CHARS = 2000;
const SAMPLES = 12;
const SAMPLE_CHARS = 800;
const AGREEMENT = 0.8;
/** What the choice may also take into account. */
export interface SourceLanguageOptions {
  /**
   * Whether the engine translates from this language into the target: detection never picks a
   * language the engine cannot serve over a declared one it can.
   */
  serves?: (language: string) => boolean;
}

/**
 * The declared `dc:language` wins unless detection over the whole text is confident and disagrees:
 * enough text, and samples taken across the whole book agreeing with each other. A short or mixed
 * book (a Japanese novel with English front matter) keeps what it declares.
 * @example chooseSourceLanguage(book) // { language: 'ja', used: 'declared', reason: 'declared ja; ...' }
 */
export function chooseSourceLanguage(book: Book, options: SourceLanguageOptions = {}): SourceLanguageChoice {
  return chooseFromSamples(book.metadata.language, textSamples(book, SAMPLES, SAMPLE_CHARS), options);
}

/** The same choice from a declared language and text samples (a book summary carries both). */
export function chooseFromSamples(
  declaredLanguage: string | null | undefined,
  samples: string[],
  options: SourceLanguageOptions = {},
): SourceLanguageChoice {
  const declared = declaredLanguage?.split(/[-_]/)[0]?.toLowerCase() || undefined;
  const votes = new Map<string, number>();
  let unknown = 0;
  for (const sample of samples) {
    // The detector has no Latin: lorem ipsum and Latin prose read as Catalan or Sardinian. Such a
    // sample says nothing about the language, for or against a declaration.
    if (readsAsLatin(sample)) {
      unknown++;
      continue;
    }
    const language = fromIso3(franc(sample, { minLength: 20 }));
    if (language) votes.set(language, (votes.get(language) ?? 0) + 1);
  }
  const [detected, count] = [...votes].sort((a, b) => b[1] - a[1])[0] ?? [undefined, 0];
  const chars = samples.reduce((sum, s) => sum + s.length, 0);
  const share = samples.length > 0 ? count / samples.length : 0;
  const confident = detected !== undefined && chars >= MIN_CONFIDENT_CHARS && share >= AGREEMENT;
  const evidence = detected
    ? `${count} of ${samples.length} samples across the text read as ${detected}`
    : unknown > 0
      ? `${unknown} of ${samples.length} samples are Latin, which detection does not know`
      : 'the text is too short or too mixed to tell';
  const base = { declared, detected };
  if (!declared) {
    if (detected)
      return { ...base, language: detected, used: 'detected', reason: `none declared; ${evidence}` };
    return { ...base, language: undefined, used: 'none', reason: `none declared; ${evidence}` };
  }
  if (!detected || detected === declared)
    return { ...base, language: declared, used: 'declared', reason: `declared ${declared}; ${evidence}` };
  if (confident && options.serves && !options.serves(detected) && options.serves(declared))
    return {
      ...base,
      language: declared,
      used: 'declared',
      reason: `declared ${declared}; ${evidence}, but there is no engine pair from ${detected}`,
    };
  if (confident)
    return {
      ...base,
      language: detected,
      used: 'detected',
      reason: `declared ${declared}, but ${evidence} (${chars} characters): detection is confident`,
    };
  return {
    ...base,
    language: declared,
    used: 'declared',
    reason: `declared ${declared}; ${evidence}, not confident enough to override`,
  };
}
