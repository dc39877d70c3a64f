/** Requests one provider key answers at once in the service benches. */
export const PROVIDER_SLOTS = 32;

/** The fake model as one provider key: 1.5 s per request, 5 ms per output token, PROVIDER_SLOTS at once. */
export const PROVIDER_KEY = { latencyMs: 1500, msPerOutputToken: 5, maxConcurrency: PROVIDER_SLOTS };

/**
 * The settings of a server process on `databaseUrl` that translates with the fake OpenAI-compatible
 * model at `baseURL`, `concurrency` requests at once.
 */
export function fakeModelEnv(
  databaseUrl: string,
  baseURL: string,
  concurrency: number,
): Record<string, string> {
  return {
    DATABASE_URL: databaseUrl,
    TRANSLATION_ENGINE: 'openai',
    OPENAI_BASE_URL: baseURL,
    OPENAI_API_KEY: 'bench',
    OPENAI_MODEL: 'fake',
    TRANSLATION_CONCURRENCY: String(concurrency),
  };
}
