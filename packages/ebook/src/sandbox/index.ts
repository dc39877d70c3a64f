export {
  type BookSandbox,
  inspectBookSandboxed,
  openBookSandbox,
  readBookSandboxed,
} from './book-sandbox';
export type { BookSummary } from './sandbox-protocol';
export { configureSandbox, type SandboxSettings, sandboxSettings } from './sandbox-settings';
