import type { Book } from '@booktranslate/ebook';
import { describe, expect, it } from 'vitest';
import { chooseSourceLanguage } from './choose-source-language';
import { detectLanguage } from './detect-language';

function book(language: string | null, paragraphs: string[]): Book {
  return {
    format: 'epub',
    metadata: { title: 'T', authors: [], language, identifiers: [] },
    chapters: [
      {
        id: 'c1',
        blocks: paragraphs.map((text, i) => ({ id: `c1.b${i + 1}`, kind: 'paragraph', text, inlines: [] })),
      },
    ],
    toc: [],
    resources: [],
  };
}

const ENGLISH_SHORT = ['Table des matières', 'Chapter one', 'Paris, Lyon, Marseille et Bordeaux.'];
const JAPANESE =
  '吾輩は猫である。名前はまだ無い。どこで生れたかとんと見当がつかぬ。何でも薄暗いじめじめした所でニャーニャー泣いていた事だけは記憶している。';
const ENGLISH_FRONT =
  'This ebook is for the use of anyone anywhere in the United States and most other parts of the world at no cost and with almost no restrictions whatsoever.';
const RUSSIAN =
  'Все счастливые семьи похожи друг на друга, каждая несчастливая семья несчастлива по-своему. Всё смешалось в доме Облонских. Жена узнала, что муж был в связи с бывшею в их доме француженкою-гувернанткой, и объявила мужу, что не может жить с ним в одном доме.';

const LOREM =
  'Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tempor incididunt ut labore et dolore magna aliqua. Ut enim ad minim veniam, quis nostrud exercitation ullamco laboris nisi ut aliquip ex ea commodo consequat. Duis aute irure dolor in reprehenderit in voluptate velit esse cillum dolore eu fugiat nulla pariatur.';

describe('chooseSourceLanguage', () => {
  it('keeps the declared language of a short book whatever detection guesses', () => {
    const choice = chooseSourceLanguage(book('en', ENGLISH_SHORT));
    expect(choice).toMatchObject({ language: 'en', used: 'declared' });
    expect(choice.reason).toMatch(/^declared en/);
    expect(detectLanguage(book('en-GB', ENGLISH_SHORT))).toBe('en');
  });

  it('keeps the declared language of a mostly Japanese book with English front matter', () => {
    const paragraphs = [...Array(6).fill(ENGLISH_FRONT), ...Array(30).fill(JAPANESE)];
    expect(chooseSourceLanguage(book('ja', paragraphs))).toMatchObject({ language: 'ja', used: 'declared' });
    // The front matter alone would have said English.
    expect(detectLanguage(book('ja', paragraphs.slice(0, 6)))).toBe('ja');
  });

  it('overrides a wrong declaration when the whole text confidently disagrees, and says why', () => {
    const choice = chooseSourceLanguage(book('en', Array(40).fill(RUSSIAN)));
    expect(choice).toMatchObject({ language: 'ru', used: 'detected', declared: 'en', detected: 'ru' });
    expect(choice.reason).toMatch(/declared en, but (\d+) of \1 samples .* read as ru .*confident/);
  });

  it('keeps a declaration over placeholder Latin the detector reads as some Romance language', () => {
    const lorem = Array(40).fill(LOREM);
    const choice = chooseSourceLanguage(book('en', lorem));
    expect(choice).toMatchObject({ language: 'en', used: 'declared', declared: 'en' });
  });

  it('keeps a declaration when the detected language is one the engine cannot translate from', () => {
    const russian = book('en', Array(40).fill(RUSSIAN));
    const choice = chooseSourceLanguage(russian, { serves: (language) => language === 'en' });
    expect(choice).toMatchObject({ language: 'en', used: 'declared', detected: 'ru' });
    expect(choice.reason).toMatch(/no engine pair from ru/);
  });

  it('detects when nothing is declared', () => {
    expect(chooseSourceLanguage(book(null, Array(5).fill(RUSSIAN)))).toMatchObject({
      language: 'ru',
      used: 'detected',
    });
  });
});
