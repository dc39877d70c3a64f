import { z } from 'zod';
import { integer, optionalString, urlWithDefault } from './env-values';

/** PayPal subscriptions; without a client id the payment screens stay in demo mode. */
export const billingConfig = z
  .object({
    PAYPAL_BASE_URL: urlWithDefault('https://api-m.sandbox.paypal.com'),
    PAYPAL_CLIENT_ID: optionalString(),
    PAYPAL_CLIENT_SECRET: optionalString(),
    PAYPAL_WEBHOOK_ID: optionalString(),
    PAYPAL_PLAN_READER_MONTHLY: optionalString(),
    PAYPAL_PLAN_READER_YEARLY: optionalString(),
    PAYPAL_PLAN_BOOKWORM_MONTHLY: optionalString(),
    PAYPAL_PLAN_BOOKWORM_YEARLY: optionalString(),
    // PayPal retries a delivery for days and sends a few per payment; far more than this is a flood.
    PAYPAL_WEBHOOKS_PER_MINUTE: integer(120, 1, 100_000),
    // Accounts live here with the plans they end: deletion cancels the subscription first.
    ACCOUNT_PURGE_AFTER_DAYS: integer(30, 0, 30),
  })
  .superRefine((env, ctx) => {
    if (env.PAYPAL_CLIENT_ID && !env.PAYPAL_CLIENT_SECRET) {
      ctx.addIssue({
        code: 'custom',
        path: ['PAYPAL_CLIENT_SECRET'],
        message: 'required when PAYPAL_CLIENT_ID is set',
      });
    }
  })
  .transform((env) => ({
    paypal: {
      baseUrl: env.PAYPAL_BASE_URL.replace(/\/+$/, ''),
      clientId: env.PAYPAL_CLIENT_ID,
      clientSecret: env.PAYPAL_CLIENT_SECRET,
      webhookId: env.PAYPAL_WEBHOOK_ID,
      webhooksPerMinute: env.PAYPAL_WEBHOOKS_PER_MINUTE,
      plans: {
        reader: { month: env.PAYPAL_PLAN_READER_MONTHLY, year: env.PAYPAL_PLAN_READER_YEARLY },
        bookworm: { month: env.PAYPAL_PLAN_BOOKWORM_MONTHLY, year: env.PAYPAL_PLAN_BOOKWORM_YEARLY },
      },
    },
    accounts: { purgeAfterDays: env.ACCOUNT_PURGE_AFTER_DAYS },
  }));
