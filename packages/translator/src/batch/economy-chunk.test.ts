import { describe, expect, it } from 'vitest';
import type { ChunkItem } from '../plan-chunks';
import { economyOutcome, economyRequest } from './economy-chunk';

const items: ChunkItem[] = [
  { key: '1', blockId: 'c1.b1', chapterId: 'c1', text: 'Athos drew his sword.', tokens: 6 },
  { key: '2', blockId: 'c1.b2', chapterId: 'c1', text: 'The night was cold.', tokens: 5 },
];
const brief = {
  genre: 'novel',
  register: '',
  narrator: '',
  summary: '',
  glossary: [{ source: 'Athos', target: 'Atos', kind: 'character' as const }],
};
const reply = (text: string) => ({ text, finish: 'stop' as const, inputTokens: 100, outputTokens: 40 });

describe('economyRequest', () => {
  it('builds the standard prompt with the previous source and the glossary, never a previous translation', () => {
    const request = economyRequest(
      { customId: 'c7', items, previousSource: 'Earlier text.' },
      { from: 'en', to: 'es', brief, model: 'm' },
    );
    expect(request.customId).toBe('c7');
    expect(request.user).toContain('Context before: Earlier text.');
    expect(request.user).not.toContain('Its translation');
    expect(request.user).toContain('Athos = Atos');
    expect(request.user.endsWith(JSON.stringify({ '1': items[0]?.text, '2': items[1]?.text }))).toBe(true);
  });
});

describe('economyOutcome', () => {
  it('accepts the blocks that pass and fails the rest, block by block', () => {
    const outcome = economyOutcome(
      items,
      { customId: 'c7', reply: reply('{"1":"Atos desenvainó su espada.","2":"The night was cold."}') },
      {},
      brief,
      { inputPerMillion: 1, outputPerMillion: 2 },
    );
    expect(outcome.accepted.map((a) => a.item.blockId)).toEqual(['c1.b1']);
    expect(outcome.failed.map((f) => f.item.blockId)).toEqual(['c1.b2']);
    expect(outcome.usage).toMatchObject({
      requests: 1,
      inputTokens: 100,
      outputTokens: 40,
      costUsd: 0.00018,
    });
  });

  it('fails every block of a failed request, a bad reply or a missing result', () => {
    const failed = economyOutcome(
      items,
      { customId: 'c7', error: { message: 'server_error', retryable: true } },
      {},
    );
    expect(failed.failed).toHaveLength(2);
    expect(
      economyOutcome(items, { customId: 'c7', reply: reply('Sure, here it is') }, {}).failed,
    ).toHaveLength(2);
    expect(economyOutcome(items, { customId: 'c7', reply: reply('{"1":"x"}') }, {}).failed).toHaveLength(2);
    expect(economyOutcome(items, undefined, {}).usage.requests).toBe(0);
  });
});
