import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * A browser-like caller for app.inject(): keeps cookies between calls and sends the CSRF header on
 * writes (once `csrf()` has fetched the token), so tests read like a user's session.
 */
export function injectClient(app: FastifyInstance) {
  const cookies = new Map<string, string>();
  let csrfToken: string | undefined;

  const keep = (response: LightMyRequestResponse) => {
    for (const cookie of response.cookies as { name: string; value: string; maxAge?: number }[]) {
      if (cookie.value === '' || cookie.maxAge === 0) cookies.delete(cookie.name);
      else cookies.set(cookie.name, cookie.value);
    }
    return response;
  };

  const client = {
    cookies,
    async csrf(): Promise<string> {
      const response = keep(
        await app.inject({ method: 'GET', url: '/api/v1/auth/csrf/', cookies: Object.fromEntries(cookies) }),
      );
      csrfToken = response.json().csrf_token;
      return csrfToken as string;
    },
    async request(
      method: Method,
      url: string,
      options: { body?: unknown; payload?: string; headers?: Record<string, string>; csrf?: boolean } = {},
    ) {
      const headers: Record<string, string> = { ...options.headers };
      // Like the web app: the cookie is the source of truth (sign-in and sign-out replace the token).
      const token = cookies.get('csrf_token') ?? cookies.get('__Host-csrf_token') ?? csrfToken;
      if (method !== 'GET' && options.csrf !== false && token) headers['x-csrf-token'] = token;
      const inject: InjectOptions = {
        method,
        url: `/api/v1${url}`,
        headers,
        cookies: Object.fromEntries(cookies),
      };
      if (options.payload !== undefined) inject.payload = options.payload;
      else if (options.body !== undefined) inject.payload = options.body as InjectOptions['payload'];
      return keep(await app.inject(inject));
    },
    get: (url: string) => client.request('GET', url),
    post: (url: string, body?: unknown) => client.request('POST', url, { body }),
  };
  return client;
}

export type InjectClient = ReturnType<typeof injectClient>;

/**
 * A browser with a CSRF token at an address of its own: the tests play the trusted proxy and name
 * `ip` in X-Forwarded-For on its writes.
 */
export async function browserAt(app: FastifyInstance, ip: string) {
  const client = injectClient(app);
  await client.csrf();
  const headers = { 'x-forwarded-for': ip };
  return {
    client,
    post: (url: string, body?: unknown) => client.request('POST', url, { body, headers }),
    remove: (url: string) => client.request('DELETE', url, { headers }),
  };
}
