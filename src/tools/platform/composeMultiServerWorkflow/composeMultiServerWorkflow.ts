/**
 * composeMultiServerWorkflow (experimental, PLATFORM, v1.2): workflows whose steps call tools on
 * other MCP servers (and on this one), one after the other, with results passed on as in
 * composeWorkflow: a string "${step.path}" in a step's input is replaced by the value at that path
 * of an earlier step's response (a remote step's response is the envelope its server returned).
 *
 * Only servers on the allow-list NEQSIM_MCP_REMOTE_SERVERS are called (empty: remote steps are
 * refused, 403, naming the setting). Remote calls use the official MCP SDK client over Streamable
 * HTTP, each step with its own time budget (connecting included). A local step (no "server") goes
 * through this server's dispatcher as the same caller (its access rights and API-key scopes). The
 * first failing step stops the workflow (422 WORKFLOW_STEP_FAILED, naming it).
 */
import { Type, type Static } from '@sinclair/typebox';
import { IssueSchema } from '../../contract/catalog/envelope-schema.js';
import { failure, issue, success, type DiagnosticIssue, type Envelope } from '../../contract/envelope.js';
import { activeProfile, policyEnvelope } from '../../contract/governance/policy.js';
import { catalogIn, defineTool, type ToolContext } from '../../contract/types.js';
import { resolveRefs } from '../composeWorkflow.js';
import { REMOTE_SERVERS_SETTING, allowedServers, normaliseServerUrl, remoteSessions, type RemoteSession } from './config.js';

const TOOL = 'composeMultiServerWorkflow';
const MAX_STEPS = 20;
const DEFAULT_STEP_TIMEOUT_MS = 60_000;
/** Local tools a workflow may not call: the workflow tools themselves and background/stateful ones. */
const NOT_LOCAL = new Set([TOOL, 'composeWorkflow', 'manageSession', 'streamSimulation']);

const Step = Type.Object(
  {
    name: Type.Optional(Type.String({ pattern: '^[A-Za-z_][A-Za-z0-9_-]{0,63}$', description: 'Step name for references (default step_1, step_2, …)' })),
    server: Type.Optional(Type.String({ maxLength: 2000, description: 'URL of the MCP endpoint (must be in NEQSIM_MCP_REMOTE_SERVERS); omit for a tool of this server' })),
    tool: Type.String({ minLength: 1, maxLength: 200, description: 'Tool to call on that server' }),
    input: Type.Optional(Type.Record(Type.String(), Type.Unknown(), { description: 'The tool\'s arguments; strings "${step.path}" are replaced by earlier results' })),
    timeoutMs: Type.Optional(Type.Integer({ minimum: 100, maximum: 600_000, description: 'This step\'s time budget in ms (default: the workflow\'s stepTimeoutMs)' })),
  },
  { additionalProperties: false },
);

const Input = Type.Object(
  {
    action: Type.Optional(Type.Union([Type.Literal('run'), Type.Literal('listServers'), Type.Literal('listTools')], { description: 'Default run' })),
    workflow: Type.Optional(Type.String({ maxLength: 100, description: 'A name for the workflow (default "custom")' })),
    server: Type.Optional(Type.String({ maxLength: 2000, description: 'listTools: the server whose tools to list' })),
    stepTimeoutMs: Type.Optional(Type.Integer({ minimum: 100, maximum: 600_000, description: `Default time budget per step in ms (default ${DEFAULT_STEP_TIMEOUT_MS})` })),
    steps: Type.Optional(Type.Array(Step, { minItems: 1, maxItems: MAX_STEPS })),
  },
  { additionalProperties: false },
);
type In = Static<typeof Input>;

const StepReport = Type.Object(
  {
    name: Type.String(),
    server: Type.String({ description: 'The server URL, or "local"' }),
    tool: Type.String(),
    status: Type.String({ description: 'success, error, blocked, approval_required or skipped' }),
    timeMs: Type.Optional(Type.Number()),
    errors: Type.Optional(Type.Array(IssueSchema)),
  },
  { additionalProperties: false },
);

const Output = Type.Object(
  {
    action: Type.String(),
    allowedServers: Type.Optional(Type.Array(Type.String())),
    setting: Type.Optional(Type.String({ description: 'The configuration variable of the allow-list' })),
    server: Type.Optional(Type.String()),
    tools: Type.Optional(Type.Array(Type.Object({ name: Type.String(), description: Type.Optional(Type.String()) }, { additionalProperties: false }))),
    message: Type.Optional(Type.String()),
    workflow: Type.Optional(Type.String()),
    totalSteps: Type.Optional(Type.Integer()),
    completedSteps: Type.Optional(Type.Integer()),
    totalTimeMs: Type.Optional(Type.Number()),
    steps: Type.Optional(Type.Array(StepReport)),
    combinedData: Type.Optional(Type.Record(Type.String(), Type.Unknown(), { description: 'Each completed step\'s data (its envelope\'s data, else its whole response) by step name' })),
  },
  { additionalProperties: false },
);
type Out = Static<typeof Output>;
type Report = NonNullable<Out['steps']>[number];

function notAllowed(servers: string[], field: string): Envelope {
  const list = allowedServers();
  const reason =
    list.length === 0
      ? `No remote MCP server is allowed: ${REMOTE_SERVERS_SETTING} is empty, so composeMultiServerWorkflow calls no other server.`
      : `${servers.join(', ')} ${servers.length === 1 ? 'is' : 'are'} not in ${REMOTE_SERVERS_SETTING} (allowed: ${list.join(', ')}).`;
  const env = policyEnvelope({
    status: 'blocked',
    tool: TOOL,
    mode: activeProfile(),
    tier: 'PLATFORM',
    reason,
    remediation: `Add the server's MCP endpoint URL to ${REMOTE_SERVERS_SETTING} (comma-separated http(s) URLs) and restart, or use an allowed server.`,
    policyCode: list.length === 0 ? 'FEDERATION_NOT_CONFIGURED' : 'SERVER_NOT_ALLOWED',
    extraData: { setting: REMOTE_SERVERS_SETTING, allowedServers: [...list], field },
  });
  env.message = reason;
  return env;
}

/** The plan, checked before anything runs: names, local tools, and every server on the allow-list. */
interface PlannedStep {
  name: string;
  server?: string;
  tool: string;
  input: Record<string, unknown>;
  timeoutMs: number;
}

function plan(input: In, ctx: ToolContext): { steps: PlannedStep[] } | { refusal: Envelope } {
  const steps = input.steps ?? [];
  if (steps.length === 0) return { refusal: failure(TOOL, 'input', [issue('MISSING_FIELD', 'action run needs "steps"', 'Give steps: [{"server": "<allowed MCP URL>", "tool": "runFlash", "input": {…}}]', '/steps')]) };
  const problems: DiagnosticIssue[] = [];
  const names = new Set<string>();
  const refused: string[] = [];
  const out = steps.map((s, i): PlannedStep => {
    const name = s.name ?? `step_${i + 1}`;
    if (names.has(name)) problems.push(issue('DUPLICATE_STEP_NAME', `Two steps are named ${JSON.stringify(name)}`, 'Give each step its own name', `/steps/${i}/name`));
    names.add(name);
    let server: string | undefined;
    if (s.server !== undefined && s.server !== 'local') {
      server = normaliseServerUrl(s.server);
      if (server === undefined) problems.push(issue('INVALID_SERVER_URL', `Step ${i + 1}: ${JSON.stringify(s.server)} is not an http(s) URL`, 'Give the MCP endpoint URL, e.g. "https://host/mcp"', `/steps/${i}/server`));
      else if (!allowedServers().includes(server)) refused.push(server);
    } else if (catalogIn(ctx).get(s.tool) === undefined) {
      problems.push(issue('UNKNOWN_TOOL', `Step ${i + 1}: this server has no tool named ${JSON.stringify(s.tool)}`, 'Name a "server" for a remote tool, or use a tool from getCapabilities', `/steps/${i}/tool`));
    } else if (NOT_LOCAL.has(s.tool)) {
      problems.push(issue('TOOL_NOT_ALLOWED_IN_WORKFLOW', `Step ${i + 1}: ${s.tool} cannot run inside a workflow`, 'Call it directly', `/steps/${i}/tool`));
    }
    return { name, ...(server !== undefined ? { server } : {}), tool: s.tool, input: s.input ?? {}, timeoutMs: s.timeoutMs ?? input.stepTimeoutMs ?? DEFAULT_STEP_TIMEOUT_MS };
  });
  if (problems.length > 0) return { refusal: failure(TOOL, 'input', problems) };
  if (refused.length > 0) return { refusal: notAllowed([...new Set(refused)], '/steps') };
  return { steps: out };
}

async function runLocal(ctx: ToolContext, tool: string, args: unknown): Promise<{ ok: boolean; response: Record<string, unknown>; status: string }> {
  const r = await ctx.callTool!(tool, args);
  const env = r.envelope as unknown as Record<string, unknown>;
  return { ok: env.status === 'success', response: env, status: String(env.status) };
}

/** Refusal when this host installed no MCP client (runTool as a library): remote steps cannot run. */
function noClient(): Envelope {
  return failure(TOOL, 'compute', [
    issue('REMOTE_CLIENT_UNAVAILABLE', 'This host has no MCP client installed, so remote steps cannot run', 'Call the tool through the HTTP service or the MCP stdio server, which install the client; local steps need no server.', '/steps'),
  ]);
}

async function runWorkflow(input: In, ctx: ToolContext, started: number): Promise<Envelope<Out>> {
  const checked = plan(input, ctx);
  if ('refusal' in checked) return checked.refusal as Envelope<Out>;
  const remote = checked.steps.some((s) => s.server !== undefined);
  const opened = remote ? remoteSessions(ctx.signal) : undefined;
  if (remote && opened === undefined) return noClient() as Envelope<Out>;
  const sessions: RemoteSession | undefined = opened;
  const done = new Map<string, Record<string, unknown>>();
  const reports: Report[] = [];
  const combined: Record<string, unknown> = {};
  let failed = false;
  try {
    for (const [i, step] of checked.steps.entries()) {
      const where = step.server ?? 'local';
      if (failed) {
        reports.push({ name: step.name, server: where, tool: step.tool, status: 'skipped' });
        continue;
      }
      const resolved = resolveRefs(step.input, done, `steps.${i}.input`);
      if (!resolved.ok) {
        reports.push({ name: step.name, server: where, tool: step.tool, status: 'error', errors: [issue('STEP_REFERENCE_ERROR', resolved.message, 'Refer to an earlier step by its name and a path its response has, e.g. "${flash.data.fluid.properties.overall.density.value}"', `steps.${i}.input`)] });
        failed = true;
        continue;
      }
      const t0 = performance.now();
      const args = resolved.value as Record<string, unknown>;
      let ok: boolean;
      let response: Record<string, unknown>;
      let status: string;
      let errors: DiagnosticIssue[] | undefined;
      if (step.server === undefined) {
        ({ ok, response, status } = await runLocal(ctx, step.tool, args));
      } else {
        const r = await sessions!.call(step.server, step.tool, args, step.timeoutMs);
        ok = r.ok;
        response = r.response;
        status = r.failure !== undefined ? 'error' : typeof response.status === 'string' ? response.status : ok ? 'success' : 'error';
        if (r.failure !== undefined) errors = [issue(r.failure.code, r.failure.message, r.failure.code === 'REMOTE_TIMEOUT' ? 'Raise the step\'s timeoutMs or check the server\'s load' : 'Check that the server is up and its URL is its MCP endpoint', `steps.${i}.server`)];
      }
      if (errors === undefined && Array.isArray(response.errors) && response.errors.length > 0) errors = response.errors as DiagnosticIssue[];
      reports.push({ name: step.name, server: where, tool: step.tool, status, timeMs: performance.now() - t0, ...(errors !== undefined ? { errors: errors.slice(0, 10) } : {}) });
      if (ok) {
        done.set(step.name, response);
        combined[step.name] = 'data' in response ? response.data : response;
      } else failed = true;
    }
  } finally {
    await sessions?.close();
  }
  if (failed) {
    const bad = reports.find((r) => r.status !== 'success' && r.status !== 'skipped')!;
    const inner = (bad.errors ?? []) as { code?: string; message?: string; fix?: string }[];
    const ran = reports.filter((r) => r.status === 'success').map((r) => r.name);
    return failure(TOOL, 'compute', [
      issue('WORKFLOW_STEP_FAILED', `Step "${bad.name}" (${bad.tool} on ${bad.server}) ended with status ${bad.status}${inner[0]?.message !== undefined ? `: ${inner[0].message}` : ''}; completed before it: ${ran.length > 0 ? ran.join(', ') : 'none'}; later steps were not run`, inner[0]?.fix ?? 'Fix that step and run the workflow again', `steps.${reports.indexOf(bad)}`),
      ...inner.slice(0, 10).map((e) => issue(e.code ?? 'STEP_ERROR', e.message ?? '', e.fix ?? '')),
    ], 'workflow');
  }
  const data: Out = {
    action: 'run',
    workflow: input.workflow ?? 'custom',
    totalSteps: checked.steps.length,
    completedSteps: done.size,
    totalTimeMs: performance.now() - started,
    steps: reports,
    combinedData: combined,
  };
  return success({
    tool: TOOL,
    data,
    warnings: [],
    provenance: {
      calculationType: 'multi-server workflow',
      convergence: { converged: true, iterations: done.size, message: 'every step succeeded' },
      assumptions: ['Remote results are taken as their servers returned them; this server does not re-check them'],
      limitations: ['Steps run one after the other; the first failure stops the workflow', 'A remote server is called with the credential NEQSIM_MCP_REMOTE_CREDENTIALS gives it, else with none'],
      computationTimeMs: data.totalTimeMs!,
    },
    validationPhase: 'workflow',
    validationMessage: 'Every step succeeded',
  });
}

async function run(input: In, ctx: ToolContext): Promise<Envelope<Out>> {
  const started = performance.now();
  const action = input.action ?? 'run';
  if (action === 'listServers') {
    const list = [...allowedServers()];
    const message = list.length === 0 ? `${REMOTE_SERVERS_SETTING} is empty: no remote server may be called (local steps still run).` : `${list.length} remote MCP server(s) may be called.`;
    return success({
      tool: TOOL,
      data: { action, allowedServers: list, setting: REMOTE_SERVERS_SETTING, message },
      warnings: [],
      provenance: { calculationType: 'configuration lookup', convergence: { converged: true, iterations: 0, message: 'lookup' }, assumptions: [], limitations: [], computationTimeMs: performance.now() - started },
      validationPhase: 'configuration',
      validationMessage: message,
    });
  }
  if (action === 'listTools') {
    const server = input.server === undefined ? undefined : normaliseServerUrl(input.server);
    if (server === undefined) return failure(TOOL, 'input', [issue('MISSING_FIELD', 'action listTools needs "server", an http(s) URL', 'Give the MCP endpoint URL of an allowed server', '/server')]) as Envelope<Out>;
    if (!allowedServers().includes(server)) return notAllowed([server], '/server') as Envelope<Out>;
    const sessions = remoteSessions(ctx.signal);
    if (sessions === undefined) return noClient() as Envelope<Out>;
    try {
      const r = await sessions.listTools(server, input.stepTimeoutMs ?? DEFAULT_STEP_TIMEOUT_MS);
      if (r.failure !== undefined) return failure(TOOL, 'compute', [issue(r.failure.code, r.failure.message, 'Check that the server is up and its URL is its MCP endpoint', '/server')]) as Envelope<Out>;
      const tools = r.tools ?? [];
      return success({
        tool: TOOL,
        data: { action, server, tools, message: `${tools.length} tools` },
        warnings: [],
        provenance: { calculationType: 'remote tool list', convergence: { converged: true, iterations: 0, message: 'lookup' }, assumptions: [], limitations: [], computationTimeMs: performance.now() - started },
        validationPhase: 'configuration',
        validationMessage: `${tools.length} tools listed`,
      });
    } finally {
      await sessions.close();
    }
  }
  if (ctx.callTool === undefined) return failure(TOOL, 'internal', [issue('NO_DISPATCHER', 'composeMultiServerWorkflow needs the dispatcher for local steps', 'Call it through the service (REST, MCP or runTool)')]) as Envelope<Out>;
  return runWorkflow(input, ctx, started);
}

export const composeMultiServerWorkflowTool = defineTool({
  name: TOOL,
  tier: 'experimental',
  category: 'PLATFORM',
  since: 'v1.2',
  summary: 'Runs tool calls across MCP servers (allow-listed in NEQSIM_MCP_REMOTE_SERVERS) and this one in sequence, passing results on ("${step.path}").',
  description:
    'Workflows across MCP servers. action "run" (default): {"workflow", "stepTimeoutMs"?, "steps": [{"name", "server"?, "tool", "input", "timeoutMs"?}]} (at most 20): a step with "server" (an MCP Streamable HTTP endpoint URL in NEQSIM_MCP_REMOTE_SERVERS) ' +
    'calls that server\'s tool with the official MCP client; a step without calls this server. A string "${<step>.<path>}" in a step input is replaced by that value of an earlier step\'s response (its envelope). ' +
    'Each step has its own time budget; the first failing step fails the workflow. "listServers": the allow-list; "listTools" {server}: the tools an allowed server offers. Servers not on the list are refused (403).',
  input: Input,
  output: Output,
  exampleCategory: 'federation',
  examples: [{ name: 'list-allowed-servers', description: 'The MCP servers this deployment may call (NEQSIM_MCP_REMOTE_SERVERS)', input: { action: 'listServers' } }],
  execution: 'inline',
  run: (input, ctx) => run(input, ctx),
});
