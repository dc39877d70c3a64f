// The catalogue's addresses without zod, so the web bundle can build them (contract-aliases.ts).

/**
 * The reading apps' catalogue (OPDS), served outside `/api/v1`: `/opds/` is the OPDS 1.2 (Atom)
 * root and `/opds/v2/` the OPDS 2.0 (JSON) one. Reading apps sign in with HTTP Basic (the account's
 * e-mail and an app password) or use the same paths under `/opds/t/{token}/`.
 */
export const OPDS_PATH = '/opds';

/**
 * The catalogue's roots at `origin` (the site's public address) for HTTP Basic sign-in: what
 * Settings shows for every reading app.
 * @example basicCatalogueUrls('https://books.example').opds_v2 // 'https://books.example/opds/v2/'
 */
export function basicCatalogueUrls(origin: string) {
  const base = origin.replace(/\/+$/, '');
  return { opds: `${base}${OPDS_PATH}/`, opds_v2: `${base}${OPDS_PATH}/v2/` };
}

/**
 * The catalogue's roots at `origin` (the site's public address): with HTTP Basic, and with a
 * token in the path for apps that cannot send a password.
 * @example catalogueUrls('https://books.example', 'id.secret').opds_token // 'https://books.example/opds/t/id.secret/'
 */
export function catalogueUrls(origin: string, token: string) {
  const base = origin.replace(/\/+$/, '');
  return {
    ...basicCatalogueUrls(base),
    opds_token: `${base}${OPDS_PATH}/t/${token}/`,
    opds_v2_token: `${base}${OPDS_PATH}/t/${token}/v2/`,
  };
}
