import type { Database } from '../../db/database';
import type { FileStore } from '../books/book-storage';
import type { EngineChoice, SpendCeilingSettings } from '../translations';
import type { ReaderBookCache } from './reader-book-cache';

/** What the reader and editor use: the database, the originals, the book cache and the engine. */
export interface PassagesDeps {
  db: Database;
  files: Pick<FileStore, 'get' | 'stat'>;
  books: ReaderBookCache;
  engineFor(from: string, to: string): Promise<EngineChoice>;
  spendCeiling: SpendCeilingSettings;
  /** Provider requests in flight per process (TRANSLATION_CONCURRENCY). */
  concurrency: number;
  /** PASSAGE_RETRANSLATIONS_PER_TRANSLATION. */
  retranslationLimit: number;
}
