// The typed failures the sandbox answers with, from here too: a caller that only reads books in the
// sandbox need not load the library's index, which brings the readers' parsers (~340 KB bundled).
export { EbookError, type EbookErrorCode, isEbookError } from '../errors';
export {
  type BookSandbox,
  convertBookSandboxed,
  inspectBookSandboxed,
  openBookSandbox,
  readBookSandboxed,
  type SandboxReadOptions,
} from './book-sandbox';
export { prestartSandbox } from './sandbox-pool';
export type { BookSummary } from './sandbox-protocol';
export {
  configureSandbox,
  type SandboxLane,
  type SandboxSettings,
  sandboxSettings,
} from './sandbox-settings';
export type { WarmHint } from './warm-formats';
