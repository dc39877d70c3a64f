import { ApiError, networkError, serverError, unknownError } from './api-error';

export interface UploadProgress {
  loaded: number;
  total: number;
  /** 0-100, clamped. */
  percent: number;
}

export function progressOf(loaded: number, total: number): UploadProgress {
  const percent = total > 0 ? Math.min(100, Math.max(0, Math.round((loaded / total) * 100))) : 0;
  return { loaded, total, percent };
}

/**
 * Browser upload through XMLHttpRequest, the only browser API that reports upload progress.
 * Resolves with the parsed JSON answer; rejects with the same ApiError shapes as fetch calls.
 */
export function uploadWithXhr(args: {
  url: string;
  form: FormData;
  headers: Record<string, string>;
  timeoutMs: number;
  productName: string;
  onProgress?: (progress: UploadProgress) => void;
  signal?: AbortSignal;
}): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', args.url);
    xhr.withCredentials = true;
    xhr.timeout = args.timeoutMs;
    for (const [name, value] of Object.entries(args.headers)) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) args.onProgress?.(progressOf(event.loaded, event.total));
    };
    xhr.onload = () => {
      if (xhr.status < 200 || xhr.status >= 300) return reject(serverError(xhr.status, xhr.responseText));
      try {
        resolve(xhr.responseText ? JSON.parse(xhr.responseText) : undefined);
      } catch (error) {
        reject(unknownError(error));
      }
    };
    xhr.onerror = () => reject(networkError(args.productName));
    xhr.ontimeout = () => reject(networkError(args.productName));
    xhr.onabort = () => reject(new ApiError('UNKNOWN_ERROR', 'Upload cancelled'));
    args.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(args.form);
  });
}
