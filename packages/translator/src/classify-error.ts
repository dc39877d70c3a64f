import { isTranslatorError, TranslatorError } from './errors';

interface Signals {
  status?: number;
  code: string;
  message: string;
  name: string;
  retryAfterMs?: number;
}

const QUOTA_CODES = /insufficient_quota|billing_hard_limit|credit_balance|spend_limit|quota_exceeded/i;
const QUOTA_TEXT =
  /exceeded your current quota|insufficient.quota|per.?day|daily limit|billing|credit balance/i;
const CONTEXT_TEXT =
  /context.length|context window|prompt is too long|maximum context|too many (input )?tokens|request_too_large/i;
const AUTH_TEXT = /invalid_api_key|API_KEY_INVALID|api key not valid|invalid x-api-key|authentication_error/i;
const NETWORK_CODES =
  /ECONNRESET|ECONNREFUSED|EPIPE|ENOTFOUND|EAI_AGAIN|UND_ERR|ERR_STREAM_PREMATURE_CLOSE|socket hang up/i;

/**
 * Maps whatever a provider SDK or the network threw to a TranslatorError with one of our codes.
 * Status codes, error codes and texts of OpenAI, Anthropic, Gemini and DeepL are recognised.
 * @example classifyProviderError(err, 'openai', signal).code // 'quota_exhausted'
 */
export function classifyProviderError(
  error: unknown,
  provider: string,
  signal?: AbortSignal,
): TranslatorError {
  if (isTranslatorError(error)) return error;
  if (signal?.aborted)
    return new TranslatorError('aborted', 'the translation was cancelled', { cause: error });
  const s = readSignals(error);
  const make = (code: ConstructorParameters<typeof TranslatorError>[0], text: string) =>
    new TranslatorError(code, `${provider}: ${text}`, {
      status: s.status,
      retryAfterMs: s.retryAfterMs,
      cause: error,
    });
  const detail = s.message.slice(0, 300);

  // Anthropic reports a low credit balance as a 400, Gemini daily limits as a 429 with "PerDay".
  const quotaText = [400, 402, 403, 429].includes(s.status ?? 0) && QUOTA_TEXT.test(s.message);
  if (s.status === 456 || QUOTA_CODES.test(s.code) || quotaText) {
    return make('quota_exhausted', `the account's quota or credit is used up (${detail})`);
  }
  if (s.status === 401 || s.status === 403 || AUTH_TEXT.test(`${s.code} ${s.message}`))
    return make('auth_failed', `the API key was refused (${detail})`);
  if (s.status === 429) return make('rate_limited', `rate limited (${detail})`);
  if (s.status === 413 || CONTEXT_TEXT.test(s.code) || CONTEXT_TEXT.test(s.message)) {
    return make('context_length', `the request is longer than the model accepts (${detail})`);
  }
  if (s.status === 408 || /timeout|timed out|ETIMEDOUT/i.test(`${s.name} ${s.code} ${s.message}`)) {
    return make('timeout', 'the request timed out');
  }
  if (s.status !== undefined && s.status >= 500)
    return make('overloaded', `server error ${s.status} (${detail})`);
  if (s.status === 404) return make('engine_unavailable', `model or endpoint not found (${detail})`);
  if (s.status === 400 || s.status === 422)
    return make('bad_request', `the request was rejected (${detail})`);
  if (
    NETWORK_CODES.test(`${s.code} ${s.message}`) ||
    /connection|fetch failed/i.test(`${s.name} ${s.message}`)
  ) {
    return make('network', `connection failed (${detail})`);
  }
  if (s.name === 'AbortError') return make('timeout', 'the request timed out');
  return make('engine_unavailable', `unexpected error (${detail})`);
}

function readSignals(error: unknown): Signals {
  const chain: Record<string, unknown>[] = [];
  for (
    let e: unknown = error;
    e && typeof e === 'object' && chain.length < 5;
    e = (e as { cause?: unknown }).cause
  ) {
    chain.push(e as Record<string, unknown>);
  }
  const first = chain[0] ?? {};
  const body = (first.error ?? {}) as Record<string, unknown>;
  const inner = (body.error ?? {}) as Record<string, unknown>;
  const status = chain.map((e) => e.status ?? e.statusCode ?? e.code).find((v) => typeof v === 'number') as
    | number
    | undefined;
  const code = [
    first.code,
    first.type,
    body.code,
    body.type,
    inner.type,
    body.status,
    ...chain.map((e) => e.code),
  ]
    .filter((v) => typeof v === 'string')
    .join(' ');
  const message = chain.map((e) => String(e.message ?? '')).join(' | ');
  return { status, code, message, name: String(first.name ?? ''), retryAfterMs: retryAfter(first.headers) };
}

/** Reads retry-after-ms or retry-after (seconds or an HTTP date) from Headers or a plain object. */
export function retryAfter(headers: unknown): number | undefined {
  if (!headers || typeof headers !== 'object') return undefined;
  const get = (name: string): string | undefined => {
    if (typeof (headers as Headers).get === 'function') return (headers as Headers).get(name) ?? undefined;
    const value = (headers as Record<string, unknown>)[name];
    return value === undefined ? undefined : String(value);
  };
  const ms = Number(get('retry-after-ms'));
  if (Number.isFinite(ms) && ms > 0) return ms;
  const value = get('retry-after');
  if (!value) return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - Date.now());
}
