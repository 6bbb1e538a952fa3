/**
 * getPhaseEnvelope (core, CALCULATION, v1.0): the P–T phase envelope of a mixture with any runFlash model, on the
 * engine (src/engine/flash/envelope.ts): the dew curve from 1 bar, through the critical point,
 * and the bubble curve back to 1 bar, with the critical point, cricondenbar and cricondentherm.
 *
 * The original reports only the dew branch, with temperature and pressure under each other's
 * labels, NaN break points, and cricondenbar/cricondentherm swapped the same way
 * (spec/neqsim-surface.md 2.9, reference/neqsim/envelope.json notes); this reports both branches,
 * each point labelled, numbers only. A trace that stops early says so (CONVERGENCE_WARNING and
 * `complete: false`) instead of presenting half an envelope as whole.
 */
import { Type, type Static } from '@sinclair/typebox';
import { moleFraction, pressureValue } from '../contract/bounded.js';
import { createFluid, phaseEnvelope } from '../../engine/index.js';
import { failure, issue, success, warning, type DiagnosticIssue, type Envelope } from '../contract/envelope.js';
import { defineTool } from '../contract/types.js';
import { parseFlashRequest } from './runFlash/request.js';
import { PCSAFT_QUANTUM_GASES, pcsaftQuantumGasRefusal } from '../../engine/pcsaft-fluid.js';
import { ALL_MODELS_DESCRIPTION, FLASH_MODELS, MIXING_RULE_DESCRIPTION } from '../contract/flash-models.js';
import { parsePressure } from '../contract/units.js';

const TOOL = 'getPhaseEnvelope';
const KELVIN_OFFSET = 273.15;
const DEFAULT_PMIN_BARA = 1;
/** Highest pressure traced (the engine's default limit). */
const PMAX_BARA = 1000;

const StatePoint = Type.Object({ temperature_K: Type.Number(), temperature_C: Type.Number(), pressure_bara: Type.Number() }, { additionalProperties: false });

export const PhaseEnvelopeInput = Type.Object(
  {
    model: Type.Optional(Type.String({ description: ALL_MODELS_DESCRIPTION, examples: ['SRK', 'PR', 'GERG2008', 'UMRPRU', 'PCSAFT'] })),
    components: Type.Record(Type.String(), moleFraction(), { description: 'Component name → mole fraction, e.g. {"methane": 0.85, "ethane": 0.10, "propane": 0.05}' }),
    mixingRule: Type.Optional(Type.String({ description: MIXING_RULE_DESCRIPTION, examples: ['classic'] })),
    lowPressure: Type.Optional(
      Type.Union([pressureValue({ description: 'a bare number is bara' }), Type.Object({ value: pressureValue(), unit: Type.Optional(Type.String()) }, { additionalProperties: false })], {
        description: 'Pressure the dew curve starts at and the bubble curve ends at (default 1 bara, as the original): a bare number is bara, or {value, unit}',
      }),
    ),
  },
  { additionalProperties: false },
);

export const PhaseEnvelopeOutput = Type.Object(
  {
    model: Type.String(),
    numberOfPoints: Type.Integer(),
    complete: Type.Boolean({ description: 'True when the trace went from the low pressure round the critical point and back down to it (for one component: up to the critical point)' }),
    envelope: Type.Array(
      Type.Object(
        {
          temperature_K: Type.Number(),
          temperature_C: Type.Number(),
          pressure_bara: Type.Number(),
          branch: Type.Union([Type.Literal('dew'), Type.Literal('bubble')], { description: 'dew: the feed is a saturated vapour; bubble: a saturated liquid (past the critical point)' }),
          stable: Type.Boolean({ description: 'False where the feed splits into other phases (e.g. two liquids): the point solves the two-phase saturation equations but is not a boundary of the stable phase diagram' }),
          segment: Type.Integer({ description: 'Traced segment the point belongs to (0 first); a new segment starts where a trace lost the stable branch and was restarted from another seed (the dew point of another liquid, or the bubble point at lowPressure); do not join points of different segments' }),
        },
        { additionalProperties: false },
      ),
      { description: 'Segment after segment, each in trace order: dew curve upwards, critical point, bubble curve downwards' },
    ),
    criticalPoints: Type.Object(
      {
        criticalPoint: Type.Optional(StatePoint),
        cricondenbar: Type.Optional(Type.Object(StatePoint.properties, { additionalProperties: false, description: 'Highest pressure of the stable boundary; absent when the curve still rises at the 1000 bara limit (a warning says so)' })),
        cricondentherm: StatePoint,
      },
      { additionalProperties: false },
    ),
  },
  { additionalProperties: false },
);
type Output = Static<typeof PhaseEnvelopeOutput>;

const point = (T: number, P: number) => ({ temperature_K: T, temperature_C: T - KELVIN_OFFSET, pressure_bara: P / 1e5 });

export function getPhaseEnvelope(input: unknown): Envelope<Output> {
  const started = performance.now();
  if (input === null || typeof input !== 'object' || Array.isArray(input)) {
    return failure(TOOL, 'input', [issue('INPUT_ERROR', 'getPhaseEnvelope input must be a JSON object', 'Send {"model": "SRK", "components": {"methane": 0.85, "ethane": 0.1, "propane": 0.05}}')]);
  }
  const o = input as Record<string, unknown>;
  const issues: DiagnosticIssue[] = [];
  const parsed = parseFlashRequest({ model: o.model, components: o.components, mixingRule: o.mixingRule }, FLASH_MODELS);
  if (!parsed.ok) issues.push(...parsed.issues);
  let Pmin = DEFAULT_PMIN_BARA * 1e5;
  if (o.lowPressure !== undefined) {
    const r = parsePressure(o.lowPressure, { field: 'lowPressure' });
    if (!r.ok) issues.push(r.issue);
    else if (r.value > 50e5) issues.push(issue('PRESSURE_ERROR', `lowPressure ${r.value / 1e5} bara is too high to start an envelope from`, 'Give a low pressure of at most 50 bara (default 1 bara)', 'lowPressure'));
    else Pmin = r.value;
  }
  if (issues.length > 0 || !parsed.ok) return failure(TOOL, 'compute', issues);
  const req = parsed.request;
  const fluid = createFluid(req.model, req.components, req.z, req.alphaFunction, { umrAttraction: req.umrAttraction });
  const env = phaseEnvelope(fluid.model, fluid.z, { Pmin, Pmax: PMAX_BARA * 1e5 });
  if (!env.ok) {
    return failure(TOOL, 'compute', [{ severity: 'error', code: 'ENVELOPE_ERROR', message: env.message, fix: `The mixture has no dew point at ${Pmin / 1e5} bara the trace can start from: try another lowPressure, or check the composition (runFlash dewPointT at that pressure)` }], 'envelope');
  }
  const warnings = [...req.warnings];
  if (req.model === 'PCSAFT') {
    // Points where a quantum gas is below the temperature its PC-SAFT parameters allow (runFlash refuses those states).
    const cold = env.points.filter((p) => pcsaftQuantumGasRefusal(req.components, req.z, p.T) !== undefined);
    if (cold.length > 0) {
      const why = pcsaftQuantumGasRefusal(req.components, req.z, Math.min(...cold.map((p) => p.T)))!;
      warnings.push(warning('MODEL_LIMITATION', `${cold.length} of ${env.points.length} envelope points (down to ${(Math.min(...cold.map((p) => p.T)) - KELVIN_OFFSET).toFixed(1)} °C) lie below ${PCSAFT_QUANTUM_GASES[why.component].minT_K} K, where PC-SAFT cannot describe ${why.component} (a quantum gas; runFlash refuses those states): that part of the envelope is not reliable; use GERG2008 for it`));
    }
  }
  const unstable = env.points.filter((p) => !p.stable);
  if (unstable.length > 0) {
    const Ts = unstable.map((p) => p.T - KELVIN_OFFSET);
    warnings.push(
      warning(
        'TWO_PHASE_UNCERTAINTY',
        `${unstable.length} of ${env.points.length} envelope points (${Math.min(...Ts).toFixed(1)} to ${Math.max(...Ts).toFixed(1)} °C, marked stable: false) are not boundaries of the stable phase diagram: there the feed splits into other phases (e.g. two liquids); check those states with runFlash and multiPhaseCheck: true`,
      ),
    );
  }
  if (env.cricondenbar === undefined) {
    warnings.push(
      warning(
        'CONVERGENCE_WARNING',
        `The saturation curve still rises at the ${PMAX_BARA} bara limit of the trace (${env.stopReason}): it was traced up to that limit, the cricondenbar lies above it and is not reported. Typical of hydrogen- or nitrogen-rich gases with a cubic equation of state, whose dew curve climbs steeply at low temperature`,
      ),
    );
  } else if (!env.complete) warnings.push(warning('CONVERGENCE_WARNING', `The envelope trace stopped early (${env.stopReason}); the points returned are converged, the rest of the envelope is missing`));
  return success({
    tool: TOOL,
    data: {
      model: req.model,
      numberOfPoints: env.points.length,
      complete: env.complete,
      envelope: env.points.map((p) => ({ ...point(p.T, p.P), branch: p.branch, stable: p.stable, segment: p.segment })),
      criticalPoints: {
        ...(env.critical ? { criticalPoint: point(env.critical.T, env.critical.P) } : {}),
        ...(env.cricondenbar ? { cricondenbar: point(env.cricondenbar.T, env.cricondenbar.P) } : {}),
        cricondentherm: point(env.cricondentherm.T, env.cricondentherm.P),
      },
    },
    warnings,
    provenance: {
      model: req.model,
      calculationType: 'phase envelope',
      mixingRule: req.model === 'UMRPRU' && req.umrAttraction === 'umr' ? 'UMR (universal mixing rule with UNIFAC)' : 'classic',
      convergence: { converged: env.complete, iterations: env.newtonIterations, message: `${env.points.length} points; ${env.stopReason}` },
      assumptions: [
        'Michelsen (1980) continuation in (ln K, ln T, ln P): each point is a converged saturation point (equal fugacities, Newton to 1e-10)',
        'Critical point where every ln K changes sign, interpolated by a cubic in ln K; cricondenbar and cricondentherm are the extremes of the stable part of the curve, located by solving dP/dT = 0 (resp. dT/dP = 0) on the traced branch',
        'A trace that loses the stable branch (another liquid condenses first) is restarted from the dew point of that liquid; a trace that does not come back down past a critical point is completed from the bubble point at lowPressure (points carry their segment index)',
        'Two phases traced; the stability of every third point is screened by a tangent-plane analysis of the feed with the trial phases of a TP flash with a third-phase search (Wilson, each component near-pure, the other volume root); where a trial finds another phase, that TP flash decides, and the point is marked stable: false where the feed splits otherwise (e.g. two liquids). The points between two screened ones take their flag when both ends agree without doubt (every trial ran into the feed or the incipient phase, or the flash splits the feed by at least 1 %); otherwise each is checked',
        'Step length follows the curvature of the curve: the polyline through the points lies within 1e-3 (in ln T, ln P) of the exact saturation curve',
      ],
      limitations: [req.model === 'GERG2008' ? 'GERG-2008: within its stated uncertainty for natural gases; the envelope top is the least certain part' : `${req.model}: critical points and the envelope top are the least accurate part (typically a few K and bar off measured data)`],
      computationTimeMs: performance.now() - started,
    },
    validationMessage: 'Input checked; envelope traced',
  });
}

export const getPhaseEnvelopeTool = defineTool({
  name: TOOL,
  tier: 'core',
  category: 'CALCULATION',
  since: 'v1.0',
  summary: 'P–T phase envelope of a mixture (any runFlash model: SRK, PR, CPA, GERG-2008, UMR-PRU, PC-SAFT): dew and bubble curves, critical point, cricondenbar and cricondentherm.',
  description:
    'P–T phase envelope of a mixture (SRK, PR, CPA, GERG2008, UMRPRU or PCSAFT): the dew curve from lowPressure (default 1 bara) up, through the critical point, and the bubble curve back down, each point labelled dew or bubble, with the critical point, cricondenbar and cricondentherm (temperature in K and C, pressure in bara). ' +
    'Required: components (name → mole fraction). One component gives its vapour-pressure curve up to the critical point. A trace that stops early is flagged (complete: false and a CONVERGENCE_WARNING). Unlike the original, both branches are reported and temperature and pressure are under their own labels.',
  input: PhaseEnvelopeInput,
  output: PhaseEnvelopeOutput,
  exampleCategory: 'flash',
  examples: [
    {
      name: 'phase-envelope-natural-gas',
      description: 'Envelope of a six-component natural gas (SRK): cricondentherm about 12 °C at 57 bara, cricondenbar about 103 bara, critical point about −45 °C at 84 bara',
      input: { model: 'SRK', components: { methane: 0.85, ethane: 0.07, propane: 0.04, 'n-butane': 0.02, 'n-pentane': 0.01, nitrogen: 0.01 } },
    },
  ],
  execution: 'pool',
  run: (input) => getPhaseEnvelope(input),
});
