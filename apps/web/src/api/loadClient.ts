type ClientModule = typeof import('./client');
const loaded = new Map<string, ReturnType<ClientModule['createClient']>>();

let apiOrigin = '';
/** Same origin by default; tests point the app at a local server. */
export function setApiOrigin(origin: string): void {
  apiOrigin = origin;
}
export function getApiOrigin(): string {
  return apiOrigin;
}

/**
 * The typed api-client and the contract's route table, fetched on first use: the contract's zod
 * schemas then live in their own chunk, not in the landing page's first bundle (decision 071).
 */
export async function loadClient() {
  const module = await import('./client');
  const origin = apiOrigin;
  let client = loaded.get(origin);
  if (!client) {
    client = module.createClient(origin);
    loaded.set(origin, client);
  }
  return { client: await client, routes: module.routes };
}
