/**
 * The allow-list of MCP servers composeMultiServerWorkflow may call: NEQSIM_MCP_REMOTE_SERVERS
 * (comma-separated http(s) URLs of Streamable HTTP endpoints, e.g. https://pvt.example.com/mcp).
 * The app sets it from src/config.ts; without that, the environment is read on first use.
 * Empty = the tool calls no remote server. URLs compare in their normalised form (new URL().href).
 */
let allowed: string[] | undefined;
let credentials: Record<string, string> = {};

export const REMOTE_SERVERS_SETTING = 'NEQSIM_MCP_REMOTE_SERVERS';

export function normaliseServerUrl(u: string): string | undefined {
  try {
    const parsed = new URL(u.trim());
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.href : undefined;
  } catch {
    return undefined;
  }
}

export function configureFederation(settings: { allowedServers: readonly string[]; credentials?: Record<string, string> }): void {
  allowed = settings.allowedServers.map((u) => normaliseServerUrl(u)).filter((u): u is string => u !== undefined);
  credentials = { ...(settings.credentials ?? {}) };
}

/** The headers that authenticate this server to `server` (NEQSIM_MCP_REMOTE_CREDENTIALS), if any. */
export function credentialHeaders(server: string): Record<string, string> {
  const c = credentials[server];
  if (c === undefined) return {};
  return /^bearer\s/i.test(c) ? { authorization: c } : { 'x-api-key': c };
}

export function allowedServers(): readonly string[] {
  allowed ??= (process.env[REMOTE_SERVERS_SETTING] ?? '')
    .split(',')
    .map((u) => normaliseServerUrl(u))
    .filter((u): u is string => u !== undefined);
  return allowed;
}

export interface RemoteOutcome {
  ok: boolean;
  /** What later steps refer to: the remote envelope (structuredContent or the JSON text), else {text}. */
  response: Record<string, unknown>;
  /** Set when the call did not complete: code and message for the step report. */
  failure?: { code: 'REMOTE_TIMEOUT' | 'REMOTE_UNREACHABLE' | 'REMOTE_PROTOCOL_ERROR'; message: string };
}

/** The MCP client of one workflow run (src/mcp/remote-client.ts): connections are closed by close(). */
export interface RemoteSession {
  call(server: string, tool: string, args: Record<string, unknown>, timeoutMs: number): Promise<RemoteOutcome>;
  listTools(server: string, timeoutMs: number): Promise<{ tools?: { name: string; description?: string }[]; failure?: RemoteOutcome['failure'] }>;
  close(): Promise<void>;
}

export type RemoteSessionFactory = (signal?: AbortSignal) => RemoteSession;

let sessions: RemoteSessionFactory | undefined;

/**
 * The MCP layer installs its client here (tools must not import the SDK: test/api/layers.test.ts).
 * Without it (runTool as a library) remote steps are refused with a message that says so.
 */
export function useRemoteSessions(factory: RemoteSessionFactory): void {
  sessions = factory;
}

export function remoteSessions(signal?: AbortSignal): RemoteSession | undefined {
  return sessions?.(signal);
}
