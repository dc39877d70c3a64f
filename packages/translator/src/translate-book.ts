import { applyTranslation, type Book, countWords } from '@booktranslate/ebook';
import { analyzeBook } from './analyze-book';
import type { BookBrief } from './brief';
import { chooseSourceLanguage, type SourceLanguageChoice } from './choose-source-language';
import type { BlockFailure, ChunkResult } from './chunk-result';
import type { Engine } from './engine';
import { TranslatorError } from './errors';
import { joinTranslatedItems } from './join-translated-items';
import { type Chunk, planChunksAsync } from './plan-chunks';
import { ProviderLimiter } from './provider-limiter';
import { buildQaReport, qaFindings } from './qa/build-qa-report';
import { earlyQaChecks } from './qa/early-qa-checks';
import type { QaBlock } from './qa/glossary-compliance';
import type { QaReport } from './qa/qa-report';
import { refineFlagged } from './qa/refine-flagged';
import { sourceLanguageCheck } from './reply-language';
import { type ChunkContext, translateChunk } from './translate-chunk';
import { translateLabels } from './translate-labels';
import { addUsage, emptyUsage, type Usage } from './usage';
import { wordLimitedBlocks } from './word-limit';

export interface TranslateBookOptions extends Omit<ChunkContext, 'from' | 'brief' | 'previousTarget'> {
  to: string;
  /** Detected when absent. */
  from?: string;
  /** A brief edited by the user; when absent the analysis pass makes one (LLM engines). */
  brief?: BookBrief;
  /** Set false to skip the analysis request. */
  analyze?: boolean;
  /** Requests in flight at once (default 8); ignored when a shared `limiter` is given. */
  concurrency?: number;
  /** Provider limits of the key, when no shared `limiter` is given. */
  requestsPerMinute?: number;
  tokensPerMinute?: number;
  /** Source tokens per chunk; the engine's default when absent. */
  chunkTokens?: number;
  /** Translate only the first N words (a trial); the rest keeps the source text. */
  wordLimit?: number;
  /** Set false to skip translating flagged blocks once more before the QA report is final. */
  refine?: boolean;
  onProgress?: (progress: TranslationProgress) => void;
}

export interface TranslationProgress {
  phase: 'analyzing' | 'translating' | 'done';
  blocksDone: number;
  blocksTotal: number;
  wordsDone: number;
  wordsTotal: number;
  chapterId?: string;
  chapterTitle?: string;
}

export interface TranslationReport {
  engine: string;
  model: string;
  /** True for the demo engine: the output is not a translation. */
  demo: boolean;
  from: string;
  /** Why `from` is the source language: given by the caller, declared by the book, or detected. */
  fromReason: string;
  to: string;
  brief?: BookBrief;
  usage: Usage;
  sourceTokens: number;
  chunks: number;
  blocks: number;
  translatedBlocks: number;
  memoryHits: number;
  retries: number;
  /** Title, chapter titles and TOC labels translated (requested or reused from headings). */
  translatedLabels: number;
  failedBlocks: BlockFailure[];
  warnings: string[];
  /** Set when a word limit left the rest of the book untranslated. */
  wordLimit?: number;
  seconds: number;
  /** The quality report: untranslated blocks, glossary compliance, outliers, repairs (issue 12). */
  qa: QaReport;
}

/**
 * Analysis, chunking and concurrent chunk translation of a whole book, in memory.
 * @example const { book: spanish, report } = await translateBook(book, { engine, to: 'es', concurrency: 16 })
 */
export async function translateBook(
  book: Book,
  options: TranslateBookOptions,
): Promise<{ book: Book; report: TranslationReport }> {
  const started = performance.now();
  const usage = emptyUsage();
  const included = wordLimitedBlocks(book, options.wordLimit);
  const progress = tracker(book, included, options.onProgress);
  progress.emit('analyzing');
  const choice = options.from ? undefined : await servedSourceLanguage(book, options.engine, options.to);
  const from = options.from ?? choice?.language;
  const fromReason = choice ? choice.reason : 'given by the caller';
  if (!from)
    throw new TranslatorError('unsupported_language', 'the source language could not be detected; give it');
  const { engine, to, signal, requestsPerMinute, tokensPerMinute } = options;
  // The analysis request runs while the book is planned: planning needs the language, not the brief.
  const analysis =
    options.brief || options.analyze === false ? undefined : analyzeBook(book, { engine, to, from, signal });
  analysis?.catch(() => undefined);
  const concurrency = options.concurrency ?? 8;
  // A key of this book's own keeps no slot for other books' prepare requests: its own (the analysis,
  // the labels) go before its chunks, so one wave of chunks may fill every slot (decision 292).
  const limiter =
    options.limiter ?? new ProviderLimiter({ concurrency, requestsPerMinute, tokensPerMinute, keptSlots: 0 });
  let labels: ReturnType<typeof translateLabels> | undefined;
  // While the model is asked for the brief most slots are free: the title, chapter titles and TOC
  // labels go out then (as the service sends them beside its analysis), not after the chunks, where
  // their reply would keep the whole book waiting (decision 292).
  // They are prepare requests: the slots the key keeps for those, not the chunks' (decision 292).
  if (analysis) labels = startedLabels(book, { ...options, from, limiter: limiter.withPriority(1) });
  const chunks = await planChunksAsync(book, {
    maxTokens: options.chunkTokens ?? engine.chunkTokens,
    stretchTokens: options.chunkTokens ? undefined : engine.maxChunkTokens,
    from,
    // As wide as the slots chunks may fill, so that one wave of chunks is one round of requests.
    concurrency: limiter.slots,
    skip: included ? (id) => !included.has(id) : undefined,
  });
  const stillInSource = engine.name === 'demo' ? undefined : await sourceLanguageCheck(from, to);
  const sourceOf = new Map(
    chunks.flatMap((c) => c.items.filter((i) => !i.part).map((i) => [i.blockId, i.text])),
  );
  let brief = options.brief;
  if (analysis) {
    const result = await analysis;
    brief = result.brief;
    addUsage(usage, result.usage);
  }
  const early = earlyQaChecks({ stillInSource, glossary: brief?.glossary });
  const results: ChunkResult[] = [];
  const translatedBlocks = new Map<string, string>();
  progress.emit('translating');
  // Largest chunks first, through a pool as wide as the provider's slots, so requests really start in
  // this order and the last to start are the shortest: no slot idles long at the end.
  const order = [...chunks].sort((a, b) => b.tokens - a.tokens || a.index - b.index);
  const stop = new AbortController();
  const chunkSignal = signal ? AbortSignal.any([signal, stop.signal]) : stop.signal;
  let next = 0;
  // Without an analysis, title, chapter titles and TOC labels start as soon as a slot has no chunk
  // left to take: most repeat headings whose translations exist by then (reused), and the request
  // overlaps the last wave.
  const startLabels = () => {
    labels ??= startedLabels(book, {
      ...options,
      from,
      brief,
      limiter,
      translations: new Map(translatedBlocks),
    });
  };
  const worker = async () => {
    while (next < order.length && !stop.signal.aborted) {
      const chunk = order[next++] as Chunk;
      const previousTarget = chunk.previousBlockId ? translatedBlocks.get(chunk.previousBlockId) : undefined;
      const context = {
        ...options,
        from,
        brief,
        limiter,
        signal: chunkSignal,
        previousTarget: tail(previousTarget),
      };
      const result = await translateChunk(chunk, context);
      results.push(result);
      addUsage(usage, result.usage);
      const complete = joinTranslatedItems([result]).complete;
      for (const [id, text] of complete) translatedBlocks.set(id, text);
      progress.chunkDone(chunk);
      // The QA report's checks of these blocks now, while other chunks are still out.
      early.checkNow(
        [...complete].flatMap(([blockId, target]) => {
          const source = sourceOf.get(blockId);
          return source === undefined ? [] : [{ blockId, chapterId: '', source, target }];
        }),
      );
    }
    if (!stop.signal.aborted) startLabels();
  };
  const workers = Array.from({ length: Math.min(limiter.slots, order.length) }, worker);
  // The first fatal error (quota, key, cancel) stops the other workers instead of letting them run on.
  await Promise.all(
    workers.map((w) =>
      w.catch((error: unknown) => {
        stop.abort();
        throw error;
      }),
    ),
  );
  const joined = joinTranslatedItems(results);
  const failures = results.flatMap((r) => r.failures);
  startLabels();
  const named = await (labels as ReturnType<typeof translateLabels>);
  addUsage(usage, named.usage);
  const qa = await checkQuality(book, chunks, joined.complete, results, {
    ...options,
    from,
    brief,
    limiter,
    usage,
    early: early.answers,
  });
  const output = applyTranslation(book, joined.complete, {
    targetLanguage: options.to,
    title: named.title,
    labels: named.labels,
  });
  progress.emit('done');
  const report: TranslationReport = {
    engine: options.engine.name,
    model: options.engine.model,
    demo: options.engine.name === 'demo',
    from,
    fromReason,
    to: options.to,
    brief,
    usage,
    sourceTokens: chunks.reduce((n, c) => n + c.tokens, 0),
    chunks: chunks.length,
    blocks: new Set(chunks.flatMap((c) => c.items.map((i) => i.blockId))).size,
    translatedBlocks: joined.complete.size,
    memoryHits: results.reduce((n, r) => n + r.items.filter((i) => i.fromMemory).length, 0),
    retries: results.reduce((n, r) => n + r.retries, 0) + named.retries,
    translatedLabels: named.labels.size,
    failedBlocks: failures,
    warnings: [...results.flatMap((r) => r.warnings), ...named.warnings],
    wordLimit: included ? options.wordLimit : undefined,
    seconds: (performance.now() - started) / 1000,
    qa,
  };
  return { book: output, report };
}

/**
 * The QA pass: a first report, one more request for each flagged block with its finding stated (the
 * better text replaces the old in `texts`), then the final report.
 */
async function checkQuality(
  book: Book,
  chunks: Chunk[],
  texts: Map<string, string>,
  results: ChunkResult[],
  ctx: TranslateBookOptions & {
    from: string;
    brief?: BookBrief;
    limiter: ProviderLimiter;
    usage: Usage;
    early: ReturnType<typeof earlyQaChecks>['answers'];
  },
): Promise<QaReport> {
  const covered = new Set(chunks.flatMap((c) => c.items.map((i) => i.blockId)));
  const blocks: QaBlock[] = book.chapters.flatMap((chapter) =>
    chapter.blocks
      .filter((b) => covered.has(b.id))
      .map((b) => ({ blockId: b.id, chapterId: chapter.id, source: b.text, target: texts.get(b.id) })),
  );
  const { stillInSource, glossaryHits } = ctx.early;
  const input = {
    blocks,
    glossary: ctx.brief?.glossary,
    notes: results.flatMap((r) => r.notes),
    stillInSource,
    glossaryHits,
    usage: ctx.usage,
  };
  const first = buildQaReport(input);
  if (ctx.refine === false) return first;
  const findings = qaFindings(first);
  if (findings.size === 0) return first;
  let outcome: Awaited<ReturnType<typeof refineFlagged>>;
  try {
    outcome = await refineFlagged(blocks, findings, { ...ctx, stillInSource });
  } catch (error) {
    // Refining is a bonus: a quota or an outage now leaves the finished translation as it is.
    if (ctx.signal?.aborted) throw error;
    return first;
  }
  const { texts: better, refined } = outcome;
  for (const [id, text] of better) texts.set(id, text);
  const final = blocks.map((b) => ({ ...b, target: texts.get(b.blockId) }));
  return buildQaReport({ ...input, blocks: final, refined });
}

/** translateLabels sent now and awaited later: a rejection before then must not count as unhandled. */
function startedLabels(book: Book, ctx: Parameters<typeof translateLabels>[1]) {
  const started = translateLabels(book, ctx);
  started.catch(() => {});
  return started;
}

function tail(text: string | undefined): string | undefined {
  if (!text || text.length <= 240) return text;
  return `…${text.slice(text.indexOf(' ', text.length - 240) + 1)}`;
}

function tracker(
  book: Book,
  included: Set<string> | undefined,
  onProgress: TranslateBookOptions['onProgress'],
) {
  const words = new Map<string, { words: number; chapter: string; title?: string }>();
  for (const chapter of book.chapters) {
    for (const block of chapter.blocks) {
      if (included && !included.has(block.id)) continue;
      words.set(block.id, { words: countWords(block.text), chapter: chapter.id, title: chapter.title });
    }
  }
  const state: TranslationProgress = {
    phase: 'analyzing',
    blocksDone: 0,
    blocksTotal: words.size,
    wordsDone: 0,
    wordsTotal: [...words.values()].reduce((n, w) => n + w.words, 0),
  };
  const done = new Set<string>();
  return {
    emit(phase: TranslationProgress['phase']) {
      state.phase = phase;
      if (phase === 'done')
        Object.assign(state, { blocksDone: state.blocksTotal, wordsDone: state.wordsTotal });
      onProgress?.({ ...state });
    },
    chunkDone(chunk: Chunk) {
      for (const item of chunk.items) {
        const info = words.get(item.blockId);
        if (!info || done.has(item.blockId)) continue;
        done.add(item.blockId);
        state.blocksDone++;
        state.wordsDone += info.words;
        state.chapterId = info.chapter;
        state.chapterTitle = info.title;
      }
      onProgress?.({ ...state });
    },
  };
}

/**
 * The book's source language, where detection that overrides a declaration is taken only when the
 * engine serves the detected pair or not the declared one either: a pair no engine serves is never
 * chosen by detection alone.
 */
async function servedSourceLanguage(book: Book, engine: Engine, to: string): Promise<SourceLanguageChoice> {
  const choice = chooseSourceLanguage(book);
  if (choice.used !== 'detected' || !choice.declared || !choice.detected || !engine.serves) return choice;
  const served = new Map([
    [choice.detected, await engine.serves(choice.detected, to)],
    [choice.declared, await engine.serves(choice.declared, to)],
  ]);
  return chooseSourceLanguage(book, { serves: (language) => served.get(language) ?? true });
}
