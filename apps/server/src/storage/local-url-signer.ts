import { createHmac, timingSafeEqual } from 'node:crypto';
import { stableExpiry } from './link-caching';
import { StorageError } from './storage-error';
import { assertKey } from './storage-key';

export interface VerifiedDownload {
  key: string;
  filename?: string;
  contentType?: string;
  /** Seconds the file may be cached (a link signed for a cache window). */
  cacheWindow?: number;
}

export interface VerifiedUpload {
  key: string;
  maxBytes: number;
}

/** Why a signed link was refused; the route answers 403 with this. */
export class SignatureError extends Error {
  override name = 'SignatureError';
}

/**
 * HMAC-signed links for the local-disk driver, standing in for S3's presigned GET and POST:
 * `<base>/download?key&exp&fn&ct&sig` and a POST policy `{ key, maxBytes, exp }` with its signature.
 * The signing key is derived from SESSION_SECRET so a storage link can never pass as a session token.
 */
export class LocalUrlSigner {
  readonly #key: Buffer;

  constructor(
    secret: string,
    /** Where the storage routes are: root-relative in the service (/api/v1/storage), absolute in tests. */
    readonly baseUrl: string,
    private readonly now: () => number = Date.now,
  ) {
    this.#key = createHmac('sha256', secret).update('booktranslate storage links v1').digest();
  }

  downloadUrl(
    key: string,
    options: { expiresIn: number; filename?: string; contentType?: string; cacheWindow?: number },
  ): string {
    assertKey(key);
    const window = options.cacheWindow ? Math.max(1, Math.floor(options.cacheWindow)) : 0;
    const exp = String(
      window
        ? stableExpiry(this.now(), window)
        : Math.floor(this.now() / 1000) + Math.max(1, Math.floor(options.expiresIn)),
    );
    const params = new URLSearchParams({ key, exp });
    if (options.filename) params.set('fn', options.filename);
    if (options.contentType) params.set('ct', options.contentType);
    if (window) params.set('cw', String(window));
    const sig = this.#sign(
      'download',
      key,
      exp,
      options.filename ?? '',
      options.contentType ?? '',
      window ? String(window) : '',
    );
    params.set('sig', sig);
    return `${this.baseUrl}/download?${params}`;
  }

  verifyDownload(query: Record<string, unknown>): VerifiedDownload {
    const get = (name: string) => (typeof query[name] === 'string' ? (query[name] as string) : undefined);
    const key = get('key');
    const exp = get('exp');
    const sig = get('sig');
    if (!key || !exp || !sig) throw new SignatureError('Incomplete download link');
    const filename = get('fn');
    const contentType = get('ct');
    const window = get('cw');
    this.#check(sig, this.#sign('download', key, exp, filename ?? '', contentType ?? '', window ?? ''));
    this.#checkExpiry(exp);
    assertKey(key);
    return {
      key,
      ...(filename ? { filename } : {}),
      ...(contentType ? { contentType } : {}),
      ...(window && /^\d+$/.test(window) ? { cacheWindow: Number(window) } : {}),
    };
  }

  uploadGrant(
    key: string,
    options: { expiresIn: number; maxBytes: number },
  ): { url: string; fields: Record<string, string> } {
    assertKey(key);
    const exp = Math.floor(this.now() / 1000) + Math.max(1, Math.floor(options.expiresIn));
    const policy = Buffer.from(JSON.stringify({ key, maxBytes: options.maxBytes, exp })).toString(
      'base64url',
    );
    return {
      url: `${this.baseUrl}/upload`,
      fields: { key, policy, signature: this.#sign('upload', policy) },
    };
  }

  verifyUpload(fields: Record<string, string | undefined>): VerifiedUpload {
    const { key, policy, signature } = fields;
    if (!key || !policy || !signature) throw new SignatureError('Missing key, policy or signature');
    this.#check(signature, this.#sign('upload', policy));
    let parsed: { key?: unknown; maxBytes?: unknown; exp?: unknown };
    try {
      parsed = JSON.parse(Buffer.from(policy, 'base64url').toString('utf8'));
    } catch {
      throw new SignatureError('Malformed policy');
    }
    if (parsed.key !== key) throw new SignatureError('The key does not match the policy');
    if (typeof parsed.maxBytes !== 'number' || typeof parsed.exp !== 'number') {
      throw new SignatureError('Malformed policy');
    }
    this.#checkExpiry(String(parsed.exp));
    if (!assertKey(key)) throw new StorageError('INVALID_KEY', 'invalid key');
    return { key, maxBytes: parsed.maxBytes };
  }

  #sign(...parts: string[]): string {
    return createHmac('sha256', this.#key).update(JSON.stringify(parts)).digest('base64url');
  }

  #check(given: string, expected: string): void {
    const a = Buffer.from(given);
    const b = Buffer.from(expected);
    if (a.length !== b.length || !timingSafeEqual(a, b)) throw new SignatureError('Invalid signature');
  }

  #checkExpiry(exp: string): void {
    if (!/^\d+$/.test(exp) || Number(exp) * 1000 < this.now())
      throw new SignatureError('The link has expired');
  }
}
