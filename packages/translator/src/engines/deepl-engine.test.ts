import { reverseWords } from '@booktranslate/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emptyBrief } from '../brief';
import { isTranslatorError } from '../errors';
import { type JsonReply, serveJson } from '../testing/serve-json';
import { emptyUsage } from '../usage';
import { createDeeplEngine } from './deepl-engine';

// A local server speaking DeepL's v2 API; the auth key picks the behaviour under test.
function reply(key: string, path: string, body: Record<string, unknown>): JsonReply {
  if (key === 'quota') return { status: 456, body: { message: 'Quota exceeded' } };
  if (key === 'badkey') return { status: 403, body: { message: 'Wrong endpoint or key' } };
  if (key === 'rate') return { status: 429, body: { message: 'Too many requests' } };
  if (path.includes('glossaries')) {
    return {
      status: 201,
      body: {
        glossary_id: 'g-1',
        name: 'x',
        ready: true,
        source_lang: 'en',
        target_lang: 'es',
        creation_time: '2026-01-01T00:00:00Z',
        entry_count: 1,
      },
    };
  }
  const texts = ([] as string[]).concat(body.text as string | string[]);
  return {
    body: { translations: texts.map((t) => ({ detected_source_language: 'EN', text: translateXml(t) })) },
  };
}

/** Like DeepL with tag_handling xml: entities and tags pass through, words are "translated". */
function translateXml(text: string): string {
  return text
    .split(/(&\w+;)/)
    .map((part, i) => (i % 2 ? part : reverseWords(part)))
    .join('');
}

describe('deepl engine against a local DeepL API', () => {
  let server: Awaited<ReturnType<typeof serveJson>>;
  let lastAuth = '';
  beforeAll(async () => {
    server = await serveJson(({ path, body }) =>
      reply(lastAuth, path, (body ?? {}) as Record<string, unknown>),
    );
  });
  afterAll(() => server.close());

  const translate = (key: string, brief = emptyBrief) => {
    lastAuth = key;
    const engine = createDeeplEngine({ apiKey: key, baseUrl: server.url });
    const usage = emptyUsage();
    const blocks = { '1': 'Tom <g1>&</g1> Jerry <x2/>said 1 < 2.' };
    return { usage, result: engine.translate({ blocks, from: 'en', to: 'es', brief, usage }) };
  };

  it('sends XML tag handling with prose escaped, and restores both', async () => {
    const { usage, result } = translate('good');
    expect(await result).toEqual({ '1': 'moT <g1>&</g1> yrreJ <x2/>dias 1 < 2.' });
    const sent = server.requests.at(-1)?.body as Record<string, unknown>;
    expect(sent.tag_handling).toBe('xml');
    expect(JSON.stringify(sent.text)).toContain('Jerry <x2/>said 1 &lt; 2.');
    expect(usage.requests).toBe(1);
  });

  it('creates a DeepL glossary from the brief and uses it', async () => {
    const brief = {
      ...emptyBrief,
      glossary: [{ source: 'Tom', target: 'Tomás', kind: 'character' as const }],
    };
    await translate('good', brief).result;
    const sent = server.requests.at(-1)?.body as Record<string, unknown>;
    expect(server.requests.some((r) => r.path.includes('glossaries'))).toBe(true);
    expect(sent.glossary_id).toBe('g-1');
  });

  it.each([
    ['quota', 'quota_exhausted'],
    ['badkey', 'auth_failed'],
    ['rate', 'rate_limited'],
  ])('maps %s to %s', async (key, code) => {
    const error = await translate(key).result.catch((e: unknown) => e);
    expect(isTranslatorError(error) && error.code).toBe(code);
  });
});
