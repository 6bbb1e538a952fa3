/**
 * The remote MCP servers composeMultiServerWorkflow may call: an allow-list from
 * NEQSIM_MCP_REMOTE_SERVERS ("name=url,name2=url2"; http or https URLs of their /mcp endpoint),
 * reached with the official MCP SDK client over Streamable HTTP. A step names a server of the
 * list, never a URL, so a caller cannot make this server reach anywhere the operator did not list.
 * One client per call (connect, tools/call, close): workflows are short and servers few.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { Envelope } from '../tools/contract/envelope.js';
import type { RemoteToolCaller } from '../tools/contract/types.js';

export interface RemoteServer {
  name: string;
  url: string;
}

/** Parses "name=url,…"; throws on a malformed entry so a bad configuration stops the start. */
export function parseRemoteServers(text: string | undefined): RemoteServer[] {
  if (text === undefined || text.trim() === '') return [];
  const out: RemoteServer[] = [];
  for (const entry of text.split(',').map((e) => e.trim()).filter((e) => e !== '')) {
    const eq = entry.indexOf('=');
    const name = entry.slice(0, eq).trim();
    const url = entry.slice(eq + 1).trim();
    if (eq <= 0 || !/^[A-Za-z][A-Za-z0-9_-]{0,63}$/.test(name)) throw new Error(`NEQSIM_MCP_REMOTE_SERVERS: "${entry}" is not name=url (name: letters, digits, _ or -)`);
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      throw new Error(`NEQSIM_MCP_REMOTE_SERVERS: "${url}" of ${name} is not a URL`);
    }
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') throw new Error(`NEQSIM_MCP_REMOTE_SERVERS: ${name} must be an http(s) URL`);
    if (out.some((s) => s.name === name)) throw new Error(`NEQSIM_MCP_REMOTE_SERVERS: ${name} is listed twice`);
    out.push({ name, url: parsed.toString() });
  }
  return out;
}

/** A caller over the allow-list; each call has the given time budget (ms). */
export function createRemoteCaller(servers: readonly RemoteServer[], timeoutMs: number): RemoteToolCaller {
  return {
    servers: () => servers.map((s) => ({ ...s })),
    async call(server: string, tool: string, input: unknown, signal?: AbortSignal): Promise<Envelope<unknown>> {
      const target = servers.find((s) => s.name === server);
      if (target === undefined) throw new Error(`Server ${server} is not in NEQSIM_MCP_REMOTE_SERVERS`);
      const client = new Client({ name: 'neqsim-ts-composeMultiServerWorkflow', version: '1.0.0' });
      await client.connect(new StreamableHTTPClientTransport(new URL(target.url)));
      try {
        const result = await client.callTool({ name: tool, arguments: (input ?? {}) as Record<string, unknown> }, undefined, { timeout: timeoutMs, ...(signal !== undefined ? { signal } : {}) });
        // A NeqSim server answers with the envelope as structuredContent; older ones as JSON text.
        if (result.structuredContent !== undefined) return result.structuredContent as unknown as Envelope<unknown>;
        const text = (result.content as { type: string; text?: string }[] | undefined)?.find((c) => c.type === 'text')?.text;
        if (text === undefined) throw new Error(`${server} answered ${tool} without a result`);
        return JSON.parse(text) as Envelope<unknown>;
      } finally {
        await client.close();
      }
    },
  };
}
