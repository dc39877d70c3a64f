import type { IncomingMessage } from 'node:http';
import type { FakeLlmOptions } from './fake-llm-options';
import { errorBody } from './openai-shapes';

/**
 * A wrong key (401 invalid_api_key) or an exhausted account (429 insufficient_quota), as every
 * OpenAI route answers them; null when the caller may go on.
 * @example refuseCaller(req, { apiKey: 'k' })?.status // 401 without "Bearer k"
 */
export function refuseCaller(
  req: IncomingMessage,
  options: FakeLlmOptions,
): { status: number; body: ReturnType<typeof errorBody> } | null {
  const auth = req.headers.authorization ?? '';
  if (options.apiKey && auth !== `Bearer ${options.apiKey}`) {
    return {
      status: 401,
      body: errorBody('Incorrect API key provided.', 'invalid_request_error', 'invalid_api_key'),
    };
  }
  if (options.insufficientQuota) {
    const message = 'You exceeded your current quota, please check your plan and billing details.';
    return { status: 429, body: errorBody(message, 'insufficient_quota', 'insufficient_quota') };
  }
  return null;
}
