/**
 * bench/pipeline: a 100,000-word book through the translator against the fake OpenAI-compatible
 * server (1.5 s latency + 5 ms per output token, at most 32 requests at once).
 * Prints wall time, the provider-bound limit (provider busy time / 32), efficiency = limit / wall,
 * requests and input tokens per source token (and where they went: by kind of request and, in a translate
 * prompt, by part), its conditions, and checks that no block was lost.
 * Run: npm run bench:pipeline  (BENCH_WORDS, BENCH_CONCURRENCY override the defaults)
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { type Book, countWords, readBook } from '@booktranslate/ebook';
import { corpusDir, reverseWords, startFakeLlm } from '@booktranslate/testkit';
import { countTokens, createEngine, needsTranslation, translateBook } from '@booktranslate/translator';
import { conditions, conditionsNow } from './conditions';
import { recordInputTokens } from './input-tokens';
import { answerHelp } from './usage';

answerHelp(
  'Usage: npm run bench:pipeline\n\nA 100,000-word book through the translator against the fake model: wall time against the\nprovider-bound limit, requests and tokens per source token, no block lost.\nBENCH_WORDS and BENCH_CONCURRENCY override the defaults.',
);

const start = conditionsNow();
const WORDS = Number(process.env.BENCH_WORDS ?? 100_000);
const SLOTS = Number(process.env.BENCH_CONCURRENCY ?? 32);

async function hundredThousandWords(): Promise<Book> {
  const file = path.join(corpusDir, 'en-ainsworth-jack-sheppard-gutenberg-crlf.txt');
  const book = await readBook(new Uint8Array(await readFile(file)), { filename: path.basename(file) });
  let words = 0;
  const chapters = book.chapters
    .map((chapter) => ({
      ...chapter,
      blocks: chapter.blocks.filter((block) => {
        if (words >= WORDS) return false;
        words += countWords(block.text);
        return true;
      }),
    }))
    .filter((chapter) => chapter.blocks.length > 0);
  return { ...book, chapters };
}

const book = await hundredThousandWords();
const blocks = book.chapters.flatMap((c) => c.blocks);
const words = blocks.reduce((n, b) => n + countWords(b.text), 0);
const sourceTokens = blocks
  .filter((b) => needsTranslation(b.text))
  .reduce((n, b) => n + countTokens(b.text), 0);
const llm = await startFakeLlm({ latencyMs: 1500, msPerOutputToken: 5, maxConcurrency: SLOTS });
const inputTokens = recordInputTokens(llm);
const inner = createEngine({ engine: 'openai', baseUrl: llm.baseURL, apiKey: 'bench', model: 'fake' });
const calls: { start: number; end: number; chars: number; blocks: number }[] = [];
const analysisCalls: { kind: string; start: number; end: number }[] = [];
const timed =
  <T, R>(kind: string, call: (request: T) => Promise<R>) =>
  async (request: T): Promise<R> => {
    const start = performance.now();
    try {
      return await call(request);
    } finally {
      analysisCalls.push({ kind, start, end: performance.now() });
    }
  };
const engine = {
  ...inner,
  analyze: inner.analyze && timed('analysis', inner.analyze),
  renderTerms: inner.renderTerms && timed('terms', inner.renderTerms),
  async translate(batch: Parameters<typeof inner.translate>[0]) {
    const start = performance.now();
    try {
      return await inner.translate(batch);
    } finally {
      calls.push({
        start,
        end: performance.now(),
        chars: Object.values(batch.blocks).join('').length,
        blocks: Object.keys(batch.blocks).length,
      });
    }
  },
};

console.log(
  `book: ${words} words, ${blocks.length} blocks, ${sourceTokens} source tokens; concurrency ${SLOTS}`,
);
// One translateBook call, as the CLI makes it: the analysis request (the book is planned meanwhile),
// then the chunks. The translating phase is timed from the 'translating' progress event, with the
// analysis request's busy time and tokens taken out.
let translatingAt = 0;
let analysisStats = llm.stats();
const started = performance.now();
const { book: out, report } = await translateBook(book, {
  engine,
  to: 'es',
  concurrency: SLOTS,
  onProgress: (progress) => {
    if (progress.phase !== 'translating' || translatingAt) return;
    translatingAt = performance.now();
    analysisStats = llm.stats();
  },
});
const ended = performance.now();
const stats = llm.stats();
await llm.close();
const wall = (ended - translatingAt) / 1000;
const translatingBusyMs = stats.busy_ms - analysisStats.busy_ms;
const translatingInput = stats.input_tokens - analysisStats.input_tokens;

const source = new Map(blocks.map((b) => [b.id, b.text]));
const lost = out.chapters
  .flatMap((c) => c.blocks)
  .filter(
    (b) => needsTranslation(source.get(b.id) ?? '') && reverseWords(b.text) !== source.get(b.id),
  ).length;
const limit = translatingBusyMs / 1000 / SLOTS;
const totalWall = (ended - started) / 1000;
const totalLimit = stats.busy_ms / 1000 / SLOTS;
const figures = {
  wall_seconds: round(wall),
  provider_bound_seconds: round(limit),
  efficiency: round(limit / wall),
  requests: stats.requests - analysisStats.requests,
  input_tokens: translatingInput,
  output_tokens: stats.output_tokens - analysisStats.output_tokens,
  source_tokens: sourceTokens,
  input_tokens_per_source_token: round(translatingInput / sourceTokens),
  chunks: report.chunks,
  max_in_flight: stats.max_in_flight,
  status: stats.by_status,
  lost_blocks: lost + report.failedBlocks.length,
  analysis_seconds: round((translatingAt - started) / 1000),
  analysis_input_tokens: analysisStats.input_tokens,
  with_analysis: {
    wall_seconds: round(totalWall),
    provider_bound_seconds: round(totalLimit),
    efficiency: round(totalLimit / totalWall),
    requests: stats.requests,
    input_tokens_per_source_token: round(stats.input_tokens / sourceTokens),
  },
  input_tokens_by: inputTokens.figures(sourceTokens),
  conditions: conditions(start),
};
console.log(JSON.stringify(figures, null, 2));
if (process.env.BENCH_TRACE) {
  const t0 = started;
  console.log('idle slot-seconds by phase:', JSON.stringify(idleByPhase()));
  for (const c of analysisCalls)
    console.log(c.kind, ((c.start - t0) / 1000).toFixed(2), ((c.end - t0) / 1000).toFixed(2));
  for (const c of calls.sort((a, b) => a.start - b.start)) {
    console.log(
      ((c.start - t0) / 1000).toFixed(2),
      ((c.end - t0) / 1000).toFixed(2),
      ((c.end - c.start) / 1000).toFixed(2),
      c.chars,
      c.blocks,
    );
  }
}
const ok =
  figures.efficiency >= 0.95 &&
  figures.input_tokens_per_source_token <= 1.2 &&
  figures.with_analysis.input_tokens_per_source_token <= 1.3 &&
  figures.lost_blocks === 0;
console.log(
  ok
    ? 'PASS: efficiency >= 0.95, <= 1.20 input tokens per source token (<= 1.30 with the analysis), no block lost'
    : 'FAIL: goals not met (efficiency >= 0.95, <= 1.20 and <= 1.30 input tokens per source token, no block lost)',
);
process.exitCode = ok ? 0 : 1;

/** Slots free (SLOTS × phase length − requests' time in it) from the start to the last chunk's reply and the return. */
function idleByPhase(): Record<string, number> {
  const all = [...analysisCalls, ...calls];
  const lastStart = Math.max(...calls.map((c) => c.start));
  const firstEnd = Math.min(...calls.map((c) => c.end));
  const lastEnd = Math.max(...calls.map((c) => c.end));
  const phases: Array<[string, number, number]> = [
    ['analysis', started, translatingAt],
    ['chunks_starting', translatingAt, lastStart],
    ['all_out', lastStart, firstEnd],
    ['chunks_ending', firstEnd, lastEnd],
    ['after_last_chunk', lastEnd, ended],
  ];
  return Object.fromEntries(
    phases.map(([name, from, to]) => {
      const busy = all.reduce((n, c) => n + Math.max(0, Math.min(c.end, to) - Math.max(c.start, from)), 0);
      return [name, round((Math.max(0, to - from) * SLOTS - busy) / 1000)];
    }),
  );
}

function round(value: number): number {
  return Math.round(value * 1000) / 1000;
}
