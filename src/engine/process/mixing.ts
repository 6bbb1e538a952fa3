/**
 * Mixing and splitting of streams. Mixing is adiabatic: the outlet is at the lowest inlet
 * pressure with the summed enthalpy (PH flash), as in the original's Mixer. Streams of different
 * fluids with the same EOS are mixed in a fluid made of the union of their components.
 */
import { createProcessFluid, mapComposition, scaledStream, streamAtPH, type ProcessFailure, type ProcessFluid, type StreamOutcome, type StreamState } from './stream.js';

/** One fluid that holds every inlet's components (the first inlet's fluid when they agree). */
function commonFluid(inlets: readonly StreamState[]): ProcessFluid | ProcessFailure {
  const first = inlets[0].fluid;
  if (inlets.every((s) => s.fluid === first)) return first;
  const kinds = new Set(inlets.map((s) => s.fluid.kind));
  if (kinds.size > 1) {
    return { ok: false, code: 'INCOMPATIBLE_FLUIDS', message: `Streams of different equations of state (${[...kinds].join(', ')}) cannot be mixed` };
  }
  const components = new Map<string, (typeof first.model.components)[number]>();
  for (const s of inlets) for (const c of s.fluid.model.components) if (!components.has(c.name)) components.set(c.name, c);
  const sameList = (f: ProcessFluid) => f.model.nc === components.size && f.model.components.every((c) => components.has(c.name));
  const covering = inlets.find((s) => sameList(s.fluid));
  if (covering) return covering.fluid;
  return createProcessFluid(first.kind, [...components.values()], inlets.some((s) => s.fluid.multiPhaseCheck), first.options?.alphaFunction, { umrAttraction: first.options?.umrAttraction });
}

/** Adiabatic mixing of one or more streams. */
export function mixStreams(inlets: readonly StreamState[]): StreamOutcome {
  if (inlets.length === 0) return { ok: false, code: 'NO_FLOW', message: 'No inlet carries any flow' };
  if (inlets.length === 1) return { ok: true, stream: inlets[0] };
  const fluid = commonFluid(inlets);
  if ('ok' in fluid) return fluid;
  const nc = fluid.model.nc;
  const z = new Float64Array(nc);
  let flow = 0;
  let H = 0;
  let P = Infinity;
  let T0 = 0;
  for (const s of inlets) {
    const zi = s.fluid === fluid ? s.z : mapComposition(s, fluid);
    if (zi === undefined) return { ok: false, code: 'INCOMPATIBLE_FLUIDS', message: 'A stream has a component the mixed fluid lacks' };
    for (let i = 0; i < nc; i++) z[i] += s.molarFlow * zi[i];
    flow += s.molarFlow;
    H += s.molarFlow * s.enthalpy;
    T0 += s.molarFlow * s.flash.T;
    P = Math.min(P, s.flash.P);
  }
  for (let i = 0; i < nc; i++) z[i] /= flow;
  return streamAtPH(fluid, z, flow, P, H / flow, T0 / flow);
}

/**
 * Splits a stream by fractions (normalised to 1; the original sets negative factors to 0, we
 * refuse them upstream). Outlets have the inlet's state; a zero fraction gives no stream.
 */
export function splitStream(inlet: StreamState, fractions: readonly number[]): (StreamState | undefined)[] {
  let sum = 0;
  for (const f of fractions) sum += f;
  return fractions.map((f) => (f > 0 ? scaledStream(inlet, f / sum) : undefined));
}
