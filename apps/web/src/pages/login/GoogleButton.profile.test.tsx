import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { API_PREFIX } from '@booktranslate/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setApiOrigin } from '../../api/loadClient';
import { wireConfig, wireSession, wireUser } from '../../api/mock/wire';
import { installGoogleIdentity } from '../../test/googleIdentity';
import { renderWith } from '../../test/render';
import { GoogleButton } from './GoogleButton';

/**
 * A sign-in answer without its user is off our contract (our server always sends it), so the
 * contract-checked fake of test/apiServer.ts would refuse to give it: this is a plain server that
 * answers the session alone, as the spec allows another server to (section 7), and the profile as
 * told.
 */
async function startSessionOnlyServer(profile: { status: number; json: unknown }) {
  const calls: string[] = [];
  const server: Server = createServer((req, res) => {
    res.setHeader('Access-Control-Allow-Origin', req.headers.origin ?? '*');
    res.setHeader('Access-Control-Allow-Credentials', 'true');
    res.setHeader('Access-Control-Allow-Headers', 'content-type, x-csrf-token, accept');
    if (req.method === 'OPTIONS') return void res.writeHead(204).end();
    const key = `${req.method} ${(req.url ?? '').split('?')[0]?.replace(API_PREFIX, '')}`;
    calls.push(key);
    req.resume();
    req.on('end', () => {
      const session = wireSession(wireUser());
      const answers: Record<string, { status: number; json: unknown }> = {
        'GET /config/public': { status: 200, json: wireConfig({ google_client_id: 'client.apps' }) },
        'GET /auth/csrf/': { status: 200, json: { csrf_token: 'tok' } },
        'POST /auth/oauth_callback/': { status: 200, json: { ...session, user: undefined } },
        'GET /users/profile/': profile,
      };
      const out = answers[key] ?? { status: 404, json: {} };
      res.writeHead(out.status, { 'Content-Type': 'application/json' }).end(JSON.stringify(out.json));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  setApiOrigin(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
  return { calls, close: () => new Promise<void>((r) => server.close(() => r())) };
}

describe('Google sign-in answered without a user', () => {
  let server: Awaited<ReturnType<typeof startSessionOnlyServer>> | undefined;
  afterEach(async () => {
    delete window.google;
    await server?.close();
  });

  it('fetches the profile and signs in with it', async () => {
    installGoogleIdentity();
    server = await startSessionOnlyServer({ status: 200, json: wireUser({ full_name: 'Ann From Profile' }) });
    const onSignedIn = vi.fn();
    renderWith(<GoogleButton onSignedIn={onSignedIn} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Continue with Google' }));
    await waitFor(() => expect(onSignedIn).toHaveBeenCalledOnce());
    expect(onSignedIn.mock.calls[0]?.[0]).toMatchObject({ full_name: 'Ann From Profile' });
    expect(server.calls).toContain('GET /users/profile/');
  });

  it("says 'Failed to fetch user profile' when the profile call fails", async () => {
    installGoogleIdentity();
    server = await startSessionOnlyServer({
      status: 500,
      json: { success: false, error: { code: 'INTERNAL_ERROR', message: 'boom' } },
    });
    const onSignedIn = vi.fn();
    renderWith(<GoogleButton onSignedIn={onSignedIn} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Continue with Google' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Authentication Failed');
    expect(alert).toHaveTextContent('Failed to fetch user profile');
    expect(onSignedIn).not.toHaveBeenCalled();
  });
});
