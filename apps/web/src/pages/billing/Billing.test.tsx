import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { wireConfig, wireUser } from '../../api/mock/wire';
import { wirePlan } from '../../api/mock/wire-billing';
import { startApiServer } from '../../test/apiServer';
import { renderWith } from '../../test/render';
import Billing from './Billing';

const plans = {
  billing_period: 'month' as const,
  plans: [
    wirePlan('free', { features: ['2 trial translations'] }),
    wirePlan('reader', { features: ['2 books a month'] }),
    wirePlan('bookworm', { features: ['7 books a month'] }),
  ],
};
const noTransactions = { transactions: [], total: 0, page: 1, limit: 50 };

describe('Billing', () => {
  let server: Awaited<ReturnType<typeof startApiServer>> | undefined;
  afterEach(() => server?.close());

  it('defaults to yearly, remembers the interval, and badges the plans', async () => {
    server = await startApiServer({
      'GET /billing/plans/': () => ({ json: plans }),
      'GET /billing/subscriptions/': () => ({ json: { subscriptions: [] } }),
      'GET /billing/transactions/': () => ({ json: noTransactions }),
    });
    renderWith(<Billing />, { user: wireUser() });
    expect(screen.getByRole('button', { name: 'Yearly' })).toHaveAttribute('aria-pressed', 'true');
    expect(await screen.findByText('Most Popular')).toBeInTheDocument();
    expect(screen.getAllByText('Current Plan').length).toBeGreaterThan(0);
    expect(screen.getByText('Save $49')).toBeInTheDocument();
    expect(screen.getByText('Always free')).toBeInTheDocument();
    expect(await screen.findByText('No billing history yet')).toBeInTheDocument();
    expect(screen.getByText('Lifetime Free')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Monthly' }));
    expect(localStorage.getItem('booktranslate.billingInterval')).toBe('month');
    expect(screen.getAllByText('per month').length).toBe(2);
  });

  it('restores a remembered monthly choice', async () => {
    server = await startApiServer({ 'GET /billing/plans/': () => ({ json: plans }) });
    localStorage.setItem('booktranslate.billingInterval', 'month');
    renderWith(<Billing />, { user: wireUser() });
    expect(screen.getByRole('button', { name: 'Monthly' })).toHaveAttribute('aria-pressed', 'true');
    expect(await screen.findByText('$19')).toBeInTheDocument();
  });

  it('shows Payment Configuration Error when the plan has no payment plan id', async () => {
    server = await startApiServer({
      'GET /billing/plans/': () => ({ json: plans }),
      'GET /config/public': () => ({
        json: wireConfig({ paypal_client_id: 'sb' }),
      }),
    });
    renderWith(<Billing />, { user: wireUser() });
    await userEvent.click(await screen.findByRole('button', { name: 'Choose Reader' }));
    expect(screen.getByText('Payment Summary')).toBeInTheDocument();
    expect(await screen.findByText('Payment Configuration Error')).toBeInTheDocument();
    expect(
      screen.getByText('Unable to load payment options for this plan. Please contact support.'),
    ).toBeInTheDocument();
    expect(screen.getByText(/Secure checkout with 256-bit SSL encryption/)).toBeInTheDocument();
  });

  it('says plainly that payments are off, and opens no checkout, on a server without PayPal', async () => {
    server = await startApiServer({
      'GET /billing/plans/': () => ({ json: plans }),
      'GET /config/public': () => ({ json: wireConfig({ paypal_client_id: null }) }),
    });
    renderWith(<Billing />, { user: wireUser() });
    expect(
      await screen.findByText('Payments are not enabled on this server. Ask the operator for credits.'),
    ).toBeInTheDocument();
    const buttons = screen.getAllByRole('button', { name: 'Not available' });
    expect(buttons).toHaveLength(2);
    for (const button of buttons) expect(button).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Choose Reader' })).not.toBeInTheDocument();
    expect(screen.queryByText('Payment Summary')).not.toBeInTheDocument();
    expect(screen.queryByText('Payment Configuration Error')).not.toBeInTheDocument();
  });

  it("counts a Free account's trial translations as used / limit", async () => {
    const withTrial = {
      ...plans,
      plans: plans.plans.map((p) => (p.code === 'free' ? { ...p, trial_translations: 2 } : p)),
    };
    server = await startApiServer({
      'GET /billing/plans/': () => ({ json: withTrial }),
      'GET /billing/subscriptions/': () => ({ json: { subscriptions: [] } }),
    });
    renderWith(<Billing />, { user: wireUser({ credits_available: { FREE: 1, READER: 0, BOOKWORM: 0 } }) });
    expect(await screen.findByText('1 / 2')).toBeInTheDocument();
  });
});
