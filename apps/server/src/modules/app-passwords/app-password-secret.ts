import { createHash, randomInt, timingSafeEqual } from 'node:crypto';

/** Letters and digits a reading device's keyboard has and nobody confuses (no 0/o, 1/l/i). */
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
const GROUPS = 6;
const GROUP_LENGTH = 4;
/** 24 characters of 31: about 119 bits, far past any online guessing. */
export const SECRET_LENGTH = GROUPS * GROUP_LENGTH;

/**
 * A new secret, as shown to the user once: six groups of four, easy to type on an e-reader.
 * @example newSecret() // 'k7mq-xa3p-...'
 */
export function newSecret(): string {
  const chars = Array.from({ length: SECRET_LENGTH }, () => ALPHABET[randomInt(ALPHABET.length)]);
  const groups = Array.from({ length: GROUPS }, (_, i) =>
    chars.slice(i * GROUP_LENGTH, (i + 1) * GROUP_LENGTH).join(''),
  );
  return groups.join('-');
}

/**
 * The secret as stored and compared: dashes and spaces dropped, lower case, so a password typed
 * without its dashes or with a capital still works. Null when it cannot be one of ours.
 */
export function normalizeSecret(typed: string): string | null {
  const secret = typed.replace(/[\s-]+/g, '').toLowerCase();
  if (secret.length !== SECRET_LENGTH) return null;
  for (const char of secret) if (!ALPHABET.includes(char)) return null;
  return secret;
}

/** Hex SHA-256 of a normalized secret: what app_passwords.secret_hash keeps. */
export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

/** Compares two hex hashes in constant time. */
export function sameHash(stored: string, given: string): boolean {
  const a = Buffer.from(stored, 'hex');
  const b = Buffer.from(given, 'hex');
  return a.length === b.length && a.length > 0 && timingSafeEqual(a, b);
}

/**
 * The path form of a password (`/opds/t/{token}/`): its id and its normalized secret, so one
 * primary-key read finds it. Ids are UUIDs, secrets have no dot.
 * @example appPasswordToken(id, 'k7mq-xa3p-…') // '8f1c…-….k7mqxa3p…'
 */
export function appPasswordToken(id: string, secret: string): string {
  return `${id}.${normalizeSecret(secret) ?? ''}`;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The id and secret of a path token, or null when it cannot be one. */
export function parseAppPasswordToken(token: string): { id: string; secret: string } | null {
  const dot = token.indexOf('.');
  if (dot < 0) return null;
  const id = token.slice(0, dot);
  const secret = normalizeSecret(token.slice(dot + 1));
  return UUID.test(id) && secret ? { id: id.toLowerCase(), secret } : null;
}
