import { type Engine, limiterFor, type ProviderLimiter } from '@booktranslate/translator';
import type { EngineChoice } from './pipeline-deps';

/**
 * The provider key's limiter as the prepare step uses it: its requests (brief, whole-book terms,
 * title and TOC labels) go before chunk requests already waiting for the same key, so a new book does
 * not wait behind the books translating (decision 160). An owner with other translations unfinished
 * gets no head start (`ahead` > 0): five books queued at once must not put their many term requests
 * before another user's single book.
 */
export function prepareLimiter(choice: EngineChoice, concurrency: number, ahead = 0): ProviderLimiter {
  return limiterFor(choice.label, { concurrency }).withPriority(ahead === 0 ? 1 : 0);
}

/**
 * The engine with its brief request inside the limiter: without it the request would go past the
 * key's limit while chunks fill it, and meet the provider's 429s and their back-off.
 */
export function withLimitedAnalysis(engine: Engine, limiter: ProviderLimiter): Engine {
  const analyze = engine.analyze?.bind(engine);
  if (!analyze) return engine;
  const renderTerms = engine.renderTerms?.bind(engine);
  return {
    name: engine.name,
    model: engine.model,
    chunkTokens: engine.chunkTokens,
    understandsBrief: engine.understandsBrief,
    translate: (batch) => engine.translate(batch),
    // No per-minute token limits are configured on the server; the slot is what matters here.
    analyze: (request) => limiter.run(0, () => analyze(request), request.signal),
    // The whole-book terms go out beside the brief (decision 173): through the same slots.
    ...(renderTerms && {
      renderTerms: (request: Parameters<typeof renderTerms>[0]) =>
        limiter.run(0, () => renderTerms(request), request.signal),
    }),
  };
}
