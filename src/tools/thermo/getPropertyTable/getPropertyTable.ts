/**
 * getPropertyTable (core, CALCULATION, v1.0): a TP-flash sweep over temperature or pressure with
 * a table of the selected properties at each point, on our engine (SRK, PR, SRK-CPA or GERG-2008). Input fields and
 * row keys follow the original's PropertyTableRunner (spec/neqsim-surface.md 2.8); where it is
 * loose we check: an unknown model, component, sweep, unit or property is an error up front (the
 * original passes some of them to the flash and reports a CALCULATION_ERROR or a `<p>_note`
 * column), and a point whose flash fails is listed in failedPoints with its reason instead of
 * silently dropped.
 */
import { createFluid, flashReport, flashTP } from '../../../engine/index.js';
import { FLASH_MODELS } from '../../contract/flash-models.js';
import { failure, issue, success, warning, type DiagnosticIssue, type Envelope } from '../../contract/envelope.js';
import { defineTool, type ToolContext } from '../../contract/types.js';
import { parseFlashRequest } from '../runFlash/request.js';
import { pcsaftQuantumGasRefusal } from '../../../engine/pcsaft-fluid.js';
import { parsePressure, parseTemperature } from '../../contract/units.js';
import { DEFAULT_POINTS, DEFAULT_TABLE_PROPERTIES, MAX_POINTS, MIN_POINTS, PropertyTableInput, PropertyTableOutput, TABLE_PROPERTIES, type TableProperty } from './schema.js';
import { tableRow } from './rows.js';

const TOOL = 'getPropertyTable';
type Output = PropertyTableOutput;

interface TableRequest {
  sweep: 'temperature' | 'pressure';
  from: number;
  to: number;
  /** K for a pressure sweep, Pa for a temperature sweep. */
  fixed: number;
  points: number;
  properties: TableProperty[];
}

function isObject(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

/** The sweep, range, fixed variable, points and columns, or every problem with them. */
function parseTable(input: Record<string, unknown>, issues: DiagnosticIssue[]): TableRequest | undefined {
  const rawSweep = typeof input.sweep === 'string' ? input.sweep.trim().toLowerCase() : undefined;
  if (rawSweep !== 'temperature' && rawSweep !== 'pressure') {
    issues.push(issue('INVALID_SWEEP', `sweep must be "temperature" or "pressure", got ${JSON.stringify(input.sweep)}`, 'Set "sweep": "temperature" (with fixedPressure) or "pressure" (with fixedTemperature)', 'sweep'));
    return undefined;
  }
  const sweep = rawSweep;
  const parseSwept = sweep === 'temperature' ? parseTemperature : parsePressure;
  const bounds: number[] = [];
  for (const field of ['sweepFrom', 'sweepTo'] as const) {
    if (input[field] === undefined || input[field] === null) {
      issues.push(issue('MISSING_RANGE', `A ${sweep} sweep needs "${field}"`, `Add "${field}": ${sweep === 'temperature' ? '{"value": -20, "unit": "C"}' : '{"value": 10, "unit": "bara"}'}`, field));
      continue;
    }
    const r = parseSwept(input[field], { field });
    if (r.ok) bounds.push(r.value);
    else issues.push(r.issue);
  }
  const fixedField = sweep === 'temperature' ? 'fixedPressure' : 'fixedTemperature';
  let fixed: number | undefined;
  if (input[fixedField] === undefined || input[fixedField] === null) {
    issues.push(
      sweep === 'temperature'
        ? issue('MISSING_PRESSURE', 'A temperature sweep needs "fixedPressure"', 'Add "fixedPressure": {"value": 50, "unit": "bara"}', fixedField)
        : issue('MISSING_TEMPERATURE', 'A pressure sweep needs "fixedTemperature"', 'Add "fixedTemperature": {"value": 25, "unit": "C"}', fixedField),
    );
  } else {
    const r = sweep === 'temperature' ? parsePressure(input[fixedField], { field: fixedField }) : parseTemperature(input[fixedField], { field: fixedField });
    if (r.ok) fixed = r.value;
    else issues.push(r.issue);
  }
  const points = input.points ?? DEFAULT_POINTS;
  if (typeof points !== 'number' || !Number.isInteger(points) || points < MIN_POINTS || points > MAX_POINTS) {
    issues.push(issue('INPUT_ERROR', `points must be an integer from ${MIN_POINTS} to ${MAX_POINTS}, got ${JSON.stringify(input.points)}`, `Give "points": ${DEFAULT_POINTS} (the ends of the range included)`, 'points'));
  }
  const properties = (input.properties ?? DEFAULT_TABLE_PROPERTIES) as unknown;
  const unknown = Array.isArray(properties) ? properties.filter((p) => !(TABLE_PROPERTIES as readonly unknown[]).includes(p)) : [properties];
  if (!Array.isArray(properties) || properties.length === 0 || unknown.length > 0) {
    issues.push(issue('INPUT_ERROR', `properties must be a non-empty list of: ${TABLE_PROPERTIES.join(', ')}${unknown.length > 0 ? `; not known: ${unknown.map((u) => JSON.stringify(u)).join(', ')}` : ''}`, `Omit "properties" for the default ${DEFAULT_TABLE_PROPERTIES.join(', ')}`, 'properties'));
  }
  if (bounds.length !== 2 || fixed === undefined || issues.length > 0) return undefined;
  return { sweep, from: bounds[0], to: bounds[1], fixed, points: points as number, properties: [...new Set(properties as TableProperty[])] };
}

export function getPropertyTable(input: unknown, ctx?: Pick<ToolContext, 'progress' | 'signal'>): Envelope<Output> {
  const started = performance.now();
  if (!isObject(input)) {
    return failure(TOOL, 'input', [issue('INPUT_ERROR', 'getPropertyTable input must be a JSON object', 'Send {"components": {…}, "sweep": "temperature", "sweepFrom": …, "sweepTo": …, "fixedPressure": …}')]);
  }
  const issues: DiagnosticIssue[] = [];
  const table = parseTable(input, issues);
  // Model, components and mixing rule are checked exactly as runFlash checks them.
  const fluidInput = { model: input.model, components: input.components, mixingRule: input.mixingRule, multiPhaseCheck: input.multiPhaseCheck };
  const parsed = parseFlashRequest(fluidInput, FLASH_MODELS);
  if (!parsed.ok) issues.push(...parsed.issues);
  if (issues.length > 0 || table === undefined || !parsed.ok) return failure(TOOL, 'compute', issues);
  const req = parsed.request;

  const fluid = createFluid(req.model, req.components, req.z, req.alphaFunction, { umrAttraction: req.umrAttraction });
  const rows: Output['table'] = [];
  const failedPoints: Output['failedPoints'] = [];
  const n = table.points;
  for (let i = 0; i < n; i++) {
    if (ctx?.signal?.aborted) break;
    const x = table.from + (i / (n - 1)) * (table.to - table.from);
    const T = table.sweep === 'temperature' ? x : table.fixed;
    const P = table.sweep === 'temperature' ? table.fixed : x;
    // A PC-SAFT quantum gas below the temperature its parameters allow is refused, as runFlash refuses it.
    const refused = req.model === 'PCSAFT' ? pcsaftQuantumGasRefusal(req.components, req.z, T) : undefined;
    const out = refused === undefined ? flashTP(fluid.model, T, P, fluid.z, { multiPhaseCheck: req.multiPhaseCheck }) : undefined;
    if (refused !== undefined) failedPoints.push({ temperature_K: T, pressure_bara: P / 1e5, code: 'UNSUPPORTED_COMPONENT', message: refused.message });
    else if (!out!.ok) failedPoints.push({ temperature_K: T, pressure_bara: P / 1e5, code: out!.code, message: out!.message });
    else rows.push(tableRow(table.sweep, T, P, flashReport(fluid.model, out!.result), table.properties));
    ctx?.progress((i + 1) / n, `${i + 1} of ${n} points`);
  }
  const warnings = [...req.warnings];
  const refusedPoints = failedPoints.filter((p) => p.code === 'UNSUPPORTED_COMPONENT').length;
  if (refusedPoints > 0) {
    warnings.push(warning('MODEL_LIMITATION', `${refusedPoints} of ${n} property-table points are below the temperature PC-SAFT's parameters allow for a quantum gas in the fluid; they are listed in failedPoints and left out of the table (use GERG2008 there)`));
  }
  if (failedPoints.length > refusedPoints) {
    warnings.push(warning('CONVERGENCE_WARNING', `${failedPoints.length - refusedPoints} of ${n} property-table points failed to converge; they are listed in failedPoints and left out of the table`));
  }
  return success({
    tool: TOOL,
    data: { model: req.model, sweep: table.sweep, pointsRequested: n, pointsConverged: rows.length, properties: table.properties, table: rows, failedPoints },
    warnings,
    provenance: {
      model: req.model,
      calculationType: `property table (${table.sweep} sweep)`,
      mixingRule: req.model === 'UMRPRU' && req.umrAttraction === 'umr' ? 'UMR (universal mixing rule with UNIFAC)' : 'classic',
      convergence: { converged: failedPoints.length === 0, iterations: n, message: `${rows.length} of ${n} TP flashes converged` },
      assumptions: [
        `${n} evenly spaced points from sweepFrom to sweepTo, ends included; a TP flash (stability analysis, phase split) at each`,
        'Mixture Cp and Cv are the phase values weighted by phase fraction (no latent heat); Z = Σ β·Z of the EOS volumes; densities as runFlash reports them (Peneloux-corrected for SRK, PR and UMR-PRU)',
        '"liquid" columns are the oil phase, else the aqueous phase; sound speed and Joule–Thomson coefficient are the gas phase’s',
      ],
      limitations: [`${req.model} accuracy as for runFlash (see getBenchmarkTrust)`, ...(req.multiPhaseCheck ? [] : ['At most two phases (multiPhaseCheck off)'])],
      computationTimeMs: performance.now() - started,
    },
    validationMessage: 'Input checked; table computed',
  });
}

export const getPropertyTableTool = defineTool({
  name: TOOL,
  tier: 'core',
  category: 'CALCULATION',
  since: 'v1.0',
  summary: 'Table of phase properties (density, viscosity, Cp, Z, enthalpy, …) of a mixture along a temperature or pressure sweep.',
  description:
    'Property table of a mixture along a temperature or pressure sweep: a TP flash (any runFlash model: SRK, PR, CPA, GERG2008, UMRPRU or PCSAFT; stability analysis and phase split) at each of `points` evenly spaced values (default 20, 2–200, ends included; sweepTo below sweepFrom descends). ' +
    'Required: components (name → mole fraction), sweep ("temperature" with fixedPressure, or "pressure" with fixedTemperature), sweepFrom and sweepTo (number in K or bara, or {value, unit}). ' +
    `properties (default ${DEFAULT_TABLE_PROPERTIES.join(', ')}) selects columns from: ${TABLE_PROPERTIES.join(', ')}. ` +
    'Rows use the original’s keys: temperature_C, temperature_K (temperature sweeps), pressure_bara, numberOfPhases, density/density_kg_m3 (overall) with gasDensity_kg_m3 and liquidDensity_kg_m3, gasViscosity_cP/liquidViscosity_cP, Cp_J_kgK, Cv_J_kgK, compressibilityFactor, enthalpy_J_kg, entropy_J_kgK (datum: ideal gas at 273.15 K), gas/liquid thermal conductivity in W/(m·K), molarMass_kg_mol, soundSpeed_m_s and jouleThomsonCoefficient_K_bar (gas phase). ' +
    'Phase columns appear only where that phase exists ("liquid" = oil, else aqueous). A point whose flash fails is listed in failedPoints with the reason (CONVERGENCE_WARNING), never filled in.',
  input: PropertyTableInput,
  output: PropertyTableOutput,
  exampleCategory: 'flash',
  examples: [
    {
      name: 'property-table-temperature',
      description: 'Natural gas at 50 bara from −40 °C to 60 °C in 11 points: density, Cp, Z, enthalpy and the phase count across the dew point',
      input: {
        model: 'SRK',
        components: { methane: 0.85, ethane: 0.07, propane: 0.04, 'n-butane': 0.02, 'n-pentane': 0.01, nitrogen: 0.01 },
        sweep: 'temperature',
        sweepFrom: { value: -40, unit: 'C' },
        sweepTo: { value: 60, unit: 'C' },
        points: 11,
        fixedPressure: { value: 50, unit: 'bara' },
        properties: ['density', 'Cp', 'Z', 'enthalpy', 'numberOfPhases'],
      },
    },
    {
      name: 'property-table-pressure',
      description: 'CO2 at 40 °C from 10 to 200 bara in 20 points: density, viscosity, sound speed and Joule–Thomson coefficient through the dense phase',
      input: {
        model: 'PR',
        components: { CO2: 1 },
        sweep: 'pressure',
        sweepFrom: { value: 10, unit: 'bara' },
        sweepTo: { value: 200, unit: 'bara' },
        points: 20,
        fixedTemperature: { value: 40, unit: 'C' },
        properties: ['density', 'viscosity', 'soundSpeed', 'jouleThomsonCoefficient'],
      },
    },
  ],
  execution: 'pool',
  run: (input, ctx) => getPropertyTable(input, ctx),
});
