interface Entry {
  userId: string;
  until: number;
}

/**
 * Remembers for a moment that a session family was active, so the burst of requests one signed-in
 * page makes costs one database lookup instead of one each (decision 163). Only "active" is
 * remembered, never past the family's own end; revoked or unknown families are looked up every time.
 * Revocations made through this process forget at once; through another API process they are seen
 * within `ttlMs`.
 * @example if (!cache.has(sid, uid, now)) { const row = await lookup(); if (row) cache.add(sid, uid, now, row.expiresAt) }
 */
export class ActiveSessionCache {
  readonly #entries = new Map<string, Entry>();

  constructor(
    readonly ttlMs: number,
    readonly maxEntries = 50_000,
  ) {}

  has(familyId: string, userId: string, now: Date): boolean {
    const entry = this.#entries.get(familyId);
    if (!entry || entry.userId !== userId) return false;
    if (entry.until > now.getTime()) return true;
    this.#entries.delete(familyId);
    return false;
  }

  add(familyId: string, userId: string, now: Date, expiresAt: Date): void {
    if (this.ttlMs <= 0) return;
    // Oldest first out: a Map iterates in insertion order.
    if (this.#entries.size >= this.maxEntries)
      this.#entries.delete(this.#entries.keys().next().value as string);
    this.#entries.set(familyId, { userId, until: Math.min(now.getTime() + this.ttlMs, expiresAt.getTime()) });
  }

  forgetFamily(familyId: string): void {
    this.#entries.delete(familyId);
  }

  forgetUser(userId: string): void {
    for (const [familyId, entry] of this.#entries)
      if (entry.userId === userId) this.#entries.delete(familyId);
  }
}
