/**
 * Everything a flash report needs, computed once from a FlashResult: per-phase thermodynamic
 * properties (thermo.ts), transport properties (transport module, on the Peneloux density and the
 * original's phase label), overall mixture properties and interfacial tensions between phases.
 */
import type { ComponentData } from '../components/types.js';
import type { ThermoModel } from '../eos/types.js';
import { ResidualDerivatives } from '../eos/types.js';
import type { FlashResult, PhaseState } from '../flash/phase-state.js';
import { phaseThermo, type PhaseThermo } from './thermo.js';
import { idealCpOutOfRange } from './ideal-cp-range.js';
import { outOfBounds, type WithheldProperty, type Withheld } from './physical-bounds.js';
import { surfaceTensionDetailed, transportPropertiesChecked, type TransportPhaseInput } from './transport/index.js';

export interface PhaseReport {
  state: PhaseState;
  thermo: PhaseThermo;
  /** Mass fractions. */
  w: Float64Array;
  /** Undefined when outside every transport method's domain (see withheld / transportIssue). */
  viscosity?: number;
  thermalConductivity?: number;
  /** Which method gave each transport property. */
  transportMethods?: { viscosity?: string; thermalConductivity?: string };
  /** Set when viscosity or conductivity was not computed: the reasons, for callers that need one text. */
  transportIssue?: string;
  /**
   * Properties not to report for this phase, with the reason: outside every method's validity
   * domain, or (a defect: the sweep test fails on it) outside the physical bounds. The thermo
   * numbers stay in `thermo` for internal use; reports must leave the withheld ones out.
   */
  withheld: Withheld[];
}

export interface InterfaceReport {
  /** Indexes into phases. */
  a: number;
  b: number;
  /** N/m; undefined when it could not be evaluated (issue says why). */
  tension?: number;
  /** The interfacial-tension method used (transport/surface-tension.ts). */
  method?: string;
  /** Caveat to report with the tension (e.g. near-critical parachor). */
  note?: string;
  issue?: string;
}

export interface OverallReport {
  molarMass: number;
  /** Total mass / total (Peneloux-shifted) volume, kg/m3. */
  density: number;
  /** Molar volume of the mixture, m3/mol. */
  molarVolume: number;
  /** J/mol and J/(mol·K). */
  enthalpy: number;
  entropy: number;
  cp: number;
  cv: number;
  /** Mass fractions of the feed. */
  w: Float64Array;
}

export interface FlashReport {
  phases: PhaseReport[];
  overall: OverallReport;
  interfaces: InterfaceReport[];
}

export interface ReportOptions {
  /** Skip viscosity, conductivity and interfacial tension (e.g. for Gibbs checks or sweeps). */
  skipTransport?: boolean;
}

/** Mass fractions of mole fractions x over the given components. */
export function massFractions(components: readonly ComponentData[], x: ArrayLike<number>): Float64Array {
  const n = components.length;
  const w = new Float64Array(n);
  let m = 0;
  for (let i = 0; i < n; i++) {
    w[i] = x[i] * components[i].molarMass;
    m += w[i];
  }
  for (let i = 0; i < n; i++) w[i] /= m;
  return w;
}

function transportInput(model: ThermoModel, r: FlashResult, p: PhaseState, t: PhaseThermo): TransportPhaseInput {
  return {
    temperature: r.T,
    pressure: r.P,
    components: model.components,
    x: Array.from(p.x),
    molarMass: t.molarMass,
    density: t.density,
    eosDensity: t.molarMass / t.molarVolumeEos,
    kind: p.label,
  };
}

function describe(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}

const CP_DERIVED: readonly WithheldProperty[] = ['cp', 'cv', 'speedOfSound', 'jouleThomson'];

/**
 * The single physical-bounds check of a reported phase: a viscosity, conductivity, Cp or speed of
 * sound outside PHYSICAL_BOUNDS is withheld with kind 'bounds' (a failing Cp takes Cv and the
 * Joule–Thomson coefficient and speed of sound with it, as they are built on it).
 */
export function enforcePhysicalBounds(rep: PhaseReport): void {
  const has = (prop: WithheldProperty) => rep.withheld.some((w) => w.property === prop);
  const withhold = (prop: WithheldProperty, reason: string) => {
    if (!has(prop)) rep.withheld.push({ property: prop, kind: 'bounds', reason });
  };
  for (const prop of ['viscosity', 'thermalConductivity'] as const) {
    const v = rep[prop];
    if (v === undefined) continue;
    const why = outOfBounds(prop, v);
    if (why) {
      rep[prop] = undefined;
      withhold(prop, why);
    }
  }
  if (!has('cp')) {
    const why = outOfBounds('cp', rep.thermo.cp / rep.thermo.molarMass);
    if (why) for (const prop of CP_DERIVED) withhold(prop, why);
  }
  if (!has('speedOfSound')) {
    const why = outOfBounds('speedOfSound', rep.thermo.speedOfSound);
    if (why) withhold('speedOfSound', why);
  }
}

/** True when the report must leave `prop` of this phase out. */
export function isWithheld(rep: PhaseReport, prop: WithheldProperty): boolean {
  return rep.withheld.some((w) => w.property === prop);
}

export function flashReport(model: ThermoModel, r: FlashResult, options: ReportOptions = {}): FlashReport {
  const at = model.atTemperature(r.T);
  const scratch = new ResidualDerivatives(model.nc);
  const phases: PhaseReport[] = [];
  const inputs: TransportPhaseInput[] = [];
  let volume = 0;
  let H = 0;
  let S = 0;
  let cp = 0;
  let cv = 0;
  for (const p of r.phases) {
    const thermo = phaseThermo(model, at, r.P, p.x, p.V, scratch);
    const rep: PhaseReport = { state: p, thermo, w: massFractions(model.components, p.x), withheld: [] };
    volume += p.beta * thermo.molarVolume;
    H += p.beta * thermo.enthalpy;
    S += p.beta * thermo.entropy;
    cp += p.beta * thermo.cp;
    cv += p.beta * thermo.cv;
    const input = transportInput(model, r, p, thermo);
    inputs.push(input);
    if (!options.skipTransport) {
      try {
        const tr = transportPropertiesChecked(input);
        rep.viscosity = tr.viscosity.value;
        rep.thermalConductivity = tr.thermalConductivity.value;
        rep.transportMethods = { viscosity: tr.viscosity.method, thermalConductivity: tr.thermalConductivity.method };
        const reasons: string[] = [];
        for (const prop of ['viscosity', 'thermalConductivity'] as const) {
          if (tr[prop].value === undefined) {
            rep.withheld.push({ property: prop, kind: 'domain', reason: tr[prop].reason ?? 'no method applies' });
            reasons.push(`${prop}: ${tr[prop].reason}`);
          }
        }
        if (reasons.length > 0) rep.transportIssue = reasons.join('; ');
      } catch (e) {
        rep.transportIssue = describe(e);
        for (const prop of ['viscosity', 'thermalConductivity'] as const) rep.withheld.push({ property: prop, kind: 'domain', reason: rep.transportIssue });
      }
    }
    const cpRange = idealCpOutOfRange(model.components, p.x, r.T);
    if (cpRange) for (const prop of CP_DERIVED) rep.withheld.push({ property: prop, kind: 'domain', reason: cpRange });
    enforcePhysicalBounds(rep);
    phases.push(rep);
  }
  const interfaces: InterfaceReport[] = [];
  if (!options.skipTransport) {
    for (let a = 0; a < phases.length; a++) {
      for (let b = a + 1; b < phases.length; b++) {
        try {
          const r = surfaceTensionDetailed(inputs[a], inputs[b]);
          interfaces.push({ a, b, tension: r.sigma, method: r.method, ...(r.note !== undefined ? { note: r.note } : {}) });
        } catch (e) {
          interfaces.push({ a, b, issue: describe(e) });
        }
      }
    }
  }
  let M = 0;
  for (let i = 0; i < model.nc; i++) M += r.z[i] * model.components[i].molarMass;
  return {
    phases,
    interfaces,
    overall: { molarMass: M, density: M / volume, molarVolume: volume, enthalpy: H, entropy: S, cp, cv, w: massFractions(model.components, r.z) },
  };
}
