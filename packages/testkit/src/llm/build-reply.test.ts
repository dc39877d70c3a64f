import { describe, expect, it } from 'vitest';
import { planReply, renderReply } from './build-reply';

describe('planReply', () => {
  it('answers BLOCKS: with the same keys and reversed words, ignoring the context above', () => {
    const content =
      'Translate into French. Glossary: Ann.\nPrevious: Bob.\nBLOCKS:\n{"1":"<g1>Ann</g1> ran.","2":"Hi"}';
    const plan = planReply([
      { role: 'system', content: 'You are a translator. BLOCKS: are given below.' },
      { role: 'user', content },
    ]);
    expect(plan).toEqual({ kind: 'blocks', blocks: { '1': '<g1>nnA</g1> nar.', '2': 'iH' } });
    expect(JSON.parse(renderReply(plan))).toEqual({ '1': '<g1>nnA</g1> nar.', '2': 'iH' });
  });

  it("follows a reader's wish for capitals, keeping the placeholders, and nothing else", () => {
    const ask = (wish: string) =>
      planReply([
        {
          role: 'user',
          content: `Translate.\nThe reader asks for this translation: ${wish}\nBLOCKS:\n{"1":"<g1>Ann</g1> ran.<x2/>"}`,
        },
      ]);
    expect(ask('in capitals, please')).toEqual({ kind: 'blocks', blocks: { '1': '<g1>NNA</g1> NAR.<x2/>' } });
    expect(ask('more formal')).toEqual({ kind: 'blocks', blocks: { '1': '<g1>nnA</g1> nar.<x2/>' } });
  });

  it('reads array content parts and only the last user message', () => {
    const plan = planReply([
      { role: 'user', content: 'BLOCKS:\n{"1":"old"}' },
      { role: 'assistant', content: '{"1":"dlo"}' },
      {
        role: 'user',
        content: [
          { type: 'text', text: 'Go on.\nBLOCKS: ' },
          { type: 'text', text: '{"7":"new"}' },
        ],
      },
    ]);
    expect(plan).toEqual({ kind: 'blocks', blocks: { '7': 'wen' } });
  });

  it('answers SAMPLE: with a brief whose glossary comes from capitalised words', () => {
    const sample = 'It was late. Anna walked to Moscow with Boris. Then Anna saw Boris again in Moscow.';
    const plan = planReply([{ role: 'user', content: `Analyse this book.\nSAMPLE:\n${sample}` }]);
    if (plan.kind !== 'analysis') throw new Error(`expected an analysis, got ${plan.kind}`);
    const bySource = Object.fromEntries(plan.brief.glossary.map((entry) => [entry.source, entry]));
    expect(bySource.Moscow).toMatchObject({ target: 'wocsoM', kind: 'place' });
    expect(bySource.Boris).toMatchObject({ target: 'siroB', kind: 'character' });
    expect(bySource.It).toBeUndefined();
    expect(Object.keys(plan.brief).sort()).toEqual(['genre', 'glossary', 'narrator', 'register', 'summary']);
  });

  it('reverses a plain message and rejects a malformed BLOCKS: payload', () => {
    expect(planReply([{ role: 'user', content: 'ping me' }])).toEqual({ kind: 'text', text: 'gnip em' });
    expect(() => planReply([{ role: 'user', content: 'BLOCKS:\n{"1": "a"} trailing' }])).toThrow(/JSON/);
    expect(() => planReply([{ role: 'user', content: 'BLOCKS:\n{"1": 2}' }])).toThrow(/not a string/);
  });
});
