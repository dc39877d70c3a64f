import { type BookBrief, type GlossaryEntry, termsOf } from './brief';
import type { TranslateBatch } from './engine';

export interface Prompt {
  /**
   * Instructions, languages and brief. The rules for tags, glossary and context are stated only to a
   * chunk that has them: at a few hundred tokens the system prompt is far below any provider's
   * smallest cached prefix (1,024 tokens), so keeping it identical across chunks saves nothing.
   */
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
  // Every rule the reply checks hold a reply to, in as few words as say it (decision 292).
  const system = [
    batch.from && batch.from !== 'auto'
      ? `Translate a book from ${languageName(batch.from)} into ${to}.`
      : `Translate a book into ${to}.`,
    `Reply with only one JSON object with exactly the keys of the JSON after BLOCKS:, each value the whole ${to} translation of that block; never merge, split, reorder, summarize or skip blocks.`,
    ...(Object.values(batch.blocks).some(hasTags)
      ? ['Keep tags like <g1>…</g1> and <x2/> exactly, around the words they mark.']
      : []),
    [
      batch.glossary?.length && 'Use the glossary.',
      (batch.previous || batch.following) && 'Do not translate context.',
      'No notes.',
    ]
      .filter(Boolean)
      .join(' '),
    ...describeBrief(batch.brief),
  ].join('\n');

  const user: string[] = [];
  if (batch.glossary?.length) {
    const text = Object.values(batch.blocks).join('\n');
    user.push('Glossary:', ...batch.glossary.map((entry) => glossaryLine(entry, text)));
  }
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

const TAG = /<\/?g\d+>|<x\d+\/>/;

function hasTags(text: string): boolean {
  return TAG.test(text);
}

/**
 * The brief as every request carries it: one line of the facts that change how a passage is
 * worded. The summary is not sent: it rarely changes a passage's translation, and a request of a
 * new edition's few hundred tokens paid some 10% of its prompt for its first sentence (decision 292).
 */
function describeBrief(brief: BookBrief | undefined): string[] {
  if (!brief) return [];
  const facts = [
    brief.genre && `genre: ${brief.genre}`,
    brief.register && `register: ${brief.register}`,
    brief.narrator && `narrator: ${brief.narrator}`,
  ].filter(Boolean);
  return facts.length ? [`Book: ${facts.join('; ')}.`] : [];
}

/**
 * One entry as the model reads it: its forms that this text uses (so it knows "Атоса" is "Атос"),
 * the rendering, and the gender and note it needs to agree words with it.
 */
function glossaryLine(entry: GlossaryEntry, text: string): string {
  const used = entry.forms?.filter((form) => containsTerm(text, form)) ?? [];
  const forms = used.length ? ` (also ${used.slice(0, 20).join(', ')})` : '';
  const notes = [entry.gender !== 'unknown' && entry.gender, entry.note && clip(entry.note, 80)].filter(
    Boolean,
  );
  return `${entry.source}${forms} = ${entry.target}${notes.length ? ` (${notes.join(', ')})` : ''}`;
}

// One line, so nothing in the wish can pose as a marker such as BLOCKS:.
function oneLine(text: string): string {
  return clip(text.replace(/\s+/g, ' ').trim(), 300);
}

function clip(text: string, chars: number): string {
  return text.length <= chars ? text : `${text.slice(0, chars)}…`;
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
