import { z } from 'zod';
import { integer } from './env-values';

/**
 * Live progress streams (decision 217): how many one account may hold open per API process, and how
 * many translations one tick of the process's shared poll reads at most (the rest wait a tick).
 */
export const progressConfig = z
  .object({
    PROGRESS_STREAMS_PER_USER: integer(20, 1, 1000),
    PROGRESS_TRANSLATIONS_PER_TICK: integer(500, 10, 10_000),
  })
  .transform((env) => ({
    progressStreams: {
      perUser: env.PROGRESS_STREAMS_PER_USER,
      translationsPerTick: env.PROGRESS_TRANSLATIONS_PER_TICK,
    },
  }));
