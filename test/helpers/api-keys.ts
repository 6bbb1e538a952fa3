import type { Test } from 'tap';

/** Creates an API key through the manageSecurity tool of a running server and returns the key shown once. */
export async function createApiKey(t: Test, base: string, adminToken: string, scopes: string[], name = 'k'): Promise<string> {
  const r = await fetch(`${base}v1/tools/manageSecurity`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ action: 'create', adminToken, name, scopes }) });
  t.equal(r.status, 200, `manageSecurity create (${scopes.join(', ')})`);
  return ((await r.json()) as { data: { apiKey: string } }).data.apiKey;
}
