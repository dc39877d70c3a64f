import type { BatchJob, GenerateContentResponse } from '@google/genai';
import { classifyProviderError } from '../classify-error';
import { geminiChatReply } from '../engines/gemini-chat';
import { type BatchLine, isObject } from './match-results';

/**
 * The inlined responses of an ended batch, each named by the `key` sent in its request's metadata:
 * a response becomes a reply as the engine reads one; an error, or neither, that request's error.
 * An entry without a key names no request and is dropped. Never throws.
 * @example readGeminiResults(await client.batches.get({ name: 'batches/123' }))
 */
export function readGeminiResults(job: Pick<BatchJob, 'dest'>): BatchLine[] {
  const entries: unknown[] = Array.isArray(job.dest?.inlinedResponses) ? job.dest.inlinedResponses : [];
  const out: BatchLine[] = [];
  for (const entry of entries) {
    if (!isObject(entry) || !isObject(entry.metadata) || typeof entry.metadata.key !== 'string') continue;
    const customId = entry.metadata.key;
    const { response, error } = entry;
    if (isResponse(response)) {
      out.push({ customId, result: { reply: geminiChatReply(response) } });
    } else if (isObject(error)) {
      const classified = classifyProviderError(
        {
          status: typeof error.code === 'number' ? error.code : 500,
          message: String(error.message ?? ''),
          code: error.status,
        },
        'gemini',
      );
      out.push({
        customId,
        result: { error: { message: classified.message, retryable: classified.retryable } },
      });
    } else {
      out.push({
        customId,
        result: { error: { message: 'gemini: a result without a response', retryable: true } },
      });
    }
  }
  return out;
}

function isResponse(value: unknown): value is GenerateContentResponse {
  if (!isObject(value) || !Array.isArray(value.candidates)) return false;
  return value.candidates.every(
    (candidate) =>
      isObject(candidate) &&
      (candidate.content === undefined ||
        (isObject(candidate.content) &&
          (candidate.content.parts === undefined ||
            (Array.isArray(candidate.content.parts) &&
              candidate.content.parts.every(
                (part) => isObject(part) && (part.text === undefined || typeof part.text === 'string'),
              ))))),
  );
}
