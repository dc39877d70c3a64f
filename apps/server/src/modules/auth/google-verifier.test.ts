import { type FakeGoogle, startFakeGoogle } from '@booktranslate/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGoogleVerifier } from './google-verifier';

describe('createGoogleVerifier', () => {
  let google: FakeGoogle;
  beforeAll(async () => {
    google = await startFakeGoogle({ clientId: 'web-client' });
  });
  afterAll(() => google?.close());

  it('returns the identity of a valid token, with the email normalised', async () => {
    const verify = createGoogleVerifier({ clientId: 'web-client', jwksUrl: google.jwksUrl });
    const token = await google.signIdToken({ sub: 's-1', email: 'Ann@Example.COM', name: 'Ann' });
    await expect(verify(token, new Date())).resolves.toMatchObject({
      sub: 's-1',
      email: 'ann@example.com',
      name: 'Ann',
    });
  });

  it('accepts the issuer without https, as Google documents', async () => {
    const verify = createGoogleVerifier({ clientId: 'web-client', jwksUrl: google.jwksUrl });
    const token = await google.signIdToken({ sub: 's-2' }, { issuer: 'accounts.google.com' });
    await expect(verify(token, new Date())).resolves.toMatchObject({ sub: 's-2' });
  });

  it('answers SERVICE_UNAVAILABLE (not a credential error) when the keys cannot be fetched', async () => {
    const verify = createGoogleVerifier({ clientId: 'web-client', jwksUrl: google.jwksUrl });
    google.failJwks(503);
    try {
      await expect(verify(await google.signIdToken(), new Date())).rejects.toMatchObject({
        code: 'SERVICE_UNAVAILABLE',
      });
    } finally {
      google.failJwks(null);
    }
    const unreachable = createGoogleVerifier({ clientId: 'web-client', jwksUrl: 'http://127.0.0.1:9/certs' });
    await expect(unreachable(await google.signIdToken(), new Date())).rejects.toMatchObject({
      code: 'SERVICE_UNAVAILABLE',
    });
  });

  it('refuses every token while no client id is configured', async () => {
    const verify = createGoogleVerifier({ clientId: undefined, jwksUrl: google.jwksUrl });
    await expect(verify(await google.signIdToken(), new Date())).rejects.toMatchObject({
      code: 'SERVICE_UNAVAILABLE',
    });
  });
});
