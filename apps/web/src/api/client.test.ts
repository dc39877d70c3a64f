import { afterEach, describe, expect, it } from 'vitest';
import { startApiServer } from '../test/apiServer';
import { getProfile } from './auth';
import { listBooks } from './books';
import { ApiError } from './errors';
import { sendSupportMessage } from './misc';
import { wireSession, wireUser } from './mock/wire';
import { userName } from './types';

const unauthenticated = { success: false, error: { code: 'UNAUTHENTICATED', message: 'Sign in' } };
const noBooks = { items: [], total: 0, page: 1, limit: 10 };
/** The anti-forgery token is fetched before a write; these tests are about the calls around it. */
const withoutCsrf = (calls: string[]) => calls.filter((c) => c !== 'GET /auth/csrf/');

describe('the web app through the api-client', () => {
  let server: Awaited<ReturnType<typeof startApiServer>> | undefined;
  afterEach(() => server?.close());

  it('renews the session once on a 401 and retries the call', async () => {
    let signedIn = false;
    server = await startApiServer({
      'GET /auth/csrf/': () => ({ json: { csrf_token: 'tok' } }),
      'GET /users/profile/': () =>
        signedIn ? { json: wireUser({ full_name: 'Ann' }) } : { status: 401, json: unauthenticated },
      'POST /auth/refresh/': () => {
        signedIn = true;
        return { json: wireSession(wireUser()) };
      },
    });
    expect(userName(await getProfile())).toBe('Ann');
    // Under the refresh lock the call is tried once more first: another tab may have renewed meanwhile.
    expect(withoutCsrf(server.calls)).toEqual([
      'GET /users/profile/',
      'GET /users/profile/',
      'POST /auth/refresh/',
      'GET /users/profile/',
    ]);
  });

  it('leaves a visitor without a session alone when asked not to renew', async () => {
    server = await startApiServer({
      'GET /users/profile/': () => ({ status: 401, json: unauthenticated }),
    });
    await expect(getProfile(false)).rejects.toMatchObject({ code: 401, errorCode: 'UNAUTHENTICATED' });
    expect(server.calls).toEqual(['GET /users/profile/']);
  });

  it('turns error envelopes into the spec error object and merges identical reads', async () => {
    let seenToken: string | undefined;
    server = await startApiServer({
      'GET /auth/csrf/': () => ({ json: { csrf_token: 'token-1' } }),
      'GET /books/': () => ({ json: noBooks }),
      'POST /support/messages/': (req) => {
        seenToken = req.headers['x-csrf-token'] as string;
        return {
          status: 400,
          json: { success: false, error: { code: 'VALIDATION_ERROR', message: 'Message is required' } },
        };
      },
    });
    await Promise.all([listBooks(), listBooks()]);
    expect(server.count('GET /books/')).toBe(1);
    const err = await sendSupportMessage({ name: 'Ann', email: 'ann@example.com', message: '' }).catch(
      (e) => e,
    );
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ code: 400, message: 'Message is required', errorCode: 'VALIDATION_ERROR' });
    expect(seenToken).toBe('token-1');
  });

  it('reports an unreachable server as NETWORK_ERROR with the spec message', async () => {
    server = await startApiServer({});
    await server.close();
    server = undefined;
    const err = await listBooks().catch((e) => e);
    expect(err).toMatchObject({
      code: 'NETWORK_ERROR',
      message: 'Unable to connect to BookTranslate servers. Please try again in a few moments.',
    });
  });

  it('fails a test whose fake answers what the real server could not', async () => {
    server = await startApiServer({ 'GET /books/': () => ({ json: { items: [{ id: 'b1' }] } }) });
    await expect(listBooks()).rejects.toMatchObject({ code: 500, errorCode: 'INTERNAL_ERROR' });
    const closing = server.close();
    server = undefined;
    await expect(closing).rejects.toThrow(/GET \/books\/ 200 does not match the contract: items\.0\.id/);
  });
});
