import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineJob } from './define-job';
import { JobRegistry } from './job-registry';
import { Queue } from './queue';
import { MissingJobHandlerError, startWorker } from './worker';

const a = defineJob({ name: 'job-a', payload: z.object({ id: z.uuid() }) });
const b = defineJob({ name: 'job-b', payload: z.object({ id: z.uuid() }) });
// Never connects: the worker must refuse before touching the database.
const unreachable = { kind: 'postgres', connectionString: 'postgres://nobody@127.0.0.1:1/none' } as const;

describe('worker start-up', () => {
  it('refuses to start when a definition has no handler, naming it', async () => {
    const queue = new Queue({ connection: unreachable, registry: new JobRegistry([a, b]) });
    const start = startWorker(queue, { 'job-a': async () => {} });
    await expect(start).rejects.toBeInstanceOf(MissingJobHandlerError);
    await expect(start).rejects.toThrow(/"job-b"/);
  });

  it('refuses a handler for a job nobody defined', async () => {
    const queue = new Queue({ connection: unreachable, registry: new JobRegistry([a]) });
    await expect(startWorker(queue, { 'job-a': async () => {}, 'job-z': async () => {} })).rejects.toThrow(
      /job-z/,
    );
  });

  it('refuses duplicate and badly named definitions', () => {
    expect(() => new JobRegistry([a, a])).toThrow(/defined twice/);
    expect(() => defineJob({ name: 'Bad Name', payload: z.object({}) })).toThrow(/lower-case/);
    expect(() =>
      defineJob({ name: 'quick', payload: z.object({}), policy: { heartbeatSeconds: 5 } }),
    ).toThrow(/heartbeat/);
  });
});
