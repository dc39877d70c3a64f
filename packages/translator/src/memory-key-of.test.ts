import { describe, expect, it } from 'vitest';
import { emptyBrief } from './brief';
import { memoryKeyOf } from './memory-key-of';
import { memoryKey } from './translation-memory';

const engine = { name: 'openai', model: 'gpt-4.1-mini' };

describe('memoryKeyOf', () => {
  it('composes the same key as memoryKey with no glossary', () => {
    const keyOf = memoryKeyOf({ from: 'en', to: 'es', engine });
    expect(keyOf('Hello.')).toBe(
      memoryKey({
        text: 'Hello.',
        from: 'en',
        to: 'es',
        engine: 'openai',
        model: 'gpt-4.1-mini',
        glossaryVersion: 'none',
      }),
    );
    expect(memoryKeyOf({ from: 'en', to: 'es', engine, brief: emptyBrief })('Hello.')).toBe(keyOf('Hello.'));
  });

  it('gives other keys for another glossary, language pair or model', () => {
    const base = memoryKeyOf({ from: 'en', to: 'es', engine })('Anna waved.');
    const glossary = [{ source: 'Anna', target: 'Ana', kind: 'character' as const }];
    const others = [
      memoryKeyOf({ from: 'en', to: 'es', engine, brief: { ...emptyBrief, glossary } }),
      memoryKeyOf({ from: 'en', to: 'de', engine }),
      memoryKeyOf({ from: 'en', to: 'es', engine: { ...engine, model: 'gpt-4.1' } }),
    ].map((keyOf) => keyOf('Anna waved.'));
    expect(new Set([base, ...others]).size).toBe(4);
  });
});
