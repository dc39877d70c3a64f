import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { wireConfig } from '../../api/mock/wire';
import { startApiServer } from '../../test/apiServer';
import { installGoogleIdentity } from '../../test/googleIdentity';
import { renderWith } from '../../test/render';
import { GoogleButton } from './GoogleButton';

const config = (googleClientId: string | null) => () => ({
  json: wireConfig({ google_client_id: googleClientId }),
});

describe('GoogleButton', () => {
  let server: Awaited<ReturnType<typeof startApiServer>> | undefined;
  afterEach(async () => {
    delete window.google;
    await server?.close();
  });

  it('says so when the server has no Google client id', async () => {
    server = await startApiServer({ 'GET /config/public': config(null) });
    renderWith(<GoogleButton onSignedIn={() => {}} />);
    expect(await screen.findByText('Google sign-in is not configured on this server.')).toBeInTheDocument();
  });

  it('offers Try again up to 3 times after a refused sign-in, then the retries-exhausted text', async () => {
    installGoogleIdentity();
    server = await startApiServer({
      'GET /config/public': config('client.apps.googleusercontent.com'),
      'GET /auth/csrf/': () => ({ json: { csrf_token: 'tok' } }),
      'POST /auth/oauth_callback/': () => ({
        status: 401,
        json: { success: false, error: { code: 'INVALID_CREDENTIALS', message: 'Google sign-in failed' } },
      }),
    });
    renderWith(<GoogleButton onSignedIn={() => {}} />);
    for (let attempt = 0; attempt < 3; attempt++) {
      await userEvent.click(await screen.findByRole('button', { name: 'Continue with Google' }));
      expect(await screen.findByText('Authentication Failed')).toBeInTheDocument();
      await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    }
    await userEvent.click(await screen.findByRole('button', { name: 'Continue with Google' }));
    expect(
      await screen.findByText('Multiple retry attempts failed. Please check your setup.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
    expect(server.count('POST /auth/oauth_callback/')).toBe(4);
  });
});
