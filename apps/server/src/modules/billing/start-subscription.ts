import type { BillingPeriod } from '@booktranslate/contract';
import { AppError } from '../../errors';
import { askPayPal, type BillingDeps } from './billing-deps';
import { planChange } from './subscription-views';

/**
 * POST /billing/paypal/subscription/: creates the PayPal subscription for a plan with `custom_id` set
 * to the signed-in user's id, so activation can check that a subscription was started from the
 * account activating it (decision 213). The PayPal buttons approve the id it answers.
 */
export async function startSubscription(
  deps: Pick<BillingDeps, 'db' | 'clock' | 'config' | 'paypal' | 'log'>,
  userId: string,
  input: { plan: string; billing_period: BillingPeriod },
) {
  const change = await planChange(deps, userId, input, 'checkout');
  if (change.action !== 'subscribe' || !change.paypal_plan_id) {
    throw new AppError('VALIDATION_ERROR', 'The Free plan needs no subscription: cancel your plan instead');
  }
  const planId = change.paypal_plan_id;
  const web = deps.config.publicUrl;
  const created = await askPayPal(deps, (paypal) =>
    paypal.createSubscription({
      plan_id: planId,
      custom_id: userId,
      application_context: {
        brand_name: 'BookTranslate',
        shipping_preference: 'NO_SHIPPING',
        user_action: 'SUBSCRIBE_NOW',
        return_url: `${web}/billing/success`,
        cancel_url: `${web}/billing`,
      },
    }),
  );
  deps.log.info({ userId, providerId: created.id, plan: change.plan }, 'PayPal subscription started');
  return {
    subscription_id: created.id,
    status: created.status,
    approve_url: created.links?.find((link) => link.rel === 'approve')?.href ?? null,
    plan: change.plan,
    billing_period: change.billing_period,
  };
}
