/**
 * OIDC bearer-token authentication (@fastify/jwt + get-jwks). Off by default; on with
 * AUTH_MODE=oidc or SERVICE_PROFILE=enterprise. Protects the tool routes and /mcp; health,
 * metrics and docs stay open (configurable). Checks: signature against the issuer's JWKS, an
 * algorithm allow-list of asymmetric algorithms ('none' and HS* never pass: a public key must
 * not double as an HMAC secret), iss, aud, exp and nbf. Failures answer 401 with the envelope
 * (code UNAUTHORIZED and a fix); request.user = the token's claims, so the subject reaches
 * CallContext, the audit log and spans.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyJwt from '@fastify/jwt';
import { issue } from '../../tools/contract/envelope.js';
import { sendEnvelopeError, toolOfRequest } from '../errors.js';
import { JwksError, JwksKeys } from './jwks.js';
import { DEFAULT_OPEN_PATHS, isOpen } from './open-paths.js';

export { DEFAULT_OPEN_PATHS, isOpen } from './open-paths.js';

export const DEFAULT_ALGORITHMS = ['RS256', 'RS384', 'RS512', 'PS256', 'PS384', 'PS512', 'ES256', 'ES384', 'ES512'] as const;

export interface AuthOptions {
  issuer: string;
  audience: string;
  jwksUrl?: string;
  algorithms?: readonly string[];
  /** Path prefixes served without a token. */
  openPaths?: readonly string[];
  /** Seconds of clock skew tolerated on exp/nbf. */
  clockToleranceSec?: number;
  unknownKidRefetchIntervalMs?: number;
  jwksCacheTtlMs?: number;
}

interface CompleteToken {
  header: { alg?: unknown; kid?: unknown };
  payload: Record<string, unknown>;
}

class KeyLookupError extends Error {
  constructor(readonly lookup: JwksError) {
    super(lookup.message);
  }
}


/** A user-facing reason for a failed verification (never echoes the token). */
function reasonOf(err: unknown): { message: string; status: number } {
  if (err instanceof KeyLookupError) {
    if (err.lookup.reason === 'unavailable') return { message: `The identity provider cannot be reached to check the token: ${err.lookup.message}`, status: 503 };
    return { message: err.lookup.message, status: 401 };
  }
  const e = err as { code?: string; message?: string };
  switch (e.code) {
    case 'FST_JWT_NO_AUTHORIZATION_IN_HEADER':
      return { message: 'No Authorization header was sent', status: 401 };
    case 'FST_JWT_BAD_REQUEST':
    case 'FST_JWT_AUTHORIZATION_TOKEN_INVALID':
    case 'FAST_JWT_MALFORMED':
      return { message: `The bearer token is invalid: ${e.message ?? 'malformed'}`, status: 401 };
    case 'FST_JWT_AUTHORIZATION_TOKEN_EXPIRED':
      return { message: 'The bearer token has expired', status: 401 };
    case 'FAST_JWT_INACTIVE':
      return { message: 'The bearer token is not valid yet (nbf)', status: 401 };
    case 'FAST_JWT_INVALID_ALGORITHM':
      return { message: 'The bearer token uses an algorithm that is not allowed', status: 401 };
    case 'FAST_JWT_MISSING_SIGNATURE':
      return { message: 'The bearer token is unsigned', status: 401 };
    default:
      return { message: `The bearer token was rejected (${e.code ?? 'invalid'})`, status: 401 };
  }
}

function reject(reply: FastifyReply, req: FastifyRequest, message: string, status: number): FastifyReply {
  if (status === 503) {
    return sendEnvelopeError(reply, 503, toolOfRequest(req), 'busy', issue('AUTH_UNAVAILABLE', message, 'Retry shortly; if it persists the identity provider (OIDC_ISSUER) is down.'), { 'retry-after': '5' });
  }
  return sendEnvelopeError(
    reply,
    401,
    toolOfRequest(req),
    'auth',
    issue('UNAUTHORIZED', message, 'Send Authorization: Bearer <access token> issued by the configured identity provider for this audience.'),
    { 'www-authenticate': 'Bearer realm="neqsim-ts", error="invalid_token"' },
  );
}

/** The raw bearer token of an Authorization header, as @fastify/jwt reads it. */
function bearerOf(header: string | undefined): string | undefined {
  if (header === undefined || header.length < 8 || !/^bearer /i.test(header)) return undefined;
  const token = header.slice(7).trim();
  return token === '' || token.includes(' ') ? undefined : token;
}

/**
 * Claims of tokens that passed full verification, keyed by the exact raw token (signature
 * included, so only a byte-identical token hits). A client reuses one access token for many
 * calls; without this every call pays @fastify/jwt's decode, option merging and callback chain.
 * exp and nbf are checked again on every hit with the same clock tolerance as the verifier, so an
 * entry stops working the moment its token would be refused. Bounded: oldest entries go first.
 */
type VerifiedEntry = { claims: Record<string, unknown>; notBeforeMs: number; expiresMs: number };

class VerifiedTokens {
  private readonly entries = new Map<string, VerifiedEntry>();
  private readonly toleranceMs: number;
  /**
   * The last token found, compared by content before the map is asked. Why: a header's token is a
   * new string on every request, so a map lookup hashes all of it (~1 KB: measured ~0.8 µs of the
   * main thread per call), while comparing it with the last token (the usual case: one client, one
   * token, many calls) stops at the length or the first differing character.
   */
  private lastRaw: string | undefined;
  private lastEntry: VerifiedEntry | undefined;
  /**
   * The whole Authorization header that last led to `lastEntry`: a request repeating it (one
   * client, one token) is matched without the bearer parsing (a regular expression, a slice, a
   * trim and a scan of ~1 KB) that the header would otherwise go through first.
   */
  private lastHeader: string | undefined;

  constructor(
    toleranceSec: number,
    private readonly max = 1000,
  ) {
    this.toleranceMs = toleranceSec * 1000;
  }

  private forget(): void {
    this.lastRaw = undefined;
    this.lastEntry = undefined;
    this.lastHeader = undefined;
  }

  /** The claims when `header` is the header of the last token found and that token is still valid. */
  byHeader(header: string | undefined): Record<string, unknown> | undefined {
    if (header === undefined || header !== this.lastHeader) return undefined;
    const e = this.lastEntry!;
    const now = Date.now();
    if (now > e.expiresMs || now < e.notBeforeMs) {
      this.entries.delete(this.lastRaw!);
      this.forget();
      return undefined;
    }
    return e.claims;
  }

  /** The claims of a verified token still valid; `header` is the Authorization header it came in. */
  get(raw: string, header?: string): Record<string, unknown> | undefined {
    const e = raw === this.lastRaw ? this.lastEntry : this.entries.get(raw);
    if (e === undefined) return undefined;
    const now = Date.now();
    if (now > e.expiresMs || now < e.notBeforeMs) {
      this.entries.delete(raw);
      if (raw === this.lastRaw) this.forget();
      return undefined;
    }
    this.lastRaw = raw;
    this.lastEntry = e;
    this.lastHeader = header;
    return e.claims;
  }

  set(raw: string, claims: Record<string, unknown>): void {
    // exp is a required claim; a token without a numeric one is never cached.
    if (typeof claims.exp !== 'number' || !Number.isFinite(claims.exp)) return;
    const nbf = typeof claims.nbf === 'number' && Number.isFinite(claims.nbf) ? claims.nbf : -Infinity;
    if (this.entries.size >= this.max) {
      const oldest = this.entries.keys().next().value as string;
      this.entries.delete(oldest);
      if (oldest === this.lastRaw) this.forget();
    }
    this.entries.set(raw, { claims, notBeforeMs: nbf * 1000 - this.toleranceMs, expiresMs: claims.exp * 1000 + this.toleranceMs });
  }
}

export async function registerAuth(app: FastifyInstance, opts: AuthOptions): Promise<JwksKeys> {
  const algorithms = [...(opts.algorithms ?? DEFAULT_ALGORITHMS)];
  const bad = algorithms.filter((a) => a === 'none' || /^HS/i.test(a));
  if (bad.length > 0) throw new Error(`OIDC algorithms must be asymmetric; refusing ${bad.join(', ')}`);
  const openPaths = opts.openPaths ?? DEFAULT_OPEN_PATHS;
  const keys = new JwksKeys({
    issuer: opts.issuer,
    ...(opts.jwksUrl !== undefined ? { jwksUrl: opts.jwksUrl } : {}),
    unknownKidRefetchIntervalMs: opts.unknownKidRefetchIntervalMs ?? 10_000,
    cacheTtlMs: opts.jwksCacheTtlMs ?? 10 * 60_000,
  });

  await app.register(fastifyJwt, {
    decode: { complete: true },
    secret: async (_req: FastifyRequest, token: unknown) => {
      const { header } = token as CompleteToken;
      // Refuse before any key lookup: 'none', HS* and anything else outside the allow-list.
      if (typeof header?.alg !== 'string' || !algorithms.includes(header.alg)) {
        throw Object.assign(new Error('algorithm not allowed'), { code: 'FAST_JWT_INVALID_ALGORITHM' });
      }
      try {
        return await keys.publicKey(header.kid, header.alg);
      } catch (err) {
        throw err instanceof JwksError ? new KeyLookupError(err) : err;
      }
    },
    verify: {
      algorithms,
      allowedIss: opts.issuer,
      allowedAud: opts.audience,
      // fast-jwt takes milliseconds.
      clockTolerance: (opts.clockToleranceSec ?? 30) * 1000,
      requiredClaims: ['exp', 'iss', 'aud'],
      // Verified tokens are cached until they expire: a client reuses its token for many calls.
      cache: 1000,
    },
    formatUser: (payload: unknown) => payload as Record<string, unknown>,
  } as never);

  // Exposed for operators' diagnostics and tests (JWKS fetch count).
  app.decorate('oidcKeys', keys);
  const verified = new VerifiedTokens(opts.clockToleranceSec ?? 30);
  /** Full verification of a token not cached yet; false when the request was answered 401/503. */
  async function verifyFully(req: FastifyRequest, reply: FastifyReply, raw: string | undefined): Promise<boolean> {
    try {
      const claims = (await req.jwtVerify()) as unknown as Record<string, unknown>;
      if (raw !== undefined) verified.set(raw, claims);
      return true;
    } catch (err) {
      const { message, status } = reasonOf(err);
      req.log.debug({ code: (err as { code?: string }).code }, 'bearer token rejected');
      reject(reply, req, message, status);
      return false;
    }
  }
  // Callback style, so the common case (a cached token, or an open path) finishes synchronously
  // without a promise per request; only a token not seen yet goes through the async verifier.
  app.addHook('onRequest', (req, reply, done) => {
    // A request authenticated by an API key (AUTH_API_KEYS, api-key-auth.ts, registered first) needs no token.
    if (isOpen(req.url, openPaths) || typeof (req as unknown as { user?: { apiKeyId?: unknown } }).user?.apiKeyId === 'string') return done();
    const header = req.headers.authorization;
    let known = verified.byHeader(header);
    let raw: string | undefined;
    if (known === undefined) {
      raw = bearerOf(header);
      known = raw === undefined ? undefined : verified.get(raw, header);
    }
    if (known !== undefined) {
      (req as unknown as { user: Record<string, unknown> }).user = known;
      return done();
    }
    // A rejected request has been answered: the hook then must not call done().
    verifyFully(req, reply, raw).then(
      (passed) => {
        if (passed) done();
      },
      (err: unknown) => done(err as Error),
    );
  });
  return keys;
}
