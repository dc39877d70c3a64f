export {
  type BookSandbox,
  inspectBookSandboxed,
  openBookSandbox,
  readBookSandboxed,
  type SandboxReadOptions,
} from './book-sandbox';
export type { BookSummary } from './sandbox-protocol';
export {
  configureSandbox,
  type SandboxLane,
  type SandboxSettings,
  sandboxSettings,
} from './sandbox-settings';
