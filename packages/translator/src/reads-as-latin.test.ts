import { describe, expect, it } from 'vitest';
import { readsAsLatin } from './reads-as-latin';

describe('readsAsLatin', () => {
  it('knows lorem ipsum and Latin prose, and none of the Romance languages it is taken for', () => {
    expect(
      readsAsLatin('Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tempor'),
    ).toBe(true);
    expect(
      readsAsLatin(
        'Dixitque Deus: fiat lux, et facta est lux. Erat autem terra inanis et vacua, quod dominus vidit.',
      ),
    ).toBe(true);
    for (const text of [
      'Il était une fois, dans un petit village au bord de la mer, une vieille femme qui vivait seule. Je suis sûr que ce est vrai.',
      'Hi havia una vegada, en un petit poble vora el mar, una dona gran que vivia sola amb el seu gat.',
      'Era vero che il libero pensiero non è una colpa, disse la donna al mercato del paese.',
      'Eles sunt acolo, cum ea a spus: esse Deus é grande e a culpa não é nossa.',
    ])
      expect(readsAsLatin(text)).toBe(false);
  });
});
