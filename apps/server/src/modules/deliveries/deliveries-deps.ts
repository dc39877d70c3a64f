import type { Config } from '../../config/env';
import type { Database } from '../../db/database';
import type { FileStore } from '../books/book-storage';
import type { Mailer } from '../mail/mailer';

/** Queues a delivery's job (the queue in the app, a plain function in tests). */
export interface DeliveryJobs {
  send(deliveryId: string): Promise<void>;
}

/** What sending books to reading devices uses. */
export interface DeliveriesDeps {
  db: Database;
  files: FileStore;
  jobs: DeliveryJobs;
  mail: Pick<Config['mail'], 'deviceSendsPerDay' | 'deviceSendMaxBytes' | 'from'>;
  now(): Date;
}

/** What the delivery job uses. */
export interface DeliverDeps {
  db: Database;
  files: FileStore;
  mailer: Mailer;
  mail: Pick<Config['mail'], 'deviceSendMaxBytes'>;
}
