import { routes } from '@booktranslate/contract';
import type { FastifyRequest } from 'fastify';
import { contractRoute } from '../../plugins/contract-route';
import { defineModule } from '../../plugins/define-module';
import { signedInUser } from '../auth/session.plugin';
import { activateSubscription } from './activate-subscription';
import { availableCredits, creditsOverview, useCredits } from './billing-credits';
import { billingClients, billingDeps } from './billing-deps';
import { billingAnalytics, creditAnalytics, listTransactions, transactionsByType } from './billing-history';
import { usage } from './billing-usage';
import { endSubscription } from './end-subscription';
import { handlePayPalWebhook } from './paypal-webhook';
import { planList } from './plan-catalogue';
import { refundCalculation, refundSubscription } from './refund-subscription';
import { startSubscription } from './start-subscription';
import {
  billingSummary,
  listSubscriptions,
  ownSubscription,
  planChange,
  subscriptionView,
} from './subscription-views';

const r = routes.billing;

export const billingModule = defineModule('billing', async (app, appDeps) => {
  const { db, config } = appDeps;
  const clock = appDeps.clock ?? { now: () => new Date() };
  const clients = billingClients(config);
  const deps = (request: FastifyRequest) => billingDeps({ db, config, clock, ...clients }, request.log);
  const userOf = (request: FastifyRequest) => signedInUser(request).userId;
  const plans = config.paypal.plans;

  app.route({
    ...contractRoute(r.listPlans),
    handler: async (request) => {
      const period = request.query.billing_period ?? 'month';
      return { plans: planList(plans, period), billing_period: period };
    },
  });
  app.route({
    ...contractRoute(r.plansByPeriod),
    handler: async () => ({ month: planList(plans, 'month'), year: planList(plans, 'year') }),
  });
  app.route({ ...contractRoute(r.getCredits), handler: (request) => creditsOverview(db, userOf(request)) });
  app.route({
    ...contractRoute(r.availableCredits),
    handler: (request) => availableCredits(db, userOf(request)),
  });
  app.route({
    ...contractRoute(r.useCredits),
    handler: (request) => useCredits(db, userOf(request), request.body.translation_id, request.body.credits),
  });
  app.route({
    ...contractRoute(r.startPaypalSubscription),
    handler: (request) => startSubscription(deps(request), userOf(request), request.body),
  });
  app.route({
    ...contractRoute(r.activatePaypal),
    handler: async (request) => {
      const d = deps(request);
      const result = await activateSubscription(d, userOf(request), request.params.id);
      return {
        success: true as const,
        subscription: await subscriptionView(db, result.row),
        credits_granted: result.creditsGranted,
        credits_available: result.balances,
      };
    },
  });
  app.route({
    ...contractRoute(r.paypalWebhook),
    // Called by PayPal's servers, never by a browser: no CSRF token; the signature is the check.
    // Verifying a signature costs a call to PayPal, so a flood is cut off per address first.
    config: {
      auth: false,
      csrf: false,
      rateLimit: { max: config.paypal.webhooksPerMinute, timeWindow: '1 minute' },
    },
    handler: (request) =>
      handlePayPalWebhook(deps(request), request.headers as Record<string, string | undefined>, request.body),
  });
  app.route({
    ...contractRoute(r.listSubscriptions),
    handler: (request) => listSubscriptions(db, userOf(request)),
  });
  app.route({
    ...contractRoute(r.getSubscription),
    handler: async (request) =>
      subscriptionView(db, await ownSubscription(db, userOf(request), request.params.id)),
  });
  app.route({
    ...contractRoute(r.cancelSubscription),
    handler: async (request) => {
      const row = await ownSubscription(db, userOf(request), request.params.id);
      const ended = await endSubscription(deps(request), row, {
        immediately: request.body.cancel_immediately,
        reason: request.body.cancellation_reason,
        notify: true,
        forfeitCredits: true,
      });
      return subscriptionView(db, ended);
    },
  });
  for (const [def, direction] of [
    [r.upgrade, 'upgrade'],
    [r.downgrade, 'downgrade'],
    [r.paypalCheckout, 'checkout'],
    [r.legacyCreateCheckout, 'checkout'],
  ] as const) {
    app.route({
      ...contractRoute(def),
      handler: (request) => planChange({ db, clock, config }, userOf(request), request.body, direction),
    });
  }
  app.route({
    ...contractRoute(r.refundCalculation),
    handler: async (request) => {
      const { unused: _unused, ...calc } = await refundCalculation(
        { db, clock },
        await ownSubscription(db, userOf(request), request.params.id),
      );
      return calc;
    },
  });
  app.route({
    ...contractRoute(r.refund),
    handler: async (request) =>
      refundSubscription(
        deps(request),
        await ownSubscription(db, userOf(request), request.params.id),
        request.body.reason,
      ),
  });
  app.route({
    ...contractRoute(r.listTransactions),
    handler: (request) => listTransactions(db, userOf(request), request.query),
  });
  app.route({
    ...contractRoute(r.transactionsByType),
    handler: (request) => transactionsByType(db, userOf(request)),
  });
  app.route({
    ...contractRoute(r.summary),
    handler: (request) => billingSummary({ db, clock }, userOf(request)),
  });
  app.route({ ...contractRoute(r.usage), handler: (request) => usage(db, userOf(request), clock.now()) });
  app.route({
    ...contractRoute(r.billingAnalytics),
    handler: (request) => billingAnalytics(db, userOf(request)),
  });
  app.route({
    ...contractRoute(r.creditAnalytics),
    handler: (request) => creditAnalytics(db, userOf(request)),
  });
  app.route({
    ...contractRoute(r.stripeCheckout),
    handler: async (_request, reply) =>
      reply.code(501).send({
        success: false,
        error: {
          code: 'SERVICE_UNAVAILABLE',
          message: 'Card payments through Stripe are not available yet. Please subscribe with PayPal.',
        },
      }),
  });
});
