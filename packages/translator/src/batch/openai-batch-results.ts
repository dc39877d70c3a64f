import { classifyProviderError } from '../classify-error';
import { openAiChatReply } from '../engines/openai-chat';
import { type BatchLine, isObject } from './match-results';

/** A result line as far as it can be read: whose it is and what it says; null when unattributable. */
type ReadLine = BatchLine | null;

const RETRY_LATER = new Set(['batch_expired', 'batch_cancelled']);

/**
 * Every line of an output or error file (JSONL) read on its own: a line that is not JSON or names no
 * custom_id is dropped (its request then has no result), one without a chat completion becomes that
 * request's error. Never throws.
 * @example readResultLines('{"custom_id":"a","response":{"status_code":500,"body":{}},"error":null}\n')
 */
export function readResultLines(text: string): Array<NonNullable<ReadLine>> {
  const out: Array<NonNullable<ReadLine>> = [];
  for (const raw of text.split('\n')) {
    if (!raw.trim()) continue;
    let value: unknown;
    try {
      value = JSON.parse(raw);
    } catch {
      continue;
    }
    const line = readLine(value);
    if (line) out.push(line);
  }
  return out;
}

function readLine(value: unknown): ReadLine {
  if (!isObject(value) || typeof value.custom_id !== 'string') return null;
  const customId = value.custom_id;
  const response = isObject(value.response) ? value.response : undefined;
  const error = isObject(value.error) ? value.error : undefined;
  if (response?.status_code === 200) {
    const body = response.body;
    if (isCompletion(body)) return { customId, result: { reply: openAiChatReply(body) } };
    return {
      customId,
      result: { error: { message: 'openai: a result without a chat completion', retryable: true } },
    };
  }
  if (response && typeof response.status_code === 'number') {
    const body = isObject(response.body) && isObject(response.body.error) ? response.body.error : {};
    const classified = classifyProviderError(
      { status: response.status_code, message: String(body.message ?? ''), code: body.code, type: body.type },
      'openai',
    );
    return { customId, result: { error: { message: classified.message, retryable: classified.retryable } } };
  }
  const code = typeof error?.code === 'string' ? error.code : '';
  const message = `openai: ${typeof error?.message === 'string' ? error.message : 'a result without a response'}`;
  return { customId, result: { error: { message, retryable: RETRY_LATER.has(code) || !error } } };
}

/** The custom_ids of a batch's input file, in order; lines that are not ours' shape are skipped. */
export function readInputIds(text: string): string[] {
  const ids: string[] = [];
  for (const raw of text.split('\n')) {
    try {
      const value: unknown = JSON.parse(raw);
      if (isObject(value) && typeof value.custom_id === 'string') ids.push(value.custom_id);
    } catch {
      // a blank or foreign line names no request
    }
  }
  return ids;
}

function isCompletion(body: unknown): body is Parameters<typeof openAiChatReply>[0] {
  if (!isObject(body) || !Array.isArray(body.choices)) return false;
  return body.choices.every(
    (choice) =>
      isObject(choice) &&
      isObject(choice.message) &&
      (choice.message.content == null || typeof choice.message.content === 'string'),
  );
}
