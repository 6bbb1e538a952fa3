/**
 * runFlash with model GERG2008: single-phase properties from the GERG-2008 reference equation
 * (src/engine/reference-eos). GERG-2008 is used here as the original uses it, for single-phase
 * gas (and dense/liquid) states; the phase check is our SRK TP flash of the same feed, because a
 * multiparameter phase-equilibrium solver is not part of this engine. A two-phase feed, or a
 * component GERG-2008 does not cover, is answered with an error code and a fix.
 */
import { gerg2008State, REFERENCE_COMPONENTS } from '../../../engine/reference-eos/index.js';
import { createCubicFluid, flashTP, massFractions, type FlashReport, type PhaseLabel } from '../../../engine/index.js';
import { transportPropertiesChecked } from '../../../engine/properties/transport/index.js';
import { enforcePhysicalBounds, type PhaseReport } from '../../../engine/properties/thermo-report.js';
import { issue, type DiagnosticIssue } from '../../contract/envelope.js';
import type { FlashRequest } from './request.js';

export type GergOutcome = { ok: true; report: FlashReport } | { ok: false; issues: DiagnosticIssue[] };

const COVERED = new Set<string>(REFERENCE_COMPONENTS);

export function gergReport(req: FlashRequest): GergOutcome {
  const uncovered = req.components.filter((c) => !COVERED.has(c.name)).map((c) => c.name);
  if (uncovered.length > 0) {
    return {
      ok: false,
      issues: uncovered.map((n) =>
        issue('UNSUPPORTED_COMPONENT', `GERG2008 does not cover '${n}'`, `Use model SRK or PR, or limit the fluid to the GERG-2008 components: ${REFERENCE_COMPONENTS.join(', ')}`, `components.${n}`),
      ),
    };
  }
  const check = flashTP(createCubicFluid('SRK', req.components, req.z).model, req.temperature, req.pressure, req.z);
  if (!check.ok) return { ok: false, issues: [issue('FLASH_ERROR', `Phase check for GERG2008 failed: ${check.message}`, 'Use model SRK or PR for this state')] };
  if (check.result.phases.length > 1) {
    return {
      ok: false,
      issues: [
        issue(
          'GERG_TWO_PHASE',
          `The feed is two-phase at ${(req.temperature - 273.15).toFixed(2)} °C and ${(req.pressure / 1e5).toFixed(3)} bara (phase check with SRK); the GERG2008 path computes single-phase properties only`,
          'Use model SRK or PR for two-phase states, or move T/P out of the two-phase region',
        ),
      ],
    };
  }
  const composition: Record<string, number> = {};
  req.components.forEach((c, i) => (composition[c.name] = req.z[i]));
  const st = gerg2008State(req.temperature, req.pressure, composition, { densitySearch: 'stable' });
  if (!st.ok) return { ok: false, issues: [issue(st.code === 'DENSITY_NOT_CONVERGED' ? 'FLASH_NOT_CONVERGED' : 'FLASH_ERROR', st.message, st.fix)] };

  const label: PhaseLabel = check.result.phases[0].label;
  const V = 1 / st.density;
  const x = Float64Array.from(req.z);
  let M = 0;
  req.components.forEach((c, i) => (M += req.z[i] * c.molarMass));
  let viscosity: number | undefined;
  let thermalConductivity: number | undefined;
  let transportIssue: string | undefined;
  const withheld: PhaseReport['withheld'] = [];
  try {
    const tr = transportPropertiesChecked({ temperature: req.temperature, pressure: req.pressure, components: req.components, x: req.z, molarMass: M, density: st.massDensity, eosDensity: st.massDensity, kind: label });
    viscosity = tr.viscosity.value;
    thermalConductivity = tr.thermalConductivity.value;
    for (const prop of ['viscosity', 'thermalConductivity'] as const) {
      if (tr[prop].value === undefined) withheld.push({ property: prop, kind: 'domain', reason: tr[prop].reason ?? 'no method applies' });
    }
  } catch (e) {
    transportIssue = e instanceof Error ? e.message : String(e);
    for (const prop of ['viscosity', 'thermalConductivity'] as const) withheld.push({ property: prop, kind: 'domain', reason: transportIssue });
  }
  const w = massFractions(req.components, req.z);
  const thermo = {
    Z: st.Z,
    molarVolumeEos: V,
    molarVolume: V,
    density: st.massDensity,
    molarMass: st.molarMass,
    enthalpy: st.H,
    entropy: st.S,
    cp: st.Cp,
    cv: st.Cv,
    speedOfSound: st.w,
    jouleThomson: st.JT,
    kappa: st.kappa,
    gibbsResidual: NaN,
    dPdT: st.dPdT,
    dPdV: -st.dPdD * st.density * st.density,
  };
  const phase: PhaseReport = { state: { label, beta: 1, x, V, Z: st.Z, lnPhi: new Float64Array(x.length).fill(NaN) }, thermo, w, viscosity, thermalConductivity, transportIssue, withheld };
  enforcePhysicalBounds(phase);
  const report: FlashReport = {
    phases: [phase],
    interfaces: [],
    overall: { molarMass: st.molarMass, density: st.massDensity, molarVolume: V, enthalpy: st.H, entropy: st.S, cp: st.Cp, cv: st.Cv, w },
  };
  return { ok: true, report };
}
