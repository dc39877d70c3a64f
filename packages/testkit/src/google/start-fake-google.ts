import { type CryptoKey, exportJWK, generateKeyPair, type JWK, SignJWT } from 'jose';
import { type Listening, listen, sendJson } from '../http/listen';

export const GOOGLE_ISSUER = 'https://accounts.google.com';

/** Claims of a Google ID token; anything left out gets a plausible default. */
export interface GoogleIdClaims {
  sub: string;
  email: string;
  email_verified: boolean;
  name: string;
  picture: string;
  given_name?: string;
  family_name?: string;
  hd?: string;
  nonce?: string;
  [extra: string]: unknown;
}

/** Ways to make a token that a correct verifier must reject. */
export interface SignOptions {
  /** Sign with a key that is not in the JWKS (same kid, so only the signature is wrong). */
  foreignKey?: boolean;
  /** `aud` other than the client id. */
  audience?: string;
  /** `iss`; Google uses https://accounts.google.com and accounts.google.com. */
  issuer?: string;
  /** exp (and iat) an hour in the past. */
  expired?: boolean;
  /** Seconds since the epoch for `iat`; exp is iat + lifetimeSeconds. */
  issuedAt?: number;
  /** Default 3600, like Google. */
  lifetimeSeconds?: number;
  /** A kid the JWKS does not list. */
  kid?: string;
}

export interface FakeGoogle {
  url: string;
  /** `${url}/oauth2/v3/certs`: pass it to jose's createRemoteJWKSet. */
  jwksUrl: string;
  issuer: typeof GOOGLE_ISSUER;
  clientId: string;
  /** Signs an RS256 ID token for the client id (or a broken one, see SignOptions). */
  signIdToken(claims?: Partial<GoogleIdClaims>, options?: SignOptions): Promise<string>;
  /** Adds a new current key (new kid) and keeps the old one listed, as Google does during rotation. */
  rotateKey(): Promise<string>;
  /** Makes /oauth2/v3/certs answer with this status (null: back to normal), for outage tests. */
  failJwks(status: number | null): void;
  /** How often the JWKS has been fetched. */
  readonly jwksRequests: number;
  close(): Promise<void>;
}

interface KeyEntry {
  kid: string;
  privateKey: CryptoKey;
  jwk: JWK;
}

async function newKey(kid: string): Promise<KeyEntry> {
  const { privateKey, publicKey } = await generateKeyPair('RS256', { extractable: true });
  const jwk = { ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' };
  return { kid, privateKey, jwk };
}

/**
 * Starts a fake Google identity issuer on loopback: a JWKS at /oauth2/v3/certs, OpenID discovery at
 * /.well-known/openid-configuration, and `signIdToken` for tokens that verify against it.
 * @example
 * const google = await startFakeGoogle({ clientId: 'web-client' });
 * const token = await google.signIdToken({ email: 'ann@example.com' });
 * await jwtVerify(token, createRemoteJWKSet(new URL(google.jwksUrl)), { issuer: google.issuer, audience: 'web-client' });
 */
export async function startFakeGoogle(opts: { clientId: string; port?: number }): Promise<FakeGoogle> {
  const keys: KeyEntry[] = [await newKey('fake-google-1')];
  const foreign = await newKey('foreign');
  let jwksRequests = 0;
  let jwksFailure: number | null = null;
  let baseUrl = '';

  const server: Listening = await listen((req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    if (req.method === 'GET' && path === '/oauth2/v3/certs') {
      jwksRequests++;
      if (jwksFailure !== null) return sendJson(res, jwksFailure, { error: 'unavailable' });
      // Google serves its certs with a cache lifetime of a few hours; verifiers may honour it.
      return sendJson(
        res,
        200,
        { keys: keys.map((k) => k.jwk) },
        { 'cache-control': 'public, max-age=21600' },
      );
    }
    if (req.method === 'GET' && path === '/.well-known/openid-configuration') {
      return sendJson(res, 200, {
        issuer: GOOGLE_ISSUER,
        jwks_uri: `${baseUrl}/oauth2/v3/certs`,
        id_token_signing_alg_values_supported: ['RS256'],
        subject_types_supported: ['public'],
      });
    }
    sendJson(res, 404, { error: 'not_found' });
  }, opts.port);

  const url = server.url;
  baseUrl = url;
  return {
    url,
    jwksUrl: `${url}/oauth2/v3/certs`,
    issuer: GOOGLE_ISSUER,
    clientId: opts.clientId,
    get jwksRequests() {
      return jwksRequests;
    },
    async signIdToken(claims = {}, options = {}) {
      const current = keys[keys.length - 1]!;
      const signingKey = options.foreignKey ? foreign.privateKey : current.privateKey;
      const now = Math.floor(Date.now() / 1000);
      const iat = options.issuedAt ?? (options.expired ? now - 7200 : now);
      const exp = iat + (options.lifetimeSeconds ?? 3600);
      const sub = claims.sub ?? `104${String(Math.floor(Math.random() * 1e15)).padStart(15, '0')}`;
      const body: GoogleIdClaims = {
        sub,
        email: `user${sub.slice(-6)}@gmail.com`,
        email_verified: true,
        name: 'Test User',
        picture: 'https://lh3.googleusercontent.com/a/default-user=s96-c',
        azp: opts.clientId,
        ...claims,
      };
      return new SignJWT(body)
        .setProtectedHeader({ alg: 'RS256', kid: options.kid ?? current.kid, typ: 'JWT' })
        .setIssuer(options.issuer ?? GOOGLE_ISSUER)
        .setAudience(options.audience ?? opts.clientId)
        .setSubject(sub)
        .setIssuedAt(iat)
        .setExpirationTime(exp)
        .sign(signingKey);
    },
    async rotateKey() {
      const entry = await newKey(`fake-google-${keys.length + 1}`);
      keys.push(entry);
      return entry.kid;
    },
    failJwks(status) {
      jwksFailure = status;
    },
    close: () => server.close(),
  };
}
