/**
 * Contract warnings of a TP flash result (seed 000 warning taxonomy), computed from the request
 * and the engine's answer; the texts of MODEL_LIMITATION and EXTRAPOLATION follow the original's.
 */
import type { FlashReport, FlashResult } from '../../../engine/index.js';
import type { WithheldProperty } from '../../../engine/properties/physical-bounds.js';
import { isPolar, MIN_PHASE_FRACTION } from '../../../engine/index.js';
import { isAssociating } from '../../../engine/cpa-fluid.js';
import { warning, type Warning } from '../../contract/envelope.js';
import type { FlashRequest } from './request.js';
import { isSaturationFlashType } from './flash-types.js';
import { phaseKeys } from './response.js';

/** Within this relative distance of the mixture pseudo-critical T and P a state is "near critical". */
const NEAR_CRITICAL_BAND = 0.1;
/** Phase fractions below this, or a stability tm this close to 0, make the phase count uncertain. */
const SMALL_PHASE_FRACTION = 1e-3;
const SMALL_TM = 1e-3;
const CUBIC_PRESSURE_LIMIT_PA = 500e5;
const T_LOW_K = 73.15;
const T_HIGH_K = 1273.15;

/** The TP flash's own method; a PH/PS result names it last in parentheses (engine state-flash.ts). */
function tpMethod(method: string): string {
  const m = /\(([\w-]+)\)$/.exec(method);
  return m ? m[1] : method;
}

const PROPERTY_NAMES: Record<WithheldProperty, string> = {
  viscosity: 'viscosity',
  thermalConductivity: 'thermal conductivity',
  cp: 'Cp',
  cv: 'Cv',
  speedOfSound: 'speed of sound',
  jouleThomson: 'Joule–Thomson coefficient',
};

/** One MODEL_LIMITATION per phase and reason, naming the properties left out of the result. */
export function withheldWarnings(report: FlashReport): Warning[] {
  const out: Warning[] = [];
  for (const p of report.phases) {
    const byReason = new Map<string, string[]>();
    for (const w of p.withheld ?? []) byReason.set(w.reason, [...(byReason.get(w.reason) ?? []), PROPERTY_NAMES[w.property]]);
    for (const [reason, props] of byReason)
      out.push(warning('MODEL_LIMITATION', `${props.join(', ')} of the ${p.state.label} phase not reported: ${reason}`));
  }
  return out;
}

export function flashWarnings(req: FlashRequest, result: FlashResult, report: FlashReport): Warning[] {
  const out: Warning[] = [...req.warnings];
  const cubic = req.model === 'SRK' || req.model === 'PR';

  let tpc = 0;
  let ppc = 0;
  req.components.forEach((c, i) => {
    tpc += req.z[i] * c.tc;
    ppc += req.z[i] * c.pc;
  });
  if (req.components.length > 0 && Math.abs(req.temperature / tpc - 1) < NEAR_CRITICAL_BAND && Math.abs(req.pressure / ppc - 1) < NEAR_CRITICAL_BAND) {
    out.push(
      warning(
        'NEAR_CRITICAL',
        `T = ${req.temperature.toFixed(2)} K and P = ${(req.pressure / 1e5).toFixed(2)} bara are within 10 % of the mixture pseudo-critical point (Kay's rule: ${tpc.toFixed(1)} K, ${(ppc / 1e5).toFixed(1)} bara); phase split and properties are sensitive here`,
      ),
    );
  }

  const minBeta = Math.min(...result.phases.map((p) => p.beta));
  const method = tpMethod(result.method);
  if (isSaturationFlashType(req.flashType)) {
    // The trace of incipient phase is the answer of a saturation point, not an uncertainty.
  } else if (result.phases.length > 1 && minBeta < SMALL_PHASE_FRACTION) {
    out.push(warning('TWO_PHASE_UNCERTAINTY', `A phase holds only ${minBeta.toExponential(2)} of the feed (mole fraction): the state is close to a phase boundary`));
  } else if (method === 'trivial-split' || method === 'stability-inconclusive') {
    out.push(warning('TWO_PHASE_UNCERTAINTY', 'The stability test and the phase split disagree within round-off (critical region): the single-phase answer is uncertain'));
  } else if (method === 'trace-phase-dropped') {
    out.push(warning('TWO_PHASE_UNCERTAINTY', `The feed is unstable only towards a trace phase that would hold less than ${MIN_PHASE_FRACTION.toExponential(2)} of the feed (a trace component's own phase); that phase is below the reporting limit and the single phase is reported`));
  } else if (result.phases.length === 1 && method === 'stability' && result.stabilityTm !== 0 && Math.abs(result.stabilityTm) < SMALL_TM) {
    out.push(warning('TWO_PHASE_UNCERTAINTY', `The tangent-plane distance of the nearest trial phase is ${result.stabilityTm.toExponential(2)}: the state is close to a phase boundary`));
  }

  if (cubic && req.components.some(isPolar)) {
    out.push(
      warning(
        'MODEL_LIMITATION',
        'Water, glycol, alcohol, or acid-gas systems are outside the most reliable SRK/PR envelope. Use CPA or an electrolyte model when phase behavior or water content is decision-critical.',
      ),
    );
  }
  // CPA models association only for the components it has parameters for; a water-miscible one
  // without them (the alkanolamines, the higher alcohols) is a plain SRK component there.
  const plainInCpa = req.model === 'CPA' ? req.components.filter((c) => isPolar(c) && !isAssociating(c)).map((c) => c.name) : [];
  if (plainInCpa.length > 0) {
    out.push(
      warning(
        'MODEL_LIMITATION',
        `CPA has no association parameters for ${plainInCpa.join(', ')}: treated as non-associating (SRK) component${plainInCpa.length > 1 ? 's' : ''}, so hydrogen bonding with water is not modelled and a liquid–liquid split with water may be an artefact`,
      ),
    );
  }
  if (cubic && req.pressure > CUBIC_PRESSURE_LIMIT_PA) {
    out.push(warning('EXTRAPOLATION', 'SRK/PR cubic EOS results above 500 bara should be benchmarked against GERG-2008 or reference data for high-pressure gas service.'));
  }
  if (req.model === 'GERG2008' && (req.temperature < 90 || req.temperature > 450 || req.pressure > 35e6)) {
    // Kunz & Wagner 2012, Sect. 5: normal range 90–450 K, p ≤ 35 MPa; extended 60–700 K, p ≤ 70 MPa.
    const extended = req.temperature >= 60 && req.temperature <= 700 && req.pressure <= 70e6;
    out.push(warning('EXTRAPOLATION', `The state is outside GERG-2008's normal range (90–450 K, up to 350 bar)${extended ? '; within its extended range (60–700 K, up to 700 bar) the uncertainty is larger' : ' and its extended range (60–700 K, up to 700 bar): the equation is extrapolated'}`));
  }
  if (req.temperature < T_LOW_K || req.temperature > T_HIGH_K) {
    out.push(warning('EXTRAPOLATION', `Temperature ${(req.temperature - 273.15).toFixed(1)} °C is outside −200…1000 °C, beyond the range the component data were fitted for`));
  }
  out.push(...withheldWarnings(report));
  const keys = phaseKeys(report.phases.map((p) => p.state.label));
  for (const i of report.interfaces) {
    const pair = `${keys[i.a]}-${keys[i.b]}`;
    if (i.issue !== undefined) out.push(warning('MODEL_LIMITATION', `Interfacial tension ${pair} not computed (reported as null): ${i.issue}`));
    else if (i.note !== undefined) out.push(warning('MODEL_LIMITATION', `Interfacial tension ${pair} (${i.method}): ${i.note}`));
  }
  return out;
}
