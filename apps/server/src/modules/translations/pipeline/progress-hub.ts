import { AppError } from '../../../errors';
import { type SessionRevocation, sessionEvents } from '../../auth/session-events';
import type { TranslationProgressRow } from '../translations.repository';
import { type ProgressSnapshot, progressSnapshot } from './progress-snapshot';

/** One open progress stream: whose it is, what it watches, and how the hub reaches it. */
export interface ProgressSubscriber {
  translationId: string;
  userId: string;
  /** The session family that opened it: revoking the family (or all the user's) ends the stream. */
  sessionId: string;
  /** A fresh read (one snapshot shared by every stream of the translation), or null once it is gone. */
  update(snapshot: ProgressSnapshot | null): void;
  /** The stream must end now: final status, deletion, ended session or shutdown. */
  end(): void;
}

export interface ProgressHubOptions {
  /** The progress columns of those of `ids` that still exist, in one read. */
  read(ids: string[]): Promise<TranslationProgressRow[]>;
  /** Of these sessions, the ids still active. */
  activeSessions(sessions: { familyId: string; userId: string }[]): Promise<Set<string>>;
  intervalMs: number;
  /** Open streams one user may hold in this process. */
  perUser: number;
  /** Translations (and sessions) read per tick at most; the others are read on the next ones. */
  translationsPerTick: number;
  onError(error: unknown): void;
}

/** Sessions are checked every fifth tick (5 s at 1 s): revocations made by another API process. */
const SESSION_CHECK_TICKS = 5;
const RETRY_AFTER_S = 30;

/**
 * The process's one poll of translation progress (decision 217): the first stream of a translation
 * adds it to the poll, the last one leaving takes it out, and each tick reads every watched
 * translation in one query whatever the number of streams, so 1,000 streams of one translation cost
 * what one does. Holds each user to `perUser` streams and ends a session's streams when it is revoked.
 * @example const leave = hub.open({ translationId, userId, sessionId, update: send, end: close });
 */
export class ProgressHub {
  readonly #watched = new Map<string, Set<ProgressSubscriber>>();
  readonly #byUser = new Map<string, Set<ProgressSubscriber>>();
  readonly #bySession = new Map<string, Set<ProgressSubscriber>>();
  readonly #stopListening: () => void;
  /** Set while the next tick waits; a tick in flight has none. */
  #timer: NodeJS.Timeout | undefined;
  #running = false;
  #cursor = 0;
  #ticks = 0;
  #closed = false;

  constructor(readonly options: ProgressHubOptions) {
    this.#stopListening = sessionEvents.onRevoked((revoked) => this.#revoked(revoked));
  }

  /** Throws 429 when `userId` holds as many streams as allowed: call before anything is sent. */
  assertRoom(userId: string): void {
    if (this.#closed)
      throw new AppError('SERVICE_UNAVAILABLE', 'The server is restarting. Try again shortly.');
    if ((this.#byUser.get(userId)?.size ?? 0) < this.options.perUser) return;
    throw new AppError(
      'RATE_LIMITED',
      `At most ${this.options.perUser} live progress views can be open at once. Close some or try again later.`,
      { retry_after_s: RETRY_AFTER_S },
    );
  }

  /** Adds a stream (429 past the user's limit); answers the function that removes it (idempotent). */
  open(subscriber: ProgressSubscriber): () => void {
    this.assertRoom(subscriber.userId);
    add(this.#watched, subscriber.translationId, subscriber);
    add(this.#byUser, subscriber.userId, subscriber);
    add(this.#bySession, subscriber.sessionId, subscriber);
    if (!this.#running) {
      this.#running = true;
      this.#schedule();
    }
    return () => {
      this.#leave(subscriber);
    };
  }

  /** Open streams and the translations they watch, for metrics and tests. */
  get size(): { streams: number; translations: number } {
    let streams = 0;
    for (const subscribers of this.#watched.values()) streams += subscribers.size;
    return { streams, translations: this.#watched.size };
  }

  /** Ends every stream and stops polling (the server is closing). */
  close(): void {
    this.#closed = true;
    this.#stopListening();
    clearTimeout(this.#timer);
    for (const subscribers of [...this.#watched.values()]) this.#end(subscribers);
  }

  #schedule(): void {
    this.#timer = setTimeout(() => void this.#tick(), this.options.intervalMs);
    this.#timer.unref();
  }

  async #tick(): Promise<void> {
    this.#timer = undefined;
    try {
      if (this.#watched.size > 0) await this.#poll();
      if (++this.#ticks % SESSION_CHECK_TICKS === 0) await this.#checkSessions();
    } catch (error) {
      this.options.onError(error);
    }
    if (this.#watched.size > 0 && !this.#closed) this.#schedule();
    else this.#running = false;
  }

  async #poll(): Promise<void> {
    // Who is told is fixed before the read: a stream opened meanwhile has a fresher row of its own.
    const audience = this.#nextBatch().map((id) => [id, [...(this.#watched.get(id) ?? [])]] as const);
    const rows = await this.options.read(audience.map(([id]) => id));
    const byId = new Map(rows.map((row) => [row.id, row]));
    for (const [id, subscribers] of audience) {
      const row = byId.get(id);
      const snapshot = row ? progressSnapshot(row) : null;
      const still = subscribers.filter((s) => this.#watched.get(id)?.has(s));
      for (const subscriber of still) subscriber.update(snapshot);
      if (!snapshot || snapshot.final) this.#end(still);
    }
  }

  /** Every watched translation, or the next `translationsPerTick` of them in turn. */
  #nextBatch(): string[] {
    const all = [...this.#watched.keys()];
    const per = this.options.translationsPerTick;
    if (all.length <= per) return all;
    const start = this.#cursor % all.length;
    this.#cursor = start + per;
    const batch = all.slice(start, start + per);
    return batch.length < per ? batch.concat(all.slice(0, per - batch.length)) : batch;
  }

  async #checkSessions(): Promise<void> {
    const sessions = [...this.#bySession].map(([familyId, subscribers]) => ({
      familyId,
      userId: [...subscribers][0]?.userId ?? '',
    }));
    for (let i = 0; i < sessions.length; i += this.options.translationsPerTick) {
      const chunk = sessions.slice(i, i + this.options.translationsPerTick);
      const active = await this.options.activeSessions(chunk);
      for (const { familyId } of chunk) if (!active.has(familyId)) this.#end(this.#bySession.get(familyId));
    }
  }

  #revoked(revoked: SessionRevocation): void {
    this.#end(
      'familyId' in revoked ? this.#bySession.get(revoked.familyId) : this.#byUser.get(revoked.userId),
    );
  }

  #end(subscribers: Iterable<ProgressSubscriber> | undefined): void {
    for (const subscriber of [...(subscribers ?? [])]) if (this.#leave(subscriber)) subscriber.end();
  }

  #leave(subscriber: ProgressSubscriber): boolean {
    if (!this.#watched.get(subscriber.translationId)?.has(subscriber)) return false;
    remove(this.#watched, subscriber.translationId, subscriber);
    remove(this.#byUser, subscriber.userId, subscriber);
    remove(this.#bySession, subscriber.sessionId, subscriber);
    // The last stream gone: the waiting tick is not needed.
    if (this.#watched.size === 0 && this.#timer) {
      clearTimeout(this.#timer);
      this.#timer = undefined;
      this.#running = false;
    }
    return true;
  }
}

function add(map: Map<string, Set<ProgressSubscriber>>, key: string, subscriber: ProgressSubscriber): void {
  const set = map.get(key);
  if (set) set.add(subscriber);
  else map.set(key, new Set([subscriber]));
}

function remove(
  map: Map<string, Set<ProgressSubscriber>>,
  key: string,
  subscriber: ProgressSubscriber,
): void {
  const set = map.get(key);
  set?.delete(subscriber);
  if (set?.size === 0) map.delete(key);
}
