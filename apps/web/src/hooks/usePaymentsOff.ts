import { usePublicConfig } from './usePublicConfig';

/** What the billing page and the no-credits dialog say when a server takes no payments. */
export const PAYMENTS_OFF_MESSAGE = 'Payments are not enabled on this server. Ask the operator for credits.';

/**
 * True once the public config says the server has no PayPal client id: no checkout can work, and
 * credits come from the operator (`npm run grant-credits`, decision 236). False while it loads or
 * when it cannot be read, so a slow or failed config never hides a working checkout.
 */
export function usePaymentsOff(): boolean {
  const config = usePublicConfig();
  return config.data !== undefined && config.data.paypal_client_id === null;
}
