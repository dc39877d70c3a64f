import { type ChatMessage, messageText, startFakeLlm } from '@booktranslate/testkit';
import { describe, expect, it } from 'vitest';
import { analyzeBook } from './analyze-book';
import { createEngine } from './create-engine';
import type { Engine } from './engine';
import { qaBook } from './qa/qa-books';

const system = (messages: ChatMessage[]) =>
  messages
    .filter((m) => m.role === 'system')
    .map(messageText)
    .join('\n');
const first = (messages: ChatMessage[]) => messageText(messages.at(-1) ?? { role: 'user' }).split('\n')[0];

describe('the analysis asks the summary apart from the brief (decision 315)', () => {
  it('asks the brief without a summary first, the summary after the terms, and keeps both', async () => {
    const book = await qaBook({ chapters: 4, paragraphs: 6, name: 'Mara' });
    const llm = await startFakeLlm({ latencyMs: 0 });
    try {
      const engine = createEngine({ engine: 'openai', baseUrl: llm.baseURL, apiKey: 'k', model: 'fake' });
      const asked: { first: string; system: string }[] = [];
      llm.onRequest((messages) => asked.push({ first: first(messages) ?? '', system: system(messages) }));
      const { brief } = await analyzeBook(book, { engine, to: 'es', from: 'en' });
      expect(asked.map((a) => a.first)).toEqual(['SAMPLE:', 'TERMS:', 'SAMPLE:']);
      // The brief's request lists a glossary and no summary; the last asks the summary alone.
      expect(asked[0]?.system).toContain('"glossary"');
      expect(asked[0]?.system).not.toContain('"summary"');
      expect(asked[2]?.system).toContain('"summary"');
      expect(asked[2]?.system).not.toContain('"glossary"');
      expect(brief?.summary.length).toBeGreaterThan(10);
      expect(brief?.glossary.some((e) => e.source === 'Mara')).toBe(true);
    } finally {
      await llm.close();
    }
  });

  it('keeps the brief when the summary fails, with no summary', async () => {
    const book = await qaBook({ chapters: 2, paragraphs: 4, name: 'Mara' });
    const llm = await startFakeLlm({ latencyMs: 0 });
    try {
      const engine = createEngine({ engine: 'openai', baseUrl: llm.baseURL, apiKey: 'k', model: 'fake' });
      const failing: Engine = Object.create(engine);
      Object.assign(failing, {
        analyze: (request: Parameters<NonNullable<Engine['analyze']>>[0]) => {
          if (request.part === 'summary') return Promise.reject(new Error('the summary failed'));
          return engine.analyze?.(request);
        },
      });
      const { brief } = await analyzeBook(book, { engine: failing, to: 'es', from: 'en' });
      expect(brief?.summary).toBe('');
      expect(brief?.genre).toBe('fiction');
      expect(brief?.glossary.some((e) => e.source === 'Mara')).toBe(true);
    } finally {
      await llm.close();
    }
  });
});
