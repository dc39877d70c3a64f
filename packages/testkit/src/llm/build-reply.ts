import { analyzeSample } from './analyze-sample';
import type { PlannedReply } from './planned-reply';
import { reverseWords } from './reverse-words';
import { applyTwoWayTerms } from './two-way-terms';

export interface ChatMessage {
  role: string;
  content?: string | Array<{ type: string; text?: string }> | null;
}

/** What the fake model will say, before any fault is applied. */
export type { PlannedReply } from './planned-reply';

/** The text of a message whose content is a string or an array of text parts. */
export function messageText(message: ChatMessage): string {
  const { content } = message;
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content.map((part) => (part.type === 'text' ? (part.text ?? '') : '')).join('');
}

// The marker must start a line (decision 001); the last one wins in case the context quotes one.
function afterMarker(text: string, marker: string): string | null {
  let at = text.lastIndexOf(`\n${marker}`);
  if (at >= 0) at += 1;
  else if (text.startsWith(marker)) at = 0;
  else return null;
  return text.slice(at + marker.length);
}

/**
 * Reads the last user message: `BLOCKS:` + JSON -> the same keys with reversed words (in capitals when
 * the reader's wish asks for them); `SAMPLE:` + text
 * -> a brief; anything else -> the message reversed. Throws on a `BLOCKS:` that is not one JSON object
 * of strings, since that is a bug in the caller worth a clear 400.
 * @example planReply([{ role: 'user', content: 'Translate.\nBLOCKS:\n{"1":"Hi"}' }]) // blocks {"1":"iH"}
 */
export function planReply(messages: ChatMessage[], twoWayTerms?: string[]): PlannedReply {
  const lastUser = [...messages].reverse().find((m) => m.role === 'user');
  const text = lastUser ? messageText(lastUser) : '';
  const blocksText = afterMarker(text, 'BLOCKS:');
  if (blocksText !== null) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(blocksText.trim());
    } catch {
      throw new Error('BLOCKS: must be followed by exactly one JSON object');
    }
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) {
      throw new Error('BLOCKS: must be followed by a JSON object of strings');
    }
    const blocks: Record<string, string> = {};
    const capitals = asksForCapitals(text);
    for (const [key, value] of Object.entries(parsed)) {
      if (typeof value !== 'string') throw new Error(`BLOCKS: value of "${key}" is not a string`);
      blocks[key] = capitals ? capitalizeProse(reverseWords(value)) : reverseWords(value);
    }
    return applyTwoWayTerms({ kind: 'blocks', blocks }, parsed as Record<string, string>, twoWayTerms);
  }
  const terms = afterMarker(text, 'TERMS:');
  if (terms !== null) return { kind: 'text', text: JSON.stringify(renderTerms(terms)) };
  const sample = afterMarker(text, 'SAMPLE:');
  if (sample !== null) return analysisAsked(messages, analyzeSample(sample));
  return { kind: 'text', text: reverseWords(text) };
}

/**
 * The analysis as its request asks for it, like a model writing the fields it is given: the whole
 * brief, the brief without its summary (the prompt lists a glossary but no summary), or the summary
 * alone (it lists a summary but no glossary).
 */
function analysisAsked(messages: ChatMessage[], brief: ReturnType<typeof analyzeSample>): PlannedReply {
  const system = messages
    .filter((m) => m.role === 'system')
    .map(messageText)
    .join('\n');
  const glossary = system.includes('"glossary"');
  const summary = system.includes('"summary"');
  if (glossary && !summary) {
    const { summary: _left, ...rest } = brief;
    return { kind: 'text', text: JSON.stringify(rest) };
  }
  if (summary && !glossary) return { kind: 'text', text: JSON.stringify({ summary: brief.summary }) };
  return { kind: 'analysis', brief };
}

// The line the translator adds for a reader's wish about one passage (packages/translator build-prompt.ts).
const WISH = 'The reader asks for this translation:';

/**
 * The one wish the fake model understands: "in capitals" (or "capital letters", "upper case"). A
 * re-translated passage then differs visibly from its first translation, so tests can find it.
 */
function asksForCapitals(text: string): boolean {
  const wish = text
    .split('\n')
    .find((line) => line.startsWith(WISH))
    ?.slice(WISH.length);
  return wish !== undefined && /capital|upper ?case/i.test(wish);
}

/** Upper-cases the prose and leaves the placeholders (`<g1>`, `</g1>`, `<x2/>`) as they are. */
function capitalizeProse(text: string): string {
  return text
    .split(/(<\/?g\d{1,6}>|<x\d{1,6}\/>)/)
    .map((part, i) => (i % 2 === 1 ? part : part.toUpperCase()))
    .join('');
}

/** The reply text the model would produce when nothing goes wrong. */
export function renderReply(reply: PlannedReply): string {
  if (reply.kind === 'blocks') return JSON.stringify(reply.blocks);
  if (reply.kind === 'analysis') return JSON.stringify(reply.brief);
  return reply.text;
}

/** The terms request (`TERMS:` + a JSON array of `{term}`): each term with its reversed words. */
function renderTerms(text: string): Record<string, { target: string; kind: string }> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text.trim());
  } catch {
    throw new Error('TERMS: must be followed by a JSON array');
  }
  if (!Array.isArray(parsed)) throw new Error('TERMS: must be followed by a JSON array');
  const out: Record<string, { target: string; kind: string }> = {};
  for (const item of parsed) {
    const term = typeof item === 'string' ? item : (item as { term?: unknown })?.term;
    if (typeof term === 'string') out[term] = { target: reverseWords(term), kind: 'character' };
  }
  return out;
}
