import type { TranslatorErrorCode } from './errors';
import type { BlockNote } from './qa/qa-report';
import type { Usage } from './usage';

/** A translated block, or one part of a block that was split at sentence boundaries. */
export interface TranslatedItem {
  blockId: string;
  part?: { index: number; count: number };
  text: string;
  fromMemory: boolean;
}

/** A block that could not be translated; the book keeps its source text and the report lists it. */
export interface BlockFailure {
  blockId: string;
  chapterId: string;
  code: TranslatorErrorCode;
  message: string;
}

export interface ChunkResult {
  chunkIndex: number;
  items: TranslatedItem[];
  failures: BlockFailure[];
  /** Accepted with a reservation, e.g. a glossary rendering the model would not use. */
  warnings: string[];
  usage: Usage;
  /** Requests repeated for any reason: transient errors, failed checks, splits. */
  retries: number;
  /** Blocks whose reply was rejected and then repaired, or reported: the QA report lists them. */
  notes: BlockNote[];
}
