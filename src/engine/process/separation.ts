/**
 * Two- and three-phase separators: inlets are mixed adiabatically, the mixture is brought to
 * equilibrium (at a lower pressure when a pressure drop is given: isothermal, as the original),
 * and the outlets are the equilibrium phases themselves (no re-flash, so outlet compositions are
 * exactly the phase compositions and the mass balance closes to round-off).
 */
import { mixStreams } from './mixing.js';
import { phaseSubstream, streamAtTP, type ProcessFailure, type ProcessFluid, type StreamState } from './stream.js';

export interface SeparatorSpec {
  threePhase: boolean;
  /** Pa; 0 by default. */
  pressureDrop: number;
}

export interface SeparatorOutlets {
  ok: true;
  /** The equilibrated mixture of the inlets. */
  feed: StreamState;
  gas?: StreamState;
  /** Two-phase separator: every non-gas phase. */
  liquid?: StreamState;
  /** Three-phase separator: hydrocarbon liquid(s) and aqueous liquid. */
  oil?: StreamState;
  water?: StreamState;
}

export function separate(inlets: readonly StreamState[], spec: SeparatorSpec): SeparatorOutlets | ProcessFailure {
  const mixed = mixStreams(inlets);
  if (!mixed.ok) return mixed;
  let feed = mixed.stream;
  const needsCheck = spec.threePhase && !feed.fluid.multiPhaseCheck;
  if (spec.pressureDrop > 0 || needsCheck) {
    // A three-phase separator always looks for the aqueous phase, whatever the fluid's setting.
    const fluid: ProcessFluid = needsCheck ? { ...feed.fluid, multiPhaseCheck: true } : feed.fluid;
    const P = feed.flash.P - spec.pressureDrop;
    if (!(P > 0)) return { ok: false, code: 'PROCESS_ERROR', message: `Pressure drop ${spec.pressureDrop / 1e5} bar exceeds the inlet pressure ${feed.flash.P / 1e5} bara` };
    const r = streamAtTP(fluid, feed.z, feed.molarFlow, feed.flash.T, P);
    if (!r.ok) return r;
    feed = { ...r.stream, fluid: feed.fluid };
  }
  const phases = feed.flash.phases;
  const gas = phases.filter((p) => p.label === 'gas');
  const liquids = phases.filter((p) => p.label !== 'gas');
  if (!spec.threePhase) return { ok: true, feed, gas: phaseSubstream(feed, gas), liquid: phaseSubstream(feed, liquids) };
  return {
    ok: true,
    feed,
    gas: phaseSubstream(feed, gas),
    oil: phaseSubstream(feed, liquids.filter((p) => p.label === 'oil')),
    water: phaseSubstream(feed, liquids.filter((p) => p.label === 'aqueous')),
  };
}
