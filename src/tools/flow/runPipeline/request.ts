/**
 * Reads a runPipeline input into SI: the fluid (checked as runFlash checks it), inlet T and P
 * with the original's precedence and defaults, the feed flow, and the pipe geometry (top-level
 * fields win over `pipe`; elevation from elevation_m, inlet/outlet heights, or the angle).
 * Every problem is collected with its code, field and fix; nothing throws.
 */
import type { ComponentData } from '../../../engine/components/index.js';
import { issue, warning, type DiagnosticIssue, type Warning } from '../../contract/envelope.js';
import { equilibriumModelIssue, parseFlashRequest } from '../../thermo/runFlash/request.js';
import { FLASH_MODELS } from '../../contract/flash-models.js';
import { parseFlowRate } from '../../process/runProcess/quantities.js';
import { pressureField, temperatureField } from '../../contract/units.js';
import { UNUSED_FIELDS, type RunPipelineInput } from './schema.js';

const DEFAULT_T = 288.15;
const DEFAULT_P_BARA = 50;
const DEFAULT_ROUGHNESS = 1e-5;
const DEFAULT_INCREMENTS = 5;
const SOLVERS = new Set(['beggsandbrill', 'beggsbrill', 'beggs-and-brill']);
const TWO_FLUID = new Set(['twofluid', 'two-fluid', 'finitevolumetwofluid']);
const WATER_HAMMER = new Set(['waterhammer', 'liquidhammer', 'hydraulictransient']);

export interface PipelineRequest {
  model: 'SRK' | 'PR';
  components: ComponentData[];
  z: number[];
  multiPhaseCheck: boolean;
  T: number;
  P: number;
  /** The raw flow-rate input, converted once the molar mass is known. */
  flowRate: unknown;
  length: number;
  diameter: number;
  roughness: number;
  elevation: number;
  increments: number;
  detail: 'FULL' | 'SUMMARY';
  warnings: Warning[];
}

export type PipelineOutcome = { ok: true; request: PipelineRequest } | { ok: false; issues: DiagnosticIssue[] };

type Fields = Record<string, unknown>;

/** The first of `names` given at the top level, else inside `pipe`. */
function pick(input: Fields, pipe: Fields, names: readonly string[]): { value: number; field: string } | undefined {
  for (const src of [input, pipe]) {
    for (const n of names) {
      const v = src[n];
      if (typeof v === 'number') return { value: v, field: src === input ? n : `pipe.${n}` };
    }
  }
  return undefined;
}

export function readPipelineRequest(input: RunPipelineInput): PipelineOutcome {
  const issues: DiagnosticIssue[] = [];
  const warnings: Warning[] = [];
  const raw = input as unknown as Fields;
  const pipe = (input.pipe ?? {}) as Fields;

  const analysis = String(input.analysis ?? input.mode ?? 'beggsAndBrill').toLowerCase();
  if (WATER_HAMMER.has(analysis)) {
    issues.push(issue('NOT_IMPLEMENTED_ANALYSIS', `The ${input.analysis ?? input.mode} analysis (water hammer) is not implemented by this server`, 'Omit "analysis"/"mode" for the steady-state Beggs & Brill pressure drop', input.analysis !== undefined ? 'analysis' : 'mode'));
  } else if (!SOLVERS.has(analysis)) {
    issues.push(issue('UNKNOWN_PIPELINE_SOLVER', `Unknown pipeline analysis ${JSON.stringify(input.analysis ?? input.mode)}`, 'Use "beggsAndBrill" (or omit it)', input.analysis !== undefined ? 'analysis' : 'mode'));
  }
  const solver = String(input.solver ?? 'beggsAndBrill').toLowerCase();
  if (TWO_FLUID.has(solver)) {
    issues.push(issue('NOT_IMPLEMENTED_SOLVER', `The ${input.solver} solver is not implemented by this server`, 'Use "solver": "beggsAndBrill" (steady-state Beggs & Brill), or omit "solver"', 'solver'));
  } else if (!SOLVERS.has(solver)) {
    issues.push(issue('UNKNOWN_PIPELINE_SOLVER', `Unknown pipeline solver ${JSON.stringify(input.solver)}`, 'Use "beggsAndBrill" (or omit "solver")', 'solver'));
  }

  const fluid = parseFlashRequest({ model: input.model, components: input.components, mixingRule: input.mixingRule, multiPhaseCheck: input.multiPhaseCheck ?? true, flashType: 'TP' }, FLASH_MODELS);
  if (!fluid.ok) issues.push(...fluid.issues);
  else {
    const unsupported = equilibriumModelIssue(fluid.request.model, 'A pipeline');
    if (unsupported) issues.push(unsupported);
  }

  const Tgiven = temperatureField(input, issues);
  if (Tgiven === undefined && input.temperature === undefined) warnings.push(warning('MODEL_LIMITATION', 'No inlet temperature given: 15 °C (288.15 K) assumed, as the original'));
  const T = Tgiven ?? DEFAULT_T;
  if (!(T > 0)) issues.push(issue('TEMPERATURE_ERROR', `Inlet temperature ${T} K is at or below absolute zero`, 'Give the inlet temperature, e.g. "temperature_C": 40', 'temperature'));

  const Pgiven = pressureField(input, issues);
  if (Pgiven === undefined && input.pressure === undefined) warnings.push(warning('MODEL_LIMITATION', 'No inlet pressure given: 50 bara assumed, as the original'));
  const P = Pgiven ?? DEFAULT_P_BARA * 1e5;
  if (!(P > 0)) issues.push(issue('PRESSURE_ERROR', `Inlet pressure ${P / 1e5} bara is not positive`, 'Give the absolute inlet pressure, e.g. "pressure_bara": 80', 'pressure'));

  const length = pick(raw, pipe, ['length_m', 'length']);
  const diameter = pick(raw, pipe, ['diameter_m', 'diameter']);
  if (!length) issues.push(issue('MISSING_PIPE_LENGTH', 'The pipe length is missing', 'Set "pipe": {"length_m": 10000, …}', 'pipe.length_m'));
  if (!diameter) issues.push(issue('MISSING_PIPE_DIAMETER', 'The pipe inside diameter is missing', 'Set "pipe": {"diameter_m": 0.3, …}', 'pipe.diameter_m'));
  const roughness = pick(raw, pipe, ['pipeWallRoughness_m', 'roughness_m', 'roughness'])?.value ?? DEFAULT_ROUGHNESS;
  const increments = pick(raw, pipe, ['numberOfSegments', 'numberOfIncrements', 'numberOfNodes'])?.value ?? DEFAULT_INCREMENTS;

  let elevation = 0;
  const dz = pick(raw, pipe, ['elevation_m', 'elevationChange_m']);
  const zIn = pick(raw, pipe, ['inletElevation_m']);
  const zOut = pick(raw, pipe, ['outletElevation_m']);
  const angle = pick(raw, pipe, ['angle_degrees', 'angle_deg']);
  if (dz) elevation = dz.value;
  else if (zIn && zOut) elevation = zOut.value - zIn.value;
  else if (zIn || zOut) issues.push(issue('INVALID_PIPE_GEOMETRY', 'Give both inletElevation_m and outletElevation_m (or elevation_m)', 'Add the missing height, or give "elevation_m" = outlet − inlet height', zIn ? 'outletElevation_m' : 'inletElevation_m'));
  else if (angle && length) elevation = length.value * Math.sin((angle.value * Math.PI) / 180);
  if (length && Math.abs(elevation) > length.value) {
    issues.push(issue('INVALID_PIPE_GEOMETRY', `The elevation change ${elevation} m exceeds the pipe length ${length.value} m`, 'Check the heights: |outlet − inlet height| cannot exceed the length along the pipe', dz?.field ?? 'elevation_m'));
  }
  if (dz && angle && length) {
    const fromAngle = length.value * Math.sin((angle.value * Math.PI) / 180);
    if (Math.abs(fromAngle - elevation) > 1e-6 * length.value) {
      warnings.push(warning('MODEL_LIMITATION', `Both an elevation (${elevation} m) and an angle (${angle.value}°, i.e. ${fromAngle.toFixed(3)} m) were given; the elevation is used`));
    }
  }

  const unused = UNUSED_FIELDS.filter((k) => raw[k] !== undefined || pipe[k] !== undefined);
  if (unused.length > 0) {
    warnings.push(warning('MODEL_LIMITATION', `Not used by the Beggs & Brill solver (isothermal, straight line): ${unused.join(', ')}`));
  }
  const detailRaw = String(input.detailLevel ?? input.reportDetail ?? 'FULL').toUpperCase();
  if (!['FULL', 'SUMMARY', 'MINIMUM', 'HIDE'].includes(detailRaw)) {
    issues.push(issue('INPUT_ERROR', `detailLevel must be FULL, SUMMARY or MINIMUM, got ${JSON.stringify(input.detailLevel ?? input.reportDetail)}`, 'Omit it for the full profile', 'detailLevel'));
  }

  if (issues.length > 0 || !fluid.ok || !length || !diameter) return { ok: false, issues };
  const r = fluid.request;
  return {
    ok: true,
    request: {
      model: r.model as 'SRK' | 'PR',
      components: r.components,
      z: r.z,
      multiPhaseCheck: r.multiPhaseCheck,
      T,
      P,
      flowRate: input.flowRate,
      length: length.value,
      diameter: diameter.value,
      roughness,
      elevation,
      increments,
      detail: detailRaw === 'FULL' ? 'FULL' : 'SUMMARY',
      warnings: [...r.warnings, ...warnings],
    },
  };
}

export { parseFlowRate };
