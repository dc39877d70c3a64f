import { randomBytes } from 'node:crypto';
import { listen, sendJson } from '../http/listen';
import { buildWebhookEvent, saleFor } from './build-webhook-event';
import { forgeDelivery, postDelivery } from './deliver-webhook';
import type { FakePayPal, FakePayPalOptions } from './fake-paypal-types';
import { paypalError } from './paypal-ids';
import { handlePayPal, type RouteState } from './paypal-routes';
import { SubscriptionStore } from './subscription-store';
import { fakePayPalCertPem, WebhookSigner } from './webhook-signer';

/**
 * Starts a fake PayPal REST API on loopback: OAuth client credentials, subscriptions create / get /
 * cancel / suspend / activate, verify-webhook-signature, and controls to create subscriptions, change them and
 * send signed (or forged) webhook events to a listener.
 * @example
 * const paypal = await startFakePayPal({ plans: { 'P-READER': { value: '4.99', currency: 'EUR', interval: 'MONTH' } } });
 * const sub = paypal.createSubscription({ planId: 'P-READER', email: 'ann@example.com' });
 * await paypal.sendWebhook(`${api}/billing/webhooks/paypal/`, 'BILLING.SUBSCRIPTION.ACTIVATED', sub.id);
 */
export async function startFakePayPal(options: FakePayPalOptions = {}): Promise<FakePayPal> {
  let url = '';
  const clientId = options.clientId ?? 'fake-client-id';
  const clientSecret = options.clientSecret ?? 'fake-client-secret';
  const webhookId = options.webhookId ?? '8PT597110X687430LKGECATA';
  const store = new SubscriptionStore(() => url, options.plans ?? {});
  const signer = new WebhookSigner();
  const state: RouteState = {
    clientId,
    clientSecret,
    tokens: new Map(),
    issueToken() {
      const token = `A21AA${randomBytes(32).toString('base64url')}`;
      this.tokens.set(token, Date.now() + 32_400_000);
      return token;
    },
    store,
    signer,
    calls: [],
    failStatus: null,
  };
  const server = await listen((req, res) => {
    handlePayPal(req, res, state).catch((error: Error) => {
      if (!res.headersSent) sendJson(res, 500, paypalError('INTERNAL_SERVER_ERROR', error.message));
    });
  }, options.port);
  url = server.url;
  const certUrl = `${url}/v1/notifications/certs/CERT-360caa42-fca2a594-fake`;

  return {
    url,
    clientId,
    clientSecret,
    webhookId,
    certPem: fakePayPalCertPem,
    certUrl,
    calls: state.calls,
    createSubscription: (input) => store.create(input),
    approveSubscription: (id, buyer) => store.approve(id, buyer),
    getSubscription: (id) => store.get(id),
    setStatus: (id, status) => store.setStatus(id, status),
    recordPayment: (id, value) => store.recordPayment(id, value),
    recordFailedPayment: (id) => store.recordFailedPayment(id),
    async sendWebhook(targetUrl, eventType, resource, sendOptions = {}) {
      let body = resource;
      if (typeof resource === 'string') {
        const subscription = store.get(resource);
        if (!subscription) throw new Error(`fake PayPal: no subscription ${resource}`);
        body = eventType.startsWith('PAYMENT.SALE.') ? saleFor(subscription, url) : { ...subscription };
      }
      const event = buildWebhookEvent(eventType, body as Record<string, unknown>, {
        id: sendOptions.eventId,
        apiUrl: url,
      });
      const signedFor = sendOptions.forgery === 'wrong-webhook-id' ? 'WRONGWEBHOOKID0000000000' : webhookId;
      const delivery = signer.sign(event, {
        webhookId: signedFor,
        certUrl,
        transmissionTime: sendOptions.transmissionTime,
      });
      const forged = sendOptions.forgery && sendOptions.forgery !== 'wrong-webhook-id';
      return postDelivery(targetUrl, forged ? forgeDelivery(delivery, sendOptions.forgery!) : delivery);
    },
    replayWebhook: (targetUrl, delivery) => postDelivery(targetUrl, delivery),
    failApi(status) {
      state.failStatus = status;
    },
    close: () => server.close(),
  };
}
