import { TranslatorError } from '../errors';
import type { BatchRequest } from './batch-client';

const CUSTOM_ID = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * Refuses a batch before anything is sent: no request, a custom id outside the strictest provider's
 * rule (1-64 of [A-Za-z0-9_-]) or one used twice; each is `bad_request`.
 * @example checkBatchRequests('anthropic', [{ customId: 'a b', ... }]) // throws bad_request
 */
export function checkBatchRequests(provider: string, requests: BatchRequest[]): void {
  if (requests.length === 0)
    throw new TranslatorError('bad_request', `${provider}: a batch needs at least one request`);
  const seen = new Set<string>();
  for (const { customId } of requests) {
    if (!CUSTOM_ID.test(customId)) {
      throw new TranslatorError(
        'bad_request',
        `${provider}: custom id "${customId}" is not 1-64 of [A-Za-z0-9_-]`,
      );
    }
    if (seen.has(customId))
      throw new TranslatorError('bad_request', `${provider}: custom id "${customId}" is repeated`);
    seen.add(customId);
  }
}
