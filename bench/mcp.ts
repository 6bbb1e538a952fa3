/**
 * MCP against REST for the same runFlash call on one real server process (issue 25: per-call
 * overhead of MCP over REST ≤ 0.3 ms, MCP throughput ≥ 50 % of REST):
 *   - latency: sequential calls, REST (fetch POST /v1/tools/runFlash), MCP (the SDK client's
 *     callTool over Streamable HTTP) and raw MCP (the same JSON-RPC tools/call POSTed by fetch, so
 *     the SDK client's own work is left out) rotating in blocks so all see the same machine; the
 *     overhead is the difference of the medians; the server's CPU time per call of each kind
 *     (/proc, all its threads, summed over the blocks) is the figure least moved by other load;
 *   - throughput: CONCURRENCY callers, ROUNDS rounds of a WINDOW_S window each way (REST and MCP
 *     alternating, the order swapped every round), so a burst of other load on a shared machine
 *     falls on both about equally; the ratio is of the summed calls, and the median of the
 *     per-round ratios is reported beside it.
 * The client runs in this process, on the same machine as the server: its CPU is part of both.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { LATEST_PROTOCOL_VERSION } from '@modelcontextprotocol/sdk/types.js';
import { RUN_FLASH_BODY, cpuMsOf, startBenchServer, type BenchLine } from './http.js';

const BLOCKS = 10;
const PER_BLOCK = 40;
const CONCURRENCY = 16;
const ROUNDS = 8;
const WINDOW_S = 0.75;

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[s.length >> 1];
}

export async function benchMcp(): Promise<BenchLine[]> {
  const server = await startBenchServer();
  const clients: Client[] = [];
  try {
    let negotiated: string | undefined;
    const connect = async (): Promise<Client> => {
      const c = new Client({ name: 'neqsim-ts-bench', version: '0.0.0' });
      const transport = new StreamableHTTPClientTransport(new URL('/mcp', server.url));
      await c.connect(transport);
      negotiated ??= transport.protocolVersion;
      clients.push(c);
      return c;
    };
    const client = await connect();
    const body = JSON.stringify(RUN_FLASH_BODY);
    const rest = async (): Promise<void> => {
      const res = await fetch(`${server.url}/v1/tools/runFlash`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
      await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`bench mcp: REST runFlash answered ${res.status}`);
    };
    const mcpCall = (c: Client) => async (): Promise<void> => {
      const r = await c.callTool({ name: 'runFlash', arguments: RUN_FLASH_BODY as Record<string, unknown> });
      if (r.isError) throw new Error('bench mcp: MCP runFlash failed');
    };
    const mcp = mcpCall(client);
    let rawId = 0;
    const rawHeaders = { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': negotiated ?? LATEST_PROTOCOL_VERSION };
    const mcpRaw = async (): Promise<void> => {
      const rpc = JSON.stringify({ jsonrpc: '2.0', id: ++rawId, method: 'tools/call', params: { name: 'runFlash', arguments: RUN_FLASH_BODY } });
      const res = await fetch(`${server.url}/mcp`, { method: 'POST', headers: rawHeaders, body: rpc });
      const reply = (await res.json()) as { result?: { isError?: boolean } };
      if (res.status !== 200 || reply.result?.isError !== false) throw new Error(`bench mcp: raw MCP runFlash answered ${res.status}`);
    };
    for (let i = 0; i < 200; i++) {
      await rest();
      await mcp();
      await mcpRaw();
    }
    const kinds = [
      { fn: rest, ms: [] as number[], cpuMs: 0 },
      { fn: mcp, ms: [] as number[], cpuMs: 0 },
      { fn: mcpRaw, ms: [] as number[], cpuMs: 0 },
    ];
    const serverCpuMs = (): number => (server.child.pid === undefined ? NaN : cpuMsOf(server.child.pid) ?? NaN);
    for (let b = 0; b < BLOCKS; b++) {
      for (let k = 0; k < kinds.length; k++) {
        const kind = kinds[(b + k) % kinds.length];
        const cpu0 = serverCpuMs();
        for (let i = 0; i < PER_BLOCK; i++) {
          const t0 = performance.now();
          await kind.fn();
          kind.ms.push(performance.now() - t0);
        }
        kind.cpuMs += serverCpuMs() - cpu0;
      }
    }
    const [restMedian, mcpMedian, rawMedian] = kinds.map((k) => median(k.ms));
    const [restCpuUs, mcpCpuUs, rawCpuUs] = kinds.map((k) => Math.round((k.cpuMs * 1000) / k.ms.length));

    // Throughput: each caller its own MCP client (one session each), as separate agents would be.
    const mcpClients = [client, ...(await Promise.all(Array.from({ length: CONCURRENCY - 1 }, connect)))];
    const run = async (fns: (() => Promise<void>)[], seconds: number): Promise<number> => {
      let done = 0;
      const end = performance.now() + seconds * 1000;
      await Promise.all(
        fns.map(async (fn) => {
          while (performance.now() < end) {
            await fn();
            done++;
          }
        }),
      );
      return done;
    };
    const restFns = Array.from({ length: CONCURRENCY }, () => rest);
    const mcpFns = mcpClients.map(mcpCall);
    await run(restFns, 1);
    await run(mcpFns, 1);
    let restCalls = 0;
    let mcpCalls = 0;
    const roundRatios: number[] = [];
    for (let r = 0; r < ROUNDS; r++) {
      let restN = 0;
      let mcpN = 0;
      if (r % 2 === 0) {
        restN = await run(restFns, WINDOW_S);
        mcpN = await run(mcpFns, WINDOW_S);
      } else {
        mcpN = await run(mcpFns, WINDOW_S);
        restN = await run(restFns, WINDOW_S);
      }
      restCalls += restN;
      mcpCalls += mcpN;
      roundRatios.push(mcpN / restN);
    }
    const seconds = ROUNDS * WINDOW_S;
    const restRate = restCalls / seconds;
    const mcpRate = mcpCalls / seconds;
    const ctx = { tool: 'runFlash', note: 'SDK client in the bench process, server in its own process' };
    return [
      { name: 'mcp.runFlash.latency_p50', unit: 'ms', value: Number(mcpMedian.toFixed(3)), calls: kinds[1].ms.length, ...ctx },
      { name: 'rest.runFlash.latency_p50', unit: 'ms', value: Number(restMedian.toFixed(3)), calls: kinds[0].ms.length, ...ctx },
      { name: 'mcp.runFlash.overhead_per_call', unit: 'ms', value: Number((mcpMedian - restMedian).toFixed(3)), target: '<= 0.3', ...ctx },
      { name: 'mcp_raw.runFlash.latency_p50', unit: 'ms', value: Number(rawMedian.toFixed(3)), calls: kinds[2].ms.length, ...ctx, note: 'JSON-RPC tools/call POSTed by fetch (no SDK client)' },
      { name: 'mcp_raw.runFlash.overhead_per_call', unit: 'ms', value: Number((rawMedian - restMedian).toFixed(3)), target: '<= 0.3', ...ctx, note: 'raw MCP median minus REST median: the server side of the overhead' },
      { name: 'rest.runFlash.server_cpu_per_call', unit: 'µs', value: restCpuUs, ...ctx, note: 'server process CPU (all threads, /proc, 10 ms ticks) over the latency blocks / calls' },
      { name: 'mcp.runFlash.server_cpu_per_call', unit: 'µs', value: mcpCpuUs, ...ctx, note: 'as rest.runFlash.server_cpu_per_call, SDK client' },
      { name: 'mcp_raw.runFlash.server_cpu_per_call', unit: 'µs', value: rawCpuUs, ...ctx, note: 'as rest.runFlash.server_cpu_per_call, raw JSON-RPC' },
      { name: 'mcp.runFlash.calls_per_s', unit: 'calls/s', value: Math.round(mcpRate), concurrency: CONCURRENCY, durationS: seconds, ...ctx },
      { name: 'rest.runFlash.calls_per_s', unit: 'calls/s', value: Math.round(restRate), concurrency: CONCURRENCY, durationS: seconds, ...ctx },
      {
        name: 'mcp.runFlash.ratio_to_rest',
        unit: 'ratio',
        value: Number((mcpRate / restRate).toFixed(3)),
        target: '>= 0.5',
        rounds: ROUNDS,
        windowS: WINDOW_S,
        roundMedian: Number(median(roundRatios).toFixed(3)),
        roundRange: [Number(Math.min(...roundRatios).toFixed(3)), Number(Math.max(...roundRatios).toFixed(3))],
        ...ctx,
      },
    ];
  } finally {
    await Promise.all(clients.map((c) => c.close().catch(() => undefined)));
    await server.stop();
  }
}
