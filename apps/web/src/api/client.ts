import { createApiClient } from '@booktranslate/api-client';
import { API_BASE } from './apiBase';

export { routes } from '@booktranslate/contract';

/** One api-client per API origin; in mock mode its fetch is answered locally (and checked). */
export async function createClient(origin: string) {
  // The flag is written inline so the bundler drops the mock entirely from normal builds.
  const mock =
    import.meta.env.VITE_MOCK_API === 'true' ? (await import('./mock/mockFetch')).mockFetch : undefined;
  return createApiClient({ baseUrl: `${origin}${API_BASE}`, ...(mock ? { fetch: mock } : {}) });
}
