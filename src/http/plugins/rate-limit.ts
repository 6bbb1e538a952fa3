/**
 * Per-identity rate limit (@fastify/rate-limit): keyed by the authenticated subject when there
 * is one (registered after the auth hook, so request.user is set), else by client IP. Open paths
 * (health, metrics, docs) are exempt. Over the limit the error handler answers 429 with the
 * envelope (code RATE_LIMITED) and Retry-After. With REDIS_URL set the counters live in Redis
 * (the plugin's Redis store), so the limit holds for the whole cluster, not per replica; while
 * Redis is unreachable the limit is skipped rather than failing every call.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import type { Redis } from 'ioredis';

export interface RateLimitOptions {
  perMinute: number;
  openPaths: readonly string[];
  /** Shared counters (REDIS_URL). */
  redis?: { client: Redis; prefix: string };
}

export function identityOf(req: FastifyRequest): string {
  const sub = (req as unknown as { user?: { sub?: unknown } }).user?.sub;
  return typeof sub === 'string' && sub !== '' ? `sub:${sub}` : `ip:${req.ip}`;
}

export async function registerRateLimit(app: FastifyInstance, opts: RateLimitOptions): Promise<void> {
  await app.register(rateLimit, {
    global: true,
    max: opts.perMinute,
    timeWindow: 60_000,
    keyGenerator: identityOf,
    ...(opts.redis !== undefined ? { redis: opts.redis.client, nameSpace: `${opts.redis.prefix}ratelimit:`, skipOnError: true } : {}),
    allowList: (req: FastifyRequest) => {
      const path = req.url.split('?')[0];
      return opts.openPaths.some((p) => path === p || path.startsWith(`${p}/`));
    },
    // Thrown into the app's error handler, which renders the 429 envelope.
    errorResponseBuilder: (_req: FastifyRequest, ctx: { statusCode: number; after: string; max: number }) =>
      Object.assign(new Error(`Rate limit of ${ctx.max} requests per minute exceeded; retry in ${ctx.after}`), { statusCode: ctx.statusCode }),
  });
}
