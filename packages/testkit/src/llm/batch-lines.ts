import { answerChat, type ChatBody } from './answer-chat';
import { type FakeLlmOptions, pickFault } from './fake-llm-options';
import type { FakeLlmStats } from './llm-stats';
import { completionBody, errorBody } from './openai-shapes';

/** One request of a batch's input file. */
export interface InputLine {
  custom_id: string;
  body: ChatBody;
}

/** One entry of a batch's `errors.data`: why its input was refused. */
export interface LineError {
  code: string;
  message: string;
  param: string | null;
  line: number | null;
}

/** A line of a batch's output or error file, as OpenAI writes them. */
export interface ResultLine {
  id: string;
  custom_id: string;
  response: { status_code: number; request_id: string; body: unknown } | null;
  error: { code: string; message: string } | null;
}

/**
 * Reads a batch's JSONL input the way OpenAI validates it: every line JSON with a unique custom_id,
 * method POST, the batch's endpoint as url, a body naming one model for the whole file; at least one
 * line and at most `maxRequests`. Returns the lines or every error found (at most 100).
 * @example readInputLines('{"custom_id":"a","method":"POST","url":"/v1/chat/completions","body":{"model":"m","messages":[]}}', '/v1/chat/completions', 10)
 */
export function readInputLines(
  text: string,
  endpoint: string,
  maxRequests: number,
): { lines: InputLine[] } | { errors: LineError[] } {
  const errors: LineError[] = [];
  const lines: InputLine[] = [];
  const seen = new Set<string>();
  let model: string | undefined;
  const raw = text.split('\n');
  for (let i = 0; i < raw.length && errors.length < 100; i++) {
    if (!raw[i]!.trim()) continue;
    const fail = (code: string, message: string, param: string | null = null) =>
      errors.push({ code, message, param, line: i + 1 });
    let value: Record<string, unknown>;
    try {
      value = JSON.parse(raw[i]!);
    } catch {
      fail('invalid_json_line', 'This line is not parseable as valid JSON.');
      continue;
    }
    if (!value || typeof value !== 'object' || Array.isArray(value)) {
      fail('invalid_json_line', 'This line is not a JSON object.');
      continue;
    }
    const id = value.custom_id;
    const body = value.body as ChatBody | undefined;
    if (typeof id !== 'string' || !id)
      fail('missing_required_parameter', 'custom_id is required.', 'custom_id');
    else if (seen.has(id))
      fail('duplicate_custom_id', `The custom_id '${id}' is used more than once.`, 'custom_id');
    else if (value.method !== 'POST') fail('invalid_method', 'The method must be POST.', 'method');
    else if (value.url !== endpoint)
      fail('invalid_url', `The url must be the batch's endpoint ${endpoint}.`, 'url');
    else if (!body || typeof body !== 'object' || typeof body.model !== 'string') {
      fail('missing_required_parameter', 'body.model is required.', 'body.model');
    } else if (model !== undefined && body.model !== model) {
      fail('mismatched_model', `Every request must use the same model; line 1 uses ${model}.`, 'body.model');
    } else {
      model ??= body.model;
      seen.add(id);
      lines.push({ custom_id: id, body });
    }
  }
  if (errors.length) return { errors };
  if (lines.length === 0) {
    return {
      errors: [{ code: 'empty_file', message: 'The input file has no requests.', param: null, line: null }],
    };
  }
  if (lines.length > maxRequests) {
    const message = `The batch input file holds ${lines.length} requests, more than the ${maxRequests} allowed.`;
    return { errors: [{ code: 'too_many_requests', message, param: null, line: null }] };
  }
  return { lines };
}

let counter = 0;

/**
 * Answers one request of a batch exactly as the chat route would (reversed words, faults, tokens),
 * except that a failure is a 500 line (`batchFailRate`) instead of a hang or an HTTP 500; counts it in
 * the batch stats.
 */
export function answerLine(
  line: InputLine,
  options: FakeLlmOptions,
  random: () => number,
  stats: FakeLlmStats,
): ResultLine {
  const n = ++counter;
  const result = (status_code: number, body: unknown): ResultLine => ({
    id: `batch_req_fake${n}`,
    custom_id: line.custom_id,
    response: { status_code, request_id: `req_fake${n}`, body },
    error: null,
  });
  stats.batch_requests++;
  if (random() < (options.batchFailRate ?? 0)) {
    stats.faults.fail++;
    return result(
      500,
      errorBody('The server had an error while processing your request.', 'server_error', null),
    );
  }
  // A batch has no connection to hang or drop: only the faults that change a reply's content apply.
  const fault = pickFault(random(), { ...options, failRate: 0, timeoutRate: 0 });
  const answer = answerChat(line.body, fault, options, random);
  if (!answer.ok) return result(answer.status, answer.body);
  const { reply, usage } = answer;
  if (reply.applied) stats.faults[reply.applied]++;
  stats.batch_input_tokens += answer.promptTokens;
  stats.batch_output_tokens += usage.completion_tokens;
  stats.batch_reasoning_tokens += answer.reasoningTokens;
  return result(
    200,
    completionBody(`chatcmpl-batch${n}`, answer.model, reply.message, reply.finish, usage, 'default'),
  );
}

/** The error-file line of a request the batch's window closed on before it ran. */
export function expiredLine(line: InputLine): ResultLine {
  return {
    id: `batch_req_fake${++counter}`,
    custom_id: line.custom_id,
    response: null,
    error: {
      code: 'batch_expired',
      message: 'This request could not be executed before the completion window expired.',
    },
  };
}
