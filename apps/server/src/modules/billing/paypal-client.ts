import type { Config } from '../../config/env';

/** The fields of GET /v1/billing/subscriptions/{id} billing relies on. */
export interface PayPalSubscription {
  id: string;
  status: string;
  plan_id: string;
  custom_id?: string;
  start_time?: string;
  subscriber?: { email_address?: string };
  billing_info?: {
    cycle_executions?: Array<{ tenure_type: string; cycles_completed: number }>;
    last_payment?: { amount: { currency_code: string; value: string }; time: string };
    next_billing_time?: string;
    failed_payments_count?: number;
  };
}

/** The body of POST /v1/billing/subscriptions billing sends. */
export interface NewPayPalSubscription {
  plan_id: string;
  custom_id: string;
  application_context: {
    brand_name: string;
    shipping_preference: 'NO_SHIPPING';
    user_action: 'SUBSCRIBE_NOW';
    return_url: string;
    cancel_url: string;
  };
}

/** PayPal's answer to a create: the id, APPROVAL_PENDING and the link the buyer approves at. */
export interface CreatedPayPalSubscription {
  id: string;
  status: string;
  links?: Array<{ href: string; rel: string; method?: string }>;
}

/** A PayPal call that failed; `status` is PayPal's HTTP status (0: no answer). */
export class PayPalError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly issue?: string,
  ) {
    super(message);
    this.name = 'PayPalError';
  }
}

const TIMEOUT_MS = 15_000;

export type PayPalClient = ReturnType<typeof createPayPalClient>;

/**
 * PayPal's REST API over fetch (OAuth client credentials, subscriptions, webhook verification).
 * The base URL comes from PAYPAL_BASE_URL: sandbox, live or a local fake.
 * @example const sub = await createPayPalClient(config.paypal).getSubscription('I-BW452GLLEP1G');
 */
export function createPayPalClient(config: Config['paypal']) {
  let token: { value: string; expiresAt: number } | undefined;

  async function accessToken(): Promise<string> {
    if (token && token.expiresAt > Date.now()) return token.value;
    if (!config.clientId || !config.clientSecret) throw new PayPalError('PayPal is not configured', 0);
    const basic = Buffer.from(`${config.clientId}:${config.clientSecret}`).toString('base64');
    const body = await call('POST', '/v1/oauth2/token', 'grant_type=client_credentials', {
      authorization: `Basic ${basic}`,
      'content-type': 'application/x-www-form-urlencoded',
    });
    const { access_token, expires_in } = body as { access_token: string; expires_in: number };
    // Renew a minute early so a token never expires between our check and PayPal's.
    token = { value: access_token, expiresAt: Date.now() + (expires_in - 60) * 1000 };
    return access_token;
  }

  async function call(
    method: string,
    path: string,
    body: string | undefined,
    headers: Record<string, string>,
  ) {
    let res: Response;
    try {
      res = await fetch(`${config.baseUrl}${path}`, {
        method,
        headers: { accept: 'application/json', ...headers },
        ...(body === undefined ? {} : { body }),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch (error) {
      throw new PayPalError(`PayPal did not answer: ${(error as Error).message}`, 0);
    }
    const text = await res.text();
    const json = text ? safeJson(text) : {};
    if (!res.ok) {
      const issue = (json as { details?: Array<{ issue?: string }>; name?: string })?.details?.[0]?.issue;
      throw new PayPalError(`PayPal answered ${res.status} to ${method} ${path}`, res.status, issue);
    }
    return json;
  }

  async function api(method: string, path: string, payload?: unknown) {
    const headers = { authorization: `Bearer ${await accessToken()}`, 'content-type': 'application/json' };
    return call(method, path, payload === undefined ? undefined : JSON.stringify(payload), headers);
  }

  return {
    configured: Boolean(config.clientId && config.clientSecret),

    /** The subscription, or null when PayPal does not know the id. */
    async getSubscription(id: string): Promise<PayPalSubscription | null> {
      try {
        return (await api(
          'GET',
          `/v1/billing/subscriptions/${encodeURIComponent(id)}`,
        )) as PayPalSubscription;
      } catch (error) {
        if (error instanceof PayPalError && error.status === 404) return null;
        throw error;
      }
    },

    /**
     * Creates a subscription waiting for the buyer's approval (APPROVAL_PENDING). `custom_id` is ours
     * to set and PayPal echoes it on every read of the subscription: it names the account it is for.
     */
    async createSubscription(input: NewPayPalSubscription): Promise<CreatedPayPalSubscription> {
      return (await api('POST', '/v1/billing/subscriptions', input)) as CreatedPayPalSubscription;
    },

    /** Cancels at PayPal; a subscription PayPal already ended counts as cancelled (idempotent). */
    async cancelSubscription(id: string, reason: string): Promise<void> {
      try {
        await api('POST', `/v1/billing/subscriptions/${encodeURIComponent(id)}/cancel`, {
          reason: reason.slice(0, 127) || 'Cancelled by the customer',
        });
      } catch (error) {
        const done = error instanceof PayPalError && (error.status === 422 || error.status === 404);
        if (!done) throw error;
      }
    },

    /** Asks PayPal whether a webhook delivery is genuine (verify-webhook-signature). */
    async verifyWebhook(headers: Record<string, string | undefined>, event: unknown): Promise<boolean> {
      if (!config.webhookId) return false;
      const fields = {
        auth_algo: headers['paypal-auth-algo'],
        cert_url: headers['paypal-cert-url'],
        transmission_id: headers['paypal-transmission-id'],
        transmission_sig: headers['paypal-transmission-sig'],
        transmission_time: headers['paypal-transmission-time'],
      };
      if (Object.values(fields).some((value) => !value)) return false;
      const body = await api('POST', '/v1/notifications/verify-webhook-signature', {
        ...fields,
        webhook_id: config.webhookId,
        webhook_event: event,
      });
      return (body as { verification_status?: string }).verification_status === 'SUCCESS';
    },
  };
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return {};
  }
}

const clients = new WeakMap<Config['paypal'], PayPalClient>();

/** One client (and one cached OAuth token) per configuration. */
export function paypalFor(config: Config['paypal']): PayPalClient {
  let client = clients.get(config);
  if (!client) {
    client = createPayPalClient(config);
    clients.set(config, client);
  }
  return client;
}
