import { randomBytes } from 'node:crypto';

// PayPal ids are upper-case alphanumerics with a type prefix (I- subscriptions, WH- events, P- plans).
const ALPHABET = 'ABCDEFGHJKLMNPRSTUVWXYZ0123456789';

/**
 * A random PayPal-style id.
 * @example paypalId('I-', 12) // 'I-BW452GLLEP1G'
 */
export function paypalId(prefix: string, length: number): string {
  const bytes = randomBytes(length);
  let id = prefix;
  for (const byte of bytes) id += ALPHABET[byte % ALPHABET.length];
  return id;
}

/** PayPal's date-time format: whole seconds, Z. */
export function paypalTime(date = new Date()): string {
  return `${date.toISOString().slice(0, 19)}Z`;
}

/** A PayPal error body (name, message, debug_id, details). */
export function paypalError(name: string, message: string, issue?: string, description?: string) {
  return {
    name,
    message,
    debug_id: randomBytes(6).toString('hex'),
    ...(issue ? { details: [{ issue, description: description ?? message }] } : {}),
    links: [],
  };
}
