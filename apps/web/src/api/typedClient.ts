import { createApiClient } from '@booktranslate/api-client';
import { API_BASE } from './http';

export { routes } from '@booktranslate/contract';

/** One api-client per API origin; in mock mode its fetch is answered locally. */
export async function createClient(origin: string) {
  const mock =
    import.meta.env.VITE_MOCK_API === 'true' ? (await import('./mock/mockFetch')).mockFetch : undefined;
  return createApiClient({ baseUrl: `${origin}${API_BASE}`, ...(mock ? { fetch: mock } : {}) });
}
