/**
 * The allow-list of MCP servers composeMultiServerWorkflow may call: NEQSIM_MCP_REMOTE_SERVERS
 * (comma-separated http(s) URLs of Streamable HTTP endpoints, e.g. https://pvt.example.com/mcp).
 * The app sets it from src/config.ts; without that, the environment is read on first use.
 * Empty = the tool calls no remote server. URLs compare in their normalised form (new URL().href).
 */
let allowed: string[] | undefined;

export const REMOTE_SERVERS_SETTING = 'NEQSIM_MCP_REMOTE_SERVERS';

export function normaliseServerUrl(u: string): string | undefined {
  try {
    const parsed = new URL(u.trim());
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.href : undefined;
  } catch {
    return undefined;
  }
}

export function configureFederation(settings: { allowedServers: readonly string[] }): void {
  allowed = settings.allowedServers.map((u) => normaliseServerUrl(u)).filter((u): u is string => u !== undefined);
}

export function allowedServers(): readonly string[] {
  allowed ??= (process.env[REMOTE_SERVERS_SETTING] ?? '')
    .split(',')
    .map((u) => normaliseServerUrl(u))
    .filter((u): u is string => u !== undefined);
  return allowed;
}
