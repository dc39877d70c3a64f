/**
 * bench/openai-batch: the same chunks of the bench book through the three OpenAI lanes against the
 * fake OpenAI server: standard chat completions, the flex tier, and the Batch API (decision 290).
 * Each lane's tokens, time, and price at the default model's list price (flex and batch at half), and
 * whether the batch's replies are the standard lane's words.
 * Goal: the batch and flex lanes bill the standard lane's tokens at half its price, with the same words.
 * Run: npm run bench:openai-batch [-- --words 20000]
 */
import { startFakeLlm } from '@booktranslate/testkit';
import {
  buildPrompt,
  createBatchClient,
  createEngine,
  DEFAULT_MODELS,
  emptyUsage,
  knownPrice,
  priceOf,
} from '@booktranslate/translator';
import { conditions, conditionsNow } from './conditions';
import { benchBookText } from './service/bench-book';
import { answerHelp } from './usage';

answerHelp(
  'Usage: npm run bench:openai-batch [-- --words N]\n\nThe bench book (default 20,000 words) in chunks of about 400 words through standard, flex and\nbatch requests to the fake OpenAI server: tokens, seconds, price at the default model list prices.',
);
const wordsArg = process.argv.indexOf('--words');
const WORDS = wordsArg > 0 ? Number(process.argv[wordsArg + 1]) : 20_000;
const MODEL = DEFAULT_MODELS.openai!;
const CONCURRENCY = 16;
const FAKE = { latencyMs: 300, msPerOutputToken: 0.5, flexLatencyMs: 600, batchDelayMs: 3_000, seed: 1 };

const start = conditionsNow();
const text = new TextDecoder().decode((await benchBookText(WORDS)).bytes);
const chunks: Array<Record<string, string>> = [];
let blocks: Record<string, string> = {};
let size = 0;
for (const paragraph of text.split(/\n{2,}/)) {
  if (!paragraph.trim()) continue;
  blocks[String(Object.keys(blocks).length + 1)] = paragraph.replace(/\s+/g, ' ').trim();
  size += paragraph.split(/\s+/).length;
  if (size >= 400) [chunks[chunks.length], blocks, size] = [blocks, {}, 0];
}
if (size) chunks.push(blocks);

const llm = await startFakeLlm(FAKE);
const price = knownPrice(MODEL);
const round = (n: number, digits = 4) => Math.round(n * 10 ** digits) / 10 ** digits;

async function synchronous(serviceTier?: 'flex') {
  llm.resetStats();
  const engine = createEngine({
    engine: 'openai',
    baseUrl: llm.baseURL,
    apiKey: 'k',
    model: MODEL,
    serviceTier,
  });
  const usage = emptyUsage();
  const started = performance.now();
  const out: Array<Record<string, string>> = [];
  let next = 0;
  const worker = async () => {
    while (next < chunks.length) {
      const i = next++;
      out[i] = await engine.translate({ blocks: chunks[i]!, from: 'en', to: 'es', usage });
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  const stats = llm.stats();
  return { out, seconds: (performance.now() - started) / 1000, stats };
}

async function batched() {
  llm.resetStats();
  const client = createBatchClient({ engine: 'openai', baseUrl: llm.baseURL, apiKey: 'k', model: MODEL })!;
  const requests = chunks.map((chunk, i) => {
    const prompt = buildPrompt({ blocks: chunk, from: 'en', to: 'es' });
    return {
      customId: `c${i}`,
      system: prompt.system,
      user: prompt.user,
      model: MODEL,
      maxOutputTokens: 16_384,
    };
  });
  const started = performance.now();
  const { id } = await client.submit(requests);
  const submitted = performance.now();
  while ((await client.status(id)).state === 'in_progress') await new Promise((r) => setTimeout(r, 100));
  const ended = performance.now();
  const results = await client.results(id);
  const read = performance.now();
  return {
    results,
    seconds: (read - started) / 1000,
    submit_ms: Math.round(submitted - started),
    results_ms: Math.round(read - ended),
    stats: llm.stats(),
    priceFactor: client.priceFactor,
  };
}

const lane = (input: number, output: number, requests: number, seconds: number, factor: number) => ({
  requests,
  input_tokens: input,
  output_tokens: output,
  seconds: round(seconds, 2),
  list_price_usd: round(priceOf(price, input, output) ?? 0),
  charged_usd: round((priceOf(price, input, output) ?? 0) * factor),
});

try {
  const standard = await synchronous();
  const flex = await synchronous('flex');
  const batch = await batched();
  const same = batch.results.filter(
    (r, i) => r.reply && JSON.stringify(JSON.parse(r.reply.text)) === JSON.stringify(standard.out[i]),
  ).length;
  console.log(
    JSON.stringify(
      {
        bench: 'openai-batch',
        words: WORDS,
        chunks: chunks.length,
        fake: FAKE,
        concurrency: CONCURRENCY,
        standard: lane(
          standard.stats.input_tokens,
          standard.stats.output_tokens,
          standard.stats.requests,
          standard.seconds,
          1,
        ),
        flex: {
          ...lane(
            flex.stats.flex_input_tokens,
            flex.stats.flex_output_tokens,
            flex.stats.flex_requests,
            flex.seconds,
            0.5,
          ),
        },
        batch: {
          ...lane(
            batch.stats.batch_input_tokens,
            batch.stats.batch_output_tokens,
            batch.stats.batch_requests,
            batch.seconds,
            batch.priceFactor,
          ),
          submit_ms: batch.submit_ms,
          results_ms: batch.results_ms,
          replies_same_as_standard: same,
        },
        conditions: conditions(start),
      },
      null,
      2,
    ),
  );
} finally {
  await llm.close();
}
