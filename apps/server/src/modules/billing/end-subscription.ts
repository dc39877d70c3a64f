import type { SubscriptionRow } from '../../db/schema/billing';
import { creditsRepository } from '../credits/credits.repository';
import { takeBackCredits } from '../credits/take-back-credits';
import { subscriptionCancelledMail } from '../mail/mail-templates';
import { usersRepository } from '../users/users.repository';
import { billingRepository } from './billing.repository';
import { askPayPal, type BillingDeps, sendMailSafely } from './billing-deps';
import { planEntry } from './plan-catalogue';
import { refreshUserPlan } from './user-plan';

const LIVE_AT_PAYPAL = new Set(['ACTIVE', 'SUSPENDED', 'APPROVED', 'APPROVAL_PENDING']);

export interface EndOptions {
  /** True: access ends now. False: at the end of the paid period (the default of the cancel dialog). */
  immediately: boolean;
  reason?: string | undefined;
  /** Send the cancellation e-mail (the first time only). */
  notify: boolean;
  /** Immediate cancellation by the user gives up the plan's remaining credits (no refund). */
  forfeitCredits?: boolean;
}

/**
 * Cancels a subscription at PayPal (no further payments) and here. Idempotent: a second call
 * changes nothing and sends nothing, except that "immediately" may still shorten an end-of-period
 * cancellation.
 */
export async function endSubscription(deps: BillingDeps, row: SubscriptionRow, options: EndOptions) {
  if (LIVE_AT_PAYPAL.has(row.status)) {
    await askPayPal(deps, (paypal) =>
      paypal.cancelSubscription(row.providerSubscriptionId, options.reason ?? 'Cancelled by the customer'),
    );
  }
  const now = deps.clock.now();
  const result = await deps.db.transaction(async (tx) => {
    await creditsRepository.lockLedger(tx, row.userId);
    const current = (await billingRepository.findByProviderId(tx, row.providerSubscriptionId)) ?? row;
    const firstTime = !current.cancelledAt;
    const shorten = options.immediately && (!current.endsAt || current.endsAt > now);
    if (!firstTime && !shorten) return { row: current, firstTime };
    const updated = await billingRepository.update(tx, current.id, {
      status: current.status === 'EXPIRED' ? 'EXPIRED' : 'CANCELLED',
      cancelledAt: current.cancelledAt ?? now,
      cancelAtPeriodEnd: !options.immediately,
      endsAt: options.immediately ? now : (current.nextBillingAt ?? now),
      cancellationReason: options.reason ?? current.cancellationReason,
    });
    if (options.immediately && options.forfeitCredits) {
      await takeBackCredits(tx, {
        userId: row.userId,
        tier: planEntry(current.plan as 'reader').tier,
        reason: 'expiry',
        sourceId: `cancel:${current.providerSubscriptionId}`,
      });
    }
    await refreshUserPlan(tx, row.userId, now);
    return { row: updated, firstTime };
  });
  if (result.firstTime && options.notify) {
    const email = await usersRepository.emailOf(deps.db, row.userId);
    if (email !== undefined) {
      await sendMailSafely(
        deps,
        subscriptionCancelledMail({
          to: email,
          planName: planEntry(row.plan as 'reader').name,
          endsAt: options.immediately ? null : result.row.endsAt,
        }),
      );
    }
  }
  return result.row;
}

/**
 * A new plan replaces the old one: the user's other live subscriptions are cancelled at PayPal (it
 * would bill both otherwise); credits already granted stay.
 */
export async function cancelReplacedSubscriptions(deps: BillingDeps, userId: string, keepId: string) {
  const others = (await billingRepository.listForUser(deps.db, userId)).filter(
    (row) => row.id !== keepId && (row.status === 'ACTIVE' || row.status === 'SUSPENDED'),
  );
  for (const other of others) {
    await endSubscription(deps, other, {
      immediately: true,
      reason: 'Replaced by a new plan',
      notify: false,
    });
  }
}
