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
