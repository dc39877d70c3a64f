import type { IncomingMessage, ServerResponse } from 'node:http';
import { readBody, sendJson } from '../http/listen';
import type { PayPalCall } from './fake-paypal-types';
import { paypalError } from './paypal-ids';
import type { SubscriptionStatus } from './paypal-types';
import type { SubscriptionStore } from './subscription-store';
import { fakePayPalCertPem, type WebhookSigner } from './webhook-signer';

export interface RouteState {
  clientId: string;
  clientSecret: string;
  tokens: Map<string, number>;
  issueToken(): string;
  store: SubscriptionStore;
  signer: WebhookSigner;
  calls: PayPalCall[];
  failStatus: number | null;
}

// Which statuses each action accepts, and where it leads (PayPal answers 422 otherwise).
const ACTIONS: Record<string, { from: SubscriptionStatus[]; to: SubscriptionStatus }> = {
  cancel: { from: ['APPROVED', 'ACTIVE', 'SUSPENDED'], to: 'CANCELLED' },
  suspend: { from: ['ACTIVE'], to: 'SUSPENDED' },
  activate: { from: ['APPROVED', 'SUSPENDED'], to: 'ACTIVE' },
};

const notAuthorized = { error: 'invalid_token', error_description: 'Token signature verification failed' };

/** PayPal's 400 body for a request it cannot use; `issue` says what was wrong with it. */
function invalidRequest(issue: string, description?: string) {
  return paypalError(
    'INVALID_REQUEST',
    'Request is not well-formed, syntactically incorrect, or violates schema.',
    issue,
    description,
  );
}

/** PayPal's 404 body: for an unknown path without details, for an unknown id with them. */
function notFound(issue?: string, description?: string) {
  return paypalError('RESOURCE_NOT_FOUND', 'The specified resource does not exist.', issue, description);
}

function parseJson(text: string): unknown {
  try {
    return text ? JSON.parse(text) : {};
  } catch {
    return undefined;
  }
}

/** Routes one request of the fake PayPal REST API. */
export async function handlePayPal(
  req: IncomingMessage,
  res: ServerResponse,
  state: RouteState,
): Promise<void> {
  const path = (req.url ?? '/').split('?')[0]!;
  const method = req.method ?? 'GET';
  const text = await readBody(req);
  if (method === 'GET' && path.startsWith('/v1/notifications/certs/')) {
    res.writeHead(200, { 'content-type': 'application/x-pem-file' });
    res.end(fakePayPalCertPem);
    return;
  }
  const body = path === '/v1/oauth2/token' ? Object.fromEntries(new URLSearchParams(text)) : parseJson(text);
  state.calls.push({ method, path, body });
  if (state.failStatus !== null) {
    return sendJson(
      res,
      state.failStatus,
      paypalError('INTERNAL_SERVER_ERROR', 'An internal server error occurred.'),
    );
  }
  if (method === 'POST' && path === '/v1/oauth2/token') {
    const expected = `Basic ${Buffer.from(`${state.clientId}:${state.clientSecret}`).toString('base64')}`;
    if (req.headers.authorization !== expected) {
      return sendJson(res, 401, {
        error: 'invalid_client',
        error_description: 'Client Authentication failed',
      });
    }
    if ((body as Record<string, string>).grant_type !== 'client_credentials') {
      return sendJson(res, 400, { error: 'unsupported_grant_type', error_description: 'Grant Type is NULL' });
    }
    return sendJson(res, 200, {
      scope:
        'https://uri.paypal.com/services/subscriptions https://uri.paypal.com/services/applications/webhooks',
      access_token: state.issueToken(),
      token_type: 'Bearer',
      app_id: 'APP-80W284485P519543T',
      expires_in: 32400,
      nonce: `${new Date().toISOString()}fake`,
    });
  }
  const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
  const expiry = bearer ? state.tokens.get(bearer) : undefined;
  if (!expiry || expiry < Date.now()) return sendJson(res, 401, notAuthorized);
  if (body === undefined) {
    return sendJson(res, 400, invalidRequest('MALFORMED_REQUEST_JSON'));
  }

  if (method === 'POST' && path === '/v1/notifications/verify-webhook-signature') {
    const request = body as Record<string, unknown>;
    const required = [
      'auth_algo',
      'cert_url',
      'transmission_id',
      'transmission_sig',
      'transmission_time',
      'webhook_id',
      'webhook_event',
    ];
    const missing = required.filter((field) => request[field] === undefined || request[field] === '');
    if (missing.length > 0) {
      return sendJson(
        res,
        400,
        paypalError(
          'VALIDATION_ERROR',
          'Invalid request - see details',
          'MISSING_REQUIRED_PARAMETER',
          `Missing: ${missing.join(', ')}`,
        ),
      );
    }
    return sendJson(res, 200, { verification_status: state.signer.verify(request) });
  }

  if (method === 'POST' && path === '/v1/billing/subscriptions') {
    return createSubscription(res, state, body as Record<string, unknown>, String(req.headers.prefer ?? ''));
  }

  const match = /^\/v1\/billing\/subscriptions\/([^/]+)(?:\/(cancel|suspend|activate))?$/.exec(path);
  if (!match) return sendJson(res, 404, notFound());
  const [, id, action] = match;
  const subscription = state.store.get(id!);
  if (!subscription) {
    return sendJson(res, 404, notFound('INVALID_RESOURCE_ID', 'Requested resource ID was not found.'));
  }
  if (method === 'GET' && !action) return sendJson(res, 200, subscription);
  if (method !== 'POST' || !action)
    return sendJson(
      res,
      405,
      paypalError('METHOD_NOT_SUPPORTED', 'The server does not implement the requested HTTP method.'),
    );
  const rule = ACTIONS[action]!;
  if (!rule.from.includes(subscription.status)) {
    const message = `Invalid subscription status for ${action} action; subscription status should be ${rule.from.join(' or ').toLowerCase()}.`;
    return sendJson(
      res,
      422,
      paypalError(
        'UNPROCESSABLE_ENTITY',
        'The requested action could not be performed, semantically incorrect, or failed business validation.',
        'SUBSCRIPTION_STATUS_INVALID',
        message,
      ),
    );
  }
  const reason = (body as { reason?: unknown }).reason;
  if (action !== 'activate' && (typeof reason !== 'string' || reason.length === 0)) {
    return sendJson(
      res,
      400,
      invalidRequest('MISSING_REQUIRED_PARAMETER', 'A required field / parameter is missing: /reason'),
    );
  }
  state.store.setStatus(id!, rule.to, typeof reason === 'string' ? reason : undefined);
  res.writeHead(204);
  res.end();
}

// The fields of the default (return=minimal) answer to a create; return=representation gives all.
const MINIMAL = [
  'id',
  'status',
  'status_update_time',
  'plan_id',
  'plan_overridden',
  'start_time',
  'quantity',
  'shipping_amount',
  'create_time',
  'links',
] as const;

/**
 * POST /v1/billing/subscriptions: a new subscription waiting for the buyer (APPROVAL_PENDING), with
 * an `approve` link; `custom_id` is kept and shown by GET. 400 without plan_id or with a custom_id
 * over 127 characters, as PayPal's schema says.
 */
function createSubscription(
  res: ServerResponse,
  state: RouteState,
  body: Record<string, unknown>,
  prefer: string,
) {
  const { plan_id, custom_id } = body;
  if (typeof plan_id !== 'string' || plan_id === '') {
    return sendJson(
      res,
      400,
      invalidRequest('MISSING_REQUIRED_PARAMETER', 'A required field / parameter is missing: /plan_id'),
    );
  }
  if (custom_id !== undefined && (typeof custom_id !== 'string' || custom_id.length > 127)) {
    return sendJson(
      res,
      400,
      invalidRequest('INVALID_STRING_MAX_LENGTH', 'The value of a field is too long: /custom_id'),
    );
  }
  const created = state.store.create({
    planId: plan_id,
    status: 'APPROVAL_PENDING',
    ...(custom_id === undefined ? {} : { customId: custom_id }),
  });
  if (prefer.includes('return=representation')) return sendJson(res, 201, created);
  return sendJson(res, 201, Object.fromEntries(MINIMAL.map((field) => [field, created[field]])));
}
