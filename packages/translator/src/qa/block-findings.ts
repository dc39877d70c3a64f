import { CHATTER, hasTranslatableWords } from '../check-reply';
import { stripPlaceholders } from '../placeholder-tags';
import type { UntranslatedReason } from './qa-report';

// Closing offers, notes and markup a model leaves in the text; each found only when the source lacks it.
const LEFTOVERS: RegExp[] = [
  CHATTER,
  /\b(?:let me know if|i hope this helps|feel free to ask|translator'?s note|translation note)\b[^.!?]*[.!?]?/i,
  /```[a-z]*/,
  /\*\*[^*\n]+\*\*/,
  /^#{1,6} /m,
  /<\/?(?!g\d|x\d)[a-z][a-z0-9]*(?:\s[^>]*)?\/?>/i,
];

/**
 * Why a translated block still reads as the source: identical to it (when it has words to
 * translate), or detected in the source language; null when it was translated. The language is
 * judged without the commentary a model added ("Let me know if you need anything else."): that is
 * reported as leftover commentary, and must not make a translated passage read as untranslated.
 * @example untranslatedReason('The sea.', undefined) // 'missing'
 */
export function untranslatedReason(
  source: string,
  target: string | undefined,
  stillInSource?: (text: string) => boolean,
): UntranslatedReason | null {
  if (target === undefined || target.trim() === '') return 'missing';
  const visibleSource = stripPlaceholders(source).trim();
  const visibleTarget = stripPlaceholders(target).trim();
  if (visibleTarget === visibleSource && hasTranslatableWords(visibleSource)) return 'identical';
  if (stillInSource?.(withoutLeftovers(source, visibleTarget))) return 'source_language';
  return null;
}

/** The target without the commentary and markup the source lacks; the whole target if nothing else is left. */
function withoutLeftovers(source: string, target: string): string {
  let text = target;
  for (const pattern of LEFTOVERS) {
    if (pattern.test(source)) continue;
    const every = new RegExp(
      pattern.source,
      pattern.flags.includes('g') ? pattern.flags : `${pattern.flags}g`,
    );
    text = text.replace(every, ' ');
  }
  text = text.replace(/\s+/g, ' ').trim();
  return /\p{L}/u.test(text) ? text : target;
}

/**
 * Commentary or markup in the translation that the source does not have, or null.
 * @example leftoverChatter('Hi.', 'Hola. Let me know if you need more.') // 'Let me know if you need more.'
 */
export function leftoverChatter(source: string, target: string): string | null {
  for (const pattern of LEFTOVERS) {
    const found = pattern.exec(target);
    if (found && !pattern.test(source)) return found[0].trim().slice(0, 80);
  }
  return null;
}

/** Visible characters of a block, for length ratios. */
export function visibleLength(text: string): number {
  return stripPlaceholders(text).replace(/\s+/g, ' ').trim().length;
}

/** The median of a list of numbers (1 when empty). */
export function median(values: number[]): number {
  if (values.length === 0) return 1;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2
    ? (sorted[mid] as number)
    : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}
