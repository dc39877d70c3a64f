import { type MockState, mockId } from './mockState';
import { wirePlan, wireSubscription } from './wire-billing';

type Json = Record<string, unknown>;
type Route = (s: MockState, m: RegExpMatchArray, body: Json) => unknown;

const PLANS = [
  wirePlan('free', {
    features: ['2 trial translations of 5,000 words each', 'EPUB, FB2 and TXT', 'Files up to 100MB'],
  }),
  wirePlan('reader', {
    features: [
      'Up to 2 books per month (24 per year)',
      'Unused translations roll over on yearly plans',
      'Money-back guarantee',
    ],
  }),
  wirePlan('bookworm', {
    features: [
      'Up to 7 books per month (84 per year)',
      'Unused translations roll over on yearly plans',
      'Money-back guarantee',
    ],
  }),
];

/** The billing routes as the server answers them: plans, subscriptions (PayPal's steps) and transactions. */
export const billingRoutes: [string, RegExp, Route][] = [
  [
    'POST',
    /^\/billing\/subscriptions\/([^/]+)\/cancel\/$/,
    (_s, m) =>
      wireSubscription('free', {
        subscription_id: m[1] ?? '',
        status: 'cancelled',
        provider_status: 'CANCELLED',
        cancelled_at: new Date().toISOString(),
      }),
  ],
  [
    'POST',
    /^\/billing\/paypal\/subscription\/$/,
    (_s, _m, b) => ({
      subscription_id: `I-MOCK${mockId().slice(0, 8).toUpperCase()}`,
      status: 'APPROVAL_PENDING',
      approve_url: null,
      plan: b.plan === 'bookworm' ? 'bookworm' : 'reader',
      billing_period: b.billing_period === 'year' ? 'year' : 'month',
    }),
  ],
  [
    'POST',
    /^\/billing\/paypal\/subscription\/([^/]+)\/activate\/$/,
    (s, m) => ({
      success: true,
      subscription: wireSubscription('reader', { subscription_id: m[1] ?? '' }),
      credits_granted: 0,
      credits_available: { ...s.user.credits },
    }),
  ],
  ['GET', /^\/billing\/plans\/$/, () => ({ plans: PLANS, billing_period: 'month' })],
  [
    'GET',
    /^\/billing\/subscriptions\/$/,
    () => ({ subscriptions: [wireSubscription('free', { subscription_id: 'mock-sub' })] }),
  ],
  ['GET', /^\/billing\/transactions\/$/, () => ({ transactions: [], total: 0, page: 1, limit: 50 })],
];
