import type { BookBrief } from './brief';
import { checkReply, type ReplyCheckOptions } from './check-reply';
import type { ChunkResult } from './chunk-result';
import { countTokens } from './count-tokens';
import type { Engine, PreviousPassage } from './engine';
import { isFatalError, isTranslatorError, TranslatorError } from './errors';
import { glossaryFor } from './glossary-matcher';
import { keepEdges } from './keep-edges';
import { memoryKeyOf } from './memory-key-of';
import type { Chunk, ChunkItem } from './plan-chunks';
import { ProviderLimiter } from './provider-limiter';
import { sourceLanguageCheck } from './reply-language';
import { splitSentences } from './split-sentences';
import type { TranslationMemory } from './translation-memory';
import { emptyUsage } from './usage';
import { defaultRetryPolicy, type RetryPolicy, withRetries } from './with-retries';

export interface ChunkContext {
  engine: Engine;
  from: string;
  to: string;
  brief?: BookBrief;
  /** Shared by every chunk of a provider key: concurrency, RPM/TPM, Retry-After pauses. */
  limiter?: ProviderLimiter;
  memory?: TranslationMemory;
  retry?: RetryPolicy;
  /** Reply attempts of one batch (the first plus retries with the error stated) before splitting. */
  attempts?: number;
  /** A second model tried after repeated refusals. */
  fallbackModel?: string;
  /** Translation of the passage before the chunk, when already known. */
  previousTarget?: string;
  /** The passage after the chunk, for context (one passage translated again). */
  following?: PreviousPassage;
  /** The reader's wish for these blocks, passed to the engine with every request. */
  instruction?: string;
  signal?: AbortSignal;
}

/** Everything one batch attempt shares: the running result and the call to the engine. */
interface Run {
  ctx: ChunkContext;
  result: ChunkResult;
  limiter: ProviderLimiter;
  checks: ReplyCheckOptions;
  previous?: PreviousPassage;
  /** The last problem of each block whose reply was rejected, until it is accepted or reported. */
  problems: Map<string, string>;
  accept(item: ChunkItem, text: string): Promise<void>;
}

/**
 * Translates one chunk: memory first, then the engine with checks, retries with the error stated,
 * halving, block-by-block and sentence-by-sentence fallbacks. Never throws for a bad block (it is
 * listed in `failures`); throws TranslatorError for what stops the book (quota, key, cancel, outage).
 * @example const result = await translateChunk(chunks[0], { engine, from: 'en', to: 'es', brief })
 */
export async function translateChunk(chunk: Chunk, ctx: ChunkContext): Promise<ChunkResult> {
  const result: ChunkResult = {
    chunkIndex: chunk.index,
    items: [],
    failures: [],
    warnings: [],
    usage: emptyUsage(),
    retries: 0,
    notes: [],
  };
  const keyOf = memoryKeyOf(ctx);
  const run: Run = {
    ctx,
    result,
    limiter: ctx.limiter ?? new ProviderLimiter({ concurrency: 4 }),
    // The demo engine keeps the source text on purpose: every block would be flagged.
    checks: {
      stillInSource: ctx.engine.name === 'demo' ? undefined : await sourceLanguageCheck(ctx.from, ctx.to),
    },
    previous: chunk.previousSource ? { source: chunk.previousSource, target: ctx.previousTarget } : undefined,
    problems: new Map(),
    async accept(item, text) {
      result.items.push({
        blockId: item.blockId,
        part: item.part,
        text: keepEdges(item.text, text),
        fromMemory: false,
      });
      await ctx.memory?.put(keyOf(item.text), text);
    },
  };
  const pending: ChunkItem[] = [];
  for (const item of chunk.items) {
    const known = await ctx.memory?.get(keyOf(item.text));
    if (known === undefined) pending.push(item);
    else result.items.push({ blockId: item.blockId, part: item.part, text: known, fromMemory: true });
  }
  if (pending.length) await translateItems(pending, run);
  return result;
}

async function translateItems(
  items: ChunkItem[],
  run: Run,
  how = 'asked again with the problem stated',
): Promise<void> {
  const { ctx, result } = run;
  let pending = items;
  let correction: string | undefined;
  let model: string | undefined;
  let refusals = 0;
  let lastError: TranslatorError | undefined;
  // A lone block is cheap to ask again, and nothing smaller is left to split it into: it gets more
  // attempts before it is reported, so random provider faults do not leave text untranslated.
  const attempts = items.length === 1 ? Math.max(ctx.attempts ?? 3, 6) : (ctx.attempts ?? 3);
  for (let attempt = 0; attempt < attempts && pending.length; attempt++) {
    if (attempt > 0) result.retries++;
    const blocks = Object.fromEntries(pending.map((item) => [item.key, item.text]));
    const glossary = ctx.engine.understandsBrief
      ? glossaryFor(ctx.brief?.glossary, Object.values(blocks))
      : [];
    const unknown = new Map<string, string[]>();
    try {
      const reply = await callEngine(run, blocks, glossary, correction, model, unknown);
      const check = checkReply(blocks, reply, glossary, run.checks);
      if (check.fatal) {
        for (const item of pending)
          if (!(item.key in reply)) run.problems.set(item.blockId, 'the reply dropped the block');
        correction = `${check.fatal}. Return every key exactly once.`;
        lastError = new TranslatorError('bad_reply', check.fatal);
        continue;
      }
      const lastAttempt = attempt === attempts - 1;
      for (const problem of check.problems) {
        // Machine translation engines give the same answer again: no point asking twice.
        if (problem.soft && (attempt > 0 || lastAttempt || !ctx.engine.understandsBrief)) {
          check.accepted[problem.key] = reply[problem.key] as string;
          result.warnings.push(`${blockOf(pending, problem.key)}: ${problem.message}`);
          run.problems.set(blockOf(pending, problem.key), `${problem.message} (accepted with a warning)`);
        } else {
          run.problems.set(blockOf(pending, problem.key), problem.message);
        }
      }
      for (const item of pending) {
        const text = check.accepted[item.key];
        if (text === undefined) continue;
        await run.accept(item, text);
        noteRepair(run, item.blockId, how);
        const words = unknown.get(item.key);
        if (words?.length)
          result.notes.push({
            blockId: item.blockId,
            kind: 'unknown_words',
            problem: words.join(', '),
            repair: 'none',
          });
      }
      pending = pending.filter((item) => check.accepted[item.key] === undefined);
      const open = check.problems.filter((p) => check.accepted[p.key] === undefined);
      correction = open.map((p) => `block ${p.key}: ${p.message}`).join('; ');
      lastError = new TranslatorError('bad_reply', correction);
    } catch (error) {
      if (isFatalError(error) || !isTranslatorError(error)) throw error;
      lastError = error;
      for (const item of pending) run.problems.set(item.blockId, `${error.code}: ${error.message}`);
      if (error.code === 'truncated' || error.code === 'context_length') break;
      if (['rate_limited', 'overloaded', 'timeout', 'network'].includes(error.code)) throw error;
      if (error.code === 'refused' && ++refusals >= 2 && ctx.fallbackModel && !model)
        model = ctx.fallbackModel;
      correction =
        error.code === 'bad_reply' ? `${error.message}. Reply with the JSON object only.` : undefined;
    }
  }
  if (pending.length === 0) return;
  result.retries++;
  if (pending.length > 1) {
    const half = Math.ceil(pending.length / 2);
    await Promise.all([
      translateItems(pending.slice(0, half), run, 'asked again in a smaller batch'),
      translateItems(pending.slice(half), run, 'asked again in a smaller batch'),
    ]);
    return;
  }
  // The one block left of a batch has had only the batch's attempts: it gets its own before it is
  // split or reported.
  if (items.length > 1) {
    await translateItems(pending, run, 'asked again on its own');
    return;
  }
  await translateLastItem(pending[0] as ChunkItem, run, lastError);
}

/** A single block that keeps failing: split it by sentences once, else report it. */
async function translateLastItem(
  item: ChunkItem,
  run: Run,
  error: TranslatorError | undefined,
): Promise<void> {
  // Callers that build chunks themselves may leave tokens at 0.
  const tokens = item.tokens || countTokens(item.text);
  const parts = item.part
    ? []
    : splitSentences(item.text, run.ctx.from, Math.max(20, Math.floor(tokens / 2)));
  if (parts.length > 1) {
    const subItems = parts.map((text, i) => ({
      ...item,
      key: String(i + 1),
      text,
      tokens: tokens / parts.length,
    }));
    const texts = new Map<string, string>();
    // The sub-run shares usage and warnings but keeps its own failures: a failed part fails the block.
    const result: ChunkResult = { ...run.result, items: [], failures: [], retries: 0 };
    const sub: Run = {
      ...run,
      result,
      accept: async (part, text) => void texts.set(part.key, keepEdges(part.text, text)),
    };
    await translateItems(
      subItems.map((s) => ({ ...s, part: { index: 0, count: 1 } })),
      sub,
      'translated sentence by sentence',
    );
    run.result.retries += result.retries;
    if (texts.size === parts.length) {
      await run.accept(item, subItems.map((s) => texts.get(s.key)).join(''));
      return;
    }
  }
  run.result.failures.push({
    blockId: item.blockId,
    chapterId: item.chapterId,
    code: error?.code ?? 'block_failed',
    message: error?.message ?? 'the block could not be translated',
  });
  run.problems.delete(item.blockId);
  run.result.notes.push({
    blockId: item.blockId,
    kind: 'reported',
    problem: error?.message ?? 'the block could not be translated',
    repair: 'none',
  });
}

/** A block accepted after a rejected reply: the QA report says what was wrong and how it was mended. */
function noteRepair(run: Run, blockId: string, how: string): void {
  const problem = run.problems.get(blockId);
  if (problem === undefined) return;
  run.problems.delete(blockId);
  const warned = problem.endsWith('(accepted with a warning)');
  run.result.notes.push({
    blockId,
    kind: 'repaired',
    problem: warned ? problem.slice(0, -' (accepted with a warning)'.length) : problem,
    repair: warned ? 'accepted with a warning after one more request' : how,
  });
}

async function callEngine(
  run: Run,
  blocks: Record<string, string>,
  glossary: ReturnType<typeof glossaryFor>,
  correction: string | undefined,
  model: string | undefined,
  unknown: Map<string, string[]>,
): Promise<Record<string, string>> {
  const { ctx, result, limiter } = run;
  const tokens = Object.values(blocks).reduce((n, t) => n + t.length / 2, 300);
  return withRetries(
    () =>
      limiter.run(
        Math.ceil(tokens),
        () =>
          ctx.engine.translate({
            blocks,
            from: ctx.from,
            to: ctx.to,
            brief: ctx.brief,
            glossary,
            previous: run.previous,
            following: ctx.following,
            instruction: ctx.instruction,
            correction: correction || undefined,
            model,
            signal: ctx.signal,
            usage: result.usage,
            onUnknownWords: (key, words) => unknown.set(key, words),
          }),
        ctx.signal,
      ),
    ctx.retry ?? defaultRetryPolicy,
    {
      signal: ctx.signal,
      onRetry: (error) => {
        result.retries++;
        if (error.retryAfterMs) limiter.pause(error.retryAfterMs);
      },
    },
  );
}

function blockOf(items: ChunkItem[], key: string): string {
  return items.find((item) => item.key === key)?.blockId ?? key;
}
