import { readBook } from '@booktranslate/ebook';
import { describe, expect, it } from 'vitest';
import { collectTermCandidates } from './collect-term-candidates';

async function bookOf(paragraphs: string[]) {
  return readBook(new TextEncoder().encode(paragraphs.join('\n\n')), { filename: 'sample.txt' });
}

async function termsOf(language: string, paragraphs: string[]) {
  return collectTermCandidates(await bookOf(paragraphs), { language });
}

const russian = [
  'Атос встал и подошёл к окну. Д’Артаньян смотрел на Атоса с удивлением.',
  '— Нет, — сказал Атос. — Да, я пойду с Атосом.',
  '— Ну что ж, — ответил д’Артаньян, — итак, мы идём к Атосу.',
  'Итак, все трое вышли. Нет ничего лучше дружбы, думал Портос.',
  '«Куда?» Нет ответа. Ах… Нет, Портос молчал, и Арамис тоже молчал.',
  'Ну, Арамис, скажите Портосу, что Атос ждёт. Да, Атос ждёт.',
  'Миледи увидела Анну Австрийскую, и Анна Австрийская увидела её. Д. сказал: «Анны Австрийской здесь нет».',
  'Он сказал: «Да». Потом добавил: «Нет». Ах, как жаль! Итак, всё. Ну и ну. Да, да.',
];

describe('term candidates of an inflected language', () => {
  it('counts the case forms of a Russian name as one term, listing its forms', async () => {
    const terms = await termsOf('ru', russian);
    const athos = terms.filter((t) => /^атос/iu.test(t.term));
    expect(athos).toHaveLength(1);
    expect(athos[0]?.term).toBe('Атос');
    expect([...(athos[0]?.forms ?? [])].sort()).toEqual(['Атоса', 'Атосом', 'Атосу']);
    expect(athos[0]?.count).toBe(7);
    expect(terms.find((t) => t.term === 'Портос')).toMatchObject({ forms: ['Портосу'], count: 3 });
  });

  it('never makes a term of a common word, an interjection or an initial', async () => {
    const terms = (await termsOf('ru', russian)).flatMap((t) => [t.term, ...t.forms]);
    for (const word of ['Нет', 'Да', 'Ну', 'Ах', 'Итак', 'Д', 'Д’', 'Потом', 'Он', 'Миледи'])
      expect(terms).not.toContain(word);
  });

  it('keeps an apostrophe name and a two-word name whole, in every case', async () => {
    const terms = await termsOf('ru', russian);
    const dartagnan = terms.find((t) => t.term.includes('Артаньян'));
    expect([dartagnan?.term, ...(dartagnan?.forms ?? [])].sort()).toEqual(['Д’Артаньян', 'д’Артаньян']);
    const anne = terms.find((t) => t.term.includes('Австрийск'));
    expect(anne?.term).toBe('Анна Австрийская');
    expect([...(anne?.forms ?? [])].sort()).toEqual(['Анну Австрийскую', 'Анны Австрийской']);
    expect(terms.map((t) => t.term)).not.toContain('Австрийской');
  });

  it('groups Ukrainian, Polish and German case forms', async () => {
    const uk = await termsOf('uk', [
      'Тарас пішов до міста. Ні, сказала Оксана, бо Тараса там нема.',
      'Отже, вона дала Тарасові листа, і Оксана засміялася разом із Тарасом.',
      'Так, Оксану всі любили. Ні, не всі. Так, так.',
    ]);
    expect(uk.find((t) => t.term === 'Тарас')?.forms.sort()).toEqual(['Тараса', 'Тарасові', 'Тарасом']);
    expect(uk.find((t) => t.term === 'Оксана')?.forms).toEqual(['Оксану']);
    expect(uk.map((t) => t.term)).not.toContain('Ні');
    expect(uk.map((t) => t.term)).not.toContain('Так');

    const pl = await termsOf('pl', [
      'Jan wrócił do domu. Nie, powiedziała Anna, i dała Janowi list z Warszawy.',
      'Tak, w Warszawie wszyscy znali Jana. No, a Anna rozmawiała z Janem.',
      'Nie wiem, czy Warszawa jest piękna. Tak, Anny nie było. Nie!',
    ]);
    expect(pl.find((t) => t.term === 'Jan')?.forms.sort()).toEqual(['Jana', 'Janem', 'Janowi']);
    expect(pl.find((t) => t.term === 'Warszawa')?.forms.sort()).toEqual(['Warszawie', 'Warszawy']);
    expect(pl.map((t) => t.term)).not.toEqual(expect.arrayContaining(['Nie']));
    expect(pl.map((t) => t.term)).not.toContain('Tak');

    const de = await termsOf('de', [
      'Goethe schrieb viel. Der Mann am Brunnen las Goethes Briefe, und Hans sah den Brunnen.',
      'Ja, sagte Hans, ich kenne den Mann und das Haus am Brunnen. Kommen Sie mit, Hans!',
      'Nein, Goethe war nie im Haus. Ich danke Ihnen, sagte der Mann zu Hans.',
    ]);
    expect(de.find((t) => t.term === 'Goethe')).toMatchObject({ forms: ['Goethes'], count: 3 });
    expect(de.find((t) => t.term === 'Hans')?.count).toBe(4);
    for (const noun of ['Mann', 'Brunnen', 'Haus', 'Sie', 'Ihnen', 'Ja', 'Nein'])
      expect(de.map((t) => t.term)).not.toContain(noun);
  });
});

describe('term candidates of English', () => {
  it('keeps a hyphenated name and a place of two words whole, and skips common words', async () => {
    const terms = await termsOf('en', [
      'Inspector Vasquez-Orlova arrived at noon. Yes, said Vasquez-Orlova, the case is closed.',
      'New York was cold. Well, everyone in New York knew Vasquez-Orlova by then.',
      'Yes. No. Well, well. Oh, Mrs. Hudson, I’ll be back, said Mrs. Hudson’s lodger to Mrs Hudson.',
    ]);
    const names = terms.map((t) => t.term);
    expect(names).toContain('Vasquez-Orlova');
    expect(names).not.toContain('Vasquez');
    expect(names).not.toContain('Orlova');
    expect(terms.find((t) => t.term === 'Vasquez-Orlova')?.count).toBe(3);
    expect(terms.find((t) => t.term === 'New York')?.count).toBe(2);
    expect(names).not.toContain('York');
    expect(terms.find((t) => t.term === 'Hudson')?.count).toBe(3);
    for (const word of ['Yes', 'No', 'Well', 'Oh', 'I’ll', 'Mrs']) expect(names).not.toContain(word);
  });
});
