import { screen } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { wireError, wireUser } from '../../api/mock/wire';
import { startApiServer } from '../../test/apiServer';
import { renderWith } from '../../test/render';
import ConfirmEmail from './ConfirmEmail';

function Where() {
  const { pathname, search } = useLocation();
  return <p data-testid="where">{`${pathname}${search}`}</p>;
}

const routes = (
  <Routes>
    <Route
      path="/confirm-email"
      element={
        <>
          <ConfirmEmail />
          <Where />
        </>
      }
    />
  </Routes>
);

const TOKEN = 'abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG';

describe('the confirm-email page', () => {
  let server: Awaited<ReturnType<typeof startApiServer>> | undefined;
  afterEach(() => server?.close());

  it('posts the token once, takes it out of the address and says what was added', async () => {
    const sent: unknown[] = [];
    server = await startApiServer({
      'GET /auth/csrf/': () => ({ json: { csrf_token: 'tok' } }),
      'POST /auth/email/confirm/': (_req, body) => {
        sent.push(JSON.parse(body));
        return {
          json: {
            success: true,
            message: 'Your address is confirmed; 2 free credits were added.',
            credits_granted: 2,
          },
        };
      },
    });
    renderWith(routes, { path: `/confirm-email?token=${TOKEN}`, user: wireUser() });
    expect(screen.getByTestId('where')).toHaveTextContent(/^\/confirm-email$/);
    expect(
      await screen.findByText('Your address is confirmed; 2 free credits were added.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to your library' })).toHaveAttribute('href', '/dashboard');
    expect(sent).toEqual([{ token: TOKEN }]);
  });

  it('shows a used or expired link as a clear error, with the way to a new one', async () => {
    server = await startApiServer({
      'GET /auth/csrf/': () => ({ json: { csrf_token: 'tok' } }),
      'POST /auth/email/confirm/': () => ({
        status: 400,
        json: wireError(
          'VALIDATION_ERROR',
          'This confirmation link has expired. Ask for a new one from your library.',
          {
            reason: 'expired',
          },
        ),
      }),
    });
    renderWith(routes, { path: `/confirm-email?token=${TOKEN}` });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This confirmation link has expired. Ask for a new one from your library.',
    );
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
  });

  it('tells a signed-in owner whose address is confirmed that nothing more is needed', async () => {
    server = await startApiServer({
      'GET /auth/csrf/': () => ({ json: { csrf_token: 'tok' } }),
      'POST /auth/email/confirm/': () => ({
        status: 400,
        json: wireError('VALIDATION_ERROR', 'This confirmation link was already used.', { reason: 'used' }),
      }),
    });
    renderWith(routes, { path: `/confirm-email?token=${TOKEN}`, user: wireUser() });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('This confirmation link was already used.');
    expect(alert).toHaveTextContent('Your address is already confirmed.');
    expect(screen.getByRole('link', { name: 'Go to your library' })).toBeInTheDocument();
  });

  it('without a token says where to get the link and asks the server nothing', async () => {
    server = await startApiServer({});
    renderWith(routes, { path: '/confirm-email' });
    expect(screen.getByRole('alert')).toHaveTextContent(
      'This page needs the link from the e-mail we sent you.',
    );
    expect(server.calls).toEqual([]);
  });
});
