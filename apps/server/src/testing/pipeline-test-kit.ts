import { mkdtempSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { CreditTier } from '@booktranslate/contract';
import { plainText, readBook } from '@booktranslate/ebook';
import {
  corpusDir,
  type FakeLlm,
  type FakeLlmOptions,
  type SmtpSink,
  startFakeLlm,
} from '@booktranslate/testkit';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import { type Config, loadConfig } from '../config/env';
import type { DatabaseHandle } from '../db/database';
import { createTestDatabase } from '../db/test-database';
import type { AppDeps } from '../deps';
import { JobRegistry } from '../jobs/job-registry';
import { jobStartLedger } from '../jobs/job-starts.repository';
import { Queue } from '../jobs/queue';
import { startWorker } from '../jobs/worker';
import type { BooksAppDeps } from '../modules/books/books-deps';
import { creditsRepository } from '../modules/credits/credits.repository';
import {
  deliveryJobDefinitions,
  deliveryJobHandlers,
  queueDeliveryJobs,
} from '../modules/deliveries/deliveries.jobs';
import { sendWhenFinished } from '../modules/deliveries/send-when-finished';
import { mailerFor } from '../modules/mail/mailer';
import { translationJobDefinitions, translationWorkerHandlers } from '../modules/translations';
import { createLogger } from '../plugins/logger';
import { createStorage } from '../storage/create-storage';
import type { Storage } from '../storage/storage';
import { uploadBook } from './books-test-kit';
import { confirmEmail } from './email-confirmation';
import { type InjectClient, injectClient } from './inject-client';

export interface TestUser {
  userId: string;
  client: InjectClient;
  upload(
    name: string,
    bytes: Uint8Array,
    fields?: Record<string, string>,
    route?: string,
  ): ReturnType<typeof uploadBook>;
}

export interface PipelineHarness {
  app: FastifyInstance;
  handle: DatabaseHandle;
  llm: FakeLlm;
  filesDir: string;
  /** Where e-mails land (.eml files; no SMTP server configured). */
  mailDir: string;
  storage: Storage;
  /** The app's queue and configuration, for tests that run a pipeline step themselves. */
  queue: Queue;
  config: Config;
  newUser(
    credits?: Partial<Record<CreditTier, number>>,
    options?: { signupCredits?: boolean },
  ): Promise<TestUser>;
  followStatuses(user: TestUser, id: string, timeoutMs?: number): Promise<string[]>;
  sourceTexts(name: string): Promise<Set<string>>;
  close(): Promise<void>;
}

/** A two-chapter TXT book small enough to translate in a few chunks. */
export const twoChapterStory = new TextEncoder().encode(
  'Chapter One\n\nIt was a bright cold day in April.\n\nChapter Two\n\nThe clocks were striking thirteen.\n',
);

let users = 0;

/**
 * The real app with the pipeline's workers in the same process, on a fresh database (PGlite, or
 * PostgreSQL with TEST_DATABASE_URL), local file storage and the fake OpenAI-compatible model.
 */
export async function startPipelineHarness(
  options: {
    llm?: FakeLlmOptions;
    concurrency?: number;
    env?: Record<string, string>;
    /** Mail goes to this SMTP sink (SMTP_URL) instead of the .eml outbox. */
    smtp?: SmtpSink;
  } = {},
): Promise<PipelineHarness> {
  const llm = await startFakeLlm(options.llm ?? {});
  const handle = await createTestDatabase();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bt-pipeline-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    SESSION_SECRET: 'test-secret-that-is-long-enough-for-hmac-keys',
    TRANSLATION_ENGINE: 'openai',
    OPENAI_BASE_URL: llm.baseURL,
    OPENAI_API_KEY: 'test',
    OPENAI_MODEL: 'fake',
    TRANSLATION_CONCURRENCY: String(options.concurrency ?? 8),
    ...(options.smtp ? { SMTP_URL: options.smtp.url } : {}),
    ...options.env,
  });
  const filesDir = config.storage.localDir;
  const storage = createStorage(config);
  const queue = new Queue({
    connection: handle.queueConnection,
    registry: new JobRegistry([...translationJobDefinitions, ...deliveryJobDefinitions]),
    monitorIntervalSeconds: 5,
  });
  // The worker's own wiring (the completion e-mail with the book, then Send to Kindle's "send when
  // finished"), with the sends' job beside the pipeline's.
  const sends = {
    db: handle.db,
    files: storage,
    jobs: queueDeliveryJobs(queue),
    mail: config.mail,
    now: () => new Date(),
  };
  const handlers = {
    ...translationWorkerHandlers({
      config,
      db: handle.db,
      storage,
      queue,
      translationFinished: async (id) => {
        await sendWhenFinished(sends, id);
      },
    }),
    ...deliveryJobHandlers({
      db: handle.db,
      files: storage,
      mailer: mailerFor(config.mail),
      mail: config.mail,
    }),
  };
  await startWorker(queue, handlers, {
    pollingIntervalSeconds: 0.5,
    starts: jobStartLedger(handle.db),
  });
  const deps: AppDeps & BooksAppDeps = {
    config,
    db: handle.db,
    queue,
    storage,
    logger: createLogger('silent'),
    rateLimits: { authPerIpPerMinute: 10_000, loginPerAccountPer15Min: 10_000 },
    eventIntervalMs: 50,
  };
  const app = await buildApp(deps, { webRoot: path.join(tmpdir(), 'bt-no-web-dist') });
  await app.ready();

  return {
    app,
    handle,
    llm,
    filesDir,
    mailDir: config.mail.outboxDir,
    storage,
    queue,
    config,
    async newUser(credits = {}, opts = {}) {
      const client = injectClient(app);
      await client.csrf();
      const email = `reader${++users}-${Date.now()}@example.com`;
      const response = await client.post('/auth/register/', { email, password: 'correct horse battery' });
      if (response.statusCode !== 201) throw new Error(`register: ${response.statusCode} ${response.body}`);
      const userId: string = response.json().user.id;
      // With the Free credits, as once the e-mailed link is opened.
      await confirmEmail(
        client,
        options.smtp ? { smtp: options.smtp } : { outboxDir: config.mail.outboxDir },
        email,
      );
      if (opts.signupCredits === false) {
        await creditsRepository.record(handle.db, {
          userId,
          tier: 'FREE',
          amount: -2,
          reason: 'test',
          sourceId: `test-drain:${userId}`,
        });
      }
      for (const [tier, amount] of Object.entries(credits)) {
        if (!amount) continue;
        await creditsRepository.record(handle.db, {
          userId,
          tier: tier as CreditTier,
          amount,
          reason: 'test',
          sourceId: `test:${userId}:${tier}`,
        });
      }
      return {
        userId,
        client,
        upload: (name, bytes, fields, route) => uploadBook(client, { name, bytes }, fields, route),
      };
    },
    async followStatuses(user, id, timeoutMs = 90_000) {
      const seen: string[] = [];
      const deadline = Date.now() + timeoutMs;
      while (Date.now() < deadline) {
        const status = (await user.client.get(`/translations/${id}/`)).json().status as string;
        if (seen.at(-1) !== status) seen.push(status);
        if (['completed', 'failed', 'canceled'].includes(status)) return seen;
        await new Promise((r) => setTimeout(r, 50));
      }
      throw new Error(`translation ${id} did not finish: ${seen.join(' -> ')}`);
    },
    async sourceTexts(name) {
      const bytes = new Uint8Array(await readFile(path.join(corpusDir, name)));
      const book = await readBook(bytes, { filename: name });
      const texts = book.chapters.flatMap((c) =>
        c.blocks.map((b) => plainText(b.text).replace(/\s+/g, ' ').trim()),
      );
      return new Set(texts);
    },
    async close() {
      await app.close();
      await queue.stop();
      await handle.close();
      await llm.close();
    },
  };
}
