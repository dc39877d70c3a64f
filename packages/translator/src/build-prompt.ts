import { type BookBrief, type GlossaryEntry, termsOf } from './brief';
import type { TranslateBatch } from './engine';

export interface Prompt {
  /** Stable for the whole book (instructions, languages, brief), so provider prompt caching applies. */
  system: string;
  /** Changes per chunk: glossary hits, previous passage, correction, then BLOCKS (decision 001). */
  user: string;
}

export function languageName(code: string): string {
  try {
    return new Intl.DisplayNames(['en'], { type: 'language' }).of(code) ?? code;
  } catch {
    return code;
  }
}

/**
 * Builds the translation prompt of one batch.
 * @example buildPrompt({ blocks: { '1': 'Hello.' }, from: 'en', to: 'es', usage }).user.endsWith('{"1":"Hello."}')
 */
export function buildPrompt(batch: Omit<TranslateBatch, 'usage'>): Prompt {
  const to = languageName(batch.to);
  const system = [
    batch.from && batch.from !== 'auto'
      ? `Translate a book from ${languageName(batch.from)} into ${to}.`
      : `Translate a book into ${to}.`,
    `The blocks follow the line BLOCKS: as one JSON object. Reply with only one JSON object with exactly the same keys, each value the ${to} translation of that block.`,
    'Translate every block completely; never merge, split, reorder, summarize or skip blocks.',
    'Keep the tags <g1>…</g1> and <x2/> exactly, around the words they mark.',
    'Follow the glossary. Context passages are not translated. No notes or comments.',
    ...describeBrief(batch.brief),
  ].join('\n');

  const user: string[] = [];
  if (batch.glossary?.length) user.push('Glossary:', ...batch.glossary.map(glossaryLine));
  if (batch.previous) {
    user.push(`Context before: ${batch.previous.source}`);
    if (batch.previous.target) user.push(`Its translation: ${batch.previous.target}`);
  }
  if (batch.following) {
    user.push(`Context after: ${batch.following.source}`);
    if (batch.following.target) user.push(`Its translation: ${batch.following.target}`);
  }
  if (batch.instruction) user.push(`The reader asks for this translation: ${oneLine(batch.instruction)}`);
  if (batch.correction) user.push(`Your previous reply was rejected: ${batch.correction}`);
  user.push('BLOCKS:', JSON.stringify(batch.blocks));
  return { system, user: user.join('\n') };
}

function describeBrief(brief: BookBrief | undefined): string[] {
  if (!brief) return [];
  const lines: string[] = [];
  const facts = [
    brief.genre && `genre: ${brief.genre}`,
    brief.register && `register: ${brief.register}`,
    brief.narrator && `narrator: ${brief.narrator}`,
  ].filter(Boolean);
  if (facts.length) lines.push(`Book: ${facts.join('; ')}.`);
  if (brief.summary) lines.push(`About: ${clip(brief.summary, 300)}`);
  return lines;
}

function glossaryLine(entry: GlossaryEntry): string {
  const notes = [entry.kind, entry.gender, entry.note].filter(Boolean).join(', ');
  // The case forms, so the model knows "Атоса" and "Атосом" are the same "Атос".
  const forms = entry.forms?.length ? ` (also ${entry.forms.slice(0, 20).join(', ')})` : '';
  return `${entry.source}${forms} = ${entry.target} (${notes})`;
}

// One line, so nothing in the wish can pose as a marker such as BLOCKS:.
function oneLine(text: string): string {
  return clip(text.replace(/\s+/g, ' ').trim(), 300);
}

function clip(text: string, chars: number): string {
  return text.length <= chars ? text : `${text.slice(0, chars)}…`;
}

/** Glossary entries whose source term, or one of its forms, occurs in the given texts (whole words, case-sensitive). */
export function glossaryFor(glossary: GlossaryEntry[] | undefined, texts: string[]): GlossaryEntry[] {
  if (!glossary?.length) return [];
  const joined = texts.join('\n');
  return glossary.filter((entry) => mentionsEntry(joined, entry));
}

/** Whether the text uses the entry's source term or one of its forms. */
export function mentionsEntry(text: string, entry: Pick<GlossaryEntry, 'source' | 'forms'>): boolean {
  return termsOf(entry).some((term) => containsTerm(text, term));
}

/** Whether the text holds the term as a whole word (no letter or digit either side). */
export function containsTerm(text: string, term: string): boolean {
  // Most terms are absent from most blocks: the plain search settles those without a pattern.
  if (!text.includes(term)) return false;
  return termPattern(term).test(text);
}

// A book's glossary is asked about every block: each term's pattern is compiled once, not per block.
const TERM_PATTERNS_KEPT = 2_000;
const termPatterns = new Map<string, RegExp>();

function termPattern(term: string): RegExp {
  let pattern = termPatterns.get(term);
  if (!pattern) {
    const escaped = term.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    pattern = new RegExp(`(?<![\\p{L}\\p{N}])${escaped}(?![\\p{L}\\p{N}])`, 'u');
    if (termPatterns.size >= TERM_PATTERNS_KEPT) termPatterns.clear();
    termPatterns.set(term, pattern);
  }
  return pattern;
}
