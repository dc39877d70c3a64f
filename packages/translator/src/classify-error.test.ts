import { describe, expect, it } from 'vitest';
import { classifyProviderError, retryAfter } from './classify-error';

describe('classifyProviderError', () => {
  it.each([
    [
      {
        status: 429,
        error: { type: 'insufficient_quota', code: 'insufficient_quota' },
        message: 'You exceeded your current quota',
      },
      'quota_exhausted',
    ],
    [{ status: 429, message: 'Rate limit reached for requests per min' }, 'rate_limited'],
    [
      {
        status: 400,
        code: 'context_length_exceeded',
        message: "This model's maximum context length is 8192 tokens",
      },
      'context_length',
    ],
    [{ status: 413, message: 'request_too_large' }, 'context_length'],
    [{ status: 503, message: 'Service Unavailable' }, 'overloaded'],
    [{ status: 401, message: 'Incorrect API key provided' }, 'auth_failed'],
    [{ status: 456, message: 'Quota exceeded' }, 'quota_exhausted'],
    [{ status: 404, message: 'The model does not exist' }, 'engine_unavailable'],
    [
      Object.assign(new Error('fetch failed'), {
        cause: Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' }),
      }),
      'network',
    ],
    [Object.assign(new Error('Request timed out.'), { name: 'APIConnectionTimeoutError' }), 'timeout'],
  ])('maps %o to %s', (error, code) => {
    expect(classifyProviderError(error, 'test').code).toBe(code);
  });

  it('reports a cancelled request as aborted, whatever the SDK threw', () => {
    const controller = new AbortController();
    controller.abort();
    expect(classifyProviderError(new Error('Request was aborted.'), 'test', controller.signal).code).toBe(
      'aborted',
    );
  });

  it('reads Retry-After in milliseconds, seconds and as a date', () => {
    expect(retryAfter(new Headers({ 'retry-after-ms': '250' }))).toBe(250);
    expect(retryAfter({ 'retry-after': '3' })).toBe(3000);
    const inTenSeconds = new Date(Date.now() + 10_000).toUTCString();
    expect(retryAfter({ 'retry-after': inTenSeconds })).toBeGreaterThan(8000);
    expect(retryAfter({})).toBeUndefined();
  });
});
