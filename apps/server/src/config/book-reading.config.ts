import { z } from 'zod';
import { integer } from './env-values';

/** The budget of the sandbox that reads every uploaded book (decision 110). */
export const bookReadingConfig = z
  .object({
    BOOK_READ_MEMORY_MB: integer(160, 32, 4096),
    BOOK_READ_SECONDS: integer(30, 1, 600),
    BOOK_READ_CONCURRENCY: integer(2, 1, 64),
  })
  .transform((env) => ({
    bookReading: {
      memoryMb: env.BOOK_READ_MEMORY_MB,
      seconds: env.BOOK_READ_SECONDS,
      concurrency: env.BOOK_READ_CONCURRENCY,
    },
  }));
