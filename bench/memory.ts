/**
 * bench/memory: the translation memory against a fresh run, end to end over real HTTP.
 * A `serve` process (API + workers, PostgreSQL) translates with the fake OpenAI-compatible model
 * (1.5 s latency, 5 ms per output token, 32 requests at once). One user translates the first 90,000
 * words of the bench book (the memory); then a second user translates the 100,000-word book fresh,
 * and the first user translates the same 100,000 words, 90% of them in memory.
 * Goal: the run with memory takes at most a fifth of the fresh run's time and a tenth of its tokens.
 * Run: npm run bench:memory   (BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/test)
 */
import { type FakeLlm, startFakeLlm } from '@booktranslate/testkit';
import { conditions, conditionsNow } from './conditions';
import { recordInputTokens } from './input-tokens';
import { ApiSession, json } from './service/api-session';
import { benchBookText } from './service/bench-book';
import { grantCredits, withBenchDatabase } from './service/bench-database';
import { fakeModelEnv, PROVIDER_KEY, PROVIDER_SLOTS } from './service/fake-provider';
import { startServer } from './service/server-process';
import { answerHelp } from './usage';

answerHelp(
  'Usage: npm run bench:memory\n\nA 100,000-word book 90% in the translation memory against a fresh run of it, through a serve\nprocess on PostgreSQL with the fake model: time and provider tokens (goals: 1/5 and 1/10).\nBENCH_DATABASE_URL: default postgres://postgres@127.0.0.1:5432/test',
);

const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

interface Run {
  seconds: number;
  requests: number;
  input_tokens: number;
  output_tokens: number;
  words_total: number;
  words_from_memory: number;
  /** Seconds from the upload's start: its answer, the first and last provider reply, every word done. */
  phases: { uploaded: number; first_request: number; last_reply: number; words_done: number };
  /** Seconds from the upload's start when the first and the last request arrived at the provider. */
  requests_sent: { first: number; last: number };
  /** Seconds from the upload's start when the first and the last reply began. */
  replies_began: { first: number; last: number };
  /** The translate and analysis prompts' sizes. */
  prompt_tokens: { smallest: number; median: number; largest: number };
  /** Where the input tokens went, by kind of request and part of the translate prompt. */
  input_tokens_by: ReturnType<ReturnType<typeof recordInputTokens>['figures']>;
}

/** Uploads `bytes` for `session`, waits for the end and measures the run. */
async function translate(session: ApiSession, llm: FakeLlm, bytes: Uint8Array, name: string): Promise<Run> {
  const before = llm.stats();
  let started = performance.now();
  const inputTokens = recordInputTokens(llm);
  // When each request's reply began, and its size: the run waits on its last and largest.
  const replies: { at: number; tokens: number }[] = [];
  const stopReplies = llm.onChat((_messages, promptTokens) =>
    replies.push({ at: (performance.now() - started) / 1000, tokens: promptTokens }),
  );
  const sent: number[] = [];
  const stopSent = llm.onRequest(() => sent.push((performance.now() - started) / 1000));
  const form = new FormData();
  form.append('target_language', 'es');
  form.append('file', new Blob([bytes]), name);
  started = performance.now();
  const upload = await session.request('POST', '/books/', { body: form });
  if (upload.status !== 201) throw new Error(`upload: ${upload.status} ${await upload.text()}`);
  const id = (await json(upload)).data.translation.id;
  const since = () => round((performance.now() - started) / 1000);
  const phases = { uploaded: since(), first_request: 0, last_reply: 0, words_done: 0 };
  let t = { status: '' } as Record<string, never> & { status: string };
  let replied = before.output_tokens;
  while (!['completed', 'failed', 'canceled'].includes(t.status)) {
    await new Promise((r) => setTimeout(r, 50));
    const now = llm.stats();
    if (!phases.first_request && now.requests > before.requests) phases.first_request = since();
    if (now.output_tokens > replied) [replied, phases.last_reply] = [now.output_tokens, since()];
    t = await json(await session.request('GET', `/translations/${id}/`));
    if (!phases.words_done && t.words_total && (t.words_done ?? 0) >= t.words_total)
      phases.words_done = since();
  }
  if (t.status !== 'completed') throw new Error(`${name}: ${t.status}`);
  const seconds = (performance.now() - started) / 1000;
  const after = llm.stats();
  inputTokens.stop();
  stopReplies();
  stopSent();
  const prompts = replies.map((r) => r.tokens).sort((a, b) => a - b);
  return {
    seconds: round(seconds),
    requests: after.requests - before.requests,
    input_tokens: after.input_tokens - before.input_tokens,
    output_tokens: after.output_tokens - before.output_tokens,
    words_total: t.words_total ?? 0,
    words_from_memory: t.words_from_memory ?? 0,
    phases,
    requests_sent: { first: round(sent[0] ?? 0), last: round(sent.at(-1) ?? 0) },
    replies_began: {
      first: round(replies[0]?.at ?? 0),
      last: round(replies.at(-1)?.at ?? 0),
    },
    prompt_tokens: {
      smallest: prompts[0] ?? 0,
      median: prompts[prompts.length >> 1] ?? 0,
      largest: prompts.at(-1) ?? 0,
    },
    input_tokens_by: inputTokens.figures(),
  };
}

const start = conditionsNow();
await withBenchDatabase(adminUrl, async (databaseUrl) => {
  const llm = await startFakeLlm(PROVIDER_KEY);
  const server = await startServer(fakeModelEnv(databaseUrl, llm.baseURL, PROVIDER_SLOTS));
  try {
    const reader = await ApiSession.register(server.url, `bench-memory-${Date.now()}@example.com`);
    const stranger = await ApiSession.register(server.url, `bench-fresh-${Date.now()}@example.com`);
    for (const session of [reader, stranger]) {
      const profile = await json(await session.request('GET', '/users/profile/'));
      await grantCredits(databaseUrl, profile.id, 'READER', 2);
    }
    const book = await benchBookText(100_000);
    // The first 90% of the same book's words: what the earlier translation put in memory.
    const earlier = await benchBookText(Math.round(book.words * 0.9));
    const first = await translate(reader, llm, earlier.bytes, 'jack-sheppard-90k.txt');
    const fresh = await translate(stranger, llm, book.bytes, 'jack-sheppard-100k.txt');
    const remembered = await translate(reader, llm, book.bytes, 'jack-sheppard-100k.txt');
    const tokens = (r: Run) => r.input_tokens + r.output_tokens;
    const timeRatio = remembered.seconds / fresh.seconds;
    const tokenRatio = tokens(remembered) / tokens(fresh);
    const figures = {
      words: book.words,
      memory_from: { words: earlier.words, ...first },
      fresh,
      with_memory: remembered,
      share_in_memory: round(remembered.words_from_memory / remembered.words_total),
      time_ratio: round(timeRatio),
      token_ratio: round(tokenRatio),
      goals: { time_ratio: 0.2, token_ratio: 0.1 },
      pass: timeRatio <= 0.2 && tokenRatio <= 0.1,
      conditions: conditions(start, { logLevel: 'warn', database: 'postgresql' }),
    };
    console.log(JSON.stringify(figures, null, 2));
    process.exitCode = figures.pass ? 0 : 1;
  } finally {
    await server.stop();
    await llm.close();
  }
});

function round(n: number): number {
  return Math.round(n * 1000) / 1000;
}
