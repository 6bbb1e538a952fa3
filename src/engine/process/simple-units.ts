/**
 * Small unit operations: the water saturator, the component splitter, the filter and the
 * adiabatic pipe.
 */
import { G } from './beggs-brill.js';
import { beggsBrillPipe, type PipeSpec } from './pipe.js';
import { streamAtPH, streamAtTP, phaseSubstream, type ProcessFailure, type StreamOutcome, type StreamState } from './stream.js';

/**
 * Water saturation of a gas at its own temperature and pressure (as the original's
 * StreamSaturatorUtil): water is added in excess, the mixture is flashed with the aqueous phase
 * allowed, and the non-aqueous phases leave: they hold exactly the water they can dissolve. The
 * outlet's flow is the inlet's plus the water taken up (or minus water that drops out when the
 * inlet holds more than saturation): the unit exchanges water with an unseen reservoir.
 */
export function saturateWithWater(inlet: StreamState): StreamOutcome {
  const names = inlet.fluid.model.components.map((c) => c.name.toLowerCase());
  const w = names.indexOf('water');
  if (w < 0) return { ok: false, code: 'PROCESS_ERROR', message: 'the fluid has no water component to saturate with: add "water" to the fluid (a trace fraction is enough)' };
  const fluid = inlet.fluid.multiPhaseCheck ? inlet.fluid : { ...inlet.fluid, multiPhaseCheck: true };
  // Excess water: start at 1 % of the flow and grow until an aqueous phase stands.
  for (let excess = 0.01; excess <= 1.5; excess *= 4) {
    const n = new Float64Array(inlet.z.length);
    for (let i = 0; i < n.length; i++) n[i] = inlet.z[i] * inlet.molarFlow;
    n[w] += excess * inlet.molarFlow;
    const total = n.reduce((a, b) => a + b, 0);
    const r = streamAtTP(fluid, n.map((v) => v / total), total, inlet.flash.T, inlet.flash.P);
    if (!r.ok) return r;
    const phases = r.stream.flash.phases;
    if (!phases.some((p) => p.label === 'aqueous')) continue;
    const out = phaseSubstream(r.stream, phases.filter((p) => p.label !== 'aqueous'));
    if (!out) return { ok: false, code: 'PROCESS_ERROR', message: 'the inlet dissolves entirely in water at its temperature and pressure: nothing is left to saturate' };
    return { ok: true, stream: { ...out, fluid: inlet.fluid } };
  }
  return { ok: false, code: 'PROCESS_ERROR', message: 'no free water phase forms at the inlet conditions (the gas takes up more than 150 % of its flow in water): the stream cannot be saturated here' };
}

/**
 * Component splitter: factors[i] of component i leaves through split0, the rest through split1;
 * both at the inlet temperature and pressure (TP flash of each product).
 */
export function splitComponents(inlet: StreamState, factors: readonly number[]): { ok: true; outlets: [StreamState | undefined, StreamState | undefined] } | ProcessFailure {
  const outs: (StreamState | undefined)[] = [];
  for (const side of [0, 1]) {
    const n = inlet.z.map((z, i) => z * inlet.molarFlow * (side === 0 ? factors[i] : 1 - factors[i]));
    const total = n.reduce((a, b) => a + b, 0);
    if (!(total > 1e-12 * inlet.molarFlow)) {
      outs.push(undefined);
      continue;
    }
    // The flash needs every fraction positive: a component sent wholly the other way keeps 1e-30.
    const r = streamAtTP(inlet.fluid, n.map((v) => Math.max(v / total, 1e-30)), total, inlet.flash.T, inlet.flash.P);
    if (!r.ok) return r;
    outs.push(r.stream);
  }
  return { ok: true, outlets: [outs[0], outs[1]] };
}

/** Filter: a fixed pressure drop (Pa), isenthalpic. */
export function filterStream(inlet: StreamState, pressureDrop: number): StreamOutcome {
  const P = inlet.flash.P - pressureDrop;
  if (!(P > 0)) return { ok: false, code: 'PROCESS_ERROR', message: `the pressure drop ${pressureDrop / 1e5} bar exceeds the inlet pressure ${inlet.flash.P / 1e5} bara` };
  return pressureDrop === 0 ? { ok: true, stream: inlet } : streamAtPH(inlet.fluid, inlet.z, inlet.molarFlow, P, inlet.enthalpy, inlet.flash.T);
}

/**
 * Adiabatic pipe: the pressure profile of the Beggs & Brill march (pipe.ts), then the outlet at
 * that pressure with the inlet's enthalpy less the potential energy gained (no heat exchanged
 * with the surroundings; the march itself is at the inlet temperature, a fair approximation
 * while the Joule–Thomson cooling along the line stays small).
 */
export function adiabaticPipe(inlet: StreamState, pipe: PipeSpec, name: string): { ok: true; outlet: StreamState; pressureDrop: number; frictionDrop: number; gravityDrop: number } | ProcessFailure {
  const r = beggsBrillPipe(inlet, pipe, name);
  if (!r.ok) return r;
  const H = inlet.enthalpy - inlet.molarMass * G * pipe.elevation;
  const out = streamAtPH(inlet.fluid, inlet.z, inlet.molarFlow, r.outlet.flash.P, H, inlet.flash.T);
  if (!out.ok) return out;
  return { ok: true, outlet: out.stream, pressureDrop: r.pressureDrop, frictionDrop: r.frictionDrop, gravityDrop: r.gravityDrop };
}
