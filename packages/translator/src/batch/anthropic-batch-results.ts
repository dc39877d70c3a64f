import type { Message } from '@anthropic-ai/sdk/resources/messages';
import { classifyProviderError } from '../classify-error';
import { anthropicChatReply } from '../engines/anthropic-chat';
import { type BatchLine, isObject } from './match-results';

const STATUS: Record<string, number> = {
  invalid_request_error: 400,
  authentication_error: 401,
  permission_error: 403,
  not_found_error: 404,
  request_too_large: 413,
  rate_limit_error: 429,
  api_error: 500,
  overloaded_error: 529,
};

const UNRUN: Record<string, string> = {
  canceled: 'anthropic: the batch was cancelled before this request ran',
  expired: 'anthropic: the batch expired before this request ran',
};

/**
 * Every line of a Message Batch's results (JSONL) read on its own: a line that is not JSON or names
 * no custom_id is dropped (its request then has no result); `succeeded` without a readable message,
 * `errored`, `canceled` and `expired` become that request's error (the last two retryable). Never
 * throws.
 * @example readAnthropicResults('{"custom_id":"a","result":{"type":"expired"}}\n')
 */
export function readAnthropicResults(text: string): BatchLine[] {
  const out: BatchLine[] = [];
  for (const raw of text.split('\n')) {
    if (!raw.trim()) continue;
    try {
      const line = readLine(JSON.parse(raw));
      if (line) out.push(line);
    } catch {
      // not JSON: names no request
    }
  }
  return out;
}

function readLine(value: unknown): BatchLine | null {
  if (!isObject(value) || typeof value.custom_id !== 'string' || !isObject(value.result)) return null;
  const customId = value.custom_id;
  const { type, message, error } = value.result;
  const fail = (text: string, retryable: boolean): BatchLine => ({
    customId,
    result: { error: { message: text, retryable } },
  });
  if (type === 'succeeded') {
    if (isMessage(message)) return { customId, result: { reply: anthropicChatReply(message) } };
    return fail('anthropic: a result without a message', true);
  }
  if (type === 'errored') {
    const inner = isObject(error) && isObject(error.error) ? error.error : {};
    const kind = typeof inner.type === 'string' ? inner.type : 'api_error';
    const classified = classifyProviderError(
      { status: STATUS[kind] ?? 500, message: String(inner.message ?? kind), type: kind },
      'anthropic',
    );
    return fail(classified.message, classified.retryable);
  }
  if (typeof type === 'string' && UNRUN[type]) return fail(UNRUN[type], true);
  return fail(`anthropic: a result of unknown type ${String(type)}`, true);
}

function isMessage(value: unknown): value is Message {
  return (
    isObject(value) &&
    Array.isArray(value.content) &&
    value.content.every(
      (part) => isObject(part) && (part.type !== 'text' || typeof part.text === 'string'),
    ) &&
    isObject(value.usage) &&
    typeof value.usage.input_tokens === 'number' &&
    typeof value.usage.output_tokens === 'number'
  );
}
