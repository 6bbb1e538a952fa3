/**
 * A tool is declared once, as a ToolDefinition. REST routes, OpenAPI, the MCP tool list,
 * getSchema/getExample/getCapabilities and worker dispatch are all derived from the registry
 * of these definitions (src/tools/registry.ts).
 */
import type { ValidationLimits } from './governance/validation-rules.js';
import type { Static, TSchema } from '@sinclair/typebox';
import type { Envelope } from './envelope.js';

export type Tier = 'core' | 'advanced' | 'experimental';
export type Category = 'ADVISORY' | 'CALCULATION' | 'EXECUTION' | 'PLATFORM';
/**
 * Engineering domain of a tool: the tags of the OpenAPI document. The registry assigns each tool
 * its domain (one table beside the tool list), mostly the tool's folder under src/tools.
 */
export const TOOL_DOMAINS = ['thermodynamics', 'process', 'flow assurance', 'safety', 'standards', 'economics', 'platform'] as const;
export type ToolDomain = (typeof TOOL_DOMAINS)[number];
/** Context of EngineeringValidator-style auto-validation (spec/neqsim-surface.md §5.4). */
export type AutoValidationContext = 'flash' | 'process' | 'general' | 'pipeline';

export interface ToolExample<I> {
  /** kebab-case example name, unique within the tool; the catalog category is the tool's example category. */
  name: string;
  description: string;
  input: I;
}

/**
 * The registered tools as the tools that describe them (discovery, governance, workflows) see them.
 * Dispatch and the worker fill it from the registry they were given, so no tool imports the registry.
 */
export interface ToolCatalog {
  readonly tools: readonly AnyTool[];
  get(name: string): AnyTool | undefined;
}

/** Per-call context handed to run(). Everything but the catalog and callTool is plain data. */
export interface ToolContext {
  /**
   * The registered tools (the registry dispatch was built from). Dispatch and the worker always
   * set it; a tool that describes the registry reads it with catalogIn(ctx).
   */
  catalog?: ToolCatalog;
  /** Caller identity (subject) for audit/approvals; 'anonymous' when none. */
  subject: string;
  /** Active deployment profile name. */
  profile: string;
  /** Limits of the active validation rule set, when not `default` (set on pool tasks; inline tools read the active set). */
  validationLimits?: ValidationLimits;
  /** Report progress of a long task (fraction 0..1); a no-op when nobody listens. */
  progress: (fraction: number, message?: string) => void;
  /** Aborted when the call's time budget runs out; long loops should check it. */
  signal?: AbortSignal;
  /**
   * Inline tools only: call another tool through the dispatcher, as the same caller (governance,
   * the pool and its time budget apply to the sub-call). Lets a stateful tool such as
   * manageSession keep its state on the main thread while the solves run in the pool.
   * `detached`: the sub-call outlives this call (background work such as streamSimulation's), so
   * it is not cancelled when this call's client goes away.
   */
  callTool?: (name: string, input: unknown, options?: { detached?: boolean }) => Promise<{ envelope: Envelope<unknown>; httpStatus: number }>;
}

export interface ToolDefinition<I extends TSchema = TSchema, D extends TSchema = TSchema> {
  /** Contract camelCase name, e.g. runFlash. */
  name: string;
  tier: Tier;
  category: Category;
  /** Contract version that introduced the tool, e.g. "v1.0". */
  since: string;
  /** For people and language models: what it computes, required fields, units, pitfalls. */
  description: string;
  /**
   * One or two sentences on when to use the tool, for lists an agent reads before choosing (MCP
   * tools/list). Default: the description's first sentences.
   */
  summary?: string;
  /** TypeBox input schema. Objects must set additionalProperties: false. */
  input: I;
  /** TypeBox schema of the envelope's `data` payload on success. */
  output: D;
  /** Example category in the catalog (e.g. "flash", "standards", "discovery"). */
  exampleCategory: string;
  examples: ToolExample<Static<I>>[];
  /** 'pool' for CPU-heavy work run in the piscina worker pool; 'inline' for cheap tools. */
  execution: 'inline' | 'pool';
  /** Set on the contract's auto-validated tools. */
  autoValidation?: AutoValidationContext;
  /** Must not throw for bad input: return a failure() envelope instead. */
  run(input: Static<I>, ctx: ToolContext): Envelope<Static<D>> | Promise<Envelope<Static<D>>>;
}

/** Registry-friendly erased type. */
export type AnyTool = ToolDefinition<TSchema, TSchema>;

/** Helper that keeps the generic types while declaring a tool. */
export function defineTool<I extends TSchema, D extends TSchema>(def: ToolDefinition<I, D>): AnyTool {
  return def as unknown as AnyTool;
}

/** A catalog over a list of tools (the registry's, or a test's own). */
export function catalogOf(tools: readonly AnyTool[]): ToolCatalog {
  const byName = new Map(tools.map((t) => [t.name, t]));
  return { tools, get: (name) => byName.get(name) };
}

/** The call's tool catalog; only a direct run() without one (a programming error) lacks it. */
export function catalogIn(ctx: ToolContext): ToolCatalog {
  if (ctx.catalog === undefined) throw new Error('This tool describes the registered tools: call it through the dispatcher (REST, MCP or runTool), or pass ctx.catalog');
  return ctx.catalog;
}

/** snake_case schema-catalog name of a camelCase tool name (runFlash -> run_flash). */
export function snakeName(name: string): string {
  return name.replace(/([a-z0-9])([A-Z])/g, '$1_$2').replace(/([A-Z])([A-Z][a-z])/g, '$1_$2').toLowerCase();
}
