import type { Book } from '@booktranslate/ebook';
import { reverseWords } from '@booktranslate/testkit';
import { describe, expect, it } from 'vitest';
import { createOpenAiEngine } from './engines/openai-engine';
import { planChunks } from './plan-chunks';
import { blocksOf, serveJson } from './testing/serve-json';
import { type ChatCompletionReply, chatCompletion } from './testing/serve-openai';
import { withFakeLlm } from './testing/with-fake-llm';
import { type TranslationProgress, translateBook } from './translate-book';
import { translateChunk } from './translate-chunk';

const paragraphs = [
  'Chapter One',
  'Martha Quill kept the lighthouse at Gull Point for thirty years.',
  'Every evening Martha climbed the stairs and lit the great lamp.',
  'The fishermen of Gull Point trusted her light more than the stars.',
];
const book: Book = {
  format: 'txt',
  metadata: { title: 'The Keeper', authors: [], language: null, identifiers: [] },
  chapters: [
    {
      id: 'c1',
      title: 'One',
      blocks: paragraphs
        .slice(0, 2)
        .map((text, i) => ({ id: `c1.b${i}`, kind: 'paragraph', text, inlines: [] })),
    },
    {
      id: 'c2',
      title: 'Two',
      blocks: paragraphs
        .slice(2)
        .map((text, i) => ({ id: `c2.b${i}`, kind: 'paragraph', text, inlines: [] })),
    },
  ],
  toc: [],
  resources: [],
};

describe('translateBook', () => {
  it('detects the language, analyses, translates and reports progress to the end', async () => {
    await withFakeLlm({}, async (engine, llm) => {
      const progress: TranslationProgress[] = [];
      const { book: out, report } = await translateBook(book, {
        engine,
        to: 'es',
        chunkTokens: 30,
        onProgress: (p) => progress.push(p),
      });
      expect(report.from).toBe('en');
      expect(report.brief?.glossary.map((e) => e.source)).toContain('Martha');
      expect(out.metadata.language).toBe('es');
      expect(out.chapters.flatMap((c) => c.blocks.map((b) => reverseWords(b.text)))).toEqual(paragraphs);
      expect(progress[0]?.phase).toBe('analyzing');
      expect(progress.at(-1)).toMatchObject({ phase: 'done', blocksDone: 4, blocksTotal: 4 });
      const words = progress.map((p) => p.wordsDone);
      expect(words).toEqual([...words].sort((a, b) => a - b));
      expect(report.chunks).toBeGreaterThan(1);
      expect(report.usage.requests).toBe(llm.stats().requests);
    });
  });

  it('translates only the first words under a word limit', async () => {
    await withFakeLlm({}, async (engine) => {
      const { book: out, report } = await translateBook(book, {
        engine,
        to: 'es',
        from: 'en',
        analyze: false,
        wordLimit: 12,
      });
      const texts = out.chapters.flatMap((c) => c.blocks.map((b) => b.text));
      // 'Chapter One' (2 words) fits; the next block (words 3 to 13) would cross 12, so it and
      // everything after it stay in English (decision 193).
      expect(texts.slice(0, 1).map(reverseWords)).toEqual(paragraphs.slice(0, 1));
      expect(texts.slice(1)).toEqual(paragraphs.slice(1));
      expect(report.wordLimit).toBe(12);
    });
  });
});

/** A local OpenAI-compatible server; `answer` decides each reply from the model and the blocks. */
async function openAiServer(answer: (model: string, blocks: Record<string, string>) => ChatCompletionReply) {
  return serveJson(({ body }) => {
    const request = body as { model: string; messages: { content: string }[] };
    const reply = answer(request.model, blocksOf(request.messages[1]?.content ?? ''));
    return { body: chatCompletion(request.model, reply) };
  });
}

const reversed = (blocks: Record<string, string>) =>
  JSON.stringify(Object.fromEntries(Object.entries(blocks).map(([k, v]) => [k, reverseWords(v)])));

describe('translateChunk with a truncating model', () => {
  it('splits a chunk whose reply is cut at the output limit', async () => {
    // More than two blocks and the "model" runs out of output tokens half-way.
    const server = await openAiServer((_model, blocks) =>
      Object.keys(blocks).length > 2
        ? { content: '{"1": "ehT', finish: 'length' }
        : { content: reversed(blocks) },
    );
    try {
      const engine = createOpenAiEngine({ baseUrl: `${server.url}/v1`, apiKey: 'k', model: 'm' });
      const [chunk] = planChunks(book, { maxTokens: 500, from: 'en' });
      const result = await translateChunk(chunk!, { engine, from: 'en', to: 'es' });
      expect(result.failures).toEqual([]);
      expect(result.items.map((i) => reverseWords(i.text)).sort()).toEqual([...paragraphs].sort());
      expect(server.requests).toHaveLength(3);
    } finally {
      await server.close();
    }
  });
});

describe('translateChunk with a fallback model', () => {
  it('moves to the fallback model after repeated refusals', async () => {
    // The "strict" model always refuses.
    const server = await openAiServer((model, blocks) =>
      model === 'strict'
        ? { content: null, refusal: 'I cannot help with that.' }
        : { content: reversed(blocks) },
    );
    try {
      const engine = createOpenAiEngine({ baseUrl: `${server.url}/v1`, apiKey: 'k', model: 'strict' });
      const [chunk] = planChunks(book, { maxTokens: 500, from: 'en' });
      const result = await translateChunk(chunk!, { engine, from: 'en', to: 'es', fallbackModel: 'lenient' });
      expect(result.failures).toEqual([]);
      expect(result.items.map((i) => reverseWords(i.text))).toEqual(paragraphs);
      const models = server.requests.map((r) => (r.body as { model: string }).model);
      expect(models).toEqual(['strict', 'strict', 'lenient']);
    } finally {
      await server.close();
    }
  });
});
