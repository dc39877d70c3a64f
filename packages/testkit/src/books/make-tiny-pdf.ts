/** A small valid Pdf book made in code, for tests that must pass anywhere. */
export function makeTinyPdf(): Uint8Array {
  throw new Error('makeTinyPdf is not written yet');
}
