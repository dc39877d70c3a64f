import type { ServerResponse } from 'node:http';
import { sendJson } from '../http/listen';
import type { ComposedReply } from './compose-reply';
import { chunkBody, completionBody, type FinishReason, type Usage } from './openai-shapes';
import { sleep } from './sleep';

export interface SendPlan {
  id: string;
  model: string;
  /** The service tier the reply says served it ('default', 'flex'). */
  tier: string;
  reply: ComposedReply;
  usage: Usage;
  stream: boolean;
  includeUsage: boolean;
  latencyMs: number;
  msPerOutputToken: number;
  signal: AbortSignal;
  /** Called once, just before the reply starts (not when the client gave up before that). */
  onStart: () => void;
}

// Streams are cut into at most this many content chunks: a client sees tokens arrive over time, while
// the server keeps a few timers per request instead of one per token.
const MAX_CHUNKS = 24;

function splitText(text: string, parts: number): string[] {
  const points = Array.from(text);
  const size = Math.ceil(points.length / parts);
  const out: string[] = [];
  for (let i = 0; i < points.length; i += size) out.push(points.slice(i, i + size).join(''));
  return out;
}

/** Sends a chat completion as one JSON body or as SSE chunks, paced by latency and output tokens. */
export async function sendCompletion(res: ServerResponse, plan: SendPlan): Promise<void> {
  const { reply, signal } = plan;
  const generationMs = plan.msPerOutputToken * Math.max(0, reply.completionTokens - 1);
  if (!plan.stream) {
    if (!(await sleep(Math.ceil(plan.latencyMs + generationMs), signal))) return;
    plan.onStart();
    sendJson(
      res,
      200,
      completionBody(plan.id, plan.model, reply.message, reply.finish, plan.usage, plan.tier),
    );
    return;
  }
  // Each chunk waits for its own deadline from the start, so timer rounding does not add up.
  const start = performance.now();
  if (!(await sleep(plan.latencyMs, signal))) return;
  plan.onStart();
  res.writeHead(200, {
    'content-type': 'text/event-stream',
    'cache-control': 'no-cache',
    connection: 'keep-alive',
  });
  const usageField = plan.includeUsage ? null : undefined;
  const write = (body: unknown) => res.write(`data: ${JSON.stringify(body)}\n\n`);
  const chunk = (delta: Record<string, unknown> | null, finish: FinishReason | null, usage?: Usage | null) =>
    chunkBody(plan.id, plan.model, delta, finish, usage, plan.tier);
  write(chunk({ role: 'assistant', content: '', refusal: null }, null, usageField));
  const { content, refusal } = reply.message;
  const text = content ?? refusal ?? '';
  const field = content !== null ? 'content' : 'refusal';
  const pieces = text ? splitText(text, Math.min(MAX_CHUNKS, Math.max(1, reply.completionTokens))) : [];
  const pause = pieces.length > 1 ? generationMs / (pieces.length - 1) : 0;
  for (let i = 0; i < pieces.length; i++) {
    const wait = start + plan.latencyMs + i * pause - performance.now();
    if (i > 0 && !(await sleep(Math.ceil(wait), signal))) return;
    write(chunk({ [field]: pieces[i] }, null, usageField));
  }
  write(chunk({}, reply.finish, usageField));
  if (plan.includeUsage) write(chunk(null, null, plan.usage));
  res.end('data: [DONE]\n\n');
}
