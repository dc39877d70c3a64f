/**
 * Thin fetch layer with the api-client's rules (spec sections 7 and 8): cookies, CSRF header on
 * writes, merged identical in-flight GETs, 30 s time-out, and one error object.
 */
export const API_BASE = '/api/v1';
let apiOrigin = '';
/** Same origin by default; tests point the app at a local server. */
export function setApiOrigin(origin: string): void {
  apiOrigin = origin;
}
export function getApiOrigin(): string {
  return apiOrigin;
}
export const PRODUCT = 'BookTranslate';
const TIMEOUT_MS = 30_000;

export class ApiError extends Error {
  /** HTTP status, or NETWORK_ERROR / UNKNOWN_ERROR when the server did not answer. */
  readonly code: number | 'NETWORK_ERROR' | 'UNKNOWN_ERROR';
  /** The server's own string code from the error envelope, when there is one. */
  readonly serverCode: string | undefined;
  readonly details: unknown;
  constructor(code: ApiError['code'], message: string, serverCode?: string, details?: unknown) {
    super(message);
    this.name = 'ApiError';
    this.code = code;
    this.serverCode = serverCode;
    this.details = details;
  }
  get status(): number | undefined {
    return typeof this.code === 'number' ? this.code : undefined;
  }
}

let csrfToken: string | undefined;
export function setCsrfToken(token: string | undefined): void {
  csrfToken = token;
}
function readCsrfCookie(): string | undefined {
  const match = document.cookie.match(/(?:^|;\s*)(?:__Host-)?csrf[_-]?token=([^;]+)/i);
  return match?.[1] ? decodeURIComponent(match[1]) : undefined;
}
export function csrfHeader(): Record<string, string> {
  // The cookie is the source of truth: the server may issue a new token when the session changes.
  const token = readCsrfCookie() ?? csrfToken;
  if (!token) console.warn('CSRF token missing for a write request');
  return token ? { 'X-CSRF-Token': token } : {};
}

/** Unwraps `{ success: true, data }` envelopes; plain bodies pass through. */
export function unwrap<T>(body: unknown): T {
  if (body && typeof body === 'object' && 'success' in body && 'data' in body) {
    return (body as { data: T }).data;
  }
  return body as T;
}

export async function toApiError(res: Response): Promise<ApiError> {
  let message = 'Server error occurred';
  let serverCode: string | undefined;
  let details: unknown;
  try {
    const body = (await res.json()) as { error?: { code?: string; message?: string; details?: unknown } };
    if (body?.error?.message) message = body.error.message;
    serverCode = body?.error?.code;
    details = body?.error?.details;
  } catch {
    // Not JSON: keep the generic message.
  }
  return new ApiError(res.status, message, serverCode, details);
}

export function networkError(): ApiError {
  return new ApiError(
    'NETWORK_ERROR',
    `Unable to connect to ${PRODUCT} servers. Please try again in a few moments.`,
  );
}

const inFlight = new Map<string, Promise<unknown>>();

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  query?: Record<string, string | number | undefined>;
  /** Renew the session once on a 401 (default true). */
  renew?: boolean;
}

export function buildUrl(path: string, query?: RequestOptions['query']): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query ?? {})) if (v !== undefined && v !== '') params.set(k, String(v));
  const qs = params.toString();
  return `${apiOrigin}${API_BASE}${path}${qs ? `?${qs}` : ''}`;
}

// Mock mode (build flag VITE_MOCK_API=true, never set for production builds) fakes every call locally.
// The flag is written inline at each use so the bundler drops the mock entirely from normal builds.

export function request<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const method = options.method ?? 'GET';
  if (import.meta.env.VITE_MOCK_API === 'true') {
    return import('./mock/mockApi').then(async (m) =>
      unwrap<T>(await m.mockRequest(method, path, (options.body ?? {}) as Record<string, unknown>)),
    );
  }
  const url = buildUrl(path, options.query);
  if (method === 'GET') {
    const pending = inFlight.get(url);
    if (pending) return pending as Promise<T>;
    const p = send<T>(url, method, undefined, options.renew === false).finally(() => inFlight.delete(url));
    inFlight.set(url, p);
    return p;
  }
  return send<T>(url, method, options.body, options.renew === false);
}

async function send<T>(url: string, method: string, body?: unknown, retried = false): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (method !== 'GET') Object.assign(headers, csrfHeader());
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  let res: Response;
  try {
    res = await fetch(url, {
      method,
      headers,
      credentials: 'include',
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch {
    // fetch rejects only when no answer came back (offline, refused, time-out): spec section 8.
    throw networkError();
  }
  if (!res.ok) {
    const error = await toApiError(res);
    // A stale anti-forgery token: fetch a fresh one and try the write once more.
    if (error.serverCode === 'CSRF_FAILED' && !retried) {
      setCsrfToken(undefined);
      const fresh = await send<{ csrf_token?: string }>(buildUrl('/auth/csrf/'), 'GET');
      setCsrfToken(fresh?.csrf_token);
      return send<T>(url, method, body, true);
    }
    // Access tokens are short-lived: outside /auth/, a 401 first renews the session once.
    if (res.status === 401 && !retried && !url.includes('/auth/') && (await refreshSession())) {
      return send<T>(url, method, body, true);
    }
    throw error;
  }
  if (res.status === 204) return undefined as T;
  const text = await res.text();
  try {
    return unwrap<T>(text ? JSON.parse(text) : undefined);
  } catch (err) {
    throw new ApiError('UNKNOWN_ERROR', err instanceof Error ? err.message : 'An unexpected error occurred');
  }
}

let refreshing: Promise<boolean> | undefined;
/** One POST /auth/refresh/ shared by every call that failed meanwhile (parallel ones would look like reuse). */
function refreshSession(): Promise<boolean> {
  refreshing ??= send(buildUrl('/auth/refresh/'), 'POST', undefined, true)
    .then(
      () => true,
      () => false,
    )
    .finally(() => {
      refreshing = undefined;
    });
  return refreshing;
}
