import type { Book } from '@booktranslate/ebook';
import { reverseWords } from '@booktranslate/testkit';
import { describe, expect, it } from 'vitest';
import { apertiumPairs, createApertiumEngine } from './engines/apertium-engine';
import { createDemoEngine } from './engines/demo-engine';
import { createOpenAiEngine } from './engines/openai-engine';
import { serveOpenAi } from './testing/serve-openai';
import { withFakeLlm } from './testing/with-fake-llm';
import { translateBook } from './translate-book';
import { translateLabels } from './translate-labels';

const heading = (id: string, text: string) => ({ id, kind: 'heading' as const, level: 1, text, inlines: [] });
const para = (id: string, text: string) => ({ id, kind: 'paragraph' as const, text, inlines: [] });
const book: Book = {
  format: 'epub',
  metadata: { title: 'The Lighthouse Keeper', authors: ['Ann'], language: 'en', identifiers: [] },
  chapters: [
    {
      id: 'c1',
      title: 'Chapter One',
      blocks: [
        heading('c1.b1', 'Chapter <g1>One</g1>'),
        para('c1.b2', 'Mara climbed the narrow stairs every evening.'),
      ],
    },
    {
      id: 'c2',
      title: 'Chapter Two',
      blocks: [heading('c2.b1', 'Chapter Two'), para('c2.b2', 'The sea was calm and the gulls were quiet.')],
    },
    { id: 'c3', title: 'A Word from the Editor', blocks: [para('c3.b1', 'This edition follows the first.')] },
  ],
  toc: [
    { title: 'Chapter One', chapterId: 'c1', children: [{ title: '1', chapterId: 'c1', children: [] }] },
    { title: 'Chapter  Two', chapterId: 'c2', children: [] },
    { title: 'A Word from the Editor', chapterId: 'c3', children: [] },
  ],
  resources: [],
};
const reversed = (blocks: Record<string, string>) =>
  JSON.stringify(Object.fromEntries(Object.entries(blocks).map(([k, v]) => [k, reverseWords(v)])));

describe('translateLabels', () => {
  it('reuses heading translations and asks once for the rest, each distinct label once', async () => {
    const server = await serveOpenAi(({ blocks }) => reversed(blocks));
    try {
      const engine = createOpenAiEngine({ baseUrl: server.baseUrl, apiKey: 'k', model: 'm' });
      const translations = new Map([
        ['c1.b1', 'Capítulo <g1>uno</g1>'],
        ['c2.b1', 'Capítulo dos'],
      ]);
      const result = await translateLabels(book, { engine, from: 'en', to: 'es', translations });
      expect(server.seen.map((r) => r.blocks)).toEqual([
        { '1': 'The Lighthouse Keeper', '2': 'A Word from the Editor' },
      ]);
      expect(result.reused).toBe(2);
      expect(result.title).toBe(reverseWords('The Lighthouse Keeper'));
      expect(Object.fromEntries(result.labels)).toEqual({
        'The Lighthouse Keeper': reverseWords('The Lighthouse Keeper'),
        'Chapter One': 'Capítulo uno',
        'Chapter Two': 'Capítulo dos',
        'Chapter  Two': 'Capítulo dos',
        'A Word from the Editor': reverseWords('A Word from the Editor'),
      });
      expect(result.usage.requests).toBe(1);
    } finally {
      await server.close();
    }
  });

  it('keeps the source labels with a warning when the engine stays unavailable', async () => {
    await withFakeLlm({ failRate: 1 }, async (engine) => {
      const retry = { retries: 1, baseDelayMs: 1, maxDelayMs: 2, maxRetryAfterMs: 100 };
      const result = await translateLabels(book, { engine, from: 'en', to: 'es', retry });
      expect(result.labels.size).toBe(0);
      expect(result.title).toBeUndefined();
      expect(result.warnings[0]).toMatch(/^labels kept in the source language/);
    });
  });
});

describe('translateBook translates the title, chapter titles and TOC labels', () => {
  it('through the fake model, in one extra request', async () => {
    await withFakeLlm({}, async (engine, llm) => {
      const { book: out, report } = await translateBook(book, { engine, to: 'es', analyze: false });
      expect(out.metadata.title).toBe('ehT esuohthgiL repeeK');
      expect(out.chapters.map((c) => c.title)).toEqual([
        'retpahC enO',
        'retpahC owT',
        'A droW morf eht rotidE',
      ]);
      expect(out.toc.map((e) => e.title)).toEqual(['retpahC enO', 'retpahC owT', 'A droW morf eht rotidE']);
      expect(out.toc[0]?.children[0]?.title).toBe('1');
      expect(report.translatedLabels).toBe(5);
      expect(report.warnings).toEqual([]);
      expect(report.usage.requests).toBe(report.chunks + 1);
      expect(report.usage.requests).toBe(llm.stats().requests);
    });
  });

  it('with the demo engine', async () => {
    const { book: out } = await translateBook(book, { engine: createDemoEngine(), to: 'es', from: 'en' });
    expect(out.metadata.title).toBe('[DEMO → es] The Lighthouse Keeper');
    expect(out.toc[2]?.title).toBe('[DEMO → es] A Word from the Editor');
  });
});

const pairs = await apertiumPairs();
const noApertium = pairs.some(([a, b]) => a === 'eng' && b === 'spa')
  ? null
  : 'skipped: apertium with the eng-spa pair is not installed';
if (noApertium) console.warn(noApertium);

describe.skipIf(noApertium)('translateLabels with apertium (en -> es)', () => {
  it('translates the title and labels into Spanish', async () => {
    const result = await translateLabels(book, { engine: createApertiumEngine(), from: 'en', to: 'es' });
    expect(result.title).toMatch(/^El /);
    expect(result.labels.get('Chapter Two')).toMatch(/^Capítulo/);
    expect(result.labels.get('A Word from the Editor')).not.toBe('A Word from the Editor');
  });
});
