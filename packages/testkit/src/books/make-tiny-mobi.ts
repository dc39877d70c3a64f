/** A small valid Mobi book made in code, for tests that must pass anywhere. */
export function makeTinyMobi(): Uint8Array {
  throw new Error('makeTinyMobi is not written yet');
}
