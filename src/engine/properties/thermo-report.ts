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
import { surfaceTensionDetailed, transportProperties, type TransportPhaseInput } from './transport/index.js';

export interface PhaseReport {
  state: PhaseState;
  thermo: PhaseThermo;
  /** Mass fractions. */
  w: Float64Array;
  /** Undefined when the transport correlations could not be evaluated (see transportIssue). */
  viscosity?: number;
  thermalConductivity?: number;
  transportIssue?: string;
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
    const rep: PhaseReport = { state: p, thermo, w: massFractions(model.components, p.x) };
    volume += p.beta * thermo.molarVolume;
    H += p.beta * thermo.enthalpy;
    S += p.beta * thermo.entropy;
    cp += p.beta * thermo.cp;
    cv += p.beta * thermo.cv;
    const input = transportInput(model, r, p, thermo);
    inputs.push(input);
    if (!options.skipTransport) {
      try {
        const tr = transportProperties(input);
        rep.viscosity = tr.viscosity;
        rep.thermalConductivity = tr.thermalConductivity;
      } catch (e) {
        rep.transportIssue = describe(e);
      }
    }
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
