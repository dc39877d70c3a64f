import { ApiError } from '@booktranslate/api-client';
import { API_PREFIX } from '@booktranslate/contract';
import { mockRequest } from './mockApi';

/** A fetch that answers from the mock backend, so the api-client runs unchanged in mock mode. */
export async function mockFetch(input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> {
  const url = new URL(String(input instanceof Request ? input.url : input), 'http://mock.local');
  const path = url.pathname.replace(API_PREFIX, '');
  const method = (init.method ?? 'GET').toUpperCase();
  if (path.endsWith('/download-file/')) {
    const format = url.searchParams.get('file_format') ?? 'txt';
    return new Response(`Mock translation (${format}): demo mode, not a real book.`, {
      headers: {
        'content-type': 'text/plain',
        'content-disposition': `attachment; filename="mock-translation.${format}"`,
      },
    });
  }
  // A GET's query stands for its body (the reader's ?chapter=N).
  const body = typeof init.body === 'string' ? JSON.parse(init.body) : Object.fromEntries(url.searchParams);
  try {
    return Response.json(await mockRequest(method, path, body));
  } catch (err) {
    const known = err instanceof ApiError && typeof err.code === 'number';
    const status = known ? (err.code as number) : 500;
    const code = (known && err.errorCode) || 'INTERNAL_ERROR';
    const details = known && err.details !== undefined ? { details: err.details } : {};
    return Response.json(
      { success: false, error: { code, message: (err as Error).message, ...details } },
      { status },
    );
  }
}
