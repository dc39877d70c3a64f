/** A small valid Markdown book made in code, for tests that must pass anywhere. */
export function makeTinyMarkdown(): Uint8Array {
  throw new Error('makeTinyMarkdown is not written yet');
}
