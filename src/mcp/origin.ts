/**
 * The one browser-Origin check of the service, used by /mcp (src/mcp/http.ts) and by the REST
 * tool routes (src/http/plugins/browser.ts).
 *
 * Why: a web page can send "simple" cross-site POSTs without a CORS preflight, and a page whose
 * domain re-resolves to 127.0.0.1 (DNS rebinding) reaches a desktop install as if it were local.
 * Clients outside a browser send no Origin and pass; a browser origin must be loopback or listed
 * (CORS_ORIGINS, NEQSIM_MCP_ALLOWED_ORIGINS). The Host header is not trusted for this: under DNS
 * rebinding it carries the attacker's name too.
 */
const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

export class OriginPolicy {
  private readonly listed: ReadonlySet<string>;

  constructor(listed: Iterable<string>) {
    this.listed = new Set([...listed].map((o) => o.trim().replace(/\/+$/, '')).filter((o) => o !== ''));
  }

  /** True for no Origin (not a browser), a loopback http(s) origin, or a listed one. "null" (sandboxed frames, file:) is refused. */
  allows(origin: string | undefined): boolean {
    if (origin === undefined) return true;
    if (this.listed.has(origin)) return true;
    try {
      const u = new URL(origin);
      return (u.protocol === 'http:' || u.protocol === 'https:') && LOOPBACK_HOSTS.has(u.hostname);
    } catch {
      return false;
    }
  }
}
