/** The HTTP status of a failed call, from either error class (the api-client's or ours). */
export function httpStatus(err: unknown): number | undefined {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === 'number' ? code : undefined;
}

/** True when the server could not be reached at all. */
export function isNetworkError(err: unknown): boolean {
  return (err as { code?: unknown } | null)?.code === 'NETWORK_ERROR';
}
