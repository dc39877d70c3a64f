import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../../config/env';
import type { Database } from '../../../db/database';
import type { Clock } from '../../../deps';
import { sessionsRepository } from '../../auth/sessions.repository';
import { translationsRepository } from '../translations.repository';
import { ProgressHub } from './progress-hub';

/** The process's progress hub on the database: translations' progress and sessions' state. */
export function createProgressHub(deps: {
  db: Database;
  clock: Clock;
  config: Pick<Config, 'progressStreams'>;
  intervalMs: number;
  log: FastifyBaseLogger;
}): ProgressHub {
  const { db, clock, config } = deps;
  return new ProgressHub({
    read: (ids) => translationsRepository.progressOf(db, ids),
    activeSessions: (families) => sessionsRepository.activeAmong(db, families, clock.now()),
    intervalMs: deps.intervalMs,
    perUser: config.progressStreams.perUser,
    translationsPerTick: config.progressStreams.translationsPerTick,
    onError: (error) => deps.log.warn({ err: error }, 'progress streams: a read failed, trying next tick'),
  });
}
