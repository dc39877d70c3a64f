import { ApiError, buildUrl, csrfHeader, networkError, unwrap } from './http';

/** Mock mode: progress in steps of 25 %, then the fake backend creates the book. */
async function mockUpload<T>(path: string, form: FormData, onProgress: (p: number) => void): Promise<T> {
  const file = form.get('file');
  for (const p of [0, 25, 50, 75, 100]) {
    onProgress(p);
    await new Promise((r) => setTimeout(r, 120));
  }
  const { mockRequest } = await import('./mock/mockApi');
  const body = {
    target_language: form.get('target_language'),
    filename: file instanceof File ? file.name : 'book.txt',
    size: file instanceof File ? file.size : 0,
  };
  return unwrap<T>(await mockRequest('POST', path, body));
}

/** Multipart POST with upload progress (fetch cannot report it, XMLHttpRequest can). */
export function uploadWithProgress<T>(
  path: string,
  form: FormData,
  onProgress: (percent: number) => void,
): Promise<T> {
  if (import.meta.env.VITE_MOCK_API === 'true') return mockUpload<T>(path, form, onProgress);
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', buildUrl(path));
    xhr.withCredentials = true;
    for (const [k, v] of Object.entries(csrfHeader())) xhr.setRequestHeader(k, v);
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(Math.round((e.loaded / e.total) * 100));
    };
    xhr.onerror = () => reject(networkError());
    xhr.onload = () => {
      let body: { error?: { message?: string; code?: string; details?: unknown } } | undefined;
      try {
        body = xhr.responseText ? JSON.parse(xhr.responseText) : undefined;
      } catch {
        body = undefined;
      }
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress(100);
        resolve(unwrap<T>(body));
      } else {
        const message = body?.error?.message ?? `Upload failed with status ${xhr.status}`;
        reject(new ApiError(xhr.status, message, body?.error?.code, body?.error?.details));
      }
    };
    xhr.send(form);
  });
}

export interface DownloadResult {
  success: boolean;
  blob?: Blob;
  filename?: string;
  error?: string;
}

/** GETs a file as a blob; the filename comes from Content-Disposition, else the fallback. */
export async function downloadBlob(
  path: string,
  query: Record<string, string>,
  fallbackName: string,
): Promise<DownloadResult> {
  if (import.meta.env.VITE_MOCK_API === 'true') {
    const text = `Mock translation (${query.file_format ?? 'txt'}): demo mode, not a real book.`;
    return { success: true, blob: new Blob([text], { type: 'text/plain' }), filename: fallbackName };
  }
  try {
    const res = await fetch(buildUrl(path, query), { credentials: 'include' });
    if (!res.ok) return { success: false, error: `HTTP error! status: ${res.status}` };
    const disposition = res.headers.get('Content-Disposition') ?? '';
    const star = disposition.match(/filename\*=UTF-8''([^;]+)/i)?.[1];
    const plain = disposition.match(/filename="?([^";]+)"?/i)?.[1];
    const filename = star ? decodeURIComponent(star) : (plain ?? fallbackName);
    return { success: true, blob: await res.blob(), filename };
  } catch (err) {
    return { success: false, error: err instanceof Error ? err.message : 'Download failed' };
  }
}

/** Hands a blob to the browser as a file download. */
export function saveBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
