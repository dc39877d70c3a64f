import { checkPlaceholders } from '@booktranslate/ebook';
import type { GlossaryEntry } from './brief';
import { mentionsEntry } from './build-prompt';
import { placeholdersBalanced, stripPlaceholders } from './placeholder-tags';

export interface BlockProblem {
  key: string;
  message: string;
  /** Soft problems (a glossary rendering, an unchanged block) are retried once, then accepted with a warning. */
  soft?: boolean;
}

export interface ReplyCheckOptions {
  /** True when a translated text is still in the source language (see sourceLanguageCheck). */
  stillInSource?: (text: string) => boolean;
}

export interface ReplyCheck {
  /** Blocks that passed every check. */
  accepted: Record<string, string>;
  problems: BlockProblem[];
  /** A problem with the reply as a whole (keys); nothing of it is accepted. */
  fatal?: string;
}

// Meta-commentary, not prose: a translation into English may well start with "Certainly," or "Sure".
export const CHATTER =
  /^(?:(?:here is|here's|below is)(?: the| your| my)? translat|(?:sure|certainly|of course)[,!.]? (?:here|below) |translation:|translated text:)|\bas an ai\b|\blanguage model\b|\((?:note|translator's note):/i;

/**
 * Checks a parsed reply against the blocks sent: same keys, placeholders balanced and complete, no
 * echo of the prompt, no commentary, not the untranslated source, not still in the source language,
 * glossary renderings present.
 * @example checkReply({ '1': 'Hi there' }, { '1': 'Hola' }).accepted // { '1': 'Hola' }
 */
export function checkReply(
  sent: Record<string, string>,
  reply: Record<string, string>,
  glossary: GlossaryEntry[] = [],
  options: ReplyCheckOptions = {},
): ReplyCheck {
  const keys = Object.keys(sent);
  const missing = keys.filter((k) => !(k in reply));
  const extra = Object.keys(reply).filter((k) => !(k in sent));
  if (missing.length || extra.length) {
    // Missing or extra keys can mean merged blocks: no value of this reply can be trusted in place.
    const parts = [
      missing.length && `missing ${missing.join(', ')}`,
      extra.length && `unexpected ${extra.join(', ')}`,
    ];
    return { accepted: {}, problems: [], fatal: `keys ${parts.filter(Boolean).join('; ')}` };
  }
  const accepted: Record<string, string> = {};
  const problems: BlockProblem[] = [];
  for (const key of keys) {
    const problem = checkBlock(sent[key] as string, reply[key] as string, glossary, options);
    if (problem) problems.push({ key, ...problem });
    else accepted[key] = reply[key] as string;
  }
  return { accepted, problems };
}

function checkBlock(
  source: string,
  target: string,
  glossary: GlossaryEntry[],
  options: ReplyCheckOptions,
): Omit<BlockProblem, 'key'> | null {
  if (target.trim() === '') return { message: 'the translation is empty' };
  if (!placeholdersBalanced(target)) return { message: 'tags are unbalanced' };
  if (!checkPlaceholders(source, target).ok) return { message: 'tags are missing or added' };
  if (target.includes('BLOCKS:') || target.includes('SAMPLE:')) return { message: 'the prompt was echoed' };
  if (CHATTER.test(target.trim()) && !CHATTER.test(source)) return { message: 'commentary was added' };
  const visible = stripPlaceholders(source).trim();
  if (stripPlaceholders(target).trim() === visible && hasTranslatableWords(visible)) {
    // Soft: a motto in a third language or a name list may rightly stay as it is; it is retried once
    // with the correction, then accepted and listed in the report's warnings.
    return { message: 'the block was left untranslated', soft: true };
  }
  // Soft like the unchanged block: a quotation may rightly stay in the source language.
  if (options.stillInSource?.(stripPlaceholders(target)))
    return { message: 'the translation is still in the source language', soft: true };
  const agreed = glossary.filter((e) => mentionsEntry(source, e) && !rendersTerm(target, e.target));
  if (agreed.length) return { message: `use ${agreed.map((e) => `"${e.target}"`).join(', ')}`, soft: true };
  return null;
}

/**
 * A source block may rightly come back unchanged when it holds nothing to translate: numbers,
 * single letters, or only capitalised words (names, initials).
 */
export function hasTranslatableWords(text: string): boolean {
  const words = text.match(/\p{L}+/gu) ?? [];
  return words.some((w) => w.length > 1 && w !== `${w[0]?.toUpperCase()}${w.slice(1)}`);
}

/** Inflected languages change endings, so a rendering counts when each word's stem appears. */
export function rendersTerm(target: string, rendering: string): boolean {
  const text = target.toLocaleLowerCase();
  return rendering
    .toLocaleLowerCase()
    .split(/\s+/)
    .every((word) => text.includes(word.length > 5 ? word.slice(0, word.length - 2) : word));
}
