import { type FakePayPal, type SmtpSink, startFakePayPal, startSmtpSink } from '@booktranslate/testkit';
import { creditsRepository } from '../modules/credits/credits.repository';
import { buildTestApp, type TestApp, type TestAppOptions } from './build-test-app';
import { confirmEmail } from './email-confirmation';
import { type InjectClient, injectClient } from './inject-client';

export const PLAN_IDS = {
  readerMonth: 'P-READER-MONTH',
  readerYear: 'P-READER-YEAR',
  bookwormMonth: 'P-BOOKWORM-MONTH',
  bookwormYear: 'P-BOOKWORM-YEAR',
} as const;

export interface BillingWorld {
  t: TestApp;
  paypal: FakePayPal;
  smtp: SmtpSink;
  /** Where PayPal posts webhooks: the app listens on loopback for these tests. */
  webhookUrl: string;
  newUser(): Promise<{ client: InjectClient; userId: string; email: string }>;
  balances(userId: string): ReturnType<typeof creditsRepository.balances>;
  close(): Promise<void>;
}

let counter = 0;

/** The real app on a fresh database, wired to a fake PayPal and an SMTP sink. */
export async function startBillingWorld(
  env: Record<string, string> = {},
  options: Pick<TestAppOptions, 'logStream' | 'databaseKind'> = {},
): Promise<BillingWorld> {
  const paypal = await startFakePayPal({
    plans: {
      [PLAN_IDS.readerMonth]: { value: '19.00', currency: 'USD', interval: 'MONTH' },
      [PLAN_IDS.readerYear]: { value: '179.00', currency: 'USD', interval: 'YEAR' },
      [PLAN_IDS.bookwormMonth]: { value: '49.00', currency: 'USD', interval: 'MONTH' },
      [PLAN_IDS.bookwormYear]: { value: '399.00', currency: 'USD', interval: 'YEAR' },
    },
  });
  const smtp = await startSmtpSink();
  const t = await buildTestApp({
    env: {
      PAYPAL_BASE_URL: paypal.url,
      PAYPAL_CLIENT_ID: paypal.clientId,
      PAYPAL_CLIENT_SECRET: paypal.clientSecret,
      PAYPAL_WEBHOOK_ID: paypal.webhookId,
      PAYPAL_PLAN_READER_MONTHLY: PLAN_IDS.readerMonth,
      PAYPAL_PLAN_READER_YEARLY: PLAN_IDS.readerYear,
      PAYPAL_PLAN_BOOKWORM_MONTHLY: PLAN_IDS.bookwormMonth,
      PAYPAL_PLAN_BOOKWORM_YEARLY: PLAN_IDS.bookwormYear,
      SMTP_URL: smtp.url,
      SUPPORT_EMAIL: 'help@booktranslate.test',
      MAIL_FROM: 'BookTranslate <no-reply@booktranslate.test>',
      ACCOUNT_PURGE_AFTER_DAYS: '0',
      ...env,
    },
    ...options,
  });
  const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
  return {
    t,
    paypal,
    smtp,
    webhookUrl: `${address}/api/v1/billing/webhooks/paypal/`,
    async newUser() {
      const client = injectClient(t.app);
      await client.csrf();
      const email = `payer${++counter}-${Date.now()}@example.com`;
      const response = await client.post('/auth/register/', { email, password: 'correct horse battery' });
      if (response.statusCode !== 201) throw new Error(`register: ${response.statusCode} ${response.body}`);
      // With the Free credits, as once the e-mailed link is opened.
      await confirmEmail(client, { smtp }, email);
      return { client, userId: response.json().user.id as string, email };
    },
    balances: (userId) => creditsRepository.balances(t.handle.db, userId),
    async close() {
      await t.close();
      await paypal.close();
      await smtp.close();
    },
  };
}
