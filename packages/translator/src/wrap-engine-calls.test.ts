import { describe, expect, it } from 'vitest';
import type { Engine } from './engine';
import { emptyUsage } from './usage';
import { type EngineOperation, wrapEngineCalls } from './wrap-engine-calls';

const engine: Engine = {
  name: 'fake',
  model: 'm',
  chunkTokens: 100,
  understandsBrief: true,
  followsGlossary: true,
  translate: async (batch) => batch.blocks,
  analyze: async () => ({ genre: 'g' }) as never,
  renderTerms: async () => [],
};

describe('wrapEngineCalls', () => {
  it('passes every paid call through the wrapper and keeps what it does not wrap', async () => {
    const seen: EngineOperation[] = [];
    const wrapped = wrapEngineCalls(engine, (operation, request, call) => {
      seen.push(operation);
      return call(request.usage);
    });
    const usage = emptyUsage();
    expect(await wrapped.translate({ blocks: { a: 'x' }, usage } as never)).toEqual({ a: 'x' });
    await wrapped.analyze?.({ usage } as never);
    await wrapped.renderTerms?.({ usage } as never);
    expect(seen).toEqual(['translate', 'analyze', 'terms']);
    expect([wrapped.name, wrapped.model, wrapped.chunkTokens, wrapped.understandsBrief]).toEqual([
      'fake',
      'm',
      100,
      true,
    ]);
  });

  it('leaves out the calls the engine lacks', () => {
    const { analyze: _a, renderTerms: _r, ...plain } = engine;
    const wrapped = wrapEngineCalls(plain, (_op, request, call) => call(request.usage));
    expect(wrapped.analyze).toBeUndefined();
    expect(wrapped.renderTerms).toBeUndefined();
  });
});
