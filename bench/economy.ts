/**
 * bench/economy: one book through the economy lane on every protocol the fakes speak, with faults,
 * against the standard lane, end to end over real HTTP. A `serve` process (API + workers, PostgreSQL)
 * per provider translates with its fake (OpenAI, Anthropic, Gemini); the economy runs use its batch
 * API (clean, 20% of requests failed, every batch expired half done) and OpenAI's flex tier.
 * Prints per run: completion, blocks lost (goal 0), requests per block, and the provider's bill at
 * the model's list prices as the fake counted the tokens (batch and flex at half) against the
 * standard lane's (goal about 0.5), with the server's own cost saved beside it.
 * Run: npm run bench:economy   (BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/test)
 */
import {
  type FakeLlmStats,
  type FakeProviderOptions,
  startFakeAnthropic,
  startFakeGemini,
  startFakeLlm,
} from '@booktranslate/testkit';
import { DEFAULT_MODELS, knownPrice, type ModelPrice } from '@booktranslate/translator';
import { conditions, conditionsNow } from './conditions';
import { ApiSession, json } from './service/api-session';
import { benchBookText } from './service/bench-book';
import { grantCredits, withBenchDatabase } from './service/bench-database';
import { fakeModelEnv } from './service/fake-provider';
import { startServer } from './service/server-process';
import { answerHelp } from './usage';

answerHelp(
  'Usage: npm run bench:economy\n\nA 20,000-word book through the standard lane, the OpenAI, Anthropic and Gemini batch APIs (clean,\nfailed requests, expired batches) and the OpenAI flex tier, through a serve process on PostgreSQL with\nthe fakes: completion, blocks lost, requests per block and the cost ratio against the standard lane.\nBENCH_DATABASE_URL: default postgres://postgres@127.0.0.1:5432/test',
);

const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const WORDS = 20_000;
/** Each fake as a provider key: quick replies, batches that end 5 s after they are created. */
const PROVIDER: FakeProviderOptions = { latencyMs: 300, batchDelayMs: 5000, seed: 7 };

/** A fake provider and how the server reaches it. */
interface Provider {
  name: string;
  model: string;
  price: ModelPrice;
  stats(): FakeLlmStats;
  configure(options: Partial<FakeProviderOptions>): void;
  env: Record<string, string>;
  close(): Promise<void>;
}

async function providers(): Promise<Provider[]> {
  const openai = await startFakeLlm(PROVIDER);
  const anthropic = await startFakeAnthropic({ ...PROVIDER, apiKey: 'bench' });
  const gemini = await startFakeGemini({ ...PROVIDER, apiKey: 'bench' });
  const of = (name: string, model: string, fake: typeof anthropic, env: Record<string, string>) => ({
    name,
    model,
    price: knownPrice(model)!,
    stats: () => fake.stats(),
    configure: (o: Partial<FakeProviderOptions>) => fake.configure(o),
    env,
    close: () => fake.close(),
  });
  return [
    of('openai', DEFAULT_MODELS.openai!, openai, {
      OPENAI_BASE_URL: openai.baseURL,
      OPENAI_MODEL: DEFAULT_MODELS.openai!,
    }),
    of('anthropic', DEFAULT_MODELS.anthropic!, anthropic, {
      TRANSLATION_ENGINE: 'anthropic',
      ANTHROPIC_API_KEY: 'bench',
      ANTHROPIC_BASE_URL: anthropic.url,
    }),
    of('gemini', DEFAULT_MODELS.gemini!, gemini, {
      TRANSLATION_ENGINE: 'gemini',
      GEMINI_API_KEY: 'bench',
      GEMINI_BASE_URL: gemini.url,
    }),
  ];
}

interface Run {
  provider: string;
  lane: string;
  faults: string;
  status: string;
  seconds: number;
  blocks_total: number;
  blocks_lost: number;
  requests: number;
  batch_requests: number;
  flex_requests: number;
  requests_per_block: number;
  /** What the provider would bill, from the fake's token counts (batch and flex at half price). */
  bill_usd: number;
  /** The server's own account (QA report): paid and saved. */
  server_cost_usd: number | null;
  server_cost_saved_usd: number;
}

async function translate(
  session: ApiSession,
  llm: Provider,
  bytes: Uint8Array,
  lane: 'standard' | 'economy',
  faults: string,
): Promise<Run> {
  const usd = (input: number, output: number) =>
    (input * llm.price.inputPerMillion + output * llm.price.outputPerMillion) / 1_000_000;
  const before = llm.stats();
  const form = new FormData();
  form.append('target_language', 'es');
  form.append('lane', lane);
  form.append('file', new Blob([bytes]), 'book.txt');
  const started = performance.now();
  const upload = await session.request('POST', '/books/', { body: form });
  if (upload.status !== 201) throw new Error(`upload: ${upload.status} ${await upload.text()}`);
  const id = (await json(upload)).data.translation.id;
  let t = { status: '' } as { status: string };
  while (!['completed', 'failed', 'canceled'].includes(t.status)) {
    await new Promise((r) => setTimeout(r, 200));
    t = await json(await session.request('GET', `/translations/${id}/`));
  }
  const seconds = (performance.now() - started) / 1000;
  const after = llm.stats();
  const d = (key: keyof typeof after) => (after[key] as number) - (before[key] as number);
  const report =
    t.status === 'completed' ? await json(await session.request('GET', `/translations/${id}/report/`)) : null;
  const blocks = report?.blocks_total ?? 0;
  const chatIn = d('input_tokens') - d('flex_input_tokens');
  const chatOut = d('output_tokens') - d('flex_output_tokens');
  const bill =
    usd(chatIn, chatOut) +
    usd(d('flex_input_tokens'), d('flex_output_tokens')) / 2 +
    usd(d('batch_input_tokens'), d('batch_output_tokens')) / 2;
  return {
    provider: llm.name,
    lane,
    faults,
    status: t.status,
    seconds: round(seconds),
    blocks_total: blocks,
    blocks_lost: report ? blocks - report.blocks_translated : Number.NaN,
    requests: d('requests'),
    batch_requests: d('batch_requests'),
    flex_requests: d('flex_requests'),
    requests_per_block: blocks ? round((d('requests') + d('batch_requests')) / blocks) : 0,
    bill_usd: round(bill, 6),
    server_cost_usd: report?.provider?.cost_usd ?? null,
    server_cost_saved_usd: report?.provider?.cost_saved_usd ?? 0,
  };
}

async function withServer(
  databaseUrl: string,
  llm: Provider,
  way: 'batch' | 'flex',
  fn: (session: () => Promise<ApiSession>) => Promise<void>,
): Promise<void> {
  const server = await startServer({
    ...fakeModelEnv(databaseUrl, 'http://127.0.0.1:9/v1', 16),
    ...llm.env,
    ECONOMY_LANE: way,
    ECONOMY_POLL_SECONDS: '1',
    ECONOMY_BATCH_REQUESTS: '8',
  });
  try {
    await fn(async () => {
      const session = await ApiSession.register(
        server.url,
        `bench-economy-${way}-${Date.now()}-${Math.random()}@example.com`,
      );
      const profile = await json(await session.request('GET', '/users/profile/'));
      await grantCredits(databaseUrl, profile.id, 'READER', 1);
      return session;
    });
  } finally {
    await server.stop();
  }
}

const start = conditionsNow();
await withBenchDatabase(adminUrl, async (databaseUrl) => {
  const fakes = await providers();
  const book = await benchBookText(WORDS);
  const runs: (Run & { cost_ratio: number })[] = [];
  try {
    for (const llm of fakes) {
      const own: Run[] = [];
      await withServer(databaseUrl, llm, 'batch', async (session) => {
        own.push(await translate(await session(), llm, book.bytes, 'standard', 'none'));
        own.push(await translate(await session(), llm, book.bytes, 'economy', 'none'));
        llm.configure({ batchFailRate: 0.2 });
        own.push(
          await translate(await session(), llm, book.bytes, 'economy', '20% of batch requests failed'),
        );
        llm.configure({ batchFailRate: 0, batchExpire: 0.5 });
        own.push(
          await translate(await session(), llm, book.bytes, 'economy', 'every batch expired half done'),
        );
        llm.configure({ batchExpire: undefined });
      });
      if (llm.name === 'openai') {
        await withServer(databaseUrl, llm, 'flex', async (session) => {
          const run = await translate(await session(), llm, book.bytes, 'economy', 'none');
          own.push({ ...run, lane: 'economy (flex)' });
        });
      }
      const standard = own[0]!;
      runs.push(...own.map((run) => ({ ...run, cost_ratio: round(run.bill_usd / standard.bill_usd) })));
    }
  } finally {
    for (const fake of fakes) await fake.close();
  }
  const figures = {
    words: book.words,
    model_prices: Object.fromEntries(fakes.map((f) => [f.name, { model: f.model, ...f.price }])),
    runs,
    goals: { completed: true, blocks_lost: 0, cost_ratio: 'about 0.5 without faults' },
    pass: runs.every((r) => r.status === 'completed' && r.blocks_lost === 0),
    conditions: conditions(start, { logLevel: 'warn', database: 'postgresql' }),
  };
  console.log(JSON.stringify(figures, null, 2));
  process.exitCode = figures.pass ? 0 : 1;
});

function round(n: number, digits = 3): number {
  const f = 10 ** digits;
  return Math.round(n * f) / f;
}
