/**
 * manageSession (experimental, EXECUTION, v1.1; evaluate/getValues/setValues/adjustables since
 * v1.7): a process definition built up call by call and kept between calls
 * (src/tools/process/session/store.ts). The tool runs on the main thread, where the sessions live; every
 * solve is a call to runProcess, setSimulationVariable, runProcessLoop or getAdjustableParameters
 * through the dispatcher (ctx.callTool), so it runs in the worker pool under the same governance
 * and time budget as a direct call.
 *
 * Departures from the original, on purpose: a session keeps its definition whatever it was
 * created from (the original's processJson sessions lose their model on run/modify), every write
 * goes into the definition (what getState returns is what was run), and a session belongs to its
 * creator: the authenticated subject, or without authentication the `ownerId` given (default
 * "anonymous"); nobody else can see or use it, and `list` shows only the caller's own.
 */
import { RunProcessOutput } from '../runProcess/schema.js';
import { Trial as LoopTrial } from '../runProcessLoop.js';
import { Output as AdjustableParametersOutput } from '../automation/getAdjustableParameters.js';
import { Type, type Static } from '@sinclair/typebox';
// A value written by address is in the variable's own unit: only kept finite here; the write
// checks the variable's range.
import { VALUE_LIMIT, signed } from '../../contract/bounded.js';
import { failure, issue, success, type DiagnosticIssue, type Envelope, type Warning } from '../../contract/envelope.js';
import { MAX_SESSIONS, SESSION_TTL_MS, sessions, type Session, type SessionRecord } from './store.js';
import { isSharedStateError, sharedStateUnavailable } from '../../contract/shared-state/backend.js';
import { ownerOf } from './owner.js';
import { defineTool, type ToolContext } from '../../contract/types.js';
import { checkProcessKeys } from '../runProcess/unit-keys.js';
import { strictFailure } from '../../contract/strict-keys.js';

const TOOL = 'manageSession';
const MAX_UNITS = 200;
const MAX_UPDATES = 20;

const ACTIONS = ['create', 'addEquipment', 'run', 'modify', 'evaluate', 'getValues', 'setValues', 'adjustables', 'getState', 'list', 'close'] as const;
type Action = (typeof ACTIONS)[number];

const obj = (description: string) => Type.Record(Type.String(), Type.Unknown(), { description });

const Input = Type.Object(
  {
    action: Type.String({ description: `One of ${ACTIONS.join(', ')}` }),
    sessionId: Type.Optional(Type.String({ maxLength: 64, description: 'From create' })),
    name: Type.Optional(Type.String({ maxLength: 200, description: 'create: a name for the session' })),
    ownerId: Type.Optional(Type.String({ minLength: 1, maxLength: 200, description: 'Without authentication: whose sessions these are (default "anonymous"); ignored for an authenticated caller' })),
    fluid: Type.Optional(obj('create: the fluid, as runProcess takes it ({model, temperature, pressure, mixingRule, components})')),
    processJson: Type.Optional(obj('create: a whole process definition ({fluid, process: [units]})')),
    equipment: Type.Optional(obj('addEquipment: one unit as in runProcess\'s "process" list, e.g. {"type": "Separator", "name": "HP Sep", "inlet": "feed"}')),
    address: Type.Optional(Type.String({ maxLength: 400, description: 'modify: the specification to write, e.g. "Compressor.outletPressure"' })),
    value: Type.Optional(signed(VALUE_LIMIT, { description: 'modify: the new value, in unit' })),
    unit: Type.Optional(Type.String({ maxLength: 32, description: 'modify/getValues/setValues: unit of the values' })),
    autoRun: Type.Optional(Type.Boolean({ description: 'modify: must be true (default): a write is checked by solving the process with it' })),
    setpoints: Type.Optional(Type.Record(Type.String(), signed(VALUE_LIMIT), { description: 'evaluate: {address: value} applied to a copy; the session is not changed' })),
    readbacks: Type.Optional(Type.Array(Type.String({ minLength: 1, maxLength: 400 }), { minItems: 1, maxItems: 50, description: 'evaluate: addresses read after the setpoints' })),
    setpointUnit: Type.Optional(Type.String({ maxLength: 32 })),
    readbackUnit: Type.Optional(Type.String({ maxLength: 32 })),
    addresses: Type.Optional(Type.Array(Type.String({ minLength: 1, maxLength: 400 }), { minItems: 1, maxItems: 50, description: 'getValues: addresses to read' })),
    updates: Type.Optional(Type.Record(Type.String(), signed(VALUE_LIMIT), { description: `setValues: {address: value}, at most ${MAX_UPDATES}, written in order` })),
    runAfter: Type.Optional(Type.Boolean({ description: 'setValues: return the process results after the writes (default true)' })),
  },
  { additionalProperties: false },
);
type In = Static<typeof Input>;

const SessionSummary = Type.Object({ sessionId: Type.String(), name: Type.String(), ownerId: Type.String(), equipmentCount: Type.Integer(), runCount: Type.Integer(), ageSeconds: Type.Number() });

const Output = Type.Object(
  {
    action: Type.String(),
    sessionId: Type.Optional(Type.String()),
    name: Type.Optional(Type.String()),
    ownerId: Type.Optional(Type.String()),
    message: Type.Optional(Type.String()),
    equipmentCount: Type.Optional(Type.Integer()),
    runCount: Type.Optional(Type.Integer()),
    hasRun: Type.Optional(Type.Boolean()),
    ageSeconds: Type.Optional(Type.Number()),
    added: Type.Optional(Type.String()),
    equipmentList: Type.Optional(Type.Array(Type.Object({ name: Type.String(), type: Type.String() }))),
    modified: Type.Optional(Type.String()),
    newValue: Type.Optional(Type.Number()),
    previousValue: Type.Optional(Type.Number()),
    unit: Type.Optional(Type.String()),
    set: Type.Optional(Type.Record(Type.String(), Type.Number(), { description: 'setValues: each address written and the value read back' })),
    values: Type.Optional(Type.Record(Type.String(), Type.Number())),
    reRan: Type.Optional(Type.Boolean()),
    results: Type.Optional(Type.Unsafe<unknown>({ ...RunProcessOutput, description: 'The runProcess report of the session\'s process' })),
    evaluation: Type.Optional(Type.Unsafe<unknown>({ ...LoopTrial, description: 'runProcessLoop\'s trial for the setpoints' })),
    adjustableParameters: Type.Optional(Type.Unsafe<unknown>({ ...AdjustableParametersOutput, description: 'getAdjustableParameters of the session\'s process' })),
    processJson: Type.Optional(obj('The session\'s process definition')),
    maxSessions: Type.Optional(Type.Integer()),
    count: Type.Optional(Type.Integer()),
    sessions: Type.Optional(Type.Array(SessionSummary)),
    closed: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
type Out = Static<typeof Output>;

const equipmentList = (s: SessionRecord) => s.definition.process.map((u) => ({ name: String(u.name ?? ''), type: String(u.type ?? '') }));
const ageOf = (s: SessionRecord) => (Date.now() - s.createdMs) / 1000;

function ok(data: Out, warnings: Warning[] = [], started = performance.now()): Envelope<Out> {
  return success({
    tool: TOOL,
    data,
    warnings,
    provenance: { calculationType: `session ${data.action}`, convergence: { converged: true, iterations: 0 }, assumptions: [], limitations: [sessions().shared ? 'Sessions live in the shared Redis store (REDIS_URL): every replica sees them; they expire after 30 idle minutes' : 'Sessions live in this server process: not shared between replicas, lost on restart (save the definition with saveSimulationState to keep it)'], computationTimeMs: performance.now() - started },
    validationPhase: 'session',
    validationMessage: `session ${data.action}`,
  });
}

const refuse = (code: string, message: string, fix: string, field?: string): Envelope<never> => failure(TOOL, 'input', [issue(code, message, fix, field)]);
/**
 * 404 for a session that does not exist, has expired or belongs to someone else: the same answer
 * in all three cases, so a caller cannot learn which ids are live.
 */
const notFound = (): Envelope<never> =>
  failure(TOOL, 'not_found', [issue('SESSION_NOT_FOUND', 'Session not found or expired', `Create a new session with action 'create'; sessions expire after ${SESSION_TTL_MS / 60_000} idle minutes and belong to their creator`, 'sessionId')]);

/**
 * A sub-tool's failure as this tool's, its diagnostics kept and the step named. An input error
 * of the sub-tool (a typo in the definition: 400) stays an input error; `field` maps the
 * sub-tool's JSON pointers onto this tool's input.
 */
function subFailure(code: string, step: string, env: Envelope<unknown>, field: (f: string | undefined) => string | undefined = (f) => f): Envelope<never> {
  const inner: DiagnosticIssue[] = (env.errors ?? []).map((e) => {
    const f = field(e.field);
    return f === undefined ? (({ field: _, ...rest }) => rest)(e) : { ...e, field: f };
  });
  const first = inner[0];
  const lead = issue(code, `${step}: ${first?.message ?? env.status}`, first?.fix ?? 'Check the definition with validateInput', first?.field);
  const kind = env.status === 'blocked' || env.status === 'approval_required' ? 'auth' : env.errorKind === 'input' ? 'input' : 'compute';
  return failure(TOOL, kind, [lead, ...inner.slice(1)], 'calculation');
}

/** JSON pointers of runProcess's input mapped under a prefix of this tool's input ("/processJson"). */
const under = (prefix: string) => (f: string | undefined) => (f?.startsWith('/') ? `${prefix}${f}` : f);

type Call = NonNullable<ToolContext['callTool']>;

async function runProcessOf(call: Call, definition: Session['definition']) {
  return call('runProcess', definition);
}

async function handle(action: Action, input: In, ctx: ToolContext, call: Call): Promise<Envelope<Out>> {
  const owner = ownerOf(input.ownerId, ctx);
  if (action === 'create') {
    if ((input.fluid === undefined) === (input.processJson === undefined)) return refuse('MISSING_FIELD', 'create needs a "fluid" or a "processJson" (one of them)', 'Send {"action": "create", "fluid": {"model": "SRK", "temperature": 298.15, "pressure": 50, "components": {...}}}', 'fluid');
    let definition: Session['definition'];
    let results: unknown;
    if (input.processJson !== undefined) {
      const pj = input.processJson as Session['definition'];
      if (!Array.isArray(pj.process) || typeof pj.fluid !== 'object' || pj.fluid === null) return refuse('INVALID_PROCESS', 'processJson needs a "fluid" object and a "process" list', 'Send a runProcess definition: {"fluid": {...}, "process": [units]}', 'processJson');
      definition = structuredClone(pj);
      if (definition.process.length > 0) {
        const run = await runProcessOf(call, definition);
        if (run.envelope.status !== 'success') return subFailure('PROCESS_BUILD_ERROR', 'The process does not run', run.envelope, under('/processJson'));
        results = run.envelope.data;
      }
    } else {
      // Nothing runs yet: check the fluid's keys now, not at the first addEquipment.
      const strict = checkProcessKeys({ fluid: input.fluid });
      if (strict.length > 0) return strictFailure(TOOL, strict);
      definition = { fluid: structuredClone(input.fluid!), process: [] };
    }
    const s = await sessions().create(owner.key, input.name, definition, owner.label, results !== undefined);
    // A quota, not bad input: 429.
    if (s === undefined) return failure(TOOL, 'rate_limited', [issue('SESSION_LIMIT', `The server holds ${MAX_SESSIONS} sessions, its maximum`, 'Close sessions you no longer need (action "close"); idle ones expire after 30 minutes')]);
    return ok({ action, sessionId: s.id, name: s.name, ownerId: s.ownerLabel, equipmentCount: s.definition.process.length, message: "Session created. Add units with 'addEquipment' (a Stream named e.g. \"feed\" first), then 'run'.", ...(results !== undefined ? { results } : {}) });
  }
  if (action === 'list') {
    const mine = await sessions().list(owner.key);
    return ok({ action, maxSessions: MAX_SESSIONS, count: mine.length, sessions: mine.map((s) => ({ sessionId: s.id, name: s.name, ownerId: s.ownerLabel, equipmentCount: s.definition.process.length, runCount: s.runCount, ageSeconds: ageOf(s) })) });
  }
  if (input.sessionId === undefined) return refuse('MISSING_FIELD', `${action} needs "sessionId"`, "Use the id from action 'create' (or 'list')", 'sessionId');
  if (action === 'close') {
    if (!(await sessions().close(input.sessionId, owner.key))) return notFound();
    return ok({ action, sessionId: input.sessionId, closed: true, message: `Session ${input.sessionId} closed` });
  }
  const r = await sessions().withSession(input.sessionId, owner.key, (s) => onSession(action, input, s, call));
  return r.found ? r.value : notFound();
}

async function onSession(action: Action, input: In, s: SessionRecord, call: Call): Promise<Envelope<Out>> {
  const base = { action, sessionId: s.id, ownerId: s.ownerLabel };
  switch (action) {
    case 'getState':
      return ok({ ...base, name: s.name, hasRun: s.hasRun, runCount: s.runCount, equipmentCount: s.definition.process.length, ageSeconds: ageOf(s), equipmentList: equipmentList(s), processJson: s.definition });
    case 'addEquipment': {
      if (input.equipment === undefined) return refuse('MISSING_EQUIPMENT', 'addEquipment needs "equipment"', 'Send {"equipment": {"type": "Separator", "name": "HP Sep", "inlet": "feed"}}', 'equipment');
      if (s.definition.process.length >= MAX_UNITS) return refuse('TOO_MANY_UNITS', `A session holds at most ${MAX_UNITS} units`, 'Split the flowsheet');
      const candidate = { ...s.definition, process: [...s.definition.process, structuredClone(input.equipment)] };
      const run = await runProcessOf(call, candidate);
      // The new unit's pointers (/process/<n>/…) are this call's /equipment/….
      const added = `/process/${candidate.process.length - 1}`;
      const field = (f: string | undefined) => (f === added || f?.startsWith(`${added}/`) ? `/equipment${f.slice(added.length)}` : f);
      if (run.envelope.status !== 'success') return subFailure('EQUIPMENT_ADD_ERROR', `Adding ${JSON.stringify(input.equipment.name ?? input.equipment.type)} (not added)`, run.envelope, field);
      s.definition = candidate;
      s.runCount++;
      s.hasRun = true;
      return ok({ ...base, equipmentCount: candidate.process.length, added: String(input.equipment.name ?? input.equipment.type ?? ''), equipmentList: equipmentList(s), runCount: s.runCount, results: run.envelope.data });
    }
    case 'run': {
      if (s.definition.process.length === 0) return refuse('NO_PROCESS', 'The session has no units yet', "Add units with 'addEquipment' first");
      const run = await runProcessOf(call, s.definition);
      if (run.envelope.status !== 'success') return subFailure('RUN_ERROR', 'The process does not run', run.envelope);
      s.runCount++;
      s.hasRun = true;
      return ok({ ...base, runCount: s.runCount, equipmentCount: s.definition.process.length, results: run.envelope.data }, run.envelope.warnings as Warning[]);
    }
    case 'modify':
    case 'setValues': {
      const updates: Record<string, number> = action === 'modify' ? {} : { ...(input.updates ?? {}) };
      if (action === 'modify') {
        if (input.address === undefined) return refuse('MISSING_ADDRESS', 'modify needs "address" and "value"', 'Send {"address": "Compressor.outletPressure", "value": 80, "unit": "bara"}', 'address');
        if (input.value === undefined) return refuse('MISSING_FIELD', 'modify needs "value"', 'Send the new value in "unit"', 'value');
        if (input.autoRun === false) return refuse('UNSUPPORTED_OPTION', '"autoRun": false is not supported: a write is checked by solving the process with it', 'Omit autoRun (or set it true)', 'autoRun');
        updates[input.address] = input.value;
      } else if (Object.keys(updates).length === 0 || Object.keys(updates).length > MAX_UPDATES) {
        return refuse('MISSING_FIELD', `setValues needs "updates" with 1 to ${MAX_UPDATES} {address: value} entries`, 'Send {"updates": {"Compressor.outletPressure": 80}, "unit": "bara"}', 'updates');
      }
      if (s.definition.process.length === 0) return refuse('NO_PROCESS', 'The session has no units yet', "Add units with 'addEquipment' first");
      // Written one after the other into a copy; the session changes only when all succeed.
      let definition = s.definition;
      const set: Record<string, number> = {};
      let last: Record<string, any> | undefined;
      let previous: number | undefined;
      for (const [address, value] of Object.entries(updates)) {
        const w = await call('setSimulationVariable', { processJson: definition, address, value, ...(input.unit !== undefined ? { unit: input.unit } : {}) });
        if (w.envelope.status !== 'success') return subFailure('SET_ERROR', `Writing ${address} (nothing was changed)`, w.envelope);
        last = w.envelope.data as Record<string, any>;
        definition = last.processJson as Session['definition'];
        set[last.address as string] = last.value as number;
        previous ??= last.previousValue as number | undefined;
      }
      s.definition = definition;
      s.runCount += Object.keys(updates).length;
      s.hasRun = true;
      const results = last!.simulationReport;
      if (action === 'modify') return ok({ ...base, modified: last!.address, newValue: last!.value, unit: last!.unit, ...(previous !== undefined ? { previousValue: previous } : {}), reRan: true, runCount: s.runCount, results });
      return ok({ ...base, set, ...(input.unit !== undefined ? { unit: input.unit } : {}), reRan: true, runCount: s.runCount, ...(input.runAfter !== false ? { results } : {}) });
    }
    case 'getValues':
    case 'evaluate': {
      if (s.definition.process.length === 0) return refuse('NO_PROCESS', 'The session has no units yet', "Add units with 'addEquipment' first");
      const reads = action === 'getValues' ? input.addresses : input.readbacks;
      if (reads === undefined) return refuse('MISSING_FIELD', action === 'getValues' ? 'getValues needs "addresses"' : 'evaluate needs "readbacks"', 'Send the addresses to read, e.g. ["HP Sep.gasOutStream.temperature"]', action === 'getValues' ? 'addresses' : 'readbacks');
      const trial = action === 'evaluate' ? (input.setpoints ?? {}) : {};
      const unit = action === 'getValues' ? input.unit : input.readbackUnit;
      const loop = await call('runProcessLoop', {
        processJson: s.definition,
        trials: [trial],
        readbacks: reads,
        ...(input.setpointUnit !== undefined && action === 'evaluate' ? { setpointUnit: input.setpointUnit } : {}),
        ...(unit !== undefined ? { readbackUnit: unit } : {}),
      });
      if (loop.envelope.status !== 'success') return subFailure(action === 'evaluate' ? 'EVALUATE_ERROR' : 'READ_ERROR', action === 'evaluate' ? 'Evaluating the setpoints' : 'Reading the values', loop.envelope);
      s.runCount++;
      const t = (loop.envelope.data as { trials: Record<string, any>[] }).trials[0]!;
      if (action === 'evaluate') return ok({ ...base, runCount: s.runCount, evaluation: t });
      if (!t.runSucceeded) return failure(TOOL, 'compute', [issue('READ_ERROR', `The process does not run: ${t.error?.message ?? 'unknown error'}`, 'Check the session with action "run"')], 'calculation');
      const unread = Object.entries(t.readbackErrors as Record<string, string>);
      if (unread.length > 0) return failure(TOOL, 'compute', unread.map(([a, m]) => issue('READ_ERROR', `${a}: ${m}`, 'listUnitVariables lists what each unit has', 'addresses')), 'calculation');
      return ok({ ...base, runCount: s.runCount, values: t.readbacks, ...(unit !== undefined ? { unit } : {}) });
    }
    case 'adjustables': {
      if (s.definition.process.length === 0) return refuse('NO_PROCESS', 'The session has no units yet', "Add units with 'addEquipment' first");
      const a = await call('getAdjustableParameters', { processJson: s.definition });
      if (a.envelope.status !== 'success') return subFailure('ADJUSTABLES_ERROR', 'Listing the adjustable parameters', a.envelope);
      return ok({ ...base, adjustableParameters: a.envelope.data });
    }
  }
  return refuse('UNKNOWN_ACTION', `Unknown action ${JSON.stringify(action)}`, `Use one of ${ACTIONS.join(', ')}`, 'action');
}

export const manageSessionTool = defineTool({
  name: TOOL,
  tier: 'experimental',
  category: 'EXECUTION',
  since: 'v1.1',
  summary: 'Persistent process sessions on the server: create from a fluid or process, add equipment, modify, read values, evaluate setpoints, close.',
  description:
    'Persistent process sessions on this server: "action" create (a "fluid" or a whole "processJson") → sessionId; addEquipment (one runProcess unit; the process is solved with it, or it is not added); run; modify (address, value, unit: writes a specification and re-runs); ' +
    'setValues ({address: value} updates); getValues (addresses); evaluate (setpoints tried on a copy, readbacks); adjustables; getState (the definition); list (your sessions); close. ' +
    `At most ${MAX_SESSIONS} sessions (SESSION_LIMIT, HTTP 429, when full), expired after 30 idle minutes, each visible only to its creator: another caller's session answers SESSION_NOT_FOUND (HTTP 404) like a missing one. Solves run in the worker pool.`,
  input: Input,
  output: Output,
  exampleCategory: 'session',
  examples: [
    {
      name: 'create',
      description: 'Start a session with a natural gas fluid',
      input: { action: 'create', fluid: { model: 'SRK', temperature: 298.15, pressure: 50.0, mixingRule: 'classic', components: { methane: 0.85, ethane: 0.1, propane: 0.05 } } },
    },
  ],
  execution: 'inline',
  async run(input, ctx) {
    const action = input.action as Action;
    if (!(ACTIONS as readonly string[]).includes(action)) return refuse('UNKNOWN_ACTION', `Unknown action ${JSON.stringify(input.action)}`, `Use one of ${ACTIONS.join(', ')} (exact case)`, 'action');
    if (ctx.callTool === undefined) return failure(TOOL, 'internal', [issue('NO_DISPATCHER', 'manageSession needs the dispatcher to run its solves', 'Call it through the service (REST, MCP or runTool)')]);
    try {
      return await handle(action, input, ctx, ctx.callTool);
    } catch (err) {
      // Redis (REDIS_URL) unreachable: 503 with a fix; anything else is a bug for execute.ts to report.
      if (isSharedStateError(err)) return sharedStateUnavailable(TOOL, err);
      throw err;
    }
  },
});
