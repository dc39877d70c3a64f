import type { Config } from '../../config/env';
import type { Database } from '../../db/database';
import type { Clock } from '../../deps';
import { AppError } from '../../errors';
import { type Mailer, mailerFor, type OutgoingMail } from '../mail/mailer';
import { type PayPalClient, PayPalError, paypalFor } from './paypal-client';

export interface BillingLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

/** What the billing services use; routes build it from the app's dependencies and the clients. */
export interface BillingDeps {
  db: Database;
  config: Config;
  clock: Clock;
  log: BillingLog;
  paypal: PayPalClient;
  mailer: Mailer;
}

/** The long-lived clients: built once when a module registers, shared by every request after. */
export interface BillingClients {
  paypal: PayPalClient;
  mailer: Mailer;
}

/** The PayPal client and mailer for this configuration (one each per configuration object). */
export function billingClients(config: Pick<Config, 'paypal' | 'mail'>): BillingClients {
  return { paypal: paypalFor(config.paypal), mailer: mailerFor(config.mail) };
}

/** A request's billing dependencies: the app's, the clients built at start, the request's logger. */
export function billingDeps(
  deps: { db: Database; config: Config; clock: Clock } & BillingClients,
  log: BillingLog,
): BillingDeps {
  return { ...deps, log };
}

/** Sends after the transaction committed; a mail failure is logged, never undoes a payment. */
export async function sendMailSafely(deps: Pick<BillingDeps, 'mailer' | 'log'>, mail: OutgoingMail) {
  try {
    await deps.mailer.send(mail);
  } catch (error) {
    deps.log.warn({ err: error, subject: mail.subject }, 'e-mail not sent');
  }
}

/** Runs a PayPal call; PayPal being down or misconfigured becomes a 503 the client can retry. */
export async function askPayPal<T>(
  deps: Pick<BillingDeps, 'paypal' | 'log'>,
  run: (paypal: PayPalClient) => Promise<T>,
) {
  if (!deps.paypal.configured) {
    throw new AppError('SERVICE_UNAVAILABLE', 'Payments are not configured on this server.');
  }
  try {
    return await run(deps.paypal);
  } catch (error) {
    if (!(error instanceof PayPalError)) throw error;
    deps.log.error({ err: error, status: error.status }, 'PayPal call failed');
    throw new AppError(
      'SERVICE_UNAVAILABLE',
      'PayPal is not reachable right now. Please try again in a few minutes.',
    );
  }
}
