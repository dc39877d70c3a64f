import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { startApiServer } from '../../test/apiServer';
import { renderWith, testUser } from '../../test/render';
import BillingSuccess from './BillingSuccess';

describe('BillingSuccess', () => {
  let server: Awaited<ReturnType<typeof startApiServer>> | undefined;
  afterEach(() => server?.close());

  it('verifies for 2 s, activates on the server, then shows the id and token', async () => {
    server = await startApiServer({
      'GET /billing/paypal/subscription/I-42/activate/': () => ({
        json: { status: 'active', plan: 'reader' },
      }),
    });
    const started = Date.now();
    renderWith(<BillingSuccess />, {
      user: testUser(),
      path: '/billing/success?subscription_id=I-42&ba_token=BA-7',
    });
    expect(screen.getByText('Verifying your subscription...')).toBeInTheDocument();
    expect(await screen.findByText('Subscription Activated!', {}, { timeout: 4000 })).toBeInTheDocument();
    expect(Date.now() - started).toBeGreaterThanOrEqual(1900);
    expect(server.count('GET /billing/paypal/subscription/I-42/activate/')).toBe(1);
    expect(screen.getByText('I-42')).toBeInTheDocument();
    expect(screen.getByText('BA-7')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Upload a Book' })).toHaveAttribute('href', '/upload');
  });
});
