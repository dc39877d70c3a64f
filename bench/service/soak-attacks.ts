import { type ApiSession, type Json, json } from './api-session';

const TERMINAL = ['completed', 'failed', 'canceled'];

/** 100 MB of text on one line: one paragraph no real book has. */
export function oneLineTxt(bytes = 100_000_000): Uint8Array {
  const unit = Buffer.from('time person year way day thing man world ');
  const out = Buffer.allocUnsafe(bytes);
  for (let at = 0; at < bytes; at += unit.length) unit.copy(out, at, 0, Math.min(unit.length, bytes - at));
  return out;
}

async function waitForEnd(session: ApiSession, translationId: string, minutes = 10): Promise<Json> {
  const deadline = Date.now() + minutes * 60_000;
  for (;;) {
    const t = await json(await session.request('GET', `/translations/${translationId}/`));
    if (TERMINAL.includes(t.status) || Date.now() > deadline) return t;
    await new Promise((r) => setTimeout(r, 500));
  }
}

/**
 * Uploads `bytes` as a TXT book, waits for its translation to end, asks for a retry and waits again.
 * What each step answered: the upload, the first end, the retry, the end after the retry.
 */
export async function uploadAndRetry(session: ApiSession, bytes: Uint8Array, name: string) {
  const form = new FormData();
  form.append('target_language', 'es');
  form.append('file', new Blob([bytes]), name);
  const upload = await session.request('POST', '/books/', { body: form });
  const uploaded: Json = await upload.json().catch(() => ({}));
  const result: Json = { upload_status: upload.status, upload_code: uploaded?.error?.code ?? null };
  const translationId: string | undefined = uploaded?.data?.translation?.id;
  if (!translationId) return { ...result, translationId: null };
  const first = await waitForEnd(session, translationId);
  result.status = first.status;
  result.failure_reason = first.failure_reason ?? null;
  const retry = await session.request('POST', `/translations/${translationId}/retry/`);
  const retried: Json = await retry.json().catch(() => ({}));
  result.retry_status = retry.status;
  result.retry_code = retried?.error?.code ?? null;
  if (retry.status < 300) result.status_after_retry = (await waitForEnd(session, translationId)).status;
  return { ...result, translationId };
}

/**
 * Opens `count` progress streams of one translation from one account at once, holds them for
 * `holdMs`, then closes them. How many were answered with each status; a 200 whose stream the
 * server ended before the hold was over (the translation finished) counts as '200 ended'.
 */
export async function manyStreams(session: ApiSession, translationId: string, count: number, holdMs: number) {
  const controller = new AbortController();
  const byStatus: Record<string, number> = {};
  const count1 = (key: string) => {
    byStatus[key] = (byStatus[key] ?? 0) + 1;
  };
  const streams = Array.from({ length: count }, async () => {
    const response = await fetch(`${session.baseUrl}/api/v1/translations/${translationId}/events/`, {
      headers: { cookie: session.cookieHeader, accept: 'text/event-stream' },
      signal: controller.signal,
    }).catch(() => null);
    if (!response) return count1('error');
    if (response.status !== 200) {
      await response.body?.cancel().catch(() => {});
      return count1(String(response.status));
    }
    // Read until the server ends the stream or the hold is over (the abort).
    const reader = response.body?.getReader();
    try {
      while (reader && !(await reader.read()).done);
      count1('200 ended');
    } catch {
      count1('200');
    }
  });
  await new Promise((r) => setTimeout(r, holdMs));
  controller.abort();
  await Promise.all(streams);
  return byStatus;
}

/** `count` quotes of one book at once: statuses and the slowest answer. */
export async function parallelQuotes(session: ApiSession, bytes: Uint8Array, name: string, count: number) {
  const byStatus: Record<string, number> = {};
  let slowestMs = 0;
  await Promise.all(
    Array.from({ length: count }, async () => {
      const form = new FormData();
      form.append('target_language', 'es');
      form.append('file', new Blob([bytes]), name);
      const at = performance.now();
      const response = await session.request('POST', '/translations/quote/', { body: form });
      await response.arrayBuffer().catch(() => null);
      slowestMs = Math.max(slowestMs, performance.now() - at);
      byStatus[response.status] = (byStatus[response.status] ?? 0) + 1;
    }),
  );
  return { by_status: byStatus, slowest_ms: Math.round(slowestMs) };
}

/** One honest upload: its status and how long the answer took. */
export async function timedUpload(session: ApiSession, bytes: Uint8Array, name: string) {
  const form = new FormData();
  form.append('target_language', 'es');
  form.append('file', new Blob([bytes]), name);
  const at = performance.now();
  const response = await session.request('POST', '/books/', { body: form });
  const body: Json = await response.json().catch(() => ({}));
  return {
    status: response.status,
    ms: Math.round(performance.now() - at),
    translationId: (body?.data?.translation?.id as string | undefined) ?? null,
  };
}
