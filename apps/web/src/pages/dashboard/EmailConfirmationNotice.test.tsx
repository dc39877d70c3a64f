import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { wireError, wireUser } from '../../api/mock/wire';
import { startApiServer } from '../../test/apiServer';
import { renderWith } from '../../test/render';
import { EmailConfirmationNotice } from './EmailConfirmationNotice';

const waiting = wireUser({
  email_confirmed: false,
  free_credits_pending: 2,
  credits_available: { FREE: 0, READER: 0, BOOKWORM: 0 },
});

describe('the dashboard notice of an unconfirmed address', () => {
  let server: Awaited<ReturnType<typeof startApiServer>> | undefined;
  afterEach(() => server?.close());

  it('says the free credits wait for the link and sends it again', async () => {
    server = await startApiServer({
      'GET /auth/csrf/': () => ({ json: { csrf_token: 'tok' } }),
      'POST /auth/email/resend/': () => ({
        status: 202,
        json: { success: true, message: 'We sent a new link to ann@example.com. It works for 48 hours.' },
      }),
    });
    renderWith(<EmailConfirmationNotice user={waiting} />, { user: waiting });
    expect(
      screen.getByRole('heading', { name: 'Confirm your e-mail address to receive your 2 free credits' }),
    ).toBeInTheDocument();
    expect(screen.getByText('ann@example.com')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Send the link again' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'We sent a new link to ann@example.com. It works for 48 hours.',
    );
    expect(server.count('POST /auth/email/resend/')).toBe(1);
  });

  it('shows why the link could not be sent', async () => {
    server = await startApiServer({
      'GET /auth/csrf/': () => ({ json: { csrf_token: 'tok' } }),
      'POST /auth/email/resend/': () => ({
        status: 429,
        json: wireError('RATE_LIMITED', 'Too many confirmation e-mails. Please try again later.', {
          retry_after_s: 1200,
        }),
      }),
    });
    renderWith(<EmailConfirmationNotice user={waiting} />, { user: waiting });
    await userEvent.click(screen.getByRole('button', { name: 'Send the link again' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Too many confirmation e-mails. Please try again later.',
    );
    expect(screen.getByRole('button', { name: 'Send the link again' })).toBeEnabled();
  });

  it('promises no credits the account already had, and shows nothing once confirmed', () => {
    const legacy = wireUser({ email_confirmed: false, free_credits_pending: 0 });
    const { unmount } = renderWith(<EmailConfirmationNotice user={legacy} />, { user: legacy });
    expect(screen.getByRole('heading', { name: 'Confirm your e-mail address' })).toBeInTheDocument();
    expect(screen.queryByText(/free credits/)).toBeNull();
    unmount();
    const confirmed = wireUser();
    renderWith(<EmailConfirmationNotice user={confirmed} />, { user: confirmed });
    expect(screen.queryByRole('heading', { name: /Confirm your e-mail/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Send the link again' })).toBeNull();
  });
});
