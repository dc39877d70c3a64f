/**
 * bench/service: the translation service end to end over real HTTP.
 * 1. A 100,000-word book uploaded to a `serve` process (API + workers, PostgreSQL) translating against
 *    the fake OpenAI-compatible server (1.5 s latency, 5 ms per output token, at most 32 requests at
 *    once): time from upload to completed against the provider-bound limit (provider busy time / 32),
 *    when each step began, and where the input tokens went (by kind of request and, in a translate
 *    prompt, by part). Goals: efficiency >= 0.92, under 45 s.
 * 2. A 100 MB upload to an `api` process: its RSS growth while the file streams in. Goal: < 64 MB.
 * Run: npm run bench:service   (BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/test)
 */
import { readBook } from '@booktranslate/ebook';
import { type ChatMessage, messageText, reverseWords, startFakeLlm } from '@booktranslate/testkit';
import { countTokens, needsTranslation } from '@booktranslate/translator';
import { conditions, conditionsNow } from './conditions';
import { recordInputTokens } from './input-tokens';
import { ApiSession, json } from './service/api-session';
import { benchBookText } from './service/bench-book';
import { grantCredits, withBenchDatabase } from './service/bench-database';
import { fakeModelEnv, PROVIDER_KEY, PROVIDER_SLOTS } from './service/fake-provider';
import { startServer } from './service/server-process';
import { measureUploadRss } from './service/upload-rss';
import { answerHelp } from './usage';

answerHelp(
  'Usage: npm run bench:service\n\nA 100,000-word book through a serve process on PostgreSQL against the fake model (efficiency\ngoal 0.92 and under 45 s), where its input tokens went, and the RSS growth of a 100 MB upload (goal < 64 MB).\nBENCH_DATABASE_URL: default postgres://postgres@127.0.0.1:5432/test',
);

const start = conditionsNow();
const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

await withBenchDatabase(adminUrl, async (databaseUrl) => {
  const llm = await startFakeLlm(PROVIDER_KEY);
  const server = await startServer(fakeModelEnv(databaseUrl, llm.baseURL, PROVIDER_SLOTS));
  try {
    const session = await ApiSession.register(server.url, `bench-${Date.now()}@example.com`);
    const profile = await json(await session.request('GET', '/users/profile/'));
    await grantCredits(databaseUrl, profile.id, 'READER', 1);
    const book = await benchBookText();
    const sourceTokens = await tokensToTranslate(book.bytes);
    llm.resetStats();
    const inputTokens = recordInputTokens(llm);
    const form = new FormData();
    form.append('target_language', 'es');
    form.append('file', new Blob([book.bytes]), 'jack-sheppard-100k.txt');
    const started = performance.now();
    // When the model answered each request, by kind (a non-streamed reply is sent whole after its
    // latency and generation time): how the chunks' replies spread and how soon the merge follows.
    const arrivals: { kind: string; at: number }[] = [];
    const sent: { kind: string; at: number }[] = [];
    const at = () => round((performance.now() - started) / 1000);
    llm.onRequest((messages) => sent.push({ kind: kindOf(messages), at: at() }));
    llm.onChat((messages) => arrivals.push({ kind: kindOf(messages), at: at() }));
    const upload = await session.request('POST', '/books/', { body: form });
    if (upload.status !== 201) throw new Error(`upload: ${upload.status} ${await upload.text()}`);
    const translationId = (await json(upload)).data.translation.id;
    let status = '';
    let last = '';
    const stepsAt: Record<string, number> = {};
    while (!['completed', 'failed', 'canceled'].includes(status)) {
      await new Promise((r) => setTimeout(r, 200));
      const t = await json(await session.request('GET', `/translations/${translationId}/`));
      status = t.status;
      stepsAt[status] ??= round((performance.now() - started) / 1000);
      const line = `${t.status} ${t.progress}%`;
      if (line !== last) console.log(`  ${((performance.now() - started) / 1000).toFixed(1)} s  ${line}`);
      last = line;
    }
    const wall = (performance.now() - started) / 1000;
    if (process.env.BENCH_TRACE)
      for (const [what, list] of [
        ['sent', sent],
        ['answered', arrivals],
      ] as const)
        for (const kind of new Set(list.map((a) => a.kind)))
          console.log(
            `${kind} ${what} at`,
            list
              .filter((a) => a.kind === kind)
              .map((a) => a.at)
              .join(' '),
          );
    const stats = llm.stats();
    const txt = await (
      await session.request('GET', `/translations/${translationId}/download-file/?file_format=txt`)
    ).text();
    const sample = txt.split('\n').find((line) => line.trim().split(/\s+/).length > 8) ?? '';
    const limit = stats.busy_ms / 1000 / PROVIDER_SLOTS;
    console.log(
      JSON.stringify(
        {
          words: book.words,
          status,
          wall_seconds: round(wall),
          provider_busy_seconds: round(stats.busy_ms / 1000),
          provider_bound_limit_seconds: round(limit),
          efficiency: round(limit / wall),
          requests: stats.requests,
          by_status: stats.by_status,
          max_in_flight: stats.max_in_flight,
          steps_began_at_seconds: stepsAt,
          requests_answered_at_seconds: answeredAt(arrivals),
          input_tokens: stats.input_tokens,
          source_tokens: sourceTokens,
          input_tokens_per_source_token: round(stats.input_tokens / sourceTokens, 3),
          input_tokens_by: inputTokens.figures(sourceTokens),
          sample_reversed_back: reverseWords(sample).slice(0, 80),
          conditions: conditions(start, { logLevel: 'warn' }),
        },
        null,
        2,
      ),
    );
  } finally {
    await server.stop();
    await llm.close();
  }

  const rss = await measureUploadRss(databaseUrl, 100_000_000);
  console.log(JSON.stringify(rss, null, 2));
});

/** The kind of a chat request by its last user message: the brief, terms, chunks, or other (labels). */
function kindOf(messages: ChatMessage[]): string {
  const user = messageText([...messages].reverse().find((m) => m.role === 'user') ?? { role: 'user' });
  if (user.startsWith('SAMPLE:')) return 'analysis';
  if (user.startsWith('TERMS:')) return 'terms';
  return /(^|\n)BLOCKS:/.test(user) ? 'translate' : 'other';
}

/** The first and last answer to each kind of request, seconds after the upload began. */
function answeredAt(arrivals: { kind: string; at: number }[]): Record<string, [number, number]> {
  const by: Record<string, [number, number]> = {};
  for (const { kind, at } of arrivals) {
    const seen = by[kind];
    by[kind] = seen ? [Math.min(seen[0], at), Math.max(seen[1], at)] : [at, at];
  }
  return by;
}

/** Source tokens of the blocks the service sends, as the translator counts them. */
async function tokensToTranslate(bytes: Uint8Array): Promise<number> {
  const parsed = await readBook(bytes, { filename: 'book.txt' });
  return parsed.chapters
    .flatMap((c) => c.blocks)
    .filter((b) => needsTranslation(b.text))
    .reduce((n, b) => n + countTokens(b.text), 0);
}

function round(n: number, digits = 2): number {
  return Math.round(n * 10 ** digits) / 10 ** digits;
}
