/** A JSON answer of the API under test, read loosely. */
// biome-ignore lint/suspicious/noExplicitAny: the benchmarks read a few fields of known answers
export type Json = any;

/** The JSON body of a response. */
export async function json(response: Response): Promise<Json> {
  return response.json();
}

/**
 * A signed-in API caller over real HTTP: cookies kept between calls, the CSRF header on writes.
 */
export class ApiSession {
  private readonly cookies = new Map<string, string>();
  private csrf = '';

  constructor(readonly baseUrl: string) {}

  static async register(baseUrl: string, email: string): Promise<ApiSession> {
    const session = new ApiSession(baseUrl);
    const csrf = await session.request('GET', '/auth/csrf/');
    session.csrf = (await json(csrf)).csrf_token;
    const response = await session.request('POST', '/auth/register/', {
      json: { email, password: 'bench password 123', full_name: 'Bench Reader' },
    });
    if (response.status !== 201) throw new Error(`register: ${response.status} ${await response.text()}`);
    // CSRF tokens are bound to the session (decision 123): the visitor's token ends with sign-in.
    session.csrf = (await json(await session.request('GET', '/auth/csrf/'))).csrf_token;
    return session;
  }

  get cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  get csrfToken(): string {
    return this.csrf;
  }

  async request(
    method: string,
    path: string,
    options: { json?: unknown; body?: RequestInit['body']; headers?: Record<string, string> } = {},
  ): Promise<Response> {
    const headers: Record<string, string> = { cookie: this.cookieHeader, ...options.headers };
    const csrfCookie = this.cookies.get('csrf_token') ?? this.cookies.get('__Host-csrf_token');
    if (csrfCookie) this.csrf = decodeURIComponent(csrfCookie);
    if (method !== 'GET' && this.csrf) headers['x-csrf-token'] = this.csrf;
    let body = options.body;
    if (options.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(options.json);
    }
    const response = await fetch(`${this.baseUrl}/api/v1${path}`, {
      method,
      headers,
      body,
      duplex: 'half',
    } as RequestInit);
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const [name, ...value] = (pair ?? '').split('=');
      if (name) this.cookies.set(name.trim(), value.join('='));
    }
    return response;
  }
}
