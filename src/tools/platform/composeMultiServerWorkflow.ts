/**
 * composeMultiServerWorkflow (experimental, PLATFORM, v1.2): a workflow whose steps call tools on
 * this server or on the MCP servers of the operator's allow-list (NEQSIM_MCP_REMOTE_SERVERS,
 * reached with the MCP SDK client over Streamable HTTP: src/mcp/remote.ts). A step names a
 * server of the list ("local" or absent: this server), never a URL. Steps run in order; a string
 * "${step.path}" in a step's input is replaced by that value of an earlier step's response, as in
 * composeWorkflow, so one server's result feeds another server's tool. The first failed step
 * fails the workflow, naming the step and its server.
 */
import { Type, type Static } from '@sinclair/typebox';
import { failure, issue, success, type Envelope } from '../contract/envelope.js';
import { defineTool, type ToolContext } from '../contract/types.js';
import { resolveRefs } from './composeWorkflow.js';

const TOOL = 'composeMultiServerWorkflow';
const LOCAL = 'local';

const Step = Type.Object(
  {
    server: Type.Optional(Type.String({ maxLength: 64, description: 'Allow-listed server name or "local" (default)' })),
    tool: Type.String({ minLength: 1, maxLength: 100 }),
    name: Type.Optional(Type.String({ pattern: '^[A-Za-z_][A-Za-z0-9_-]{0,63}$' })),
    input: Type.Optional(Type.Record(Type.String(), Type.Unknown(), { description: 'Tool input; "${step.path}" takes an earlier value' })),
  },
  { additionalProperties: false },
);
const Input = Type.Object(
  {
    action: Type.Optional(Type.Union([Type.Literal('run'), Type.Literal('listServers')], { description: 'Default run' })),
    workflow: Type.Optional(Type.String({ maxLength: 100 })),
    steps: Type.Optional(Type.Array(Step, { minItems: 1, maxItems: 20 })),
  },
  { additionalProperties: false },
);
type In = Static<typeof Input>;

const Output = Type.Object(
  {
    action: Type.String(),
    servers: Type.Optional(Type.Array(Type.Object({ name: Type.String(), url: Type.String() }, { additionalProperties: false }), { description: 'The allow-list (local is always available)' })),
    workflow: Type.Optional(Type.String()),
    success: Type.Optional(Type.Boolean()),
    totalTimeMs: Type.Optional(Type.Number()),
    steps: Type.Optional(Type.Array(Type.Object({ name: Type.String(), server: Type.String(), tool: Type.String(), status: Type.String(), timeMs: Type.Number() }, { additionalProperties: false }))),
    combinedData: Type.Optional(Type.Record(Type.String(), Type.Unknown(), { description: 'Each step\'s data by step name' })),
  },
  { additionalProperties: false },
);
type Out = Static<typeof Output>;

const provenance = (what: string, started: number) => ({ calculationType: what, convergence: { converged: true, iterations: 0 }, assumptions: [], limitations: ['Remote results are as the remote server computed them; this server does not recompute them'], computationTimeMs: performance.now() - started });

async function run(input: In, ctx: ToolContext): Promise<Envelope<Out>> {
  const started = performance.now();
  const servers = ctx.remote?.servers() ?? [];
  if ((input.action ?? 'run') === 'listServers') {
    return success({ tool: TOOL, data: { action: 'listServers', servers }, provenance: provenance('server list', started), validationMessage: 'Allow-list read' });
  }
  if (input.steps === undefined) return failure(TOOL, 'input', [issue('MISSING_FIELD', 'run needs "steps"', 'Give "steps": [{"server": "<name>", "tool": "runFlash", "input": {…}}]', 'steps')]);
  const known = new Set([LOCAL, ...servers.map((s) => s.name)]);
  const plan = input.steps.map((s, i) => ({ name: s.name ?? `step_${i + 1}`, server: s.server ?? LOCAL, tool: s.tool, input: s.input ?? {} }));
  for (const [i, s] of plan.entries()) {
    if (!known.has(s.server)) {
      return failure(TOOL, 'input', [issue('SERVER_NOT_ALLOWED', `Step ${s.name}: server "${s.server}" is not in the allow-list`, servers.length > 0 ? `Use "local" or one of: ${servers.map((x) => x.name).join(', ')}` : 'No remote server is configured: the operator lists them in NEQSIM_MCP_REMOTE_SERVERS ("name=url,…")', `steps.${i}.server`)]);
    }
  }
  const done = new Map<string, Record<string, unknown>>();
  const reports: Static<typeof Output>['steps'] = [];
  const combined: Record<string, unknown> = {};
  for (const [i, s] of plan.entries()) {
    const t0 = performance.now();
    const resolved = resolveRefs(s.input, done, `steps.${i}.input`);
    if (!resolved.ok) return failure(TOOL, 'input', [issue('STEP_REFERENCE_ERROR', resolved.message, 'Refer to an earlier step by its name and a path its response has', `steps.${i}.input`)]);
    let env: Record<string, any>;
    try {
      env = s.server === LOCAL ? ((await ctx.callTool!(s.tool, resolved.value)).envelope as Record<string, any>) : ((await ctx.remote!.call(s.server, s.tool, resolved.value)) as Record<string, any>);
    } catch (err) {
      return failure(TOOL, 'compute', [issue('REMOTE_CALL_FAILED', `Step ${s.name}: ${s.tool} on ${s.server} failed: ${(err as Error).message}`, 'Check that the server is up and offers the tool (its getCapabilities)', `steps.${i}`)]);
    }
    reports.push({ name: s.name, server: s.server, tool: s.tool, status: String(env.status), timeMs: performance.now() - t0 });
    if (env.status !== 'success') {
      const e = (env.errors as Record<string, any>[] | undefined)?.[0];
      return failure(TOOL, 'compute', [issue(e?.code ?? 'STEP_FAILED', `Step ${s.name} (${s.tool} on ${s.server}) answered ${env.status}${e ? `: ${e.message}` : ''}`, e?.fix ?? 'Fix that step\'s input', `steps.${i}`)]);
    }
    done.set(s.name, env);
    combined[s.name] = env.data;
  }
  return success({
    tool: TOOL,
    data: { action: 'run', workflow: input.workflow ?? 'custom', success: true, totalTimeMs: performance.now() - started, steps: reports, combinedData: combined },
    provenance: provenance('multi-server workflow', started),
    validationMessage: `${plan.length} step(s) on ${new Set(plan.map((p) => p.server)).size} server(s)`,
  });
}

export const composeMultiServerWorkflowTool = defineTool({
  name: TOOL,
  tier: 'experimental',
  category: 'PLATFORM',
  since: 'v1.2',
  summary: 'Runs workflow steps on this server and on allow-listed remote MCP servers, passing results between them.',
  description:
    '{"action": "listServers"} gives the allow-list of remote MCP servers (NEQSIM_MCP_REMOTE_SERVERS, set by the operator). {"steps": [{"server": "<name>" | "local", "tool", "name", "input"}]} runs the steps in order, ' +
    'local ones through this server\'s dispatcher and remote ones with the MCP client over Streamable HTTP; "${step.path}" strings in an input take an earlier step\'s value. ' +
    'A server not on the list is refused (SERVER_NOT_ALLOWED); the first failing step fails the workflow. Experimental PLATFORM: DESKTOP_ENGINEER only.',
  input: Input,
  output: Output,
  exampleCategory: 'workflow',
  examples: [
    { name: 'list-servers', description: 'The allow-listed remote servers', input: { action: 'listServers' } },
    { name: 'local-steps', description: 'A workflow on this server only (remote steps add "server")', input: { steps: [{ name: 'flash', tool: 'runFlash', input: { model: 'SRK', components: { methane: 0.9, ethane: 0.1 }, temperature: { value: 25, unit: 'C' }, pressure: { value: 50, unit: 'bara' } } }] } },
  ],
  execution: 'inline',
  run: (input, ctx) => run(input, ctx),
});
