import { z } from 'zod';
import { defineJob } from '../../jobs/define-job';
import type { Queue } from '../../jobs/queue';
import { handler, type JobHandlers } from '../../jobs/worker';
import { deliverBook } from './deliver-book';
import type { DeliverDeps, DeliveryJobs } from './deliveries-deps';

/** One send of a book to a device; retried with backoff while the mail server is away. */
export const deliverBookJob = defineJob({
  name: 'delivery-send',
  payload: z.object({ deliveryId: z.uuid() }),
  policy: {
    retryLimit: 4,
    retryDelay: 15,
    retryBackoff: true,
    retryDelayMax: 600,
    expireInSeconds: 300,
    heartbeatSeconds: 15,
  },
  concurrency: 4,
});

export const deliveryJobDefinitions = [deliverBookJob] as const;

/** Queues a send's job. */
export function queueDeliveryJobs(queue: Pick<Queue, 'send'>): DeliveryJobs {
  return {
    async send(deliveryId) {
      await queue.send(deliverBookJob.name, { deliveryId }, { id: deliveryId });
    },
  };
}

/** The worker's handler for sends; the last retry records the failure on the send. */
export function deliveryJobHandlers(deps: DeliverDeps): JobHandlers {
  return {
    [deliverBookJob.name]: handler(deliverBookJob, (payload, job) =>
      deliverBook(deps, payload.deliveryId, { last: job.retryCount >= deliverBookJob.policy.retryLimit }),
    ),
  };
}
