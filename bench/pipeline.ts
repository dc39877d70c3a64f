/**
 * bench/pipeline: a 100,000-word book through the translator against the fake OpenAI-compatible
 * server (1.5 s latency + 5 ms per output token, at most 32 requests at once).
 * Prints wall time, the provider-bound limit (provider busy time / 32), efficiency = limit / wall,
 * requests and input tokens per source token, and checks that no block was lost.
 * Run: npm run bench:pipeline  (BENCH_WORDS, BENCH_CONCURRENCY override the defaults)
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { type Book, countWords, readBook } from '@booktranslate/ebook';
import { corpusDir, reverseWords, startFakeLlm } from '@booktranslate/testkit';
import {
  analyzeBook,
  countTokens,
  createEngine,
  needsTranslation,
  translateBook,
} from '@booktranslate/translator';

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
const engine = createEngine({ engine: 'openai', baseUrl: llm.baseURL, apiKey: 'bench', model: 'fake' });

console.log(
  `book: ${words} words, ${blocks.length} blocks, ${sourceTokens} source tokens; concurrency ${SLOTS}`,
);
const analysisStart = performance.now();
const analysis = await analyzeBook(book, { engine, to: 'es' });
const analysisSeconds = (performance.now() - analysisStart) / 1000;
const analysisStats = llm.stats();
llm.resetStats();

const started = performance.now();
const { book: out, report } = await translateBook(book, {
  engine,
  to: 'es',
  from: analysis.from,
  brief: analysis.brief,
  concurrency: SLOTS,
});
const wall = (performance.now() - started) / 1000;
const stats = llm.stats();
await llm.close();

const source = new Map(blocks.map((b) => [b.id, b.text]));
const lost = out.chapters
  .flatMap((c) => c.blocks)
  .filter(
    (b) => needsTranslation(source.get(b.id) ?? '') && reverseWords(b.text) !== source.get(b.id),
  ).length;
const limit = stats.busy_ms / 1000 / SLOTS;
const totalWall = wall + analysisSeconds;
const totalLimit = (stats.busy_ms + analysisStats.busy_ms) / 1000 / SLOTS;
const figures = {
  wall_seconds: round(wall),
  provider_bound_seconds: round(limit),
  efficiency: round(limit / wall),
  requests: stats.requests,
  input_tokens: stats.input_tokens,
  output_tokens: stats.output_tokens,
  source_tokens: sourceTokens,
  input_tokens_per_source_token: round(stats.input_tokens / sourceTokens),
  chunks: report.chunks,
  max_in_flight: stats.max_in_flight,
  status: stats.by_status,
  lost_blocks: lost + report.failedBlocks.length,
  analysis_seconds: round(analysisSeconds),
  analysis_input_tokens: analysisStats.input_tokens,
  with_analysis: {
    wall_seconds: round(totalWall),
    efficiency: round(totalLimit / totalWall),
    input_tokens_per_source_token: round((stats.input_tokens + analysisStats.input_tokens) / sourceTokens),
  },
};
console.log(JSON.stringify(figures, null, 2));
const ok =
  figures.efficiency >= 0.9 && figures.input_tokens_per_source_token <= 1.25 && figures.lost_blocks === 0;
console.log(
  ok
    ? 'PASS: efficiency >= 0.9, <= 1.25 input tokens per source token, no block lost'
    : 'FAIL: goals not met',
);
process.exitCode = ok ? 0 : 1;

function round(value: number): number {
  return Math.round(value * 1000) / 1000;
}
