import { type Engine, limiterFor, type ProviderLimiter, wrapEngineCalls } from '@booktranslate/translator';
import type { EngineChoice } from './pipeline-deps';

/**
 * Priority views of a provider key (decision 313): a light owner's prepare requests first, then its
 * chunk requests, then a lone book's fill chunks (decision 314), then everyone else's (0). Only
 * views above 0 may take the kept slots.
 */
const LIGHT_PREPARE = 2;
const LIGHT_CHUNKS = 1;
const FILL_CHUNKS = 0.5;

/**
 * The provider key's limiter as the prepare step uses it: its requests (brief, whole-book terms,
 * title and TOC labels) go before chunk requests already waiting for the same key, so a new book does
 * not wait behind the books translating (decision 160). An owner with other translations unfinished
 * gets no head start (`ahead` > 0): five books queued at once must not put their many term requests
 * before another user's single book.
 */
export function prepareLimiter(choice: EngineChoice, concurrency: number, ahead = 0): ProviderLimiter {
  return limiterFor(choice.label, { concurrency }).withPriority(ahead === 0 ? LIGHT_PREPARE : 0);
}

/**
 * The key's limiter as a chunk job uses it: an owner with no other translation unfinished has its
 * chunk requests go before those of owners with several (after any prepare request) and may take
 * the slots kept for prepare requests; the chunks of an owner with several books wait in line and
 * leave those slots free (decisions 301, 313). A fill chunk (a short one planned for the kept slots
 * beside a lone book's wave) also takes them, but every other light request goes before it: a
 * newcomer waits for one short request at most (decision 314).
 */
export function chunkLimiter(
  choice: EngineChoice,
  concurrency: number,
  ahead: number,
  fill = false,
): ProviderLimiter {
  const priority = ahead > 0 ? 0 : fill ? FILL_CHUNKS : LIGHT_CHUNKS;
  return limiterFor(choice.label, { concurrency }).withPriority(priority);
}

/**
 * The engine with its brief request inside the limiter: without it the request would go past the
 * key's limit while chunks fill it, and meet the provider's 429s and their back-off.
 */
export function withLimitedAnalysis(engine: Engine, limiter: ProviderLimiter): Engine {
  // Chunk translation keeps the engine's own path; the brief and the whole-book terms (decision 173)
  // take the prepare step's slots. No per-minute token limits are configured on the server.
  return wrapEngineCalls(engine, (operation, request, call) =>
    operation === 'translate'
      ? call(request.usage)
      : limiter.run(0, () => call(request.usage), request.signal),
  );
}
