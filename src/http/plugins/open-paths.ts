/**
 * The paths served without a token under OIDC. A module of its own so the OpenAPI document can
 * name them without loading the auth plugin (@fastify/jwt and get-jwks), which is imported only
 * when auth is on (issue 25: cold start).
 */
export const DEFAULT_OPEN_PATHS = ['/health', '/metrics', '/docs', '/openapi.json'] as const;

/**
 * True when the path of `url` (before any query) is an open path, lies under one (`/docs` opens
 * `/docs/…`), or starts with one ending in `*`. Asked on every request under OIDC, so it compares
 * in place rather than building the query-less path and each `prefix/` string.
 */
export function isOpen(url: string, openPaths: readonly string[]): boolean {
  const q = url.indexOf('?');
  const end = q < 0 ? url.length : q;
  for (const p of openPaths) {
    const n = p.length;
    if (!url.startsWith(p.endsWith('*') ? p.slice(0, -1) : p)) continue;
    // url starts with p (or with p minus its '*', which opens everything after it).
    if (p.endsWith('*') || p.endsWith('/')) {
      if (p.endsWith('*') ? n - 1 <= end : n <= end) return true;
      continue;
    }
    if (n === end || (n < end && url.charCodeAt(n) === 47)) return true;
  }
  return false;
}
