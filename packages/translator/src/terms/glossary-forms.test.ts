import { describe, expect, it } from 'vitest';
import type { GlossaryEntry } from '../brief';
import { buildPrompt } from '../build-prompt';
import { checkReply } from '../check-reply';
import { createEngine, engineNames } from '../create-engine';
import { engineFollowsGlossary } from '../engines/follows-glossary';
import { glossaryFor } from '../glossary-matcher';
import { glossaryCompliance } from '../qa/glossary-compliance';
import { mergeGlossaries } from './merge-glossaries';

const athos: GlossaryEntry = {
  source: 'Атос',
  target: 'Athos',
  kind: 'character',
  count: 7,
  forms: ['Атоса', 'Атосом', 'Атосу'],
};

describe('a glossary entry with case forms', () => {
  it('applies to a block that only uses an oblique form, and the prompt lists the forms it uses', () => {
    const texts = ['Д’Артаньян смотрел на Атоса с удивлением.'];
    expect(glossaryFor([athos], texts)).toEqual([athos]);
    const prompt = buildPrompt({
      blocks: { '1': texts[0] as string },
      from: 'ru',
      to: 'en',
      glossary: glossaryFor([athos], texts),
    });
    expect(prompt.user).toContain('Атос (also Атоса) = Athos');
    expect(prompt.user).not.toContain('Атосом');
  });

  it('is checked in replies and in the QA report through its forms', () => {
    const sent = { '1': 'Он пошёл с Атосом.' };
    expect(checkReply(sent, { '1': 'He went with Atos.' }, [athos]).problems).toEqual([
      expect.objectContaining({ key: '1', message: 'use "Athos"', soft: true }),
    ]);
    const qa = glossaryCompliance(
      [{ blockId: 'b1', chapterId: 'c1', source: sent['1'], target: 'He went with Athos.' }],
      [athos],
    );
    expect(qa.glossary.terms).toEqual([{ term: 'Атос', expected: 'Athos', blocks: 1, compliant: 1 }]);
  });

  it('merges with an entry for one of its forms: the first list wins, the forms join', () => {
    const brief: GlossaryEntry = { source: 'Атоса', target: 'Athos', kind: 'character' };
    const merged = mergeGlossaries([brief], [athos]);
    expect(merged).toEqual([
      { source: 'Атоса', target: 'Athos', kind: 'character', count: 7, forms: ['Атос', 'Атосом', 'Атосу'] },
    ]);
    expect(mergeGlossaries([{ ...athos, target: 'Atos' }], [brief])).toEqual([{ ...athos, target: 'Atos' }]);
  });
});

describe('engines that ignore the glossary', () => {
  it('say so by name, by stored label and on the engine itself', () => {
    expect(engineFollowsGlossary('apertium')).toBe(false);
    expect(engineFollowsGlossary('demo')).toBe(false);
    expect(engineFollowsGlossary('openai:gpt-4.1-mini')).toBe(true);
    expect(engineFollowsGlossary('deepl')).toBe(true);
    for (const name of engineNames) {
      const engine = createEngine({
        engine: name,
        apiKey: 'k',
        baseUrl: 'http://127.0.0.1:9/v1',
        model: 'm',
      });
      expect(engine.followsGlossary, name).toBe(engineFollowsGlossary(name));
    }
  });
});
