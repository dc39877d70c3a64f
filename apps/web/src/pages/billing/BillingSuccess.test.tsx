import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { wireUser } from '../../api/mock/wire';
import { wireSubscription } from '../../api/mock/wire-billing';
import { startApiServer } from '../../test/apiServer';
import { renderWith } from '../../test/render';
import BillingSuccess from './BillingSuccess';

describe('BillingSuccess', () => {
  let server: Awaited<ReturnType<typeof startApiServer>> | undefined;
  afterEach(() => server?.close());

  it('verifies for 2 s, activates on the server (a POST with the CSRF token), then shows the id and token', async () => {
    let csrf: unknown;
    server = await startApiServer({
      'GET /auth/csrf/': () => ({ json: { csrf_token: 'tok' } }),
      'POST /billing/paypal/subscription/I-42/activate/': (req) => {
        csrf = req.headers['x-csrf-token'];
        return {
          json: {
            success: true,
            subscription: wireSubscription('reader', { subscription_id: 'I-42' }),
            credits_granted: 2,
            credits_available: { FREE: 0, READER: 2, BOOKWORM: 0 },
          },
        };
      },
    });
    const started = Date.now();
    renderWith(<BillingSuccess />, {
      user: wireUser(),
      path: '/billing/success?subscription_id=I-42&ba_token=BA-7',
    });
    expect(screen.getByText('Verifying your subscription...')).toBeInTheDocument();
    expect(await screen.findByText('Subscription Activated!', {}, { timeout: 4000 })).toBeInTheDocument();
    expect(Date.now() - started).toBeGreaterThanOrEqual(1900);
    expect(server.count('POST /billing/paypal/subscription/I-42/activate/')).toBe(1);
    expect(server.count('GET /billing/paypal/subscription/I-42/activate/')).toBe(0);
    expect(csrf).toBe('tok');
    expect(screen.getByText('I-42')).toBeInTheDocument();
    expect(screen.getByText('BA-7')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Upload a Book' })).toHaveAttribute('href', '/upload');
  });
});
