import type { SubscriptionRow } from '../../db/schema/billing';
import { AppError } from '../../errors';
import { creditsRepository } from '../credits/credits.repository';
import { supportRequestMail } from '../mail/mail-templates';
import { usersRepository } from '../users/users.repository';
import { billingRepository } from './billing.repository';
import { type BillingDeps, sendMailSafely } from './billing-deps';
import { endSubscription } from './end-subscription';
import { creditsPerCycle, planEntry } from './plan-catalogue';

/** The legal terms' right of withdrawal: 14 days from the payment (spec section 9). */
export const REFUND_WINDOW_DAYS = 14;
const DAY_MS = 86_400_000;

/**
 * What the 14-day right gives back now: the last payment, in proportion to the credits of that
 * payment not yet spent (translations already delivered are not refunded).
 */
export async function refundCalculation(deps: Pick<BillingDeps, 'db' | 'clock'>, row: SubscriptionRow) {
  const now = deps.clock.now();
  const granted = creditsPerCycle(row.plan as 'reader', row.billingPeriod as 'month');
  const tier = planEntry(row.plan as 'reader').tier;
  const balance = (await creditsRepository.balances(deps.db, row.userId))[tier];
  const unused = Math.min(granted, Math.max(0, balance));
  const days = row.lastPaymentAt ? Math.floor((now.getTime() - row.lastPaymentAt.getTime()) / DAY_MS) : null;
  const already = await billingRepository.findTransaction(deps.db, refundSource(row));
  let reason = 'Eligible for a refund under the 14-day right of withdrawal';
  if (already) reason = 'A refund was already issued for this payment';
  else if (days === null || row.lastPaymentCents <= 0) reason = 'No payment to refund';
  else if (days > REFUND_WINDOW_DAYS)
    reason = `The 14-day refund period ended ${days - REFUND_WINDOW_DAYS} days ago`;
  else if (unused === 0)
    reason = "Every translation of this payment was used; used translations can't be refunded";
  const eligible = reason.startsWith('Eligible');
  const amountCents = eligible ? Math.round((row.lastPaymentCents * unused) / granted) : 0;
  return {
    subscription_id: row.providerSubscriptionId,
    eligible,
    reason,
    refund_window_days: REFUND_WINDOW_DAYS,
    days_since_payment: days,
    last_payment_cents: row.lastPaymentCents,
    credits_granted: granted,
    credits_used: granted - unused,
    refund_amount_cents: amountCents,
    refund_amount: amountCents / 100,
    currency: 'USD' as const,
    unused,
  };
}

const refundSource = (row: SubscriptionRow) => `refund:${row.providerSubscriptionId}:${row.cyclesCompleted}`;

/**
 * POST /billing/refund/{id}/: ends the subscription now, takes back the payment's unused credits and
 * records the refund (PENDING) for support to issue in PayPal, whom it e-mails. Idempotent.
 */
export async function refundSubscription(deps: BillingDeps, row: SubscriptionRow, reason?: string) {
  const calc = await refundCalculation(deps, row);
  if (!calc.eligible) throw new AppError('UNPROCESSABLE', calc.reason, { refund: calc });
  await endSubscription(deps, row, { immediately: true, reason: reason ?? 'Refund requested', notify: true });
  const tier = planEntry(row.plan as 'reader').tier;
  const sourceId = refundSource(row);
  await deps.db.transaction(async (tx) => {
    await usersRepository.lock(tx, row.userId);
    await billingRepository.recordTransaction(tx, {
      userId: row.userId,
      subscriptionId: row.id,
      type: 'refund',
      status: 'PENDING',
      amountCents: calc.refund_amount_cents,
      description: `Refund of the ${planEntry(row.plan as 'reader').name} plan payment (14-day right)`,
      sourceId,
    });
    const balance = (await creditsRepository.balances(tx, row.userId))[tier];
    const takeBack = Math.min(calc.unused, balance);
    if (takeBack > 0) {
      await creditsRepository.record(tx, {
        userId: row.userId,
        tier,
        amount: -takeBack,
        reason: 'payment-refund',
        sourceId,
      });
    }
  });
  const transaction = await billingRepository.findTransaction(deps.db, sourceId);
  await sendMailSafely(
    deps,
    supportRequestMail({
      to: deps.config.mail.supportEmail,
      name: 'Billing',
      email: deps.config.mail.from.match(/<([^>]+)>/)?.[1] ?? 'no-reply@localhost',
      id: transaction?.id ?? sourceId,
      message: `Refund to issue in PayPal: subscription ${row.providerSubscriptionId}, ${(calc.refund_amount_cents / 100).toFixed(2)} USD.`,
    }),
  );
  const { unused: _unused, ...refund } = calc;
  return {
    success: true as const,
    refund,
    transaction_id: transaction?.id as string,
    message: `Your refund of $${refund.refund_amount.toFixed(2)} will reach your PayPal account within 5 business days.`,
  };
}
