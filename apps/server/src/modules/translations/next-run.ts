/**
 * The record's fields for another run of the same translation (retry, the rest of a preview): back to
 * pending under the new run number, with the last run's failure and timings cleared.
 */
export function nextRunFields(run: number) {
  return {
    status: 'pending' as const,
    run,
    failureReason: null,
    failureKind: null,
    estimatedCompletion: null,
    translatingStartedAt: null,
  };
}
