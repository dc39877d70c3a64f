// What the rest of the server uses of the translation memory.
export { lookUpMemory, type MemoryFound, type MemoryQuery, rememberedTexts } from './look-up-memory';
export { memoryRepository } from './memory.repository';
export { type MemoryScope, normaliseSource, scopedHashes, sourceDigest } from './memory-key';
export {
  type FinishedPassage,
  rememberEdit,
  rememberEngineText,
  rememberReaderEdit,
} from './remember-passages';
