/**
 * runFlash dewPointT, dewPointP, bubblePointT, bubblePointP with SRK/PR: the engine's saturation
 * point, reported as the original reports it — the flash state at the converged T (…PointT) or
 * P (…PointP) with the feed phase at β = 1 − 1e-10 and the incipient phase (its composition the
 * incipient composition) at β = 1e-10, lightest phase first.
 */
import {
  bubblePointPressure,
  bubblePointTemperature,
  dewPointPressure,
  dewPointTemperature,
  metastability,
  saturationFlashResult,
  saturationFromEnvelope,
  type EnvelopeReach,
  type FlashResult,
  type SaturationOutcome,
  type ThermoModel,
} from '../../../engine/index.js';
import { warning, type DiagnosticIssue, type Warning } from '../../contract/envelope.js';
import type { SaturationFlashType } from './flash-types.js';

export type SaturationRun = { ok: true; result: FlashResult; warnings: Warning[]; notes: string[] } | { ok: false; issue: DiagnosticIssue };

/** The original's choice, stated in provenance: which point is returned when there are two. */
export const SATURATION_ASSUMPTIONS: Record<SaturationFlashType, string> = {
  dewPointT: 'dewPointT: dew-point temperature at the given pressure (the given temperature is only the initial guess); where the pressure crosses the dew curve twice, the higher (normal) dew temperature',
  dewPointP: 'dewPointP: dew-point pressure at the given temperature (the given pressure is only the initial guess); where the temperature crosses the dew curve twice (between the critical temperature and the cricondentherm), the LOWER dew pressure, as the original returns — not the retrograde upper one',
  bubblePointT: 'bubblePointT: bubble-point temperature at the given pressure (the given temperature is only the initial guess)',
  bubblePointP: 'bubblePointP: bubble-point pressure at the given temperature (the given pressure is only the initial guess)',
};

const NO_POINT_FIX: Record<SaturationFlashType, string> = {
  dewPointT:
    'The pressure is above the cricondenbar of this feed (no dew point at any temperature): lower the pressure, or ask dewPointP at a temperature below the cricondentherm',
  dewPointP:
    'The temperature is above the cricondentherm of this feed (no dew point at any pressure), or the dew pressure is below 1e-4 bara: lower the temperature, or ask dewPointT at a pressure below the cricondenbar',
  bubblePointT:
    'The pressure is above the highest pressure of the bubble curve (cricondenbar or critical pressure) of this feed: lower the pressure; a gas-like feed may only have a dew point there (flashType dewPointT)',
  bubblePointP:
    'The temperature is above the critical temperature of this feed (a bubble point exists only below it): lower the temperature, or ask dewPointP for the dew point at this temperature',
};

const NOT_CONVERGED_FIX =
  'The point is probably very close to the critical point of the mixture: move the spec slightly, give an initial guess closer to the answer, or try the other cubic model';

const show = (solveFor: 'T' | 'P', v: number): string => (solveFor === 'T' ? `${(v / 1e5).toPrecision(6)} bara` : `${v.toFixed(3)} K`);

/**
 * The answer when neither the solver nor the envelope found the point. When the traced envelope's
 * branch reaches past the spec (the point exists: the spec lies between its lowest traced value
 * and its cricondenbar/cricondentherm or critical point), NO_SATURATION_POINT would be false: it is
 * SATURATION_NOT_CONVERGED, saying where the branch reaches and how close the critical point is.
 * Otherwise NO_SATURATION_POINT names how far the branch reaches.
 */
function notFoundIssue(type: SaturationFlashType, kind: 'dew' | 'bubble', solveFor: 'T' | 'P', spec: number, out: { code: string; message: string }, seen: EnvelopeReach): DiagnosticIssue {
  const by = solveFor === 'T' ? 'P' : 'T'; // the spec variable
  const c = seen.critical;
  const critical = c === undefined ? '' : `; critical point ${c.T.toFixed(3)} K, ${(c.P / 1e5).toPrecision(6)} bara`;
  const reach = seen.reach;
  if (reach !== undefined && reach > 0 && spec < reach && spec >= (seen.lowest ?? Infinity)) {
    const short = (100 * (1 - spec / reach)).toPrecision(2);
    const fromCritical = c === undefined ? '' : `, ${(100 * Math.abs(spec / c[by] - 1)).toPrecision(2)} % from the critical ${by === 'P' ? 'pressure' : 'temperature'}`;
    return {
      severity: 'error',
      code: 'SATURATION_NOT_CONVERGED',
      message: `${type}: the ${kind} branch of the traced phase envelope reaches ${show(solveFor, reach)}, ${short} % beyond the spec ${show(solveFor, spec)}, so the point exists, but neither the saturation solver nor the envelope search converged on it (the spec is within ${short} % of the branch's extreme${fromCritical})${critical}`,
      fix: NOT_CONVERGED_FIX,
    };
  }
  const fix = out.code === 'NO_SATURATION_POINT' ? NO_POINT_FIX[type] : NOT_CONVERGED_FIX;
  const reached = reach !== undefined && reach > 0 ? `; the traced ${kind} branch reaches at most ${show(solveFor, reach)}${critical}` : '';
  return { severity: 'error', code: out.code, message: `${type}: ${out.message} (the traced phase envelope does not cross it either${reached})`, fix };
}

/**
 * T (K) and P (Pa) of the request: for …PointT the pressure is the spec and the temperature the
 * initial guess; for …PointP the other way round.
 */
export function runSaturation(type: SaturationFlashType, model: ThermoModel, z: ArrayLike<number>, temperature: number, pressure: number): SaturationRun {
  let out: SaturationOutcome;
  switch (type) {
    case 'dewPointT':
      out = dewPointTemperature(model, pressure, z, temperature);
      break;
    case 'bubblePointT':
      out = bubblePointTemperature(model, pressure, z, temperature);
      break;
    case 'dewPointP':
      out = dewPointPressure(model, temperature, z, pressure);
      break;
    case 'bubblePointP':
      out = bubblePointPressure(model, temperature, z, pressure);
      break;
  }
  const kind = type.startsWith('dew') ? 'dew' : 'bubble';
  const solveFor = type.endsWith('T') ? 'T' : 'P';
  const notes: string[] = [];
  const seen: EnvelopeReach = {};
  const spec = solveFor === 'T' ? pressure : temperature;
  if (!out.ok) {
    // Before answering "no point": the traced envelope may cross the spec line where the
    // solver's scan missed it (a narrow band near a critical point).
    const fromEnvelope = saturationFromEnvelope(model, kind, solveFor, spec, z, seen);
    if (fromEnvelope) {
      out = fromEnvelope;
      notes.push(`${type}: found on the traced phase envelope (the direct solver missed it) and polished by Newton on the saturation equations`);
    }
  }
  if (!out.ok) return { ok: false, issue: notFoundIssue(type, kind, solveFor, spec, out, seen) };
  const warnings: Warning[] = [];
  const m = metastability(model, kind, solveFor, out.T, out.P, z);
  if (m.metastable) {
    const side = solveFor === 'T' ? (kind === 'dew' ? 'above' : 'below') : kind === 'dew' ? 'below' : 'above';
    const where =
      m.stableBoundary === undefined
        ? 'no single stable phase was found along the spec line'
        : solveFor === 'T'
          ? `the feed is one stable phase only ${side} ${m.stableBoundary.toFixed(2)} K (${(m.stableBoundary - 273.15).toFixed(2)} °C) at this pressure`
          : `the feed is one stable phase only ${side} ${(m.stableBoundary / 1e5).toPrecision(5)} bara at this temperature`;
    warnings.push(
      warning(
        'TWO_PHASE_UNCERTAINTY',
        `Metastable ${kind} point: just ${side} it, where the feed should be one phase, a TP flash with stability analysis splits it into ${m.outsidePhases.join(' + ')} (${m.outsidePhases.every((l) => l !== 'gas') ? 'two liquids' : 'other phases'}); the point solves the two-phase saturation equations but is not a boundary of the stable phase diagram: ${where}`,
      ),
    );
  }
  return { ok: true, result: saturationFlashResult(model, kind, out.T, out.P, z, out.incipient, out.iterations), warnings, notes };
}
