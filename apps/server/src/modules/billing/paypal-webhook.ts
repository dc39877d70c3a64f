import type { SubscriptionRow } from '../../db/schema/billing';
import { AppError } from '../../errors';
import { creditsRepository } from '../credits/credits.repository';
import { paymentReceivedMail, subscriptionCancelledMail } from '../mail/mail-templates';
import { usersRepository } from '../users/users.repository';
import { billingRepository } from './billing.repository';
import { askPayPal, type BillingDeps, sendMailSafely } from './billing-deps';
import { cancelReplacedSubscriptions } from './end-subscription';
import { planEntry, planForPaypalId } from './plan-catalogue';
import { type SyncOutcome, syncSubscription } from './sync-subscription';

interface WebhookEvent {
  id: string;
  event_type: string;
  resource: Record<string, unknown>;
}

const HANDLED = new Set([
  'BILLING.SUBSCRIPTION.ACTIVATED',
  'BILLING.SUBSCRIPTION.UPDATED',
  'BILLING.SUBSCRIPTION.CANCELLED',
  'BILLING.SUBSCRIPTION.SUSPENDED',
  'BILLING.SUBSCRIPTION.EXPIRED',
  'BILLING.SUBSCRIPTION.PAYMENT.FAILED',
  'PAYMENT.SALE.COMPLETED',
]);

function parseEvent(body: Record<string, unknown>): WebhookEvent {
  const { id, event_type, resource } = body;
  if (typeof id !== 'string' || typeof event_type !== 'string' || !resource || typeof resource !== 'object') {
    throw new AppError('VALIDATION_ERROR', 'Not a PayPal webhook event');
  }
  return { id, event_type, resource: resource as Record<string, unknown> };
}

/** The PayPal subscription an event is about: the resource itself, or the sale's billing agreement. */
function subscriptionIdOf(event: WebhookEvent): string | null {
  const value = event.event_type.startsWith('PAYMENT.SALE.')
    ? event.resource.billing_agreement_id
    : event.resource.id;
  return typeof value === 'string' ? value : null;
}

/**
 * POST /billing/webhooks/paypal/. Verifies the delivery with PayPal, then processes each event id
 * once: the event id is claimed in the same transaction that applies it, so repeats (PayPal's
 * retries, a replay) are acknowledged and ignored. The subscription is re-read from PayPal, so the
 * result does not depend on the order events arrive in. A failure answers 5xx and PayPal retries.
 */
export async function handlePayPalWebhook(
  deps: BillingDeps,
  headers: Record<string, string | undefined>,
  body: Record<string, unknown>,
): Promise<{ received: boolean; duplicate: boolean }> {
  const event = parseEvent(body);
  const genuine = await askPayPal(deps, (paypal) => paypal.verifyWebhook(headers, body));
  if (!genuine) {
    deps.log.warn(
      { eventId: event.id, eventType: event.event_type, transmissionId: headers['paypal-transmission-id'] },
      'PayPal webhook rejected: signature not verified',
    );
    throw new AppError('FORBIDDEN', 'Webhook signature could not be verified');
  }
  if (await billingRepository.eventProcessed(deps.db, event.id)) {
    deps.log.info({ eventId: event.id, eventType: event.event_type }, 'PayPal webhook repeated: ignored');
    return { received: true, duplicate: true };
  }
  const providerId = subscriptionIdOf(event);
  const claim = { eventId: event.id, eventType: event.event_type, resourceId: providerId };
  const row = providerId ? await billingRepository.findByProviderId(deps.db, providerId) : undefined;
  const remote =
    HANDLED.has(event.event_type) && providerId
      ? await askPayPal(deps, (paypal) => paypal.getSubscription(providerId))
      : null;
  // A subscription nobody activated here (the buyer closed the tab after paying) still finds its
  // owner through custom_id, which the web app sets to the user id when it creates the subscription.
  const ownerId = row?.userId ?? (remote ? await ownerByCustomId(deps, remote.custom_id) : undefined);
  const plan = remote ? (planForPaypalId(deps.config.paypal.plans, remote.plan_id) ?? rowPlan(row)) : null;
  if (!remote || !ownerId || !plan) {
    const outcome = !HANDLED.has(event.event_type) ? 'ignored-type' : 'unknown-subscription';
    const fresh = await billingRepository.claimEvent(deps.db, { ...claim, outcome });
    deps.log.info({ eventId: event.id, eventType: event.event_type, outcome }, 'PayPal webhook not applied');
    return { received: true, duplicate: !fresh };
  }
  const now = deps.clock.now();
  const result = await deps.db.transaction(async (tx) => {
    await creditsRepository.lockLedger(tx, ownerId);
    if (!(await billingRepository.claimEvent(tx, { ...claim, outcome: 'applied' }))) return null;
    const synced: SyncOutcome = await syncSubscription(tx, ownerId, remote, plan, now);
    if (event.event_type === 'BILLING.SUBSCRIPTION.PAYMENT.FAILED') {
      await billingRepository.recordTransaction(tx, {
        userId: ownerId,
        subscriptionId: synced.row.id,
        type: 'failed_payment',
        status: 'FAILED',
        amountCents: synced.row.priceCents,
        description: `${planEntry(plan.code).name} plan payment failed`,
        sourceId: `paypal-event:${event.id}`,
      });
    }
    return synced;
  });
  if (!result) return { received: true, duplicate: true };
  if (remote.status === 'ACTIVE') await cancelReplacedSubscriptions(deps, ownerId, result.row.id);
  deps.log.info(
    { eventId: event.id, eventType: event.event_type, status: remote.status },
    'PayPal webhook applied',
  );
  await mailOutcome(deps, ownerId, plan.code, result);
  return { received: true, duplicate: false };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

async function ownerByCustomId(deps: BillingDeps, customId: string | undefined): Promise<string | undefined> {
  if (!customId || !UUID.test(customId)) return undefined;
  return usersRepository.liveUserId(deps.db, customId);
}

function rowPlan(row: SubscriptionRow | undefined) {
  return row
    ? { code: row.plan as 'reader' | 'bookworm', period: row.billingPeriod as 'month' | 'year' }
    : null;
}

async function mailOutcome(
  deps: BillingDeps,
  userId: string,
  code: 'reader' | 'bookworm',
  result: SyncOutcome,
) {
  const email = await usersRepository.emailOf(deps.db, userId);
  if (email === undefined) return;
  const planName = planEntry(code).name;
  if (result.creditsGranted > 0) {
    await sendMailSafely(
      deps,
      paymentReceivedMail({
        to: email,
        planName,
        amount: (result.paidCents / 100).toFixed(2),
        credits: result.creditsGranted,
        nextBillingDate: result.row.nextBillingAt,
      }),
    );
  }
  if (result.newlyCancelled) {
    await sendMailSafely(deps, subscriptionCancelledMail({ to: email, planName, endsAt: result.row.endsAt }));
  }
}
