import { CSRF_COOKIE, CSRF_HEADER } from '@booktranslate/contract';
import { networkError, serverError, unknownError } from './api-error';
import { buildUrl } from './build-url';
import { type CookieJar, createCookieJar } from './cookie-jar';

export interface ApiClientOptions {
  /** The API root, e.g. `/api/v1` in the web app or `http://127.0.0.1:3000/api/v1` from Node. */
  baseUrl: string;
  /** Named in the NETWORK_ERROR message. Default 'BookTranslate'. */
  productName?: string;
  /** Per-request time-out; default 30 s (spec section 7). */
  timeoutMs?: number;
  fetch?: typeof fetch;
  /**
   * Keep cookies in memory; default: on where there is no `document` (Node), off in browsers.
   * Pass a jar from createCookieJar() to let several clients share cookies as browser tabs do.
   */
  cookieJar?: boolean | CookieJar;
  /** On a 401 outside /auth/, refresh the session once and retry; default true. */
  autoRefresh?: boolean;
}

export const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Sends requests the way the browser app must: cookies, CSRF header on writes, time-out, error object. */
export function createTransport(options: ApiClientOptions) {
  const productName = options.productName ?? 'BookTranslate';
  const timeoutMs = options.timeoutMs ?? 30_000;
  const fetchImpl = options.fetch ?? globalThis.fetch.bind(globalThis);
  // Read through globalThis so the package type-checks without the DOM library (Node consumers).
  const doc = (globalThis as { document?: { cookie: string } }).document;
  const hasDocument = doc !== undefined;
  const jar: CookieJar | undefined =
    typeof options.cookieJar === 'object'
      ? options.cookieJar
      : (options.cookieJar ?? !hasDocument)
        ? createCookieJar()
        : undefined;
  let cachedCsrf: string | undefined;

  const readCookie = (name: string): string | undefined => {
    if (jar) return jar.get(name) ?? jar.get(`__Host-${name}`);
    if (!doc) return undefined;
    for (const part of doc.cookie.split(';')) {
      const [key, ...value] = part.trim().split('=');
      if (key === name || key === `__Host-${name}`) return decodeURIComponent(value.join('='));
    }
    return undefined;
  };

  async function send(method: string, url: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    // The token first: fetching it may set the cookie that must go out with this request.
    if (!SAFE_METHODS.has(method)) headers.set(CSRF_HEADER, await csrfToken());
    if (jar?.header()) headers.set('cookie', jar.header());
    const timeout = AbortSignal.timeout(timeoutMs);
    const signal = init.signal ? AbortSignal.any([init.signal, timeout]) : timeout;
    let response: Response;
    try {
      response = await fetchImpl(url, { ...init, method, headers, credentials: 'include', signal });
    } catch (error) {
      if (init.signal?.aborted) throw unknownError(init.signal.reason);
      throw networkError(productName, error);
    }
    jar?.store(response.headers.getSetCookie?.() ?? []);
    return response;
  }

  /** The token for the X-CSRF-Token header: from the cookie, else fetched from GET /auth/csrf/. */
  async function csrfToken(): Promise<string> {
    const fromCookie = readCookie(CSRF_COOKIE);
    if (fromCookie) return fromCookie;
    if (cachedCsrf) return cachedCsrf;
    return fetchCsrf();
  }

  async function fetchCsrf(): Promise<string> {
    const response = await send('GET', buildUrl(options.baseUrl, '/auth/csrf/'));
    const body = await readJson(response);
    cachedCsrf = (body as { csrf_token: string }).csrf_token;
    return cachedCsrf;
  }

  /** Sends, and after a 403 CSRF_FAILED (token rotated or cookie lost) fetches a new token and retries once. */
  async function sendWithCsrfRetry(method: string, url: string, init: RequestInit = {}): Promise<Response> {
    const response = await send(method, url, init);
    if (response.status !== 403 || SAFE_METHODS.has(method)) return response;
    const text = await response.clone().text();
    if (!text.includes('"CSRF_FAILED"')) return response;
    cachedCsrf = undefined;
    jar?.store([`${CSRF_COOKIE}=; Max-Age=0`]);
    // Tokens are bound to the session: the cookie a browser holds may belong to one that ended, so
    // ask the server (it sets a cookie for the current session) rather than reading the stale one.
    await fetchCsrf();
    return send(method, url, init);
  }

  return {
    productName,
    timeoutMs,
    send,
    sendWithCsrfRetry,
    csrfToken,
    /** Forgets cookies held in memory and the cached CSRF token (after logout). */
    reset() {
      cachedCsrf = undefined;
      jar?.clear();
    },
  };
}

export type Transport = ReturnType<typeof createTransport>;

/** The JSON body of a successful answer, or the ApiError for a failed one. */
export async function readJson(response: Response): Promise<unknown> {
  const text = await response.text().catch((error: unknown) => {
    throw unknownError(error);
  });
  if (!response.ok) throw serverError(response.status, text);
  if (response.status === 204 || text === '') return undefined;
  try {
    return JSON.parse(text);
  } catch (error) {
    throw unknownError(error);
  }
}
