import { ApiError, buildUrl, csrfHeader, networkError, unwrap } from './http';

/** Multipart POST with upload progress (fetch cannot report it, XMLHttpRequest can). */
export function uploadWithProgress<T>(
  path: string,
  form: FormData,
  onProgress: (percent: number) => void,
): Promise<T> {
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
