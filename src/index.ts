/**
 * Package root: the engine as a library. runTool() goes through the same dispatcher and
 * governance as REST and MCP; it runs tools inline by default (no threads needed) and can use
 * a worker pool (createToolPool) for CPU-heavy calls with time budgets.
 */
import type { ToolPool } from './tools/contract/dispatch.js';
import { createDispatcher, type Dispatcher } from './tools/dispatcher.js';
import type { Envelope } from './tools/contract/envelope.js';
import { inputJsonSchema, outputJsonSchema } from './tools/contract/catalog/schemas.js';
import { TOOLS } from './tools/registry.js';
import type { Category, Tier } from './tools/contract/types.js';
import { PiscinaToolPool, type ToolPoolOptions } from './http/pool.js';

export type { Envelope, EnvelopeStatus, DiagnosticIssue, Warning, WarningCode, Provenance, QualityGate, AutoValidation } from './tools/contract/envelope.js';
export { API_VERSION, WARNING_CODES, httpStatusFor } from './tools/contract/envelope.js';
export type { AnyTool, ToolDefinition, ToolContext, Tier, Category } from './tools/contract/types.js';
export { loadConfig, ConfigError, type Config } from './config.js';
export { PiscinaToolPool, type ToolPoolOptions } from './http/pool.js';

export interface RunToolOptions {
  /** Caller identity for governance and audit (default 'anonymous'). */
  subject?: string;
  /** Run pool tools in this worker pool (with time budgets) instead of inline. */
  pool?: ToolPool;
  /** Time budget per pool call in ms (default 30 000). */
  timeoutMs?: number;
  /** Abort a pool call (its worker thread is terminated). */
  signal?: AbortSignal;
}

export interface ToolCatalogueEntry {
  name: string;
  tier: Tier;
  category: Category;
  since: string;
  description: string;
  execution: 'inline' | 'pool';
  inputSchema: Record<string, unknown>;
  outputSchema: Record<string, unknown>;
}

const DEFAULT_TIMEOUT_MS = 30_000;
let inlineDispatcher: Dispatcher | undefined;
const poolDispatchers = new WeakMap<ToolPool, Map<number, Dispatcher>>();

function dispatcherFor(options: RunToolOptions): Dispatcher {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  if (options.pool === undefined) {
    inlineDispatcher ??= createDispatcher({ timeoutMs: DEFAULT_TIMEOUT_MS });
    return inlineDispatcher;
  }
  let byTimeout = poolDispatchers.get(options.pool);
  if (byTimeout === undefined) {
    byTimeout = new Map();
    poolDispatchers.set(options.pool, byTimeout);
  }
  let d = byTimeout.get(timeoutMs);
  if (d === undefined) {
    d = createDispatcher({ pool: options.pool, timeoutMs, inlineFallback: false });
    byTimeout.set(timeoutMs, d);
  }
  return d;
}

/** Runs a tool by its contract name (e.g. "runFlash") and resolves to the contract envelope. Never rejects for bad input. */
export async function runTool(name: string, input: unknown, options: RunToolOptions = {}): Promise<Envelope> {
  const r = await dispatcherFor(options)(name, input, {
    subject: options.subject ?? 'anonymous',
    transport: 'api',
    ...(options.signal !== undefined ? { signal: options.signal } : {}),
  });
  return r.envelope;
}

/** The tool catalogue (same content as GET /v1/tools). */
export function listTools(): ToolCatalogueEntry[] {
  return TOOLS.map((t) => ({
    name: t.name,
    tier: t.tier,
    category: t.category,
    since: t.since,
    description: t.description,
    execution: t.execution,
    inputSchema: inputJsonSchema(t),
    outputSchema: outputJsonSchema(t),
  }));
}

/** A worker pool for runTool({ pool }); close it with `await pool.close()`. */
export async function createToolPool(options: Partial<ToolPoolOptions> = {}): Promise<PiscinaToolPool> {
  const pool = new PiscinaToolPool({ minThreads: 1, maxThreads: 2, concurrentTasksPerWorker: 4, maxQueue: 256, ...options });
  await pool.ready();
  return pool;
}
