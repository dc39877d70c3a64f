/**
 * Access tokens whose signature, issuer and audience already checked out, by signing key, so a
 * signed-in page's polling does not pay an HMAC per request (decision 163). Only the expiry is
 * checked again; a token is immutable, so its signature cannot stop being valid. Bounded, oldest
 * first out.
 */
export class VerifiedTokens<C> {
  readonly #byKey = new WeakMap<Uint8Array, Map<string, { claims: C; exp: number }>>();

  constructor(readonly maxEntries = 20_000) {}

  /** The claims of a token verified before under `key` that has not expired at `now`. */
  get(key: Uint8Array, token: string, now: Date): C | undefined {
    const entry = this.#byKey.get(key)?.get(token);
    if (!entry) return undefined;
    // As jose counts it: expired once the whole second `exp` is reached.
    if (Math.floor(now.getTime() / 1000) < entry.exp) return entry.claims;
    this.#byKey.get(key)?.delete(token);
    return undefined;
  }

  add(key: Uint8Array, token: string, claims: C, exp: number): void {
    let tokens = this.#byKey.get(key);
    if (!tokens) {
      tokens = new Map();
      this.#byKey.set(key, tokens);
    }
    if (tokens.size >= this.maxEntries) tokens.delete(tokens.keys().next().value as string);
    tokens.set(token, { claims, exp });
  }
}
