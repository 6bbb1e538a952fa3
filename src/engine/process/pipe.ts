/**
 * A multiphase pipe marched in equal increments with the Beggs & Brill gradient (beggs-brill.ts),
 * as the original's PipeBeggsAndBrills: at each increment's inlet the fluid is flashed at the
 * local pressure (isothermal: the inlet temperature throughout, the original's default), the
 * superficial velocities and phase properties give the friction and gravity gradients, and the
 * pressure falls by their sum over the increment (explicit in the increment's inlet state, no
 * acceleration term). Liquids are lumped: density = liquid mass over liquid volume, viscosity
 * volume-weighted.
 */
import { flashReport } from '../properties/thermo-report.js';
import { beggsBrillGradient, bakerSwerdloffTension, type FlowRegime, type Gradient, type LocalFlow } from './beggs-brill.js';
import { streamAtTP, type ProcessFailure, type StreamState } from './stream.js';

export interface PipeSpec {
  /** Along the pipe, m. */
  length: number;
  /** Inside diameter, m. */
  diameter: number;
  /** Absolute wall roughness, m. */
  roughness: number;
  /** Outlet minus inlet height, m (|elevation| ≤ length). */
  elevation: number;
  /** Number of equal increments (the original's default is 5). */
  increments: number;
}

/** State at one node of the march, and the gradient evaluated there (absent at the outlet node). */
export interface PipeNode {
  /** Distance from the inlet, m. */
  position: number;
  height: number;
  pressure: number;
  temperature: number;
  /** Superficial gas and liquid velocities, m/s. */
  vsg: number;
  vsl: number;
  gradient: Gradient;
}

export interface PipeResult {
  ok: true;
  outlet: StreamState;
  nodes: PipeNode[];
  /** Pa over the pipe; positive = pressure falls. */
  pressureDrop: number;
  frictionDrop: number;
  gravityDrop: number;
}

type PhaseFlow = Pick<LocalFlow, 'vsg' | 'vsl' | 'rhoG' | 'rhoL' | 'muG' | 'muL'>;

/** Superficial velocities and lumped gas/liquid properties of a stream in a pipe of area A. */
function phaseFlows(s: StreamState, area: number): PhaseFlow | string {
  const rep = flashReport(s.fluid.model, s.flash);
  let gasVolume = 0;
  let gasMu = 0;
  let gasMass = 0;
  let liqVolume = 0;
  let liqMass = 0;
  let liqMuVolume = 0;
  for (const p of rep.phases) {
    const n = s.molarFlow * p.state.beta;
    const volume = n * p.thermo.molarVolume;
    const mass = n * p.thermo.molarMass;
    if (p.viscosity === undefined) return `viscosity of the ${p.state.label} phase could not be evaluated (${p.transportIssue ?? 'outside the correlation range'})`;
    if (p.state.label === 'gas') {
      gasVolume += volume;
      gasMass += mass;
      gasMu = p.viscosity;
    } else {
      liqVolume += volume;
      liqMass += mass;
      liqMuVolume += p.viscosity * volume;
    }
  }
  return {
    vsg: gasVolume / area,
    vsl: liqVolume / area,
    rhoG: gasVolume > 0 ? gasMass / gasVolume : 0,
    rhoL: liqVolume > 0 ? liqMass / liqVolume : 0,
    muG: gasMu,
    muL: liqVolume > 0 ? liqMuVolume / liqVolume : 0,
  };
}

export function beggsBrillPipe(inlet: StreamState, spec: PipeSpec, unit = 'pipe'): PipeResult | ProcessFailure {
  const fail = (message: string): ProcessFailure => ({ ok: false, code: 'PROCESS_ERROR', message, unit });
  const { length, diameter, roughness, elevation, increments } = spec;
  if (!(length > 0) || !(diameter > 0) || !(roughness >= 0) || !(Math.abs(elevation) <= length) || !(Number.isInteger(increments) && increments >= 1)) {
    return fail(`Pipe '${unit}': needs length > 0, diameter > 0, roughness ≥ 0, |elevation| ≤ length and a whole number of increments ≥ 1`);
  }
  const area = (Math.PI / 4) * diameter * diameter;
  const theta = Math.asin(elevation / length);
  const dL = length / increments;
  const T = inlet.flash.T;
  const nodes: PipeNode[] = [];
  let state = inlet;
  let frictionDrop = 0;
  let gravityDrop = 0;
  for (let i = 0; i <= increments; i++) {
    const flows = phaseFlows(state, area);
    if (typeof flows === 'string') return fail(`Pipe '${unit}' at ${(i * dL).toFixed(1)} m: ${flows}`);
    const P = state.flash.P;
    const sigma = flows.vsl > 0 && flows.vsg > 0 ? bakerSwerdloffTension(flows.rhoL / 1000, T, P) : 0;
    const gradient = beggsBrillGradient({ ...flows, sigma, diameter, roughness, theta });
    nodes.push({ position: i * dL, height: (i * elevation) / increments, pressure: P, temperature: state.flash.T, vsg: flows.vsg, vsl: flows.vsl, gradient });
    if (i === increments) break;
    const dpF = gradient.frictionGradient * dL;
    const dpG = gradient.gravityGradient * dL;
    const Pnext = P - dpF - dpG;
    if (!(Pnext > 0)) {
      return fail(`Pipe '${unit}': the pressure falls to ${(Pnext / 1e5).toFixed(3)} bara at ${((i + 1) * dL).toFixed(1)} m; the line cannot carry this flow from ${(inlet.flash.P / 1e5).toFixed(3)} bara`);
    }
    frictionDrop += dpF;
    gravityDrop += dpG;
    const next = streamAtTP(state.fluid, state.z, state.molarFlow, T, Pnext);
    if (!next.ok) return { ...next, unit };
    state = next.stream;
  }
  return { ok: true, outlet: state, nodes, pressureDrop: inlet.flash.P - state.flash.P, frictionDrop, gravityDrop };
}

export type { FlowRegime };
