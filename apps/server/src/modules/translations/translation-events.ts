import type { TranslationEvent, TranslationStatus } from '@booktranslate/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '../../db/database';
import type { TranslationRow } from '../../db/schema/translations';
import { progressPercent } from './translation-progress';
import { FINAL_STATUSES } from './translation-status';
import { translationsRepository as repo } from './translations.repository';

/**
 * GET /translations/{id}/events/ as server-sent events. Any process may be doing the work, so the
 * stream watches the database (a cheap primary-key read per interval) and sends an event whenever
 * something visible changed; it ends after a final status. Ownership is checked by the caller.
 */
export async function streamTranslationEvents(
  db: Database,
  request: FastifyRequest,
  reply: FastifyReply,
  first: TranslationRow,
  intervalMs = 1000,
): Promise<void> {
  reply.hijack();
  const res = reply.raw;
  res.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    connection: 'keep-alive',
    'x-accel-buffering': 'no',
  });
  let closed = false;
  request.raw.on('close', () => {
    closed = true;
  });
  let last = '';
  let idle = 0;
  let row: TranslationRow | undefined = first;
  while (!closed && row) {
    const event = toEvent(row);
    const data = JSON.stringify(event);
    if (data !== last) {
      res.write(`event: progress\ndata: ${data}\n\n`);
      last = data;
      idle = 0;
    } else if (++idle * intervalMs >= 15_000) {
      res.write(': keep-alive\n\n');
      idle = 0;
    }
    if (FINAL_STATUSES.includes(event.status)) break;
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
    row = await repo.findById(db, first.id);
  }
  if (!row && !closed) res.write('event: deleted\ndata: {}\n\n');
  res.end();
}

function toEvent(t: TranslationRow): TranslationEvent {
  return {
    id: t.id,
    status: t.status as TranslationStatus,
    progress: t.status === 'completed' ? 100 : progressPercent(t.wordsDone, t.wordsTotal),
    current_chapter: t.currentChapter,
    estimated_completion: t.estimatedCompletion?.toISOString() ?? null,
    failure_reason: t.failureReason,
  };
}
