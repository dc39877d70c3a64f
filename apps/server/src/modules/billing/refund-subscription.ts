import type { Executor } from '../../db/database';
import type { SubscriptionRow } from '../../db/schema/billing';
import type { Clock } from '../../deps';
import { AppError } from '../../errors';
import { creditsRepository } from '../credits/credits.repository';
import { takeBackCredits, takenBackFor } from '../credits/take-back-credits';
import { supportRequestMail } from '../mail/mail-templates';
import { billingRepository } from './billing.repository';
import { type BillingDeps, sendMailSafely } from './billing-deps';
import { endSubscription } from './end-subscription';
import { creditsPerCycle, planEntry } from './plan-catalogue';

/** The legal terms' right of withdrawal: 14 days from the payment (spec section 9). */
export const REFUND_WINDOW_DAYS = 14;
const DAY_MS = 86_400_000;
const ELIGIBLE = 'Eligible for a refund under the 14-day right of withdrawal';

const tierOf = (row: SubscriptionRow) => planEntry(row.plan as 'reader').tier;
const refundSource = (row: SubscriptionRow) => `refund:${row.providerSubscriptionId}:${row.cyclesCompleted}`;

/**
 * What the 14-day right gives back for a balance of `balance` credits of the plan's tier: the last
 * payment, in proportion to the credits of that payment not yet spent (translations already
 * delivered are not refunded).
 */
function refundTerms(row: SubscriptionRow, balance: number, now: Date, alreadyRefunded: boolean) {
  const granted = creditsPerCycle(row.plan as 'reader', row.billingPeriod as 'month');
  const unused = Math.min(granted, Math.max(0, balance));
  const days = row.lastPaymentAt ? Math.floor((now.getTime() - row.lastPaymentAt.getTime()) / DAY_MS) : null;
  let reason = ELIGIBLE;
  if (alreadyRefunded) reason = 'A refund was already issued for this payment';
  else if (days === null || row.lastPaymentCents <= 0) reason = 'No payment to refund';
  else if (days > REFUND_WINDOW_DAYS)
    reason = `The 14-day refund period ended ${days - REFUND_WINDOW_DAYS} days ago`;
  else if (unused === 0)
    reason = "Every translation of this payment was used; used translations can't be refunded";
  const eligible = reason === ELIGIBLE;
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

/** GET /billing/subscriptions/{id}/refund_calculation/: the refund the 14-day right gives now. */
export async function refundCalculation(deps: { db: Executor; clock: Clock }, row: SubscriptionRow) {
  const balance = (await creditsRepository.balances(deps.db, row.userId))[tierOf(row)];
  const already = await billingRepository.findTransaction(deps.db, refundSource(row));
  return refundTerms(row, balance, deps.clock.now(), Boolean(already));
}

/**
 * POST /billing/refund/{id}/: decides the refund, then ends the subscription now (at PayPal too) and
 * e-mails support, who issue the recorded refund (PENDING) in PayPal. PayPal is asked with no
 * transaction open: if it fails (503), the decision stands and the next call finishes the same
 * refund; once the subscription has ended, a repeat is refused (422).
 */
export async function refundSubscription(deps: BillingDeps, row: SubscriptionRow, reason?: string) {
  const decided = await decideRefund(deps, row);
  await endSubscription(deps, row, { immediately: true, reason: reason ?? 'Refund requested', notify: true });
  const { unused: _unused, ...refund } = decided.terms;
  await sendMailSafely(
    deps,
    supportRequestMail({
      to: deps.config.mail.supportEmail,
      name: 'Billing',
      email: deps.config.mail.from.match(/<([^>]+)>/)?.[1] ?? 'no-reply@localhost',
      id: decided.transactionId,
      message: `Refund to issue in PayPal: subscription ${row.providerSubscriptionId}, ${(refund.refund_amount_cents / 100).toFixed(2)} USD.`,
    }),
  );
  return {
    success: true as const,
    refund,
    transaction_id: decided.transactionId,
    message: `Your refund of $${refund.refund_amount.toFixed(2)} will reach your PayPal account within 5 business days.`,
  };
}

/**
 * One transaction under the ledger's lock: the refund for the payment's credits still unspent now,
 * those credits taken back, and the refund recorded. A translation started at the same moment either
 * spent its credit before (a smaller refund) or comes after and finds the credits gone.
 */
function decideRefund(deps: BillingDeps, row: SubscriptionRow) {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    await creditsRepository.lockLedger(tx, row.userId);
    const current = (await billingRepository.findByProviderId(tx, row.providerSubscriptionId)) ?? row;
    const sourceId = refundSource(current);
    const recorded = await billingRepository.findTransaction(tx, sourceId);
    if (recorded && !(current.endsAt && current.endsAt <= now)) {
      // Decided before, but the subscription did not end (PayPal was down): the same refund again.
      const terms = refundTerms(current, await takenBackFor(tx, sourceId), now, false);
      const amount = { refund_amount_cents: recorded.amountCents, refund_amount: recorded.amountCents / 100 };
      return { terms: { ...terms, ...amount, eligible: true, reason: ELIGIBLE }, transactionId: recorded.id };
    }
    const balance = (await creditsRepository.balances(tx, current.userId))[tierOf(current)];
    const terms = refundTerms(current, balance, now, Boolean(recorded));
    if (!terms.eligible) {
      const { unused: _unused, ...refund } = terms;
      throw new AppError('UNPROCESSABLE', terms.reason, { refund });
    }
    await takeBackCredits(tx, {
      userId: current.userId,
      tier: tierOf(current),
      upTo: terms.unused,
      reason: 'payment-refund',
      sourceId,
    });
    await billingRepository.recordTransaction(tx, {
      userId: current.userId,
      subscriptionId: current.id,
      type: 'refund',
      status: 'PENDING',
      amountCents: terms.refund_amount_cents,
      description: `Refund of the ${planEntry(current.plan as 'reader').name} plan payment (14-day right)`,
      sourceId,
    });
    const transaction = await billingRepository.findTransaction(tx, sourceId);
    return { terms, transactionId: transaction?.id as string };
  });
}
