import { readBook } from '@booktranslate/ebook';
import { makeTinyEpub } from '@booktranslate/testkit';
import { DOMParser } from '@xmldom/xmldom';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { TaJsonDeserialize } from 'r2-lcp-js/dist/es8-es2017/src/serializable';
import {
  initGlobalConverters_GENERIC,
  initGlobalConverters_OPDS,
} from 'r2-opds-js/dist/es8-es2017/src/opds/init-globals';
import { OPDS } from 'r2-opds-js/dist/es8-es2017/src/opds/opds1/opds';
import type { Entry } from 'r2-opds-js/dist/es8-es2017/src/opds/opds1/opds-entry';
import { OPDSFeed } from 'r2-opds-js/dist/es8-es2017/src/opds/opds2/opds2';
import { XML } from 'r2-utils-js/dist/es8-es2017/src/_utils/xml-js-mapper';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { books } from '../../db/schema/books';
import { type PipelineHarness, startPipelineHarness, type TestUser } from '../../testing/pipeline-test-kit';
import { longTxtBook } from '../../testing/reader-books';

// The Readium parser Thorium reads catalogues with, set up as Thorium does.
initGlobalConverters_OPDS();
initGlobalConverters_GENERIC();

const HOSTILE = 'Spy </title><script>alert(1)</script> & "Co" \u0001';
const ACQUISITION = 'http://opds-spec.org/acquisition';

interface Reader {
  user: TestUser;
  email: string;
  password: string;
  token: string;
  id: string;
}

/** An Atom document parsed strictly: any well-formedness error fails the test. */
function strictXml(body: string) {
  return new DOMParser({
    onError: (level: string, message: string) => {
      if (level !== 'warning') throw new Error(`not well-formed: ${message}`);
    },
  }).parseFromString(body, 'application/xml');
}

describe('the OPDS catalogue read by a reading app', () => {
  let h: PipelineHarness;
  let owner: Reader;
  let stranger: Reader;
  let storyId: string;
  let previewId: string;
  let ip = 0;

  /** A GET from a client address of its own (the tests play the trusted proxy). */
  const get = (url: string, headers: Record<string, string> = {}, from = `198.51.100.${++ip % 250}`) =>
    h.app.inject({ method: 'GET', url, headers: { 'x-forwarded-for': from, ...headers } });
  const basic = (r: { email: string; password: string }) => ({
    authorization: `Basic ${Buffer.from(`${r.email}:${r.password}`).toString('base64')}`,
  });
  const asOwner = (url: string) => get(url, basic(owner));

  async function reader(user: TestUser, name: string): Promise<Reader> {
    const email = (await user.client.get('/users/profile/')).json().email as string;
    const created = await user.client.post('/users/app-passwords/', { name });
    expect(created.statusCode, created.body).toBe(201);
    const { id, password, token } = created.json();
    return { user, email, password, token, id };
  }

  async function opds1(url: string, auth: Record<string, string> = basic(owner)): Promise<OPDS> {
    const response = await get(url, auth);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/atom\+xml;profile=opds-catalog;kind=/);
    return XML.deserialize<OPDS>(strictXml(response.body), OPDS);
  }

  async function opds2(url: string, auth: Record<string, string> = basic(owner)): Promise<OPDSFeed> {
    const response = await get(url, auth);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/opds\+json/);
    return TaJsonDeserialize<OPDSFeed>(JSON.parse(response.body), OPDSFeed);
  }

  const link = (links: { Rel?: string; Href: string }[] | undefined, rel: string) =>
    links?.find((l) => l.Rel === rel)?.Href;

  beforeAll(async () => {
    h = await startPipelineHarness({ llm: { latencyMs: 0 }, env: { TRUST_PROXY: 'loopback' } });
    // Only the sign-up's two Free credits: the long book becomes a preview.
    const user = await h.newUser();
    const story = await user.upload(
      'spy.epub',
      makeTinyEpub({
        title: HOSTILE.replace('\u0001', ''),
        author: 'Ann <Author>',
        language: 'en',
        cover: true,
      }),
      { target_language: 'fr' },
    );
    expect(story.statusCode, story.body).toBe(201);
    storyId = story.json().data.translation.id;
    // A character XML cannot hold, as a title read from some other file could carry.
    await h.handle.db.update(books).set({ title: HOSTILE }).where(eq(books.id, story.json().data.book.id));
    const long = await user.upload('valley.txt', longTxtBook(), { target_language: 'de' });
    expect(long.statusCode, long.body).toBe(201);
    previewId = long.json().data.translation.id;
    expect((await h.followStatuses(user, storyId)).at(-1)).toBe('completed');
    expect((await h.followStatuses(user, previewId)).at(-1)).toBe('completed');
    owner = await reader(user, 'Kobo');
    stranger = await reader(await h.newUser(), 'Phone');
  }, 180_000);
  afterAll(() => h?.close());

  it('creates a password shown once and lists it by name and last use, never the secret', async () => {
    const created = await owner.user.client.post('/users/app-passwords/', { name: '  Thorium  ' });
    expect(created.statusCode).toBe(201);
    expect(created.headers['cache-control']).toBe('no-store');
    const body = created.json();
    expect(body).toMatchObject({ name: 'Thorium', last_used_at: null });
    expect(body.password).toMatch(/^([a-z2-9]{4}-){5}[a-z2-9]{4}$/);
    expect(body.token).toBe(`${body.id}.${body.password.replaceAll('-', '')}`);
    expect(body.urls.opds).toMatch(/\/opds\/$/);
    expect(body.urls.opds_v2_token).toMatch(new RegExp(`/opds/t/${body.token.replace('.', '\\.')}/v2/$`));

    await asOwner('/opds/');
    const list = await owner.user.client.get('/users/app-passwords/');
    expect(list.statusCode).toBe(200);
    const items = list.json().items as Record<string, unknown>[];
    expect(items.map((i) => i.name)).toEqual(['Kobo', 'Thorium']);
    expect(items[0]?.last_used_at).not.toBeNull();
    expect(Object.keys(items[0]!).sort()).toEqual(['created_at', 'id', 'last_used_at', 'name']);
    expect(list.body).not.toContain(owner.password.replaceAll('-', ''));
    expect(list.body).not.toContain(body.password);

    const bad = await owner.user.client.post('/users/app-passwords/', { name: '   ' });
    expect(bad.statusCode).toBe(400);
  });

  it('OPDS 1.2: the Readium parser reads the root and the recent feed, follows every acquisition link and opens the EPUB', async () => {
    const root = await opds1('/opds/');
    expect(root.Entries.map((e) => e.Title)).toEqual(['Recent translations', 'By language', 'By book']);
    expect(link(root.Links, 'search')).toBe('/opds/opensearch.xml');
    const recentHref = root.Entries[0]!.Links.find((l) => l.Rel === 'http://opds-spec.org/sort/new');
    expect(recentHref?.Type).toBe('application/atom+xml;profile=opds-catalog;kind=acquisition');

    const recent = await opds1(recentHref!.Href);
    expect(recent.OpensearchTotalResults).toBe(2);
    const story = recent.Entries.find((e) => e.Id === `urn:uuid:${storyId}`) as Entry;
    // The hostile title arrives as text, whole, minus the character XML cannot hold: the book's in
    // the summary, the translated one (the fake model writes words backwards) as the title.
    expect(story.Summary).toContain(`Translated from “${HOSTILE.replace('\u0001', '')}”.`);
    expect(story.Title).toContain('<tpircs>');
    expect(story.Authors[0]?.Name).toBe('Ann <Author>');
    expect(story.DcLanguage).toBe('fr');
    expect(story.Updated).toBeInstanceOf(Date);
    const acquisitions = story.Links.filter((l) => l.Rel === ACQUISITION);
    expect(acquisitions.map((l) => [l.Type, l.Title])).toEqual([
      ['application/epub+zip', 'EPUB'],
      ['application/x-fictionbook+xml', 'FB2'],
      ['text/plain', 'Plain text'],
      ['application/epub+zip', 'Bilingual EPUB'],
    ]);
    const cover = link(story.Links, 'http://opds-spec.org/image');
    expect(link(story.Links, 'http://opds-spec.org/image/thumbnail')).toBe(cover);
    const image = await asOwner(cover!);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');

    for (const acquisition of acquisitions) {
      const file = await asOwner(acquisition.Href);
      expect(file.statusCode, acquisition.Href).toBe(200);
      expect(String(file.headers['content-type'])).toContain(acquisition.Type);
      if (acquisition.Type === 'text/plain') {
        expect(file.body.length).toBeGreaterThan(0);
        continue;
      }
      const book = await readBook(new Uint8Array(file.rawPayload), {
        filename: acquisition.Type === 'application/epub+zip' ? 'book.epub' : 'book.fb2',
      });
      expect(book.chapters.length).toBeGreaterThan(0);
    }
  });

  it('OPDS 2.0: the Readium parser reads the same catalogue as JSON and the EPUB opens', async () => {
    const root = await opds2('/opds/v2/');
    expect(root.Navigation.map((l) => l.Title)).toEqual(['Recent translations', 'By language', 'By book']);
    const search = root.Links.find((l) => l.Rel.includes('search'));
    expect(search?.Href).toBe('/opds/v2/search/{?query}');
    const recent = await opds2(root.Navigation[0]!.Href);
    expect(recent.Metadata.NumberOfItems).toBe(2);
    const story = recent.Publications.find((p) => p.Metadata.Identifier === `urn:uuid:${storyId}`)!;
    expect(story.Metadata.Title).toContain('<tpircs>');
    expect(story.Metadata.Description).toContain(HOSTILE.replace('\u0001', ''));
    expect(story.Metadata.Language).toEqual(['fr']);
    expect(story.Images?.[0]?.TypeLink).toBe('image/png');
    const links = story.Links.filter((l) => l.Rel.includes(ACQUISITION));
    expect(links.map((l) => l.TypeLink)).toEqual([
      'application/epub+zip',
      'application/x-fictionbook+xml',
      'text/plain',
      'application/epub+zip',
    ]);
    for (const acquisition of links) expect((await asOwner(acquisition.Href)).statusCode).toBe(200);
    const epub = await asOwner(links[0]!.Href);
    const book = await readBook(new Uint8Array(epub.rawPayload), { filename: 'book.epub' });
    expect(book.chapters.length).toBeGreaterThan(0);
  });

  it('labels the Free preview in its entry, in both versions', async () => {
    const recent = await opds1('/opds/recent/');
    const preview = recent.Entries.find((e) => e.Id === `urn:uuid:${previewId}`)!;
    expect(preview.Categories?.map((c) => c.Label)).toEqual(['Free preview']);
    expect(preview.Summary).toMatch(/^A Free preview: the first 5,000 of [\d,]+ words\./);
    const story = recent.Entries.find((e) => e.Id === `urn:uuid:${storyId}`)!;
    expect(story.Categories ?? []).toEqual([]);

    const v2 = await opds2('/opds/v2/recent/');
    const p2 = v2.Publications.find((p) => p.Metadata.Identifier === `urn:uuid:${previewId}`)!;
    expect(p2.Metadata.SubTitle).toBe('Free preview');
    expect(p2.Metadata.Description).toMatch(/^A Free preview/);
  });

  it('browses by language and by book, and finds by title or author through OpenSearch', async () => {
    const languages = await opds1('/opds/languages/');
    expect(languages.Entries.map((e) => e.Title)).toEqual(['German', 'French']);
    const french = await opds1(languages.Entries[1]!.Links[0]!.Href);
    expect(french.Entries.map((e) => e.Id)).toEqual([`urn:uuid:${storyId}`]);

    const books = await opds1('/opds/books/');
    expect(books.Entries).toHaveLength(2);
    const bookFeed = await opds1(books.Entries.find((e) => e.Title.includes('<script>'))!.Links[0]!.Href);
    expect(bookFeed.Entries.map((e) => e.Id)).toEqual([`urn:uuid:${storyId}`]);

    const description = await asOwner('/opds/opensearch.xml');
    expect(description.headers['content-type']).toContain('application/opensearchdescription+xml');
    const template = strictXml(description.body).getElementsByTagName('Url')[0]!.getAttribute('template')!;
    expect(template).toBe('/opds/search/?q={searchTerms}');
    const byAuthor = await opds1(template.replace('{searchTerms}', encodeURIComponent('ann <author')));
    expect(byAuthor.Entries.map((e) => e.Id)).toEqual([`urn:uuid:${storyId}`]);
    const byTitle = await opds2('/opds/v2/search/?query=SCRIPT');
    expect(byTitle.Publications.map((p) => p.Metadata.Identifier)).toEqual([`urn:uuid:${storyId}`]);
    const wildcard = await opds1('/opds/search/?q=%25');
    expect(wildcard.Entries ?? []).toEqual([]);
  });

  it('pages with first, next, previous and last, and bounds the page a client may ask for', async () => {
    const first = await opds1('/opds/recent/');
    expect(link(first.Links, 'first')).toBe('/opds/recent/');
    expect(link(first.Links, 'last')).toBe('/opds/recent/');
    expect(link(first.Links, 'next')).toBeUndefined();
    const past = await opds1('/opds/recent/?page=3');
    expect(past.Entries ?? []).toEqual([]);
    expect(link(past.Links, 'previous')).toBe('/opds/recent/');
    expect((await asOwner('/opds/recent/?page=1001')).statusCode).toBe(400);
    expect((await asOwner('/opds/recent/?page=0')).statusCode).toBe(400);
  });

  it('answers 304 to a client whose copy is current, by ETag or by date', async () => {
    const response = await asOwner('/opds/recent/');
    const etag = response.headers.etag as string;
    const lastModified = response.headers['last-modified'] as string;
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(response.headers.vary).toContain('Authorization');
    const again = await get('/opds/recent/', { ...basic(owner), 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const stale = await get('/opds/recent/', { ...basic(owner), 'if-none-match': '"other"' });
    expect(stale.statusCode).toBe(200);
    const byDate = await get('/opds/v2/recent/', { ...basic(owner), 'if-modified-since': lastModified });
    expect(byDate.statusCode).toBe(304);
    const older = new Date(Date.parse(lastModified) - 1000).toUTCString();
    expect((await get('/opds/v2/recent/', { ...basic(owner), 'if-modified-since': older })).statusCode).toBe(
      200,
    );
  });

  it('serves the same catalogue with the password in the address, every link keeping it', async () => {
    const base = `/opds/t/${owner.token}`;
    const root = await opds1(`${base}/`, {});
    expect(link(root.Links, 'self')).toBe(`${base}/`);
    const recent = await opds1(root.Entries[0]!.Links[0]!.Href, {});
    const epub = recent.Entries[0]!.Links.find((l) => l.Rel === ACQUISITION)!;
    expect(epub.Href.startsWith(`${base}/translations/`)).toBe(true);
    expect((await get(epub.Href)).statusCode).toBe(200);
    const v2 = await opds2(`${base}/v2/recent/`, {});
    expect(v2.Publications[0]!.Links[0]!.Href.startsWith(`${base}/translations/`)).toBe(true);
    const wrong = await get(`/opds/t/${owner.id}.${'a'.repeat(24)}/`);
    expect(wrong.statusCode).toBe(401);
  });

  it("shows a second user none of the first user's books, not even by their addresses", async () => {
    const theirs = await opds1('/opds/recent/', basic(stranger));
    expect(theirs.Entries ?? []).toEqual([]);
    const v2 = await opds2('/opds/v2/books/', basic(stranger));
    expect(v2.Navigation ?? []).toEqual([]);
    const bookId = (await owner.user.client.get(`/translations/${storyId}/`)).json().book_id;
    for (const url of [
      `/opds/translations/${storyId}/epub/`,
      `/opds/covers/${bookId}/`,
      `/opds/books/${bookId}/`,
      `/opds/v2/books/${bookId}/`,
    ]) {
      expect((await get(url, basic(stranger))).statusCode, url).toBe(404);
    }
    // The owner's token with the stranger's e-mail is no sign-in either.
    const mixed = await get('/opds/', basic({ email: stranger.email, password: owner.password }));
    expect(mixed.statusCode).toBe(401);
  });

  it('refuses the session cookie on /opds and the app password everywhere else', async () => {
    const cookies = Object.fromEntries(owner.user.client.cookies);
    const withCookie = await h.app.inject({ method: 'GET', url: '/opds/', cookies });
    expect(withCookie.statusCode).toBe(401);
    expect(withCookie.headers['www-authenticate']).toMatch(/^Basic realm="/);
    const bearer = await h.app.inject({
      method: 'GET',
      url: '/opds/',
      headers: { authorization: `Bearer ${owner.user.client.cookies.get('access_token') ?? 'x'}` },
    });
    expect(bearer.statusCode).toBe(401);

    for (const headers of [basic(owner), { authorization: `Bearer ${owner.password}` }]) {
      for (const url of [
        '/api/v1/users/profile/',
        `/api/v1/translations/${storyId}/`,
        '/api/v1/users/app-passwords/',
      ]) {
        expect((await h.app.inject({ method: 'GET', url, headers })).statusCode, url).toBe(401);
      }
    }
    const downloadWithBasic = await h.app.inject({
      method: 'GET',
      url: `/api/v1/translations/${storyId}/download-file/?file_format=epub`,
      headers: basic(owner),
    });
    expect(downloadWithBasic.statusCode).toBe(401);
  });

  it('gives an unknown address and a wrong password the same 401, and a revoked password stops at once', async () => {
    const answers: LightMyRequestResponse[] = [
      await get('/opds/', basic({ email: 'nobody@example.com', password: owner.password })),
      await get('/opds/', basic({ email: owner.email, password: 'abcd-efgh-jkmn-pqrs-tuvw-xyz2' })),
      await get('/opds/'),
    ];
    for (const answer of answers) {
      expect(answer.statusCode).toBe(401);
      expect(answer.headers['www-authenticate']).toBe(
        'Basic realm="BookTranslate catalogue", charset="UTF-8"',
      );
    }
    expect(new Set(answers.map((a) => a.body)).size).toBe(1);

    const phone = await reader(owner.user, 'Old phone');
    expect((await get('/opds/', basic(phone))).statusCode).toBe(200);
    const revoked = await owner.user.client.request('DELETE', `/users/app-passwords/${phone.id}/`);
    expect(revoked.statusCode).toBe(200);
    expect((await get('/opds/', basic(phone))).statusCode).toBe(401);
    expect((await get(`/opds/t/${phone.token}/v2/`)).statusCode).toBe(401);
    expect(
      (await owner.user.client.get('/users/app-passwords/'))
        .json()
        .items.map((i: { name: string }) => i.name),
    ).not.toContain('Old phone');
    // Another user's password cannot be revoked by id.
    const foreign = await owner.user.client.request('DELETE', `/users/app-passwords/${stranger.id}/`);
    expect(foreign.statusCode).toBe(404);
    expect((await get('/opds/', basic(stranger))).statusCode).toBe(200);
  });

  it('bounds failed sign-ins from one address: past the budget it waits, other addresses still read', async () => {
    const from = '203.0.113.77';
    const wrong = basic({ email: owner.email, password: 'abcd-efgh-jkmn-pqrs-tuvw-xyz2' });
    const statuses: number[] = [];
    for (let i = 0; i < 22; i++) statuses.push((await get('/opds/', wrong, from)).statusCode);
    expect(statuses.slice(0, 20)).toEqual(Array(20).fill(401));
    expect(statuses.slice(20)).toEqual([429, 429]);
    const held = await get('/opds/', basic(owner), from);
    expect(held.statusCode).toBe(429);
    expect(Number(held.headers['retry-after'])).toBeGreaterThan(0);
    expect((await get('/opds/', basic(owner), '203.0.113.78')).statusCode).toBe(200);
  });
});
