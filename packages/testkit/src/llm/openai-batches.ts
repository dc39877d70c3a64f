import type { IncomingMessage, ServerResponse } from 'node:http';
import { readBody, sendJson } from '../http/listen';
import {
  answerLine,
  expiredLine,
  type InputLine,
  type LineError,
  type ResultLine,
  readInputLines,
} from './batch-lines';
import type { FakeLlmOptions } from './fake-llm-options';
import type { FakeLlmStats } from './llm-stats';
import { loseBatchAnswer } from './lose-batch-answer';
import type { FileStore } from './openai-files';
import { errorBody } from './openai-shapes';

type Status =
  | 'validating'
  | 'failed'
  | 'in_progress'
  | 'finalizing'
  | 'completed'
  | 'expired'
  | 'cancelling'
  | 'cancelled';

/** OpenAI's batch object, as GET /v1/batches/:id shows it. */
interface BatchObject {
  id: string;
  object: 'batch';
  endpoint: string;
  model: string | null;
  errors: { object: 'list'; data: LineError[] } | null;
  input_file_id: string;
  completion_window: '24h';
  status: Status;
  output_file_id: string | null;
  error_file_id: string | null;
  created_at: number;
  in_progress_at: number | null;
  expires_at: number;
  finalizing_at: number | null;
  completed_at: number | null;
  failed_at: number | null;
  expired_at: number | null;
  cancelling_at: number | null;
  cancelled_at: number | null;
  request_counts: { total: number; completed: number; failed: number };
  metadata: Record<string, string> | null;
}

interface BatchRecord {
  batch: BatchObject;
  input: string;
  lines: InputLine[];
  /** When in_progress began (ms), to tell how far a cancelled batch got. */
  startedMs: number;
  timers: NodeJS.Timeout[];
}

/** What the batch routes share with the rest of the fake server. */
export interface BatchContext {
  files: FileStore;
  options: FakeLlmOptions;
  random: () => number;
  /** The current stats (reset replaces them). */
  stats: () => FakeLlmStats;
}

const ENDPOINTS = new Set(['/v1/chat/completions']);
const now = () => Math.floor(Date.now() / 1000);

/**
 * OpenAI's Batch API over the fake's chat replies: POST /batches, GET /batches/:id,
 * POST /batches/:id/cancel, GET /batches. A batch validates for a tenth of `batchDelayMs`, runs, and
 * ends at `batchDelayMs` with its output and error files written (decision 290).
 */
export class FakeBatches {
  private readonly batches = new Map<string, BatchRecord>();
  private counter = 0;

  constructor(private readonly context: BatchContext) {}

  /** Handles a batch route (`path` without /v1); false when the path is not one. */
  async route(req: IncomingMessage, res: ServerResponse, path: string): Promise<boolean> {
    if (path === '/batches' && req.method === 'POST') {
      await this.create(req, res);
      return true;
    }
    if (path === '/batches' && req.method === 'GET') {
      this.list(req, res);
      return true;
    }
    const match = /^\/batches\/([^/]+)(\/cancel)?$/.exec(path);
    if (!match) return false;
    const record = this.batches.get(decodeURIComponent(match[1]!));
    if (!record) {
      const message = `No batch found with id '${match[1]}'.`;
      sendJson(res, 404, errorBody(message, 'invalid_request_error', null, 'batch_id'));
    } else if (req.method === 'GET' && !match[2]) sendJson(res, 200, record.batch);
    else if (req.method === 'POST' && match[2]) this.cancel(record, res);
    else return false;
    return true;
  }

  /** Stops every batch's timers (the server is closing). */
  close(): void {
    for (const record of this.batches.values()) for (const timer of record.timers) clearTimeout(timer);
  }

  private async create(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const bad = (message: string, param: string | null, status = 400) =>
      sendJson(res, status, errorBody(message, 'invalid_request_error', null, param));
    let body: Record<string, unknown>;
    try {
      body = JSON.parse(await readBody(req));
    } catch {
      return bad('The request body is not valid JSON.', null);
    }
    const fileId = body.input_file_id;
    const file = typeof fileId === 'string' ? this.context.files.get(fileId) : undefined;
    if (!file) return bad(`No such File object: ${String(fileId)}`, 'input_file_id', 404);
    if (file.purpose !== 'batch')
      return bad('The input file must be uploaded with purpose batch.', 'input_file_id');
    if (typeof body.endpoint !== 'string' || !ENDPOINTS.has(body.endpoint)) {
      return bad(
        `Unsupported endpoint ${String(body.endpoint)}; this server runs /v1/chat/completions.`,
        'endpoint',
      );
    }
    if (body.completion_window !== '24h') return bad("completion_window must be '24h'.", 'completion_window');
    const metadata = body.metadata ?? null;
    if (metadata !== null && (typeof metadata !== 'object' || Object.keys(metadata).length > 16)) {
      return bad('metadata holds at most 16 string pairs.', 'metadata');
    }
    this.context.stats().batches++;
    const created = now();
    const batch: BatchObject = {
      id: `batch_fake${++this.counter}`,
      object: 'batch',
      endpoint: body.endpoint,
      model: null,
      errors: null,
      input_file_id: file.id,
      completion_window: '24h',
      status: 'validating',
      output_file_id: null,
      error_file_id: null,
      created_at: created,
      in_progress_at: null,
      expires_at: created + 24 * 3600,
      finalizing_at: null,
      completed_at: null,
      failed_at: null,
      expired_at: null,
      cancelling_at: null,
      cancelled_at: null,
      request_counts: { total: 0, completed: 0, failed: 0 },
      metadata: metadata as Record<string, string> | null,
    };
    const record: BatchRecord = {
      batch,
      input: file.content.toString('utf8'),
      lines: [],
      startedMs: 0,
      timers: [],
    };
    this.batches.set(batch.id, record);
    const delay = this.context.options.batchDelayMs ?? 1000;
    this.at(record, delay / 10, () => this.validate(record));
    const lost = () =>
      sendJson(res, 500, errorBody('The server had an error processing your request.', 'server_error', null));
    if (loseBatchAnswer(this.context.options, this.context.stats(), res, lost)) return;
    sendJson(res, 200, batch);
  }

  private at(record: BatchRecord, ms: number, step: () => void): void {
    record.timers.push(setTimeout(step, Math.max(0, ms)));
  }

  private validate(record: BatchRecord): void {
    const { batch } = record;
    const { options } = this.context;
    const read = readInputLines(record.input, batch.endpoint, options.batchMaxRequests ?? 50_000);
    if ('errors' in read) {
      Object.assign(batch, {
        status: 'failed',
        failed_at: now(),
        errors: { object: 'list', data: read.errors },
      });
      return;
    }
    record.lines = read.lines;
    record.startedMs = performance.now();
    batch.model = read.lines[0]!.body.model ?? null;
    Object.assign(batch, { status: 'in_progress', in_progress_at: now() });
    batch.request_counts.total = read.lines.length;
    const delay = options.batchDelayMs ?? 1000;
    if (options.batchExpire !== undefined) {
      this.at(record, delay * 0.9, () => {
        const done = Math.floor(record.lines.length * Math.min(1, Math.max(0, options.batchExpire ?? 0)));
        this.finish(record, done, 'expired');
      });
      return;
    }
    this.at(record, delay * 0.8, () => {
      Object.assign(batch, { status: 'finalizing', finalizing_at: now() });
      this.at(record, delay / 10, () => this.finish(record, record.lines.length, 'completed'));
    });
  }

  /** Answers the first `done` requests, writes the files and ends the batch in `status`. */
  private finish(record: BatchRecord, done: number, status: 'completed' | 'expired' | 'cancelled'): void {
    const { batch } = record;
    const { options, random } = this.context;
    const answered = record.lines
      .slice(0, done)
      .map((line) => answerLine(line, options, random, this.context.stats()));
    const ok = answered.filter((line) => line.response?.status_code === 200);
    const failed: ResultLine[] = answered.filter((line) => line.response?.status_code !== 200);
    if (status === 'expired') failed.push(...record.lines.slice(done).map(expiredLine));
    const write = (lines: ResultLine[], name: string) =>
      lines.length
        ? this.context.files.add(
            Buffer.from(lines.map((line) => `${JSON.stringify(line)}\n`).join('')),
            name,
            'batch_output',
          ).id
        : null;
    batch.output_file_id = write(ok, `${batch.id}_output.jsonl`);
    batch.error_file_id = write(failed, `${batch.id}_error.jsonl`);
    batch.request_counts = {
      total: record.lines.length,
      completed: ok.length,
      failed: answered.length - ok.length,
    };
    Object.assign(batch, { status, [`${status}_at`]: now() });
  }

  private cancel(record: BatchRecord, res: ServerResponse): void {
    const { batch } = record;
    if (batch.status !== 'validating' && batch.status !== 'in_progress') {
      const message = `Cannot cancel a batch with status '${batch.status}'.`;
      sendJson(res, 400, errorBody(message, 'invalid_request_error', null));
      return;
    }
    for (const timer of record.timers.splice(0)) clearTimeout(timer);
    const delay = this.context.options.batchDelayMs ?? 1000;
    // The share of requests run so far: in_progress lasts eight tenths of the delay.
    const share = record.startedMs ? Math.min(1, (performance.now() - record.startedMs) / (delay * 0.8)) : 0;
    Object.assign(batch, { status: 'cancelling', cancelling_at: now() });
    this.at(record, delay / 10, () =>
      this.finish(record, Math.floor(record.lines.length * share), 'cancelled'),
    );
    sendJson(res, 200, batch);
  }

  private list(req: IncomingMessage, res: ServerResponse): void {
    const query = new URL(req.url ?? '/', 'http://fake').searchParams;
    const limit = Math.min(100, Math.max(1, Number(query.get('limit')) || 20));
    const all = [...this.batches.values()].map((record) => record.batch).reverse();
    const after = query.get('after');
    const start = after ? all.findIndex((batch) => batch.id === after) + 1 : 0;
    const data = all.slice(start, start + limit);
    sendJson(res, 200, {
      object: 'list',
      data,
      first_id: data[0]?.id ?? null,
      last_id: data.at(-1)?.id ?? null,
      has_more: start + limit < all.length,
    });
  }
}
