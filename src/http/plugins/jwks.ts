/**
 * Signing keys of the configured OIDC issuer, via get-jwks. The JWKS location comes from
 * OIDC_JWKS_URL or, once, from the issuer's discovery document. Keys are cached (get-jwks TTL);
 * a token with an unknown kid triggers one JWKS refetch (so a rotated key works without a
 * restart), but such refetches are rate-limited globally so a flood of made-up kids cannot
 * hammer the identity provider.
 */
import buildGetJwks from 'get-jwks';

export interface JwksOptions {
  issuer: string;
  jwksUrl?: string;
  /** Minimum time between JWKS refetches caused by unknown kids. */
  unknownKidRefetchIntervalMs: number;
  /** How long a fetched key is trusted before it is fetched again. */
  cacheTtlMs: number;
}

export class JwksError extends Error {
  constructor(
    readonly reason: 'unknown_kid' | 'unavailable' | 'bad_token',
    message: string,
  ) {
    super(message);
    this.name = 'JwksError';
  }
}

export class JwksKeys {
  private location: Promise<{ domain: string; path: string }> | undefined;
  private getJwks: ReturnType<typeof buildGetJwks> | undefined;
  private lastMiss = -Infinity;
  /** PEM per alg/kid: converting a JWK to PEM on every request costs more than the signature check. */
  private readonly pems = new Map<string, { pem: string; until: number }>();
  /** JWKS documents fetched so far (observability and tests). */
  fetches = 0;

  constructor(private readonly opts: JwksOptions) {}

  private async discover(): Promise<{ domain: string; path: string }> {
    let uri = this.opts.jwksUrl;
    if (uri === undefined) {
      const wellKnown = `${this.opts.issuer.replace(/\/+$/, '')}/.well-known/openid-configuration`;
      const res = await fetch(wellKnown, { signal: AbortSignal.timeout(5000) });
      if (!res.ok) throw new JwksError('unavailable', `OIDC discovery at ${wellKnown} answered ${res.status}`);
      const doc = (await res.json()) as { jwks_uri?: unknown; issuer?: unknown };
      if (typeof doc.jwks_uri !== 'string') throw new JwksError('unavailable', `OIDC discovery at ${wellKnown} has no jwks_uri`);
      uri = doc.jwks_uri;
    }
    const u = new URL(uri);
    const domain = `${u.protocol}//${u.host}/`;
    const path = `${u.pathname.replace(/^\/+/, '')}${u.search}`;
    this.getJwks = buildGetJwks({ jwksPath: path, ttl: this.opts.cacheTtlMs, max: 50 });
    return { domain, path };
  }

  private async resolveLocation(): Promise<{ domain: string; path: string }> {
    this.location ??= this.discover().catch((err: unknown) => {
      this.location = undefined; // retry discovery on the next request
      throw err instanceof JwksError ? err : new JwksError('unavailable', `OIDC discovery failed: ${(err as Error).message}`);
    });
    return this.location;
  }

  /** PEM public key for a token header; throws JwksError. */
  async publicKey(kid: unknown, alg: string): Promise<string> {
    if (typeof kid !== 'string' || kid === '') throw new JwksError('bad_token', 'The token header has no kid');
    const { domain } = await this.resolveLocation();
    const memoKey = `${alg}:${kid}`;
    const memo = this.pems.get(memoKey);
    if (memo !== undefined && memo.until > performance.now()) return memo.pem;
    const jwks = this.getJwks!;
    if (jwks.cache.get(jwks.generateCacheKey(alg, kid, domain)) === undefined) {
      // Only a fetch that missed holds back the next one: a rotated key is picked up at once,
      // a stream of made-up kids costs the identity provider one fetch per interval.
      if (performance.now() - this.lastMiss < this.opts.unknownKidRefetchIntervalMs) {
        throw new JwksError('unknown_kid', `Signing key "${kid}" is not known and the key set was refreshed moments ago`);
      }
      this.fetches++;
    }
    try {
      const pem = await jwks.getPublicKey({ kid, alg, domain });
      this.pems.set(memoKey, { pem, until: performance.now() + this.opts.cacheTtlMs });
      return pem;
    } catch (err) {
      const code = (err as { code?: string }).code;
      if (code === 'JWK_NOT_FOUND') {
        this.lastMiss = performance.now();
        throw new JwksError('unknown_kid', `Signing key "${kid}" is not in the issuer's key set`);
      }
      throw new JwksError('unavailable', `Cannot fetch the issuer's key set: ${(err as Error).message}`);
    }
  }
}
