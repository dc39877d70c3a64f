import { createRemoteJWKSet, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeGoogle, startFakeGoogle } from './start-fake-google';

describe('startFakeGoogle', () => {
  let google: FakeGoogle;
  const verify = (token: string) =>
    jwtVerify(token, createRemoteJWKSet(new URL(google.jwksUrl)), {
      issuer: ['https://accounts.google.com', 'accounts.google.com'],
      audience: 'client-123',
    });

  beforeAll(async () => {
    google = await startFakeGoogle({ clientId: 'client-123' });
  });
  afterAll(() => google.close());

  it('signs ID tokens that verify against its JWKS with the given claims', async () => {
    const token = await google.signIdToken({ sub: '42', email: 'ann@example.com', name: 'Ann' });
    const { payload, protectedHeader } = await verify(token);
    expect(protectedHeader.alg).toBe('RS256');
    expect(payload).toMatchObject({
      iss: 'https://accounts.google.com',
      aud: 'client-123',
      sub: '42',
      email: 'ann@example.com',
      email_verified: true,
      name: 'Ann',
    });
    expect(typeof payload.picture).toBe('string');
    expect(payload.exp! - payload.iat!).toBe(3600);
    expect(google.jwksRequests).toBeGreaterThan(0);
  });

  it('serves OpenID discovery pointing at the JWKS', async () => {
    const doc = await (await fetch(`${google.url}/.well-known/openid-configuration`)).json();
    expect(doc).toMatchObject({ issuer: 'https://accounts.google.com', jwks_uri: google.jwksUrl });
  });

  it.each([
    ['a foreign key', { foreignKey: true }, 'ERR_JWS_SIGNATURE_VERIFICATION_FAILED'],
    ['the wrong audience', { audience: 'someone-else' }, 'ERR_JWT_CLAIM_VALIDATION_FAILED'],
    ['an expired token', { expired: true }, 'ERR_JWT_EXPIRED'],
    ['the wrong issuer', { issuer: 'https://evil.example' }, 'ERR_JWT_CLAIM_VALIDATION_FAILED'],
    ['an unknown kid', { kid: 'nope' }, 'ERR_JWKS_NO_MATCHING_KEY'],
  ])('rejects %s', async (_name, options, code) => {
    const token = await google.signIdToken({ email: 'mallory@example.com' }, options);
    await expect(verify(token)).rejects.toMatchObject({ code });
  });

  it('keeps old keys listed after a rotation, and new tokens use the new kid', async () => {
    const before = await google.signIdToken();
    const kid = await google.rotateKey();
    const after = await google.signIdToken();
    await expect(verify(before)).resolves.toBeTruthy();
    const { protectedHeader } = await verify(after);
    expect(protectedHeader.kid).toBe(kid);
  });

  it('can make the JWKS endpoint fail', async () => {
    google.failJwks(503);
    expect((await fetch(google.jwksUrl)).status).toBe(503);
    google.failJwks(null);
    expect((await fetch(google.jwksUrl)).status).toBe(200);
  });
});
