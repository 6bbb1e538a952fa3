/**
 * What part of a steady-state flowsheet the dynamic separator model represents, and the inflow
 * it gets from the rest.
 *
 * Represented: one two-phase Separator; every unit upstream of it (feeding it directly or
 * through other units), which is re-solved quasi-steady with the steady-state engine whenever a
 * feed changes (those units hold no inventory here, and their outlet does not depend on the
 * vessel pressure: the flowsheet fixes its own pressures, so the inflow is a flow source); and at
 * most one ThrottlingValve on each separator outlet, taken as that outlet's control valve
 * (its outletPressure is the valve's downstream pressure).
 * Refused, naming the unit (UNSUPPORTED_DYNAMIC_TOPOLOGY): recycles, three-phase separators, a
 * second separator, and any unit downstream of the separator other than those valves, including
 * units after them (a quasi-steady re-solve of them would not feed back on the vessel, but would
 * multiply the run time; run them with runProcess on the valve outlet streams).
 */
import { solveFlowsheet, type PortRef, type UnitResult, type UnitSpec } from '../process/flowsheet.js';
import { mapComposition, type ProcessFluid, type StreamState } from '../process/stream.js';
import type { Inflow } from './vessel.js';

type SeparatorUnit = UnitSpec & { inlets: PortRef[]; pressureDrop: number };
type ValveUnit = UnitSpec & { type: 'ThrottlingValve'; inlet: PortRef; outletPressure: number };

export interface DynamicTopology {
  separator: SeparatorUnit;
  /** Units the separator depends on, in flowsheet order, ending with the separator. */
  upstream: UnitSpec[];
  /** Feed Stream units among them. */
  feeds: string[];
  gasValve?: ValveUnit;
  liquidValve?: ValveUnit;
}

export type TopologyOutcome = { ok: true; topology: DynamicTopology } | { ok: false; code: 'UNSUPPORTED_DYNAMIC_TOPOLOGY'; message: string; unit?: string };

const inletsOf = (s: UnitSpec): PortRef[] => ('inlets' in s ? s.inlets : 'inlet' in s ? [s.inlet] : []);

export function dynamicTopology(units: readonly UnitSpec[]): TopologyOutcome {
  const refuse = (message: string, unit?: string): TopologyOutcome => ({ ok: false, code: 'UNSUPPORTED_DYNAMIC_TOPOLOGY', message, ...(unit !== undefined ? { unit } : {}) });
  const recycle = units.find((u) => u.type === 'Recycle');
  if (recycle) return refuse(`Recycle '${recycle.name}': loops are not modelled dynamically`, recycle.name);
  const three = units.find((u) => u.type === 'ThreePhaseSeparator');
  if (three) return refuse(`ThreePhaseSeparator '${three.name}': only a two-phase Separator (gas and one lumped liquid outlet) is modelled dynamically`, three.name);
  const seps = units.filter((u): u is SeparatorUnit => u.type === 'Separator');
  if (seps.length === 0) return refuse('The flowsheet has no Separator: the dynamic model is a separator vessel with its gas and liquid control valves');
  if (seps.length > 1) return refuse(`Separator '${seps[1].name}': only one separator vessel is modelled dynamically (the first is '${seps[0].name}')`, seps[1].name);
  const separator = seps[0];
  const byName = new Map(units.map((u) => [u.name, u]));
  const needed = new Set<string>([separator.name]);
  const stack = [separator.name];
  while (stack.length > 0) {
    const u = byName.get(stack.pop()!)!;
    for (const r of inletsOf(u)) if (!needed.has(r.unit)) {
      needed.add(r.unit);
      stack.push(r.unit);
    }
  }
  let gasValve: DynamicTopology['gasValve'];
  let liquidValve: DynamicTopology['liquidValve'];
  for (const u of units) {
    if (needed.has(u.name)) continue;
    const from = inletsOf(u);
    if (u.type === 'ThrottlingValve' && from[0]?.unit === separator.name) {
      if (from[0].port === 'gasOut') gasValve = u as ValveUnit;
      else liquidValve = u as ValveUnit;
      continue;
    }
    const fromSeparatorSide = from.some((r) => r.unit === separator.name || (gasValve && r.unit === gasValve.name) || (liquidValve && r.unit === liquidValve.name));
    return refuse(
      fromSeparatorSide
        ? `${u.type} '${u.name}' is downstream of the separator: only a ThrottlingValve directly on each separator outlet (its control valve) is modelled; run the units after it with runProcess on the valve outlet streams`
        : `${u.type} '${u.name}' is not upstream of separator '${separator.name}': side branches are not modelled dynamically`,
      u.name,
    );
  }
  return {
    ok: true,
    topology: { separator, upstream: units.filter((u) => needed.has(u.name)), feeds: units.filter((u) => needed.has(u.name) && u.type === 'Stream').map((u) => u.name), gasValve, liquidValve },
  };
}

/** The vessel's inflow: the separator's equilibrated feed, in the vessel fluid's component order. */
export function inflowOf(feed: StreamState | undefined, vesselFluid: ProcessFluid): Inflow | undefined {
  if (!feed || !(feed.molarFlow > 0)) return { molarFlow: 0, z: new Float64Array(vesselFluid.model.nc), enthalpy: 0, molarMass: 0 };
  const z = feed.fluid.model === vesselFluid.model ? feed.z : mapComposition(feed, vesselFluid);
  if (!z) return undefined;
  return { molarFlow: feed.molarFlow, z, enthalpy: feed.enthalpy, molarMass: feed.molarMass };
}

/**
 * Re-solves the upstream units with feed `target` at `factor` × its steady flow (others as
 * last set) and returns the separator's new inflow.
 */
export function upstreamInflow(topology: DynamicTopology, vesselFluid: ProcessFluid): (target: string, factor: number) => { ok: true; inflow: Inflow } | { ok: false; message: string } {
  const factors = new Map<string, number>();
  return (target, factor) => {
    if (!topology.feeds.includes(target)) return { ok: false, message: `'${target}' is not a feed Stream upstream of the separator (feeds: ${topology.feeds.join(', ')})` };
    factors.set(target, factor);
    const specs = topology.upstream.map((u) => (u.type === 'Stream' && factors.has(u.name) ? { ...u, feed: { ...u.feed, molarFlow: u.feed.molarFlow * factors.get(u.name)! } } : u));
    const solved = solveFlowsheet(specs);
    if (!solved.ok) return { ok: false, message: `the upstream flowsheet did not solve at the new feed flow: ${solved.message}` };
    const sep: UnitResult | undefined = solved.units.find((u) => u.name === topology.separator.name);
    const inflow = inflowOf(sep?.feed, vesselFluid);
    return inflow ? { ok: true, inflow } : { ok: false, message: 'the new feed has components the vessel fluid does not contain' };
  };
}
