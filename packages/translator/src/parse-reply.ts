import { TranslatorError } from './errors';

/** A refusal written as plain prose instead of a refusal field or finish reason. */
const APOLOGY = /^(I'm sorry|I am sorry|Sorry|I can(no|')t|I apologi[sz]e|I'm unable|I am unable)/i;

/**
 * Parses a model's reply strictly: one JSON object of string values and nothing else. A reply
 * wrapped in a single markdown code fence is accepted (that is formatting, not commentary); any
 * other text outside the object is chatter and fails the reply.
 * @example parseReply('{"1":"Hola."}') // { '1': 'Hola.' }
 */
export function parseReply(text: string): Record<string, string> {
  const trimmed = text
    .trim()
    .replace(/^```(?:json)?\s*\n([\s\S]*)\n```$/, '$1')
    .trim();
  if (!trimmed.startsWith('{') && APOLOGY.test(trimmed)) {
    throw new TranslatorError('refused', `the model refused: ${trimmed.slice(0, 120)}`);
  }
  if (!trimmed.startsWith('{') || !trimmed.endsWith('}')) {
    throw new TranslatorError('bad_reply', 'the reply had text outside the JSON object', {
      details: { reply: text.slice(0, 200) },
    });
  }
  let value: unknown;
  try {
    value = JSON.parse(trimmed);
  } catch {
    throw new TranslatorError('bad_reply', 'the reply was not valid JSON', {
      details: { reply: text.slice(0, 200) },
    });
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new TranslatorError('bad_reply', 'the reply was not a JSON object');
  }
  const result: Record<string, string> = {};
  for (const [key, item] of Object.entries(value)) {
    if (typeof item !== 'string') throw new TranslatorError('bad_reply', `block ${key} was not a string`);
    result[key] = item;
  }
  return result;
}

/** Parses a JSON object reply that may be wrapped in a code fence (analysis replies). */
export function parseJsonObject(text: string): unknown {
  const start = text.indexOf('{');
  const end = text.lastIndexOf('}');
  if (start < 0 || end < start) throw new TranslatorError('bad_reply', 'the reply held no JSON object');
  try {
    return JSON.parse(text.slice(start, end + 1));
  } catch {
    throw new TranslatorError('bad_reply', 'the reply was not valid JSON');
  }
}
