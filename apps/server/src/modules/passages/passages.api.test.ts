import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { reverseWords } from '@booktranslate/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PipelineHarness, startPipelineHarness, type TestUser } from '../../testing/pipeline-test-kit';
import { downloadedTexts, readerTestFb2 } from '../../testing/reader-books';

const EDIT = 'El río estaba <g1>muy</g1> alto aquella <g2>fría</g2> mañana del valle.';

describe('the reader and editor: GET, PUT and DELETE /translations/{id}/passages/', () => {
  let h: PipelineHarness;
  let owner: TestUser;
  let id: string;
  const passages = (chapter = 0) => owner.client.get(`/translations/${id}/passages/?chapter=${chapter}`);
  const put = (user: TestUser, blockId: string, target: string) =>
    user.client.request('PUT', `/translations/${id}/passages/${blockId}/`, { body: { target } });

  beforeAll(async () => {
    h = await startPipelineHarness({ llm: { latencyMs: 0 } });
    owner = await h.newUser({ READER: 1 });
    const upload = await owner.upload('mill.fb2', readerTestFb2());
    expect(upload.statusCode).toBe(201);
    id = upload.json().data.translation.id;
    // Before completion there are no outputs to read or edit.
    const early = await passages();
    expect(early.statusCode).toBe(409);
    expect(early.json().error.message).toMatch(/once it is completed/);
    expect((await h.followStatuses(owner, id)).at(-1)).toBe('completed');
  }, 120_000);
  afterAll(() => h?.close());

  it('reads one chapter as structured text: emphasis, bold, links (outside only), note references', async () => {
    const response = await passages();
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({
      translation_id: id,
      target_language: 'es',
      source_direction: 'ltr',
      target_direction: 'ltr',
      chapter: 0,
      retranslations: { used: 0, limit: 50 },
    });
    expect(body.chapters.map((c: { title: string }) => c.title)).toEqual(['The River', 'The Mill', 'Notes']);
    expect(body.chapters.map((c: { passages: number }) => c.passages)).toEqual([5, 4, 1]);
    const byId = Object.fromEntries(body.passages.map((p: { block_id: string }) => [p.block_id, p]));
    expect(byId['c1.b2'].source).toEqual([
      { type: 'text', text: 'The river was ', marks: [] },
      { type: 'text', text: 'very', marks: [{ n: 1, kind: 'emphasis', href: null }] },
      { type: 'text', text: ' high that ', marks: [] },
      { type: 'text', text: 'cold', marks: [{ n: 2, kind: 'strong', href: null }] },
      { type: 'text', text: ' spring morning in the valley.', marks: [] },
    ]);
    expect(byId['c1.b2'].target[1]).toEqual({
      type: 'text',
      text: 'yrev',
      marks: [{ n: 1, kind: 'emphasis', href: null }],
    });
    expect(byId['c1.b2']).toMatchObject({ kind: 'paragraph', edited: false });
    expect(byId['c1.b2'].target_text).toBe(
      reverseWords('The river was <g1>very</g1> high that <g2>cold</g2> spring morning in the valley.'),
    );
    const links = byId['c1.b3'].source.filter((s: { marks: unknown[] }) => s.marks.length);
    expect(links.map((s: { marks: unknown[] }) => s.marks[0])).toEqual([
      { n: 1, kind: 'link', href: 'https://example.com/river' },
      { n: 2, kind: 'link', href: null },
    ]);
    expect(JSON.stringify(body)).not.toMatch(/javascript:|<a |<p>/);
    expect(byId['c1.b4'].source[1]).toEqual({
      type: 'text',
      text: '1',
      marks: [{ n: 1, kind: 'noteref', href: null }],
    });
    expect(byId['c1.b1']).toMatchObject({ kind: 'heading', target_text: reverseWords('The River') });

    const notes = (await passages(2)).json();
    expect(notes.passages).toMatchObject([{ block_id: 'c3.b1', kind: 'note' }]);
    expect((await passages(3)).statusCode).toBe(404);
  });

  it('is the owner’s alone: another user’s requests answer 404; unknown passages 404', async () => {
    const stranger = await h.newUser();
    expect((await stranger.client.get(`/translations/${id}/passages/`)).statusCode).toBe(404);
    expect((await put(stranger, 'c1.b2', EDIT)).statusCode).toBe(404);
    expect((await stranger.client.request('DELETE', `/translations/${id}/passages/c1.b2/`)).statusCode).toBe(
      404,
    );
    expect(
      (await stranger.client.post(`/translations/${id}/passages/c1.b2/retranslate/`, {})).statusCode,
    ).toBe(404);
    expect((await put(owner, 'c9.b9', 'Hola.')).statusCode).toBe(404);
    expect((await owner.client.post(`/translations/${id}/passages/c9.b9/retranslate/`, {})).statusCode).toBe(
      404,
    );
  });

  it('refuses an edit that loses a marker, naming it in words, and an empty one', async () => {
    const missing = await put(owner, 'c1.b2', 'El río estaba muy alto aquella mañana.');
    expect(missing.statusCode).toBe(400);
    const error = missing.json().error;
    expect(error.code).toBe('VALIDATION_ERROR');
    expect(error.message).toBe('Keep the markers of the original: <g1>…</g1> (emphasis), <g2>…</g2> (bold)');
    expect(error.details).toMatchObject({ field: 'target', missing: ['<g1>…</g1>', '<g2>…</g2>'] });
    const twice = await put(owner, 'c1.b2', '<g1>muy</g1> <g1>muy</g1> <g2>fría</g2>');
    expect(twice.statusCode).toBe(400);
    expect(twice.json().error.message).toMatch(/once/);
    expect((await put(owner, 'c1.b2', '   ')).statusCode).toBe(400);
    expect((await put(owner, 'c1.b2', `<g1>a</g1><g2>b</g2>${'x'.repeat(3000)}`)).statusCode).toBe(400);
    expect((await passages()).json().passages[1].edited).toBe(false);
  });

  it('keeps an edit: visible in the reader and in every download right after it, then undone', async () => {
    const engineText = (await passages()).json().passages[1].target_text;
    const saved = await put(owner, 'c1.b2', EDIT);
    expect(saved.statusCode).toBe(200);
    expect(saved.json().passage).toMatchObject({
      block_id: 'c1.b2',
      edited: true,
      target_text: EDIT,
      flags: [],
    });
    expect((await passages()).json().passages[1]).toMatchObject({ edited: true, target_text: EDIT });

    const texts = await downloadedTexts(owner.client, id);
    for (const [format, text] of Object.entries(texts)) {
      expect(text, format).toContain('El río estaba muy alto aquella fría mañana del valle.');
      expect(text, format).not.toContain('yrev');
    }
    // The rewritten outputs replaced the first ones: four files, none left behind.
    const dir = path.join(h.filesDir, 'translations', id);
    const files = (await readdir(dir, { recursive: true, withFileTypes: true })).filter((f) => f.isFile());
    expect(files).toHaveLength(4);

    const undone = await owner.client.request('DELETE', `/translations/${id}/passages/c1.b2/`);
    expect(undone.statusCode).toBe(200);
    expect(undone.json().passage).toMatchObject({ edited: false, target_text: engineText });
    const after = await downloadedTexts(owner.client, id);
    expect(after.txt).not.toContain('aquella');
    expect(after.txt).toContain(reverseWords('The river was very high'));
  }, 60_000);

  it('keeps markup typed into an edit as text: escaped in every download, never an element', async () => {
    const unknown = await put(owner, 'c1.b2', '<g1>muy</g1> <g2>fría</g2> <g9>x</g9>');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.details.unexpected).toEqual(['<g9>…</g9>']);

    const hostile =
      '<script>alert(1)</script> El río <g1>muy</g1> & <g2>fría</g2> <img src=x onerror=alert(2)> ]]> --> fin.';
    const saved = await put(owner, 'c1.b2', hostile);
    expect(saved.statusCode).toBe(200);
    const spans = saved.json().passage.target as { type: string; text?: string }[];
    expect(spans[0]).toEqual({ type: 'text', text: '<script>alert(1)</script> El río ', marks: [] });

    // Read back by the book reader, the typed tags are the passage's words, not markup.
    const texts = await downloadedTexts(owner.client, id);
    for (const [format, text] of Object.entries(texts)) {
      expect(text, format).toContain(
        '<script>alert(1)</script> El río muy & fría <img src=x onerror=alert(2)>',
      );
      expect(text, format).toContain(']]> --> fin.');
    }
    expect((await owner.client.request('DELETE', `/translations/${id}/passages/c1.b2/`)).statusCode).toBe(
      200,
    );
  }, 60_000);
});

/** A one-pixel PNG, a script in SVG, and an HTML page that calls itself a PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
const FAKE_PNG = Buffer.from('<html><script>alert(1)</script></html>');

function picturesFb2(): Uint8Array {
  const binary = (id: string, type: string, data: Buffer) =>
    `<binary id="${id}" content-type="${type}">${data.toString('base64')}</binary>`;
  return new TextEncoder().encode(`<?xml version="1.0" encoding="utf-8"?>
<FictionBook xmlns="http://www.gribuser.ru/xml/fictionbook/2.0" xmlns:l="http://www.w3.org/1999/xlink">
<description><title-info><genre>prose</genre><author><nickname>a</nickname></author><book-title>Maps</book-title><lang>en</lang></title-info></description>
<body><section><title><p>The Coast</p></title>
<p>Here is the map of the coast <image l:href="#map.png"/> drawn by the keeper himself.</p>
<p>And a drawing <image l:href="#drawing.svg"/> and a page <image l:href="#page.png"/> that are not shown.</p>
</section></body>
${binary('map.png', 'image/png', PNG)}${binary('drawing.svg', 'image/svg+xml', SVG)}${binary('page.png', 'image/png', FAKE_PNG)}
</FictionBook>`);
}

describe('the reader shows the images of a book: GET /translations/{id}/passages/images/{image}/', () => {
  let h: PipelineHarness;
  beforeAll(async () => {
    h = await startPipelineHarness({ llm: { latencyMs: 0 } });
  }, 120_000);
  afterAll(() => h?.close());

  it('serves the raster images of the book to the owner, typed by their bytes; never SVG or a fake', async () => {
    const owner = await h.newUser({ READER: 1 });
    const upload = await owner.upload('maps.fb2', picturesFb2());
    expect(upload.statusCode, upload.body).toBe(201);
    const id: string = upload.json().data.translation.id;
    expect((await h.followStatuses(owner, id)).at(-1)).toBe('completed');
    const { passages } = (await owner.client.get(`/translations/${id}/passages/`)).json();
    type Span = { type: string; kind?: string; image?: string };
    const tags = (p: { source: Span[] }) => p.source.filter((s) => s.type === 'tag');
    const [map] = tags(passages[1]);
    expect(map).toMatchObject({ kind: 'image' });
    expect(map?.image).toMatch(/^i\d+$/);
    // The translation's own tag points at the same image.
    expect(passages[1].target.find((s: Span) => s.type === 'tag')?.image).toBe(map?.image);
    expect(tags(passages[2]).map((s) => s.image)).toEqual([undefined, undefined]);

    const image = await owner.client.get(`/translations/${id}/passages/images/${map?.image}/`);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.headers['x-content-type-options']).toBe('nosniff');
    expect(image.headers['content-security-policy']).toContain('sandbox');
    expect(Buffer.compare(image.rawPayload, PNG)).toBe(0);

    const stranger = await h.newUser();
    expect((await stranger.client.get(`/translations/${id}/passages/images/${map?.image}/`)).statusCode).toBe(
      404,
    );
    const others = [1, 2, 3, 4].map((n) => `i${n}`).filter((i) => i !== map?.image);
    for (const other of others)
      expect((await owner.client.get(`/translations/${id}/passages/images/${other}/`)).statusCode).toBe(404);
    expect((await owner.client.get(`/translations/${id}/passages/images/..%2Fx/`)).statusCode).toBe(400);
  }, 60_000);
});
