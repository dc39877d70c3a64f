import { type Algorithm, hash, verify } from '@node-rs/argon2';

// OWASP password storage cheat sheet minimum for argon2id: m=19 MiB, t=2, p=1.
// 2 is Algorithm.Argon2id (a const enum, which verbatimModuleSyntax cannot import).
const options = { algorithm: 2 as Algorithm, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export function hashPassword(password: string): Promise<string> {
  return hash(password, options);
}

// Verified against when the email is unknown, so a miss costs as long as a wrong password (ASVS 6.3.8).
let dummyHash: Promise<string> | undefined;

/** True when `password` matches `passwordHash`; with no hash it still spends the same time, then fails. */
export async function verifyPassword(
  passwordHash: string | null | undefined,
  password: string,
): Promise<boolean> {
  if (!passwordHash) {
    dummyHash ??= hashPassword('not the password of anyone');
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  return verify(passwordHash, password).catch(() => false);
}
