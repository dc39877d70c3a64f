import type { Book } from '@booktranslate/ebook';
import { reverseWords } from '@booktranslate/testkit';
import { describe, expect, it } from 'vitest';
import { checkReply } from './check-reply';
import { createOpenAiEngine } from './engines/openai-engine';
import { planChunks } from './plan-chunks';
import { sourceLanguageCheck } from './reply-language';
import { serveOpenAi } from './testing/serve-openai';
import { translateChunk } from './translate-chunk';

const english = [
  'Mara climbed the narrow stairs every evening to light the lamp.',
  'The sea was calm, and the gulls had gone quiet over the harbour.',
  'It was the best of times, it was the worst of times, it was the age of wisdom.',
  'Call me Ishmael. Some years ago, never mind how long precisely, I thought I would sail about a little.',
];
const spanish = [
  'Mara subía cada tarde la estrecha escalera para encender la lámpara.',
  'El mar estaba en calma y las gaviotas se habían callado sobre el puerto.',
];

describe('sourceLanguageCheck', () => {
  it('flags text still in the source language and passes the target language', async () => {
    const still = await sourceLanguageCheck('en', 'es');
    for (const text of english) expect(still?.(text), text).toBe(true);
    for (const text of spanish) expect(still?.(text), text).toBe(false);
  });

  it('never flags text in no language (the test model reversing words) or too short to judge', async () => {
    const still = await sourceLanguageCheck('en-GB', 'es');
    for (const text of english) expect(still?.(reverseWords(text)), reverseWords(text)).toBe(false);
    // Corpus lines eld calls reliable English once reversed: the short words survive.
    for (const text of ['She smiled on a gallant of high degree.', '“It was a confession,” I ejaculated.'])
      expect(still?.(reverseWords(text)), reverseWords(text)).toBe(false);
    expect(still?.('He said nothing.')).toBe(false);
  });

  it('has nothing to judge for one language, or a source language it does not know', async () => {
    expect(await sourceLanguageCheck('en', 'en-US')).toBeUndefined();
    expect(await sourceLanguageCheck('la', 'es')).toBeUndefined();
  });

  it('makes "still in the source language" a soft reply problem', async () => {
    const stillInSource = await sourceLanguageCheck('en', 'es');
    const sent = { '1': english[0] as string, '2': english[1] as string };
    const reply = {
      '1': 'Every evening Mara went up the narrow stairs to light the lamp.',
      '2': spanish[1] as string,
    };
    const check = checkReply(sent, reply, [], { stillInSource });
    expect(check.problems).toEqual([
      { key: '1', message: 'the translation is still in the source language', soft: true },
    ]);
    expect(check.accepted).toEqual({ '2': spanish[1] });
  });
});

describe('translateChunk with a model that answers in the source language', () => {
  const book: Book = {
    format: 'txt',
    metadata: { title: 'T', authors: [], language: 'en', identifiers: [] },
    chapters: [
      { id: 'c1', blocks: [{ id: 'c1.b1', kind: 'paragraph', text: english[0] as string, inlines: [] }] },
    ],
    toc: [],
    resources: [],
  };

  it('asks again with the problem stated, then takes the corrected reply', async () => {
    // A paraphrase in English first; Spanish once told.
    const server = await serveOpenAi(({ prompt }) =>
      JSON.stringify({
        '1': prompt.includes('source language')
          ? spanish[0]
          : 'Mara went up the stairs each evening to light the lamp.',
      }),
    );
    try {
      const engine = createOpenAiEngine({ baseUrl: server.baseUrl, apiKey: 'k', model: 'm' });
      const [chunk] = planChunks(book, { maxTokens: 500, from: 'en' });
      const result = await translateChunk(chunk!, { engine, from: 'en', to: 'es' });
      expect(result.items.map((i) => i.text)).toEqual([spanish[0]]);
      expect(result.warnings).toEqual([]);
      expect(server.seen).toHaveLength(2);
      expect(server.seen[1]?.prompt).toContain('block 1: the translation is still in the source language');
    } finally {
      await server.close();
    }
  });

  it('accepts a second English reply with a warning instead of failing the block', async () => {
    const server = await serveOpenAi(() =>
      JSON.stringify({ '1': 'Mara went up the stairs each evening to light the lamp.' }),
    );
    try {
      const engine = createOpenAiEngine({ baseUrl: server.baseUrl, apiKey: 'k', model: 'm' });
      const [chunk] = planChunks(book, { maxTokens: 500, from: 'en' });
      const result = await translateChunk(chunk!, { engine, from: 'en', to: 'es' });
      expect(result.failures).toEqual([]);
      expect(result.warnings).toEqual(['c1.b1: the translation is still in the source language']);
      expect(server.seen).toHaveLength(2);
    } finally {
      await server.close();
    }
  });
});
