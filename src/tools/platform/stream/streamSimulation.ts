/**
 * streamSimulation (experimental, PLATFORM, v1.2): long calculations started in the background
 * and polled for their results as they come (src/tools/platform/stream/operations.ts).
 * - startSweep: TP flashes along a temperature or pressure range, one result per point;
 * - startMonteCarlo: TP flashes at normally distributed temperature and pressure (seeded, so a
 *   run can be repeated), a result every 10th iteration and a summary of density and Z;
 * - poll {operationId, lastIndex}: the results from lastIndex on; cancel; list.
 * Every flash is a runFlash call through the dispatcher (ctx.callTool, detached from the start
 * call), so it runs in the worker pool under the caller's access rights. The original's dynamic
 * streaming needs runDynamic, which this server does not implement: it is not offered.
 */
import { Type, type Static } from '@sinclair/typebox';
import { PRESSURE_LIMIT, TEMPERATURE_LIMIT, moleFraction, nonNegative, positive, pressureValue, temperatureValue } from '../../contract/bounded.js';
import { failure, issue, success, type Envelope } from '../../contract/envelope.js';
import { ownerOf } from '../../process/session/owner.js';
import { MAX_RUNNING, MAX_RUNNING_PER_OWNER, OPERATION_TIMEOUT_MS, operationStore, type Operation, type Step } from './operations.js';
import { defineTool, type ToolContext } from '../../contract/types.js';
import { monteCarloSummary, pointOf } from './point.js';
import { distributedSweeps, MC_REPORT_EVERY, type SweepPoint } from './distributed.js';
import { isSharedStateError, sharedStateUnavailable } from '../../contract/shared-state/backend.js';

const TOOL = 'streamSimulation';
const MAX_POINTS = 1000;
const MAX_ITERATIONS = 10_000;

const ALIASES: Record<string, 'startSweep' | 'startMonteCarlo' | 'poll' | 'cancel' | 'list'> = {
  startSweep: 'startSweep',
  startParametricSweep: 'startSweep',
  startMonteCarlo: 'startMonteCarlo',
  poll: 'poll',
  pollResults: 'poll',
  cancel: 'cancel',
  cancelOperation: 'cancel',
  list: 'list',
  listOperations: 'list',
};

const Input = Type.Object(
  {
    action: Type.String({ description: 'startSweep, startMonteCarlo, poll, cancel or list (aliases startParametricSweep, pollResults, cancelOperation, listOperations)' }),
    components: Type.Optional(Type.Record(Type.String(), moleFraction(), { description: 'start*: component name → mole fraction' })),
    model: Type.Optional(Type.String({ description: 'start*: SRK (default), PR or CPA' })),
    sweepVariable: Type.Optional(Type.Union([Type.Literal('temperature'), Type.Literal('pressure')], { description: 'startSweep: what varies (default temperature)' })),
    from: Type.Optional(pressureValue({ description: 'startSweep: first value (default 0)' })),
    to: Type.Optional(pressureValue({ description: 'startSweep: last value (default 100)' })),
    points: Type.Optional(Type.Integer({ minimum: 2, maximum: MAX_POINTS, description: 'startSweep: number of points, ends included (default 20)' })),
    unit: Type.Optional(Type.String({ maxLength: 16, description: 'startSweep: unit of from/to (default C for temperature, bara for pressure)' })),
    fixedTemperature: Type.Optional(temperatureValue({ description: 'startSweep over pressure: the temperature in fixedTemperatureUnit, so a bare number is °C by default (as the original; default 25)' })),
    fixedTemperatureUnit: Type.Optional(Type.String({ maxLength: 16, description: 'Unit of fixedTemperature: K, C, F or R (default C)' })),
    fixedPressure: Type.Optional(pressureValue({ description: 'startSweep over temperature: the pressure in fixedPressureUnit, so a bare number is bara by default (default 1.0)' })),
    fixedPressureUnit: Type.Optional(Type.String({ maxLength: 16, description: 'Unit of fixedPressure, e.g. bara, barg, psia, psig (default bara)' })),
    iterations: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_ITERATIONS, description: 'startMonteCarlo: samples (default 100)' })),
    temperatureMean: Type.Optional(temperatureValue({ description: 'startMonteCarlo: mean temperature, a bare number in °C (as the original; default 25)' })),
    temperatureStd: Type.Optional(nonNegative(TEMPERATURE_LIMIT, { description: 'startMonteCarlo: temperature standard deviation, °C (= K; default 5)' })),
    pressureMean: Type.Optional(positive(PRESSURE_LIMIT, { description: 'startMonteCarlo: mean pressure, a bare number in bara (default 50)' })),
    pressureStd: Type.Optional(nonNegative(PRESSURE_LIMIT, { description: 'startMonteCarlo: pressure standard deviation, bar (default 10)' })),
    seed: Type.Optional(Type.Integer({ minimum: 0, maximum: 4294967295, description: 'startMonteCarlo: random seed (default 42)' })),
    operationId: Type.Optional(Type.String({ maxLength: 64, description: 'poll/cancel: from the start response' })),
    lastIndex: Type.Optional(Type.Integer({ minimum: 0, maximum: Number.MAX_SAFE_INTEGER, description: 'poll: results already received (default 0); use nextPollIndex' })),
    ownerId: Type.Optional(Type.String({ minLength: 1, maxLength: 200, description: 'Without authentication: whose operations these are (default "anonymous")' })),
  },
  { additionalProperties: false },
);
type In = Static<typeof Input>;

const Output = Type.Object(
  {
    action: Type.String(),
    operationId: Type.Optional(Type.String()),
    type: Type.Optional(Type.String()),
    status: Type.Optional(Type.String({ description: 'running, completed, failed, cancelled, cancelling, timed_out' })),
    totalSteps: Type.Optional(Type.Integer()),
    completedSteps: Type.Optional(Type.Integer()),
    progressPercent: Type.Optional(Type.Number()),
    error: Type.Optional(Type.String()),
    message: Type.Optional(Type.String()),
    newResults: Type.Optional(Type.Array(Type.Record(Type.String(), Type.Unknown()))),
    newResultCount: Type.Optional(Type.Integer()),
    totalResultCount: Type.Optional(Type.Integer()),
    nextPollIndex: Type.Optional(Type.Integer()),
    count: Type.Optional(Type.Integer()),
    operations: Type.Optional(
      Type.Array(
        Type.Object(
          {
            operationId: Type.String(),
            type: Type.Union([Type.Literal('parametric_sweep'), Type.Literal('monte_carlo')]),
            status: Type.String({ description: 'running, cancelling, or how it ended' }),
            progress: Type.Number({ description: 'percent of steps completed' }),
            completedSteps: Type.Integer(),
            totalSteps: Type.Integer(),
            ageSeconds: Type.Number(),
            lastUpdatedSecondsAgo: Type.Number(),
          },
          { additionalProperties: false, description: 'list: one of the caller\'s operations' },
        ),
      ),
    ),
    executionPolicy: Type.Optional(Type.Record(Type.String(), Type.Number())),
  },
  { additionalProperties: false },
);
type Out = Static<typeof Output>;

function ok(data: Out): Envelope<Out> {
  return success({
    tool: TOOL,
    data,
    warnings: [],
    provenance: { calculationType: `stream ${data.action}`, convergence: { converged: true, iterations: 0 }, assumptions: [], limitations: [operationStore.shared ? 'Operations are shared through Redis (REDIS_URL): poll, list and cancel on any replica; sweep points and Monte Carlo samples run on every replica\'s workers' : 'Operations live in this server process: poll the replica that started them; they are lost on restart'], computationTimeMs: 0 },
    validationPhase: 'stream',
    validationMessage: `stream ${data.action}`,
  });
}
const refuse = (code: string, message: string, fix: string, field?: string) => failure(TOOL, 'input', [issue(code, message, fix, field)]);
/** A quota (running operations per caller or on the server) is full: 429, not 503 — the server is not overloaded, the caller is over its share. */
const quotaFull = (code: string, message: string) => failure(TOOL, 'rate_limited', [issue(code, message, 'Wait for one of your operations to finish (poll it), or cancel one; list shows them')]);

type Call = NonNullable<ToolContext['callTool']>;
type Flash = { ok: true; data: Record<string, any> } | { ok: false; error: string };

const flashInput = (input: In, T: { value: number; unit: string }, P: { value: number; unit: string }) => ({ model: input.model ?? 'SRK', components: input.components, flashType: 'TP', temperature: T, pressure: P });

async function flash(call: Call, input: In, T: { value: number; unit: string }, P: { value: number; unit: string }): Promise<Flash> {
  const r = await call('runFlash', flashInput(input, T, P), { detached: true });
  if (r.envelope.status !== 'success') return { ok: false, error: (r.envelope.errors ?? []).map((e) => `${e.code}: ${e.message}`).join('; ') || r.envelope.status };
  return { ok: true, data: r.envelope.data as Record<string, any> };
}

/** Deterministic uniform numbers in [0, 1) from a 32-bit seed (mulberry32). */
function uniform(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Standard normal draws by Box–Muller. */
function normal(u: () => number): () => number {
  return () => Math.sqrt(-2 * Math.log(1 - u())) * Math.cos(2 * Math.PI * u());
}

async function startSweep(input: In, owner: string, subject: string, call: Call): Promise<Envelope<Out>> {
  const variable = input.sweepVariable ?? 'temperature';
  const unit = input.unit ?? (variable === 'temperature' ? 'C' : 'bara');
  const from = input.from ?? 0;
  const to = input.to ?? 100;
  const n = input.points ?? 20;
  const fixedT = { value: input.fixedTemperature ?? 25, unit: input.fixedTemperatureUnit ?? 'C' };
  const fixedP = { value: input.fixedPressure ?? 1.0, unit: input.fixedPressureUnit ?? 'bara' };
  const steps: Step[] = Array.from({ length: n }, (_, k) => async () => {
    const v = from + ((to - from) * k) / (n - 1);
    const at = { value: v, unit };
    const f = variable === 'temperature' ? await flash(call, input, at, fixedP) : await flash(call, input, fixedT, at);
    return f.ok ? { index: k, sweepValue: v, sweepUnit: unit, ...pointOf(f.data) } : { index: k, sweepValue: v, sweepUnit: unit, error: f.error };
  });
  const message = (id: string) => `Sweeping ${variable} from ${from} to ${to} ${unit} in ${n} points; poll with {"action": "poll", "operationId": "${id}"}`;
  const spread = distributedSweeps();
  if (spread !== undefined) {
    // REDIS_URL: the points are jobs that the workers of every replica take (distributed.ts).
    const mine = (await operationStore.listAll(owner)).filter((o) => o.status === 'running');
    if (mine.length >= MAX_RUNNING_PER_OWNER) return quotaFull('CONCURRENCY_LIMIT', `You have ${MAX_RUNNING_PER_OWNER} operations running, the maximum per caller`);
    const points: SweepPoint[] = Array.from({ length: n }, (_, k) => {
      const v = from + ((to - from) * k) / (n - 1);
      const at = { value: v, unit };
      const [T, P] = variable === 'temperature' ? [at, fixedP] : [fixedT, at];
      return { index: k, kind: 'sweep', meta: { sweepValue: v, sweepUnit: unit }, flash: flashInput(input, T, P) };
    });
    const id = await spread.start(owner, subject, 'parametric_sweep', points);
    if (typeof id !== 'string') return quotaFull(id.refused, id.message);
    return ok({ action: 'startSweep', operationId: id, type: 'parametric_sweep', status: 'running', totalSteps: n, message: `${message(id)}. The points are spread over every replica's workers` });
  }
  const started = operationStore.start(owner, 'parametric_sweep', 'sweep', steps);
  if (!started.ok) return quotaFull(started.code, started.message);
  return ok({ action: 'startSweep', operationId: started.op.id, type: 'parametric_sweep', status: 'running', totalSteps: n, message: message(started.op.id) });
}

async function startMonteCarlo(input: In, owner: string, subject: string, call: Call): Promise<Envelope<Out>> {
  const n = input.iterations ?? 100;
  const [tm, ts, pm, ps] = [input.temperatureMean ?? 25, input.temperatureStd ?? 5, input.pressureMean ?? 50, input.pressureStd ?? 10];
  const seed = input.seed ?? 42;
  const z = normal(uniform(seed));
  const densities: number[] = [];
  const zs: number[] = [];
  let failed = 0;
  // A truncated normal: draws at or below 0 K or 0 bara are drawn again.
  const draw = (): [number, number] => {
    let T = tm + ts * z();
    let P = pm + ps * z();
    for (let tries = 0; (T <= -273.15 || P <= 0) && tries < 1000; tries++) {
      T = tm + ts * z();
      P = pm + ps * z();
    }
    return [T, P];
  };
  const steps: Step[] = Array.from({ length: n }, (_, k) => async () => {
    const [T, P] = draw();
    const f = await flash(call, input, { value: T, unit: 'C' }, { value: P, unit: 'bara' });
    if (!f.ok) {
      failed++;
      return (k + 1) % MC_REPORT_EVERY === 0 ? { index: k, temperature_C: T, pressure_bara: P, error: f.error } : undefined;
    }
    const pt = pointOf(f.data);
    densities.push(pt.density_kg_m3 as number);
    zs.push(pt.compressibilityZ as number);
    return (k + 1) % MC_REPORT_EVERY === 0 ? { index: k, temperature_C: T, pressure_bara: P, density_kg_m3: pt.density_kg_m3, compressibilityZ: pt.compressibilityZ, numberOfPhases: pt.numberOfPhases } : undefined;
  });
  const summary = () => monteCarloSummary(densities, zs, failed, n, seed);
  const spread = distributedSweeps();
  if (spread !== undefined) {
    // REDIS_URL: the samples are drawn here, in the order the local run draws them, and each is a
    // job any replica's worker takes; the replica that records the last one adds the summary.
    const mine = (await operationStore.listAll(owner)).filter((o) => o.status === 'running');
    if (mine.length >= MAX_RUNNING_PER_OWNER) return quotaFull('CONCURRENCY_LIMIT', `You have ${MAX_RUNNING_PER_OWNER} operations running, the maximum per caller`);
    const points: SweepPoint[] = Array.from({ length: n }, (_, k) => {
      const [T, P] = draw();
      return { index: k, kind: 'mc', meta: { temperature_C: T, pressure_bara: P }, flash: flashInput(input, { value: T, unit: 'C' }, { value: P, unit: 'bara' }) };
    });
    const id = await spread.start(owner, subject, 'monte_carlo', points, seed);
    if (typeof id !== 'string') return quotaFull(id.refused, id.message);
    return ok({ action: 'startMonteCarlo', operationId: id, type: 'monte_carlo', status: 'running', totalSteps: n, message: `${n} samples (seed ${seed}); a result every ${MC_REPORT_EVERY} and a summary at the end; spread over every replica's workers` });
  }
  const started = operationStore.start(owner, 'monte_carlo', 'mc', steps, summary);
  if (!started.ok) return quotaFull(started.code, started.message);
  return ok({ action: 'startMonteCarlo', operationId: started.op.id, type: 'monte_carlo', status: 'running', totalSteps: n, message: `${n} samples (seed ${seed}); a result every ${MC_REPORT_EVERY} and a summary at the end` });
}

const progressOf = (op: Operation) => (op.totalSteps === 0 ? 100 : (100 * op.completedSteps) / op.totalSteps);
const statusOf = (op: Operation) => (op.status === 'running' && op.cancelRequested ? 'cancelling' : op.status);

async function run(input: In, ctx: ToolContext): Promise<Envelope<Out>> {
  const action = ALIASES[input.action];
  if (action === undefined) {
    const dynamic = /dynamic/i.test(input.action);
    return refuse('UNKNOWN_ACTION', dynamic ? 'Dynamic streaming needs runDynamic, which this server does not implement' : `Unknown action ${JSON.stringify(input.action)}`, `Use one of ${Object.keys(ALIASES).join(', ')}`, 'action');
  }
  const owner = ownerOf(input.ownerId, ctx);
  if (action === 'startSweep' || action === 'startMonteCarlo') {
    if (input.components === undefined || Object.keys(input.components).length === 0) return refuse('MISSING_COMPONENTS', `${action} needs "components"`, 'Add "components": {"methane": 0.9, "ethane": 0.1}', 'components');
    if (ctx.callTool === undefined) return failure(TOOL, 'internal', [issue('NO_DISPATCHER', 'streamSimulation needs the dispatcher to run its flashes', 'Call it through the service (REST, MCP or runTool)')]);
    // Check the fluid once up front, so a bad input is an error now rather than in every point.
    const probe = await ctx.callTool('validateInput', { model: input.model ?? 'SRK', components: input.components, flashType: 'TP', temperature: { value: 25, unit: 'C' }, pressure: { value: 1, unit: 'bara' } });
    const verdict = probe.envelope.data as { valid?: boolean; issues?: { severity: string; code: string; message: string; fix?: string; field?: string }[] } | undefined;
    if (probe.envelope.status !== 'success') return failure(TOOL, 'compute', probe.envelope.errors ?? [issue('VALIDATION_FAILED', 'The fluid could not be checked', 'Retry')]);
    if (verdict?.valid === false) {
      const first = verdict.issues?.find((i) => i.severity === 'error');
      return refuse(first?.code ?? 'INVALID_FLUID', `The fluid is not valid for runFlash: ${first?.message ?? ''}`, first?.fix ?? 'Check the component names (searchComponents) and the model', first?.field);
    }
    return action === 'startSweep' ? startSweep(input, owner.key, ctx.subject, ctx.callTool) : startMonteCarlo(input, owner.key, ctx.subject, ctx.callTool);
  }
  if (action === 'list') {
    const ops = await operationStore.listAll(owner.key);
    const now = Date.now();
    return ok({
      action,
      count: ops.length,
      operations: ops.map((o) => ({ operationId: o.id, type: o.type, status: statusOf(o), progress: progressOf(o), completedSteps: o.completedSteps, totalSteps: o.totalSteps, ageSeconds: (now - o.createdMs) / 1000, lastUpdatedSecondsAgo: (now - o.updatedMs) / 1000 })),
      executionPolicy: { maxRunningOperations: MAX_RUNNING, maxRunningPerCaller: MAX_RUNNING_PER_OWNER, timeoutSeconds: OPERATION_TIMEOUT_MS / 1000, retainFinishedMinutes: 30 },
    });
  }
  if (input.operationId === undefined) return refuse('MISSING_FIELD', `${action} needs "operationId"`, 'Use the operationId of the start response (or list)', 'operationId');
  if (action === 'cancel') {
    const op = await operationStore.requestCancel(input.operationId, owner.key);
    if (op === undefined) return refuse('OPERATION_NOT_FOUND', 'No such operation (it may have finished more than 30 minutes ago)', 'list shows your operations', 'operationId');
    return ok({ action, operationId: op.id, status: statusOf(op) });
  }
  const op = await operationStore.find(input.operationId, owner.key);
  if (op === undefined) return refuse('OPERATION_NOT_FOUND', 'No such operation (it may have finished more than 30 minutes ago)', 'list shows your operations', 'operationId');
  const from = Math.min(input.lastIndex ?? 0, op.results.length);
  const fresh = op.results.slice(from);
  return ok({
    action,
    operationId: op.id,
    type: op.type,
    status: statusOf(op),
    completedSteps: op.completedSteps,
    totalSteps: op.totalSteps,
    progressPercent: progressOf(op),
    ...(op.error !== undefined ? { error: op.error } : {}),
    newResults: fresh,
    newResultCount: fresh.length,
    totalResultCount: op.results.length,
    nextPollIndex: op.results.length,
  });
}

export const streamSimulationTool = defineTool({
  name: TOOL,
  tier: 'experimental',
  category: 'PLATFORM',
  since: 'v1.2',
  summary: 'Background sweeps and Monte Carlo runs of TP flashes, polled for new results as they progress (start, poll, cancel, list).',
  description:
    'Background calculations polled as they progress. "action": "startSweep" (components, model, sweepVariable temperature|pressure, from, to, points, unit, fixedTemperature/fixedPressure) or "startMonteCarlo" (components, model, iterations, temperatureMean/Std in °C, pressureMean/Std in bara, seed) → operationId; ' +
    '"poll" {operationId, lastIndex} → newResults since lastIndex and nextPollIndex; "cancel"; "list". Each point is a runFlash TP flash run in the worker pool. At most 20 operations running (5 per caller), 900 s each.',
  input: Input,
  output: Output,
  exampleCategory: 'stream',
  examples: [
    { name: 'temperature-sweep', description: 'Natural gas density from 0 to 100 °C at 50 bara, 11 points', input: { action: 'startSweep', components: { methane: 0.9, ethane: 0.07, propane: 0.03 }, sweepVariable: 'temperature', from: 0, to: 100, points: 11, fixedPressure: 50 } },
    { name: 'list-operations', description: 'Your running and recently finished operations with their progress', input: { action: 'list' } },
  ],
  execution: 'inline',
  run: async (input, ctx) => {
    try {
      return await run(input, ctx);
    } catch (err) {
      if (isSharedStateError(err)) return sharedStateUnavailable(TOOL, err);
      throw err;
    }
  },
});
