import { afterEach, describe, expect, it } from 'vitest';
import { startApiServer } from '../test/apiServer';
import { getProfile } from './auth';
import { ApiError, request, setCsrfToken } from './http';

describe('the small fetch layer', () => {
  let server: Awaited<ReturnType<typeof startApiServer>> | undefined;
  afterEach(() => server?.close());

  it('renews the session once on a 401 and retries the call', async () => {
    let signedIn = false;
    server = await startApiServer({
      'GET /users/profile/': () =>
        signedIn
          ? { json: { id: 'u1', email: 'ann@example.com', full_name: 'Ann' } }
          : { status: 401, json: { success: false, error: { code: 'UNAUTHENTICATED', message: 'Sign in' } } },
      'POST /auth/refresh/': () => {
        signedIn = true;
        return { json: { success: true } };
      },
    });
    expect((await getProfile()).name).toBe('Ann');
    expect(server.calls).toEqual(['GET /users/profile/', 'POST /auth/refresh/', 'GET /users/profile/']);
  });

  it('turns error envelopes into the spec error object and merges identical reads', async () => {
    let seenToken: string | undefined;
    server = await startApiServer({
      'GET /books/': () => ({ json: { items: [] } }),
      'POST /support/messages/': (req) => {
        seenToken = req.headers['x-csrf-token'] as string;
        return {
          status: 400,
          json: { success: false, error: { code: 'VALIDATION_ERROR', message: 'Message is required' } },
        };
      },
    });
    await Promise.all([request('/books/'), request('/books/')]);
    expect(server.count('GET /books/')).toBe(1);
    setCsrfToken('token-1');
    const err = await request('/support/messages/', { method: 'POST', body: {} }).catch((e) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ code: 400, message: 'Message is required', serverCode: 'VALIDATION_ERROR' });
    expect(seenToken).toBe('token-1');
  });

  it('reports an unreachable server as NETWORK_ERROR with the spec message', async () => {
    server = await startApiServer({});
    await server.close();
    server = undefined;
    const err = await request('/books/').catch((e) => e);
    expect(err).toMatchObject({
      code: 'NETWORK_ERROR',
      message: 'Unable to connect to BookTranslate servers. Please try again in a few moments.',
    });
  });
});
