import { DOMParser } from '@xmldom/xmldom';
import { TaJsonDeserialize } from 'r2-lcp-js/dist/es8-es2017/src/serializable';
import {
  initGlobalConverters_GENERIC,
  initGlobalConverters_OPDS,
} from 'r2-opds-js/dist/es8-es2017/src/opds/init-globals';
import { OPDS } from 'r2-opds-js/dist/es8-es2017/src/opds/opds1/opds';
import { OPDSFeed } from 'r2-opds-js/dist/es8-es2017/src/opds/opds2/opds2';
import { XML } from 'r2-utils-js/dist/es8-es2017/src/_utils/xml-js-mapper';

// The Readium parser Thorium reads catalogues with, set up as Thorium does.
initGlobalConverters_OPDS();
initGlobalConverters_GENERIC();

export const ACQUISITION = 'http://opds-spec.org/acquisition';

/** A reading app's sign-in: HTTP Basic with the account's e-mail and an app password. */
export function basicAuth(email: string, password: string): Record<string, string> {
  return { authorization: `Basic ${Buffer.from(`${email}:${password}`).toString('base64')}` };
}

/** GETs `href` (relative to `base`) as a reading app does, failing on anything but a 200. */
export async function fetchOk(
  base: string,
  href: string,
  headers: Record<string, string>,
): Promise<Response> {
  const response = await fetch(new URL(href, base), { headers });
  if (response.status !== 200) throw new Error(`${href}: ${response.status} ${await response.text()}`);
  return response;
}

/** An OPDS 1.2 feed parsed by Readium's parser, after a strict well-formedness check of its Atom. */
export async function readOpds1(base: string, href: string, headers: Record<string, string>): Promise<OPDS> {
  const body = await (await fetchOk(base, href, headers)).text();
  const doc = new DOMParser({
    onError: (level: string, message: string) => {
      if (level !== 'warning') throw new Error(`${href} is not well-formed: ${message}`);
    },
  }).parseFromString(body, 'application/xml');
  // xmldom's Document stands in for the DOM one the parser is typed with.
  return XML.deserialize<OPDS>(doc as unknown as Parameters<typeof XML.deserialize>[0], OPDS);
}

/** An OPDS 2.0 feed parsed by Readium's parser. */
export async function readOpds2(
  base: string,
  href: string,
  headers: Record<string, string>,
): Promise<OPDSFeed> {
  const body = await (await fetchOk(base, href, headers)).json();
  return TaJsonDeserialize<OPDSFeed>(body, OPDSFeed);
}
