/**
 * runFlash with model GERG2008 and "singlePhase": true: the homogeneous single-phase state at
 * (T, P) from the GERG-2008 reference path (src/engine/reference-eos, the NIST AGA8/GERG code's
 * scheme, ISO 20765-2), whatever the phase behaviour. Without the option GERG2008 runs the generic
 * flashes on the full model (engine/reference-eos/gerg2008-model.ts). Here GERG-2008's own
 * stability analysis (a TP flash) says whether the feed would split; then the answer carries a
 * warning, because the homogeneous state is then not the equilibrium.
 */
import { gerg2008State } from '../../../engine/reference-eos/index.js';
import { createFluid, flashTP, labelPhase, massFractions, type FlashReport } from '../../../engine/index.js';
import { transportPropertiesChecked } from '../../../engine/properties/transport/index.js';
import { enforcePhysicalBounds, type PhaseReport } from '../../../engine/properties/thermo-report.js';
import { issue, warning, type DiagnosticIssue, type Warning } from '../../contract/envelope.js';
import type { FlashRequest } from './request.js';

export type GergOutcome = { ok: true; report: FlashReport; warnings: Warning[] } | { ok: false; issues: DiagnosticIssue[] };

export function gergSinglePhaseReport(req: FlashRequest): GergOutcome {
  const composition: Record<string, number> = {};
  req.components.forEach((c, i) => (composition[c.name] = req.z[i]));
  const st = gerg2008State(req.temperature, req.pressure, composition, { densitySearch: 'stable' });
  if (!st.ok) return { ok: false, issues: [issue(st.code === 'DENSITY_NOT_CONVERGED' ? 'FLASH_NOT_CONVERGED' : 'FLASH_ERROR', st.message, st.fix)] };

  const fluid = createFluid('GERG2008', req.components, req.z);
  const warnings: Warning[] = [];
  const check = flashTP(fluid.model, req.temperature, req.pressure, fluid.z);
  if (check.ok && check.result.phases.length > 1) {
    const [light, heavy] = check.result.phases;
    warnings.push(
      warning(
        'MODEL_LIMITATION',
        `singlePhase: GERG-2008's own TP flash splits this feed at ${(req.temperature - 273.15).toFixed(2)} °C and ${(req.pressure / 1e5).toFixed(3)} bara (${light.label} ${(light.beta * 100).toPrecision(4)} mol-%, ${heavy.label} ${(heavy.beta * 100).toPrecision(4)} mol-%); the homogeneous state reported is not the equilibrium. Omit singlePhase for the phase split`,
      ),
    );
  } else if (!check.ok) {
    warnings.push(warning('CONVERGENCE_WARNING', `singlePhase: GERG-2008's TP flash of this feed did not converge (${check.message}); whether it would split is unknown`));
  }

  const V = 1 / st.density;
  const x = Float64Array.from(req.z);
  const at = fluid.model.atTemperature(req.temperature);
  const label = labelPhase(req.components, x, V, at.covolume(x));
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
  return { ok: true, report, warnings };
}
