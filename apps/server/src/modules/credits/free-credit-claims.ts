import { createHmac } from 'node:crypto';
import type { Executor } from '../../db/database';
import { grantSignupCredits } from './credits.service';
import { freeCreditClaimsRepository } from './free-credit-claims.repository';

const DAY_MS = 86_400_000;

/** What decides who already had the Free credits: a key from the server secret and how long to keep a claim. */
export interface FreeCreditPolicy {
  key: Uint8Array;
  retentionDays: number;
}

/** The claim key for a SESSION_SECRET: its own derivation, so the secret's other uses never meet it. */
export function freeCreditPolicy(sessionSecret: string, retentionDays: number): FreeCreditPolicy {
  const key = new Uint8Array(createHmac('sha256', sessionSecret).update('free-credit-claim-v1').digest());
  return { key, retentionDays };
}

/**
 * The address as a person, not a mailbox spelling: lower case, no `+tag`, and for Gmail no dots
 * (googlemail.com is gmail.com), so `A.nn+2@gmail.com` and `ann@googlemail.com` are one claim.
 */
export function normaliseAddress(email: string): string {
  const trimmed = email.trim().normalize('NFC').toLowerCase();
  const at = trimmed.lastIndexOf('@');
  if (at < 1) return trimmed;
  let local = trimmed.slice(0, at).split('+')[0] ?? '';
  let domain = trimmed.slice(at + 1);
  if (domain === 'googlemail.com') domain = 'gmail.com';
  if (domain === 'gmail.com') local = local.replaceAll('.', '');
  return `${local}@${domain}`;
}

export interface ClaimIdentity {
  email: string;
  googleSub?: string | null;
}

/** The keyed hashes stored for an identity: its address and, for Google accounts, its subject. */
export function claimHashes(policy: FreeCreditPolicy, identity: ClaimIdentity): string[] {
  const hash = (value: string) => createHmac('sha256', policy.key).update(value).digest('base64url');
  const hashes = [hash(`email:${normaliseAddress(identity.email)}`)];
  if (identity.googleSub) hashes.push(hash(`google:${identity.googleSub}`));
  return hashes;
}

/**
 * Grants the sign-up Free credits unless the address or Google account already had them within the
 * retention period; records the claim either way. Inside the transaction that creates the user.
 * Race-safe: of two sign-ups with one address, the second waits on the first's claim row and sees
 * it live. Returns whether the credits were granted.
 */
export async function grantSignupCreditsOnce(
  tx: Executor,
  policy: FreeCreditPolicy,
  userId: string,
  identity: ClaimIdentity,
  now: Date,
): Promise<boolean> {
  const expiresAt = new Date(now.getTime() + policy.retentionDays * DAY_MS);
  let fresh = true;
  for (const keyHash of claimHashes(policy, identity)) {
    // Inserted, or taken over from an expired claim: returns the row. A live claim returns nothing.
    if (!(await freeCreditClaimsRepository.claim(tx, keyHash, now, expiresAt))) fresh = false;
  }
  if (!fresh) return false;
  return grantSignupCredits(tx, userId);
}

/** At account deletion: the claims are kept for the retention period from now (created if missing). */
export async function keepClaimsAfterDeletion(
  tx: Executor,
  policy: FreeCreditPolicy,
  identity: ClaimIdentity,
  now: Date,
): Promise<void> {
  const expiresAt = new Date(now.getTime() + policy.retentionDays * DAY_MS);
  for (const keyHash of claimHashes(policy, identity)) {
    await freeCreditClaimsRepository.keepUntil(tx, keyHash, now, expiresAt);
  }
}

/** Removes claims past their retention; the daily purge job calls it. Returns how many went. */
export async function sweepExpiredClaims(db: Executor, now: Date): Promise<number> {
  return freeCreditClaimsRepository.deleteExpired(db, now);
}

/** Tests: whether any of these identity's claims is stored. */
export async function hasClaims(db: Executor, policy: FreeCreditPolicy, identity: ClaimIdentity) {
  return freeCreditClaimsRepository.anyStored(db, claimHashes(policy, identity));
}
