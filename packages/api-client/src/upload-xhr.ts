import { ApiError, networkError, serverError, unknownError } from './api-error';

// The slice of XMLHttpRequest used here, typed locally so the package needs no DOM library.
interface Xhr {
  open(method: string, url: string): void;
  setRequestHeader(name: string, value: string): void;
  send(body: FormData): void;
  abort(): void;
  withCredentials: boolean;
  timeout: number;
  status: number;
  responseText: string;
  upload: {
    onprogress: ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null;
  };
  onload: (() => void) | null;
  onerror: (() => void) | null;
  ontimeout: (() => void) | null;
  onabort: (() => void) | null;
}

const XhrConstructor = () => (globalThis as { XMLHttpRequest?: new () => Xhr }).XMLHttpRequest;

/** True in browsers: uploads then go through XMLHttpRequest for progress events. */
export function hasXhr(): boolean {
  return XhrConstructor() !== undefined;
}

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
    const Constructor = XhrConstructor();
    if (!Constructor) return reject(new ApiError('UNKNOWN_ERROR', 'XMLHttpRequest is not available'));
    const xhr = new Constructor();
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
