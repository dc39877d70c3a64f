import { apertiumPairs } from '@booktranslate/translator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type PipelineHarness,
  startPipelineHarness,
  type TestUser,
} from '../../../testing/pipeline-test-kit';
import { seedOwnTranslation } from '../../../testing/seed-rows';

/** A plain-text book of `paragraphs` paragraphs of 100 words in English or Russian. */
function book(paragraphs: number, language: 'en' | 'ru' = 'en'): Uint8Array {
  const sentence =
    language === 'en'
      ? 'The river ran past the old mill and the children watched the boats go down to the sea. '
      : 'Река текла мимо старой мельницы, и дети смотрели, как лодки уходят вниз к морю. ';
  const paragraph = sentence.repeat(6).trim();
  const parts = Array.from({ length: paragraphs }, () => paragraph);
  return new TextEncoder().encode(parts.join('\n\n'));
}

async function quote(user: TestUser, name: string, bytes: Uint8Array, target: string) {
  const response = await user.upload(name, bytes, { target_language: target }, '/translations/quote/');
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

/** Without a provider key: Apertium where it has the pair, the demo engine elsewhere. */
describe('the quote names the engine and times it by its measured pace', () => {
  let h: PipelineHarness;
  let hasEnEs = false;
  beforeAll(async () => {
    h = await startPipelineHarness({ env: { TRANSLATION_ENGINE: 'auto', OPENAI_API_KEY: '' } });
    hasEnEs = (await apertiumPairs()).some(([a, b]) => a === 'eng' && b === 'spa');
  }, 120_000);
  afterAll(() => h?.close());

  it('says before spending which pairs get real text and which get demo placeholder text', async () => {
    const user = await h.newUser();
    const russian = await quote(user, 'ru.txt', book(3, 'ru'), 'en');
    expect(russian).toMatchObject({ source_language: 'ru', engine: 'demo', engine_is_demo: true });
    const japanese = await quote(user, 'en.txt', book(3), 'ja');
    expect(japanese).toMatchObject({ source_language: 'en', engine: 'demo', engine_is_demo: true });

    const config = (await user.client.get('/config/public')).json();
    expect(config.demo_engine).toBe(true);
    expect(config.real_pairs).not.toContainEqual({ source: 'ru', target: 'en' });
    if (!hasEnEs) {
      console.log('Apertium has no English-Spanish pair here: the real-engine half is not checked');
      return;
    }
    const spanish = await quote(user, 'en.txt', book(3), 'es');
    expect(spanish).toMatchObject({ engine: 'apertium', engine_is_demo: false });
    expect(config.real_pairs).toContainEqual({ source: 'en', target: 'es' });
  }, 60_000);

  it('estimates from the length and the engine pace measured on its completed runs', async () => {
    const user = await h.newUser();
    const at = (seconds: number) => new Date(Date.UTC(2030, 0, 1) + seconds * 1000);
    // Runs of the demo engine: 4 s to prepare, then 1,000 words in 10 s (100 words a second).
    for (let i = 0; i < 3; i++) {
      await seedOwnTranslation(h.handle.db, {
        engine: 'demo',
        status: 'completed',
        wordsTotal: 1000,
        createdAt: at(i * 100),
        translatingStartedAt: at(i * 100 + 4),
        completedAt: at(i * 100 + 14),
      });
    }
    const short = await quote(user, 'short.txt', book(5), 'ja');
    const long = await quote(user, 'long.txt', book(40), 'ja');
    expect(short.words_covered).toBeLessThan(long.words_covered);
    expect(short.estimated_seconds).toBe(Math.round(4 + short.words_covered / 100));
    expect(long.estimated_seconds).toBe(Math.round(4 + long.words_covered / 100));

    // Later runs, slower (50 words a second, 8 s to prepare), are what the next quote goes by.
    for (let i = 0; i < 20; i++) {
      await seedOwnTranslation(h.handle.db, {
        engine: 'demo',
        status: 'completed',
        wordsTotal: 2000,
        createdAt: at(10_000 + i * 100),
        translatingStartedAt: at(10_000 + i * 100 + 8),
        completedAt: at(10_000 + i * 100 + 48),
      });
    }
    const slower = await quote(user, 'long.txt', book(40), 'ja');
    expect(slower.estimated_seconds).toBe(Math.round(8 + long.words_covered / 50));
  }, 60_000);
});
