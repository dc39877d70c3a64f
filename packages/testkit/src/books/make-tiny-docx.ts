/** A small valid Docx book made in code, for tests that must pass anywhere. */
export function makeTinyDocx(): Uint8Array {
  throw new Error('makeTinyDocx is not written yet');
}
