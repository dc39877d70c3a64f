import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { wireId, wireUser } from '../../api/mock/wire';
import { wireSubscription } from '../../api/mock/wire-billing';
import { startApiServer } from '../../test/apiServer';
import { renderWith } from '../../test/render';
import { CancelDialog } from './CancelDialog';

const subscription = wireSubscription('reader', { amount: 19 });

describe('CancelDialog', () => {
  let server: Awaited<ReturnType<typeof startApiServer>> | undefined;
  afterEach(() => server?.close());

  it('defaults to the end of the period, sends the choice and reason, and shows a failure', async () => {
    let sent: Record<string, unknown> = {};
    server = await startApiServer({
      'GET /auth/csrf/': () => ({ json: { csrf_token: 'tok' } }),
      [`POST /billing/subscriptions/${wireId('d1')}/cancel/`]: (_req, body) => {
        sent = JSON.parse(body);
        return {
          status: 409,
          json: { success: false, error: { code: 'CONFLICT', message: 'Already cancelled' } },
        };
      },
    });
    renderWith(<CancelDialog subscription={subscription} onClose={() => {}} />, { user: wireUser() });
    expect(screen.getByRole('radio', { name: /Cancel at end of billing period/ })).toBeChecked();
    expect(screen.getByRole('button', { name: 'Keep Subscription' })).toBeEnabled();
    await userEvent.type(screen.getByLabelText('Reason (optional)'), ' Too expensive ');
    await userEvent.click(screen.getByRole('radio', { name: /Cancel immediately/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Confirm Cancellation' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Already cancelled');
    expect(sent).toMatchObject({ cancel_immediately: true, cancellation_reason: 'Too expensive' });
    expect(screen.getByRole('button', { name: 'Confirm Cancellation' })).toBeEnabled();
  });
});
