import { TranslationReport } from '@booktranslate/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PipelineHarness, startPipelineHarness } from '../../../testing/pipeline-test-kit';

const LINES = [
  'The morning was grey and the river ran high under the old bridge.',
  'A cart came slowly down the lane, its wheels loud on the wet stones.',
  'Nobody in the village could remember a spring as cold as this one.',
];

/** Two chapters naming Mara in every paragraph, and a stranger named only in the last chapter. */
function book(): Uint8Array {
  const parts: string[] = [];
  for (let c = 1; c <= 2; c++) {
    parts.push(`CHAPTER ${c}`);
    for (let p = 0; p < 6; p++)
      parts.push(`${LINES[(c + p) % 3]} Later that day, Mara walked to the mill number ${c * 10 + p}.`);
  }
  parts.push('At the gate stood a stranger called Zebedee, who said nothing at all.');
  parts.push('The next morning Zebedee was gone, and the gate stood open.');
  return new TextEncoder().encode(parts.join('\n\n'));
}

describe('GET /translations/{id}/report/ after a run through the fake model', () => {
  let h: PipelineHarness;
  beforeAll(async () => {
    // The fake renders "Mara" two ways (by block) and leaves a closing offer in every reply.
    h = await startPipelineHarness({
      llm: { latencyMs: 0, twoWayTerms: ['Mara'], blockChatterRate: 1 },
    });
  }, 120_000);
  afterAll(() => h?.close());

  it('reports untranslated, glossary violations, inconsistent names and leftover chatter; 404 for others', async () => {
    const owner = await h.newUser({ READER: 1 });
    const upload = await owner.upload('mara.txt', book());
    expect(upload.statusCode).toBe(201);
    const id = upload.json().data.translation.id as string;
    expect((await owner.client.get(`/translations/${id}/report/`)).statusCode).toBe(409);
    expect((await h.followStatuses(owner, id)).at(-1)).toBe('completed');

    const response = await owner.client.get(`/translations/${id}/report/`);
    expect(response.statusCode).toBe(200);
    const report = response.json();
    // Every field the contract gives the report, of its type.
    expect(TranslationReport.safeParse(report).error).toBeUndefined();
    expect(report.blocks_total).toBe(16);
    expect(report.blocks_translated).toBe(16);
    expect(report.glossary.violations.length).toBeGreaterThan(0);
    expect(report.glossary.violations[0]).toMatchObject({ term: 'Mara', expected: 'araM', found: 'raaM' });
    expect(report.inconsistent_names.map((n: { term: string }) => n.term)).toEqual(['Mara']);
    expect(report.refined.length).toBeGreaterThan(0);
    // Closing offers the fake left are refined once; one that comes back again stays listed.
    const chatter = report.refined.filter((r: { finding: string }) =>
      /remove the added text/.test(r.finding),
    );
    expect(chatter.length).toBeGreaterThan(0);
    expect(report.chatter.length).toBe(chatter.filter((r: { fixed: boolean }) => !r.fixed).length);
    expect(report.summary).toMatch(/^16 of 16 passages translated; 1 glossary term used inconsistently/);

    // The whole-book terms pass gave the last chapter's stranger an entry, with counts for the editor.
    const brief = (await owner.client.get(`/translations/${id}/brief/`)).json().brief;
    const zebedee = brief.glossary.find((e: { source: string }) => e.source === 'Zebedee');
    expect(zebedee).toMatchObject({ target: 'eedebeZ', count: 2 });
    expect(brief.glossary.find((e: { source: string }) => e.source === 'Mara')).toMatchObject({ count: 12 });

    // Every list is in book order (chunks finish in any order).
    const order = (list: { block_id: string }[]) => list.map((f) => f.block_id);
    const natural = (ids: string[]) => [...ids].sort((a, b) => a.localeCompare(b, 'en', { numeric: true }));
    expect(order(report.glossary.violations)).toEqual(natural(order(report.glossary.violations)));
    expect(order(report.repaired)).toEqual(natural(order(report.repaired)));
    expect(report.unchecked).toEqual([]);

    const stranger = await h.newUser();
    expect((await stranger.client.get(`/translations/${id}/report/`)).statusCode).toBe(404);
  }, 120_000);

  it('writes the refined texts into the outputs, and leaves in them only what refining did not fix', async () => {
    // The model leaves its closing offer in every first reply, and the refining replies are clean
    // (no offer, the agreed name): every refined block is fixed.
    const stop = h.llm.onRequest((messages) => {
      // The QA step's requests state its findings (retries while translating state others).
      if (
        /rejected: (use "araM"|remove the added text)/.test(messages.map((m) => String(m.content)).join('\n'))
      )
        h.llm.configure({ blockChatterRate: 0, twoWayTerms: [] });
    });
    try {
      const owner = await h.newUser({ READER: 1 });
      const upload = await owner.upload('mara.txt', book());
      const id = upload.json().data.translation.id as string;
      expect((await h.followStatuses(owner, id)).at(-1)).toBe('completed');
      const report = (await owner.client.get(`/translations/${id}/report/`)).json();
      expect(report.refined.length).toBeGreaterThan(0);
      expect(report.refined.every((r: { fixed: boolean }) => r.fixed)).toBe(true);
      const txt = await owner.client.get(`/translations/${id}/download-file/?file_format=txt`);
      expect(txt.statusCode).toBe(200);
      const offers = txt.body.split('Let me know if you need anything else.').length - 1;
      expect(offers).toBe(report.chatter.length);
    } finally {
      stop();
      h.llm.configure({ blockChatterRate: 1, twoWayTerms: ['Mara'] });
    }
  }, 120_000);

  it('flags an Arabic translation with no Arabic letter, each passage with its chapter', async () => {
    const owner = await h.newUser({ READER: 1 });
    const upload = await owner.upload('mara.txt', book(), { target_language: 'ar' });
    expect(upload.statusCode).toBe(201);
    const id = upload.json().data.translation.id as string;
    expect((await h.followStatuses(owner, id)).at(-1)).toBe('completed');
    const report = (await owner.client.get(`/translations/${id}/report/`)).json();
    // The fake model answers reversed Latin words whatever the target: none of it is Arabic.
    expect(report.missing_script.length).toBeGreaterThan(10);
    expect(report.missing_script[0]).toMatchObject({
      block_id: 'c1.b2',
      chapter: 'CHAPTER 1',
      script: 'Arabic',
    });
    expect(report.summary).toMatch(/passages without the target language's script/);
  }, 120_000);
});
