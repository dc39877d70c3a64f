import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/database';
import type { Queue } from '../jobs/queue';
import { translationJobDefinitions } from '../modules/translations';
import { startTestQueue, type TestQueue } from '../testing/queue-test-kit';
import { renderMetrics } from './render-metrics';

describe('queue depth in the metrics', () => {
  let started: TestQueue;
  let handle: DatabaseHandle;
  let queue: Queue;
  beforeAll(async () => {
    started = await startTestQueue(translationJobDefinitions);
    ({ handle, queue } = started);
  }, 60_000);
  afterAll(() => started?.close());

  it('counts jobs by queue and state as the monitor last saw them', async () => {
    for (let seq = 0; seq < 3; seq++) {
      await queue.send('translation-chunk', { translationId: randomUUID(), run: 1, seq });
    }
    await queue.send('translation-merge', { translationId: randomUUID(), run: 1 }, { startAfter: 3600 });
    await queue.boss.fetch('translation-chunk');
    for (const name of ['translation-chunk', 'translation-merge']) await queue.boss.supervise(name);

    const text = await renderMetrics({ db: handle.db, queue });
    expect(text).toContain('booktranslate_queue_jobs{queue="translation-chunk",state="ready"} 2');
    expect(text).toContain('booktranslate_queue_jobs{queue="translation-chunk",state="active"} 1');
    expect(text).toContain('booktranslate_queue_jobs{queue="translation-merge",state="deferred"} 1');
    expect(text).toContain('booktranslate_queue_jobs{queue="translation-prepare",state="ready"} 0');
  });
});
