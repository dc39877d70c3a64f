import { getApiOrigin } from './http';

type TypedClient = typeof import('./typedClient');
const loaded = new Map<string, ReturnType<TypedClient['createClient']>>();

/**
 * The typed api-client and the contract's route table, fetched on first use: the contract's zod
 * schemas then live in the signed-in screens' chunks, not in the landing page's bundle (decision 071).
 */
export async function loadClient() {
  const module = await import('./typedClient');
  const origin = getApiOrigin();
  let client = loaded.get(origin);
  if (!client) {
    client = module.createClient(origin);
    loaded.set(origin, client);
  }
  return { client: await client, routes: module.routes };
}
