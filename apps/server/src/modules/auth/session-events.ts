/** A revoked session family, or every session of a user (password reset, account deletion). */
export type SessionRevocation = { familyId: string } | { userId: string };

type Listener = (revoked: SessionRevocation) => void;

const listeners = new Set<Listener>();

/**
 * Revocations made by this process, told to whoever holds something a session opened (the live
 * progress streams, decision 217). Other processes' revocations are not seen here: holders also
 * re-check the session now and then.
 * @example const stop = sessionEvents.onRevoked((r) => ('userId' in r ? endUser(r.userId) : endFamily(r.familyId)));
 */
export const sessionEvents = {
  /** Calls `listener` on every revocation; answers the function that stops it. */
  onRevoked(listener: Listener): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },

  revoked(revocation: SessionRevocation): void {
    // A listener's failure must never fail the sign-out that told it.
    for (const listener of [...listeners]) {
      try {
        listener(revocation);
      } catch {}
    }
  },
};
