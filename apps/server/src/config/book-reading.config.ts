import { z } from 'zod';
import { integer } from './env-values';

/** The budget of the sandbox that reads every uploaded book, each in a child process (decisions 110, 210). */
export const bookReadingConfig = z
  .object({
    BOOK_READ_MEMORY_MB: integer(160, 32, 4096),
    BOOK_READ_SECONDS: integer(30, 1, 600),
    BOOK_READ_CONCURRENCY: integer(2, 1, 64),
    BOOK_QUOTE_CONCURRENCY: integer(1, 1, 64),
    // Quotes read a book each: this many a minute per user and per client address.
    QUOTES_PER_MINUTE: integer(20, 1, 100_000),
  })
  .transform((env) => ({
    bookReading: {
      memoryMb: env.BOOK_READ_MEMORY_MB,
      seconds: env.BOOK_READ_SECONDS,
      concurrency: env.BOOK_READ_CONCURRENCY,
      quoteConcurrency: env.BOOK_QUOTE_CONCURRENCY,
    },
    quotesPerMinute: env.QUOTES_PER_MINUTE,
  }));
