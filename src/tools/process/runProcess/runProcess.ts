/**
 * runProcess (core, CALCULATION, v1.0, auto-validated 'process'): steady-state flowsheet
 * simulation of a seed-001 process definition on our engine: streams, separators (two- and
 * three-phase), valves, compressors, expanders, pumps, heaters/coolers, UA-rated heat
 * exchangers, mixers, splitters and recycle loops. Every unit's outlets come from real flashes
 * (TP, PH, PS); mass and energy balances are computed from the resulting streams and reported.
 */
import { solveFlowsheet, type FlowsheetResult, type ProcessFailure } from '../../../engine/index.js';
import { failure, issue, success, type DiagnosticIssue, type Envelope, type Warning } from '../../contract/envelope.js';
import { defineTool, type ToolContext } from '../../contract/types.js';
import { readProcessDefinition, SIMULATED_TYPES, type ProcessDefinition } from './definition.js';
import { buildProcessPayload, type ProcessPayload } from './report.js';
import { buildNeqsimReport } from './neqsim-report.js';
import { RunProcessInput, RunProcessOutput } from './schema.js';
import { RUN_PROCESS_EXAMPLES } from './examples.js';
import { engineFailure } from './failure.js';
import { extractAdjusters, solveAdjusters, type AdjustOutcome } from './adjusters.js';
import { checkProcessKeys } from './unit-keys.js';
import { strictFailure } from '../../contract/strict-keys.js';
import { areaField, areaResults, flattenAreas } from './areas.js';
import { pcsaftQuantumGasRefusal } from '../../../engine/pcsaft-fluid.js';

export { engineFailure };

const TOOL = 'runProcess';

const ASSUMPTIONS = [
  'Steady state; units computed in the order given, recycle loops by direct substitution at the Recycle units (default tolerances: flow 1e-6 relative, 1e-4 K, Σ|Δz| 1e-7; a Recycle\'s tolerance/flowTolerance/compositionTolerance/temperatureTolerance override them); a Recycle with outletStream starts the loop from that Stream\'s declared state (the original\'s setOutletStream), else from no flow',
  'Calculator: the original\'s default make-up calculator: its calculatorOutput Stream carries the TEG (MEG when named "MEG makeup calculator…") lost through its calculatorInputs, in kg/h, recomputed every pass',
  'Separators: adiabatic mixing of the inlets, outlets are the equilibrium phases (no entrainment)',
  'Valves isenthalpic; compressors/pumps/expanders by isentropic efficiency (PS then PH flash); with polytropicEfficiency, Schultz\'s method (default, as the original) or a 40-step polytropic path (polytropicMethod "detailed")',
  'Heat exchanger: counter-current ε-NTU with the capacity rates over the inlet temperature difference (as the original)',
  'PipeBeggsAndBrills: isothermal Beggs & Brill march in numberOfIncrements (default 5) equal increments; the heat the surroundings supply to keep it isothermal enters the energy balance',
  'Columns: equilibrium stages solved by Newton on the full MESH equations (Naphtali–Sandholm, block tridiagonal); a partial condenser (vapour distillate; a liquid side draw on its tray adds a liquid distillate) or a total condenser (totalCondenser: liquid distillate at its bubble point); without a condenser the trays above the top feed are dry; the condenser and reboiler duties enter the energy balance',
  'Ideal-gas reference state: H = 0 and S = 0 for the ideal gas at 273.15 K (S at 1.01325 bar)',
];
const LIMITATIONS = [
  'SRK/PR with classic mixing are less accurate for water, glycols and near-critical states (use model CPA for water and glycols)',
  'No pressure drop unless specified; no equipment sizing, compressor charts or dynamics; Adjuster units solve by repeated steady-state runs (stepSize is not used)',
  `Simulated equipment types: ${SIMULATED_TYPES.join(', ')}`,
];

export type SimulationOutcome =
  | { ok: true; definition: ProcessDefinition; solved: FlowsheetResult; payload: ProcessPayload; warnings: Warning[]; model: string }
  | { ok: false; env: Envelope<never> };

/**
 * Parses and solves a process definition; shared with saveSimulationState. `field` is the JSON
 * pointer of the definition in the calling tool's input ('' for runProcess itself).
 */
/**
 * A stream of a PC-SAFT fluid that holds hydrogen, helium or neon below the temperature its
 * classical parameters allow (engine/pcsaft-fluid.ts; runFlash refuses the same states): its
 * numbers would be wrong, so the flowsheet is refused naming the stream instead of answered.
 */
function pcsaftQuantumGasIssue(solved: FlowsheetResult, field: string): DiagnosticIssue | undefined {
  for (const u of solved.units) {
    for (const [port, s] of Object.entries(u.outlets)) {
      if (s === undefined || s.fluid.kind !== 'PCSAFT') continue;
      const refused = pcsaftQuantumGasRefusal(s.fluid.model.components, s.z, s.flash.T);
      if (refused === undefined) continue;
      return issue('UNSUPPORTED_COMPONENT', `${refused.message}; stream ${u.name}.${port} reaches ${s.flash.T.toFixed(2)} K`, `Use model GERG2008, SRK or PR for this flowsheet, or keep PC-SAFT streams with ${refused.component} warmer`, field === '' ? 'fluid.model' : `${field}.fluid.model`);
    }
  }
  return undefined;
}

export function simulateProcess(tool: string, input: RunProcessInput, ctx?: ToolContext, field = ''): SimulationOutcome {
  if (input.autoRun === false) {
    return { ok: false, env: failure(tool, 'compute', [issue('AUTO_RUN_DISABLED', 'autoRun: false asks for a process that is built but not run; this tool always runs it', 'Use validateInput to check a definition without running it, or drop autoRun', 'autoRun')]) };
  }
  const def = readProcessDefinition(input as Record<string, unknown>, field, { reportFormat: tool === 'runProcess' });
  if (!def.ok) return { ok: false, env: failure(tool, def.kind, def.issues) };
  const units = def.definition.units;
  const total = units.length;
  const solved = solveFlowsheet(units, {
    onPass: (pass) => {
      ctx?.progress(Math.min(0.95, pass / 20), `recycle pass ${pass}`);
      return !ctx?.signal?.aborted;
    },
  });
  if (!solved.ok) return { ok: false, env: engineFailure(tool, solved) };
  const quantum = pcsaftQuantumGasIssue(solved, field);
  if (quantum !== undefined) return { ok: false, env: failure(tool, 'compute', [quantum]) };
  const { payload, warnings } = buildProcessPayload(units, solved, def.definition.feeds);
  const kinds = new Set(units.flatMap((u) => (u.type === 'Stream' ? [u.feed.fluid.kind] : [])));
  ctx?.progress(1, `${total} units solved`);
  return { ok: true, definition: def.definition, solved, payload, warnings: [...def.definition.warnings, ...warnings], model: [...kinds].join('+') };
}

export function runProcess(input: RunProcessInput, ctx?: ToolContext): Envelope<RunProcessOutput> {
  if (input.areas !== undefined) return runProcessModel(input, ctx);
  if (input.process === undefined) {
    return failure(TOOL, 'input', [issue('MISSING_PROCESS', 'The definition has neither "process" nor "areas"', 'Give "process": [units] (one flowsheet) or "areas": {"<area>": {"fluid", "process"}} (a multi-area model)', 'process')]);
  }
  const started = performance.now();
  // Keys are checked on the definition as given (Adjuster units included, positions as sent)
  // before the adjusters are taken out of it.
  const strict = checkProcessKeys(input as Record<string, unknown>);
  if (strict.length > 0) return strictFailure(TOOL, strict);
  // Adjuster units are solved around the flowsheet (runProcess/adjusters.ts); the run below is
  // then of the definition at the adjusted values.
  const adj = extractAdjusters(input as Record<string, unknown>);
  if (adj.issues.length > 0) return failure(TOOL, 'compute', adj.issues);
  let adjusted: Extract<AdjustOutcome, { ok: true }> | undefined;
  if (adj.specs.length > 0 || adj.setPoints.length > 0) {
    if (input.autoRun === false) {
      const refused = simulateProcess(TOOL, input, ctx);
      if (!refused.ok) return refused.env;
    }
    const r = solveAdjusters(TOOL, adj.stripped, adj.specs, adj.setPoints, ctx);
    if (!r.ok) return failure(TOOL, 'compute', r.issues);
    adjusted = r;
  }
  const sim = simulateProcess(TOOL, (adjusted?.doc ?? input) as RunProcessInput, ctx);
  if (!sim.ok) return sim.env;
  const { payload, solved } = sim;
  const data: RunProcessOutput = {
    processSystemName: input.name ?? 'process',
    model: sim.model,
    ...payload,
    ...(adjusted && adjusted.reports.length > 0 ? { adjusters: adjusted.reports } : {}),
    ...(adjusted && adjusted.setPointReports.length > 0 ? { setPoints: adjusted.setPointReports } : {}),
    ...(input.metadata ? { metadata: input.metadata } : {}),
  };
  const limitations = [...LIMITATIONS];
  if (input.reportFormat === 'neqsim') {
    const nq = buildNeqsimReport(payload);
    // The mapping's shape is checked against the schema in test/tools/run-process-neqsim-report.test.ts.
    data.report = nq.report as RunProcessOutput['report'];
    if (nq.omitted.length > 0) limitations.push(`report (NeqSim format): properties of the original not computed here, left out: ${nq.omitted.join('; ')}`);
    if (nq.unmappedUnits.length > 0) limitations.push(`report (NeqSim format): units without an original-format report (see units): ${nq.unmappedUnits.join(', ')}`);
  }
  return success({
    tool: TOOL,
    data,
    warnings: adjusted ? [...sim.warnings, ...adjusted.warnings] : sim.warnings,
    provenance: {
      model: sim.model,
      calculationType: 'steady-state process simulation',
      mixingRule: 'classic',
      convergence: {
        converged: true,
        iterations: solved.iterations,
        message: solved.recycles.length ? `${solved.recycles.length} recycle loop(s) converged in ${solved.iterations} passes` : `${solved.units.length} units computed in sequence`,
      },
      assumptions: ASSUMPTIONS,
      limitations,
      computationTimeMs: performance.now() - started,
    },
    validationMessage: 'Definition checked; flowsheet solved',
  });
}

/**
 * The original's ProcessModel form: the areas are flattened into one flowsheet ("<area>::<unit>"),
 * solved as one, and reported per area as well; problems are reported at the area's own fields.
 */
function runProcessModel(input: RunProcessInput, ctx?: ToolContext): Envelope<RunProcessOutput> {
  const flat = flattenAreas(input as Record<string, unknown>);
  if (!flat.ok) return failure(TOOL, flat.kind, flat.issues);
  const env = runProcess(flat.doc as RunProcessInput, ctx);
  if (env.status !== 'success' || !env.data) {
    return { ...env, errors: env.errors?.map((e) => ({ ...e, field: areaField(e.field, flat.map) })) } as Envelope<RunProcessOutput>;
  }
  const data: RunProcessOutput = { ...env.data, areaCount: flat.map.names.length, areas: flat.map.names, areaResults: areaResults(env.data, flat.map) };
  return { ...env, data };
}

export const runProcessTool = defineTool({
  name: TOOL,
  tier: 'core',
  category: 'CALCULATION',
  since: 'v1.0',
  summary: 'Steady-state process simulation of a JSON flowsheet (fluid + units such as separators, compressors, heat exchangers, valves, recycles).',
  description:
    'Steady-state process simulation from a JSON flowsheet (seed 001 format): {"fluid": {model, temperature (K), pressure (bara), components}, "process": [units in flow order]}. ' +
    `Units: ${SIMULATED_TYPES.join(', ')}, and, in "properties": Adjuster {adjustedEquipment, adjustedVariable, targetEquipment, targetVariable, targetValue, targetUnit} (varies a specification, e.g. "Cooler"/"outTemperature", until a result, e.g. "Sep.gasOut"/"temperature" or a unit's power, meets the target; data.adjusters) and SetPoint {sourceEquipment, sourceVariable, targetEquipment, targetVariable, targetUnit, multiplier, offset} (keeps a specification at multiplier·source + offset; data.setPoints). Connect with "inlet": "<unit>" or "<unit>.<port>" (ports: gasOut, liquidOut, oilOut, waterOut, splitStream_<i>, hx0/hx1, sideDraw<i>); "inlets" for Mixer, HeatExchanger, columns. ` +
    'Quantities as [value, "unit"]: Stream flowRate (kg/hr, mol/sec, Sm3/day, MSm3/day, …), outletPressure, outTemperature, duty; PipeBeggsAndBrills length, diameter, pipeWallRoughness, elevation (m, km, mm, in, ft), numberOfIncrements. Loops are closed with a Recycle unit (referable before it is declared). ' +
    'Returns every unit (power_kW, duty_kW, heads, efficiencies, inlet/outlet T and P), every stream (T, P, flows, phase split, density, enthalpy, composition), products and mass/energy balances. ' +
    'Pitfalls: a bare fluid temperature is kelvin; compressor suction with liquid gives TWO_PHASE_UNCERTAINTY; a unit fed by an empty port is reported with noFlow.',
  input: RunProcessInput,
  output: RunProcessOutput,
  exampleCategory: 'process',
  examples: RUN_PROCESS_EXAMPLES,
  execution: 'pool',
  autoValidation: 'process',
  run: (input, ctx) => runProcess(input, ctx),
});
