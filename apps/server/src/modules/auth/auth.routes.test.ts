import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../testing/build-test-app';
import { injectClient } from '../../testing/inject-client';

describe('auth: register, login, profile, refresh, logout', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t?.close());

  it('registers a user with 2 FREE credits and serves the profile from the cookie', async () => {
    const client = injectClient(t.app);
    await client.csrf();
    const registered = await client.post('/auth/register/', {
      email: ' Ann@Example.com ',
      password: 'correct horse battery',
    });
    expect(registered.statusCode).toBe(201);
    const body = registered.json();
    expect(body.user).toMatchObject({
      email: 'ann@example.com',
      full_name: 'ann@example.com',
      subscription_plan: 'free',
      subscription_status: 'active',
      available_credits: 2,
      credits_available: { FREE: 2, READER: 0, BOOKWORM: 0 },
      billing_plan_type: null,
      preferred_languages: [],
      email_notifications: true,
    });
    expect(typeof body.access_token).toBe('string');
    const setCookie = String(registered.headers['set-cookie']);
    expect(setCookie).toMatch(/access_token=.*HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Lax/);

    const profile = await client.get('/users/profile/');
    expect(profile.statusCode).toBe(200);
    expect(profile.json().id).toBe(body.user.id);
  });
});
