import type { CreditBalances } from '@booktranslate/contract';
import { AppError } from '../../errors';
import { creditsRepository } from '../credits/credits.repository';
import { paymentReceivedMail } from '../mail/mail-templates';
import { usersRepository } from '../users/users.repository';
import { askPayPal, type BillingDeps, sendMailSafely } from './billing-deps';
import { cancelReplacedSubscriptions } from './end-subscription';
import { planEntry, planForPaypalId } from './plan-catalogue';
import { type SyncOutcome, syncSubscription } from './sync-subscription';

/**
 * POST /billing/paypal/subscription/{id}/activate/ (a write behind the CSRF check, decision 213): the
 * client's word is never enough. PayPal is asked for the subscription; only an ACTIVE one on one of
 * our plans, started from this account (its `custom_id` is this user's id, set when we created it),
 * switches the plan and grants credits (once, however often this is called). A previous
 * subscription of the user on another plan is cancelled at PayPal (an upgrade or downgrade). Any
 * refusal comes before anything changes: the user's current plan stays as it was.
 */
export async function activateSubscription(deps: BillingDeps, userId: string, providerId: string) {
  const remote = await askPayPal(deps, (paypal) => paypal.getSubscription(providerId));
  if (!remote) throw new AppError('NOT_FOUND', 'PayPal does not know this subscription');
  if (remote.custom_id !== userId) {
    const reason = remote.custom_id ? 'another account' : 'no account';
    deps.log.warn({ userId, providerId, reason }, 'activation of a subscription not started by this account');
    throw new AppError(
      'FORBIDDEN',
      remote.custom_id
        ? 'This subscription belongs to another account'
        : 'This subscription was not started from your account. Choose a plan on the Billing page to subscribe.',
    );
  }
  if (remote.status !== 'ACTIVE') {
    throw new AppError('CONFLICT', `The subscription is not active at PayPal (status ${remote.status})`);
  }
  const plan = planForPaypalId(deps.config.paypal.plans, remote.plan_id);
  if (!plan) throw new AppError('UNPROCESSABLE', 'The subscription is for a plan this service does not sell');

  const now = deps.clock.now();
  const outcome: SyncOutcome = await deps.db.transaction(async (tx) => {
    await creditsRepository.lockLedger(tx, userId);
    return syncSubscription(tx, userId, remote, plan, now);
  });
  if (outcome.row.userId !== userId)
    throw new AppError('FORBIDDEN', 'This subscription belongs to another account');

  await cancelReplacedSubscriptions(deps, userId, outcome.row.id);

  const email = await usersRepository.emailOf(deps.db, userId);
  if (outcome.creditsGranted > 0 && email !== undefined) {
    await sendMailSafely(
      deps,
      paymentReceivedMail({
        to: email,
        planName: planEntry(plan.code).name,
        amount: (outcome.paidCents / 100).toFixed(2),
        credits: outcome.creditsGranted,
        nextBillingDate: outcome.row.nextBillingAt,
      }),
    );
  }
  const balances: CreditBalances = await creditsRepository.balances(deps.db, userId);
  return { row: outcome.row, creditsGranted: outcome.creditsGranted, balances };
}
