import type { Logger } from 'pino';
import type { Config } from '../config/env';
import { createDatabase } from '../db/client';
import type { DatabaseHandle } from '../db/database';
import { Queue } from '../jobs/queue';
import { jobRegistry } from '../modules';
import { createStorage } from '../storage/create-storage';
import type { Storage } from '../storage/storage';

export interface Infrastructure {
  handle: DatabaseHandle;
  queue: Queue;
  storage: Storage;
  /** Stops the queue (waiting for running jobs) and closes the database, in that order. */
  close(): Promise<void>;
}

/** Opens the database, the queue (not yet started) and the storage driver the configuration names. */
export async function openInfrastructure(config: Config, logger: Logger): Promise<Infrastructure> {
  const handle = await createDatabase(config.database);
  const queue = new Queue({ connection: handle.queueConnection, registry: jobRegistry, logger });
  const storage = createStorage(config);
  return {
    handle,
    queue,
    storage,
    async close() {
      await queue.stop(20_000);
      await handle.close();
    },
  };
}
