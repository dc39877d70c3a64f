import type { FastifyReply } from 'fastify';
import type { RequestSession } from '../../auth/session.plugin';
import type { TranslationProgressRow } from '../translations.repository';
import type { ProgressHub, ProgressSubscriber } from './progress-hub';
import { progressSnapshot } from './progress-snapshot';

const KEEP_ALIVE_MS = 15_000;

/**
 * GET /translations/{id}/events/ as server-sent events. Any process may be doing the work, so the
 * process's progress hub reads the database (one read per tick for all streams, decision 217) and
 * the stream sends an event whenever something visible changed; it ends after a final status, when
 * the translation is deleted or when its session ends. Ownership is checked by the caller; past the
 * user's limit of open streams the hub answers 429 before anything is sent.
 */
export function streamTranslationEvents(
  hub: ProgressHub,
  reply: FastifyReply,
  first: TranslationProgressRow,
  session: RequestSession,
): void {
  const res = reply.raw;
  let last = '';
  let wroteAt = Date.now();
  const write = (chunk: string) => {
    if (res.writableEnded || res.destroyed) return;
    res.write(chunk);
    wroteAt = Date.now();
  };
  const subscriber: ProgressSubscriber = {
    translationId: first.id,
    userId: session.userId,
    sessionId: session.sessionId,
    update(snapshot) {
      if (!snapshot) write('event: deleted\ndata: {}\n\n');
      else if (snapshot.data !== last) {
        write(`event: progress\ndata: ${snapshot.data}\n\n`);
        last = snapshot.data;
      } else if (Date.now() - wroteAt >= KEEP_ALIVE_MS) write(': keep-alive\n\n');
    },
    end() {
      if (!res.writableEnded) res.end();
    },
  };
  const leave = hub.open(subscriber);
  reply.hijack();
  res.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    connection: 'keep-alive',
    'x-accel-buffering': 'no',
  });
  // Ends with the response: a closed connection, or the hub's end().
  res.on('close', leave);
  const snapshot = progressSnapshot(first);
  subscriber.update(snapshot);
  if (snapshot.final) {
    leave();
    subscriber.end();
  }
}
