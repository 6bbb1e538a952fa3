/**
 * The paths served without a token under OIDC. A module of its own so the OpenAPI document can
 * name them without loading the auth plugin (@fastify/jwt and get-jwks), which is imported only
 * when auth is on (issue 25: cold start).
 */
export const DEFAULT_OPEN_PATHS = ['/health', '/metrics', '/docs', '/openapi.json'] as const;

export function isOpen(url: string, openPaths: readonly string[]): boolean {
  const path = url.split('?')[0];
  return openPaths.some((p) => path === p || path.startsWith(p.endsWith('/') ? p : `${p}/`) || (p.endsWith('*') && path.startsWith(p.slice(0, -1))));
}
