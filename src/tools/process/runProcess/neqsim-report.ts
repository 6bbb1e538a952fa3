/**
 * The original NeqSim server's `report` (object keyed by unit name, each unit's toJson shape),
 * rebuilt on request (reportFormat "neqsim") as a pure mapping of our compact payload, so that
 * clients written against the original read our results unchanged. Every number here is one of
 * the compact figures converted to the unit the original states (or a sum/ratio of them); a
 * property the original reports that we do not compute is left out and named once in `omitted`.
 * Leaf values are JSON numbers, not the original's numeric strings (a documented quirk of it):
 * parseFloat/float() read both alike.
 */
import type { ProcessPayload, StreamReport, UnitReport } from './report.js';

export interface Leaf {
  value: number;
  unit: string;
}
export type NeqsimUnitReport = Record<string, unknown>;

/** Properties of the original's report we never fill, by where they sit; listed once per run. */
const STREAM_OMITTED = ['heat capacity (Cp)', 'heat capacity (Cv)', 'GCV (15/15)', 'WI (15/15)', 'relative density', 'gas flow', 'standard flow rate', 'fluid model', '<phase> enthalpy', '<phase> entropy', '<phase> composition', '<phase>_wt composition'];
const SEPARATOR_OMITTED = ['gasLoadFactor', 'performanceMetrics'];
const COMPRESSOR_OMITTED = ['internalVolumeFlow', 'polytropicHead and polytropicEfficiency (isentropic runs)', 'speed (no chart)'];
const RECYCLE_OMITTED = ['error flow', 'error temperature', 'error composition', 'error pressure'];

const leaf = (value: number, unit: string): Leaf => ({ value, unit });

/** The original's StreamResponse of one of our streams. */
export function neqsimStream(name: string, s: StreamReport): NeqsimUnitReport {
  const properties: Record<string, Record<string, Leaf>> = {
    overall: {
      density: leaf(s.density_kg_m3, 'kg/m3'),
      'molar mass': leaf(s.molarMass_kg_mol, 'kg/mol'),
      'flow rate': leaf(s.volumeFlow_m3_hr, 'm3/hr'),
      enthalpy: leaf(s.enthalpy_J_kg, 'J/kg'),
      entropy: leaf(s.entropy_J_kgK, 'J/kgK'),
    },
  };
  const conditions: Record<string, Record<string, Leaf>> = {
    overall: {
      temperature: leaf(s.temperature_C, 'C'),
      pressure: leaf(s.pressure_bara, 'bara'),
      'molar flow': leaf(s.molarFlow_mol_hr, 'mole/hr'),
      'mass flow': leaf(s.massFlow_kg_hr, 'kg/hr'),
      enthalpy: leaf(s.enthalpy_J_kg, 'J/kg'),
    },
  };
  for (const [phase, p] of Object.entries(s.phases)) {
    const molarFlow = p.moleFraction * s.molarFlow_mol_hr;
    properties[phase] = { density: leaf(p.density_kg_m3, 'kg/m3'), 'molar mass': leaf(p.massFlow_kg_hr / molarFlow, 'kg/mol'), 'flow rate': leaf(p.volumeFlow_m3_hr, 'm3/hr') };
    // Phases are at the stream's temperature and pressure (equilibrium).
    conditions[phase] = { temperature: leaf(s.temperature_C, 'C'), pressure: leaf(s.pressure_bara, 'bara'), 'molar flow': leaf(molarFlow, 'mole/hr'), 'mass flow': leaf(p.massFlow_kg_hr, 'kg/hr') };
  }
  const overall = Object.fromEntries(Object.entries(s.composition).map(([c, x]) => [c, leaf(x, 'mole fraction')]));
  return { name, tagName: '', properties, conditions, composition: { overall } };
}

const SEPARATOR_PORTS: Record<string, string> = { gasOut: 'gas', liquidOut: 'liquid', oilOut: 'oil', waterOut: 'water' };

function mapUnit(name: string, u: UnitReport, streams: Record<string, StreamReport>, omitted: Set<string>): NeqsimUnitReport | undefined {
  const f = u as Record<string, unknown>;
  const num = (k: string) => f[k] as number;
  const inlet = u.inlets[0] !== undefined ? streams[u.inlets[0]] : undefined;
  const outName = u.outlets.out;
  const out = outName ? streams[outName] : undefined;
  const tail = { tagName: '', name };
  switch (u.type) {
    case 'Stream': {
      if (!out) return undefined;
      STREAM_OMITTED.forEach((k) => omitted.add(`Stream ${k}`));
      return { ...neqsimStream(name, out), tagName: '' };
    }
    case 'Separator':
    case 'GasScrubber':
    case 'ThreePhaseSeparator': {
      const r: NeqsimUnitReport = {};
      if (u.feed) r.feed = neqsimStream(name, u.feed as StreamReport);
      for (const [port, key] of Object.entries(SEPARATOR_PORTS)) {
        const sn = u.outlets[port];
        if (sn && streams[sn]) r[key] = neqsimStream(sn, streams[sn]);
      }
      SEPARATOR_OMITTED.forEach((k) => omitted.add(`${u.type} ${k}`));
      return { ...r, ...tail };
    }
    case 'Compressor': {
      if (!inlet || !out) return undefined;
      const r: NeqsimUnitReport = {
        suctionTemperature: inlet.temperature_C,
        dischargeTemperature: out.temperature_C,
        suctionPressure: inlet.pressure_bara,
        dischargePressure: out.pressure_bara,
      };
      if (f.polytropicHead_kJ_kg !== undefined) r.polytropicHead = num('polytropicHead_kJ_kg');
      if (f.polytropicEfficiency !== undefined) r.polytropicEfficiency = num('polytropicEfficiency');
      Object.assign(r, {
        power: num('power_kW'),
        suctionVolumeFlow: inlet.volumeFlow_m3_hr,
        dischargeVolumeFlow: out.volumeFlow_m3_hr,
        molarMass: inlet.molarMass_kg_mol,
        suctionMassDensity: inlet.density_kg_m3,
        dischargeMassDensity: out.density_kg_m3,
        massflow: inlet.massFlow_kg_hr,
        stdFlow: inlet.standardGasFlow_Sm3_hr,
      });
      if (f.speed !== undefined) r.speed = num('speed');
      COMPRESSOR_OMITTED.forEach((k) => omitted.add(`Compressor ${k}`));
      return { ...r, ...tail };
    }
    case 'ThrottlingValve':
    case 'Heater':
    case 'Cooler': {
      if (!inlet || !out) return undefined;
      const data: Record<string, Leaf> = {
        'mass flow': leaf(inlet.massFlow_kg_hr, 'kg/hr'),
        'inlet temperature': leaf(inlet.temperature_C, 'C'),
        'inlet pressure': leaf(inlet.pressure_bara, 'bara'),
        'outlet temperature': leaf(out.temperature_C, 'C'),
        'outlet pressure': leaf(out.pressure_bara, 'bara'),
      };
      if (u.type !== 'ThrottlingValve') data.duty = leaf(num('duty_kW') * 1000, 'W');
      return { data, ...tail };
    }
    case 'Mixer': {
      if (!out) return undefined;
      const feed = u.inlets.reduce((a, n) => a + (streams[n]?.massFlow_kg_hr ?? 0), 0);
      return {
        data: { 'feed mass flow': leaf(feed, 'kg/hr'), 'outlet mass flow': leaf(out.massFlow_kg_hr, 'kg/hr'), 'outlet temperature': leaf(out.temperature_C, 'C'), 'outlet pressure': leaf(out.pressure_bara, 'bara') },
        ...tail,
      };
    }
    case 'Splitter': {
      if (!inlet) return undefined;
      const data: Record<string, Leaf> = {
        'inlet mass flow': leaf(inlet.massFlow_kg_hr, 'kg/hr'),
        'inlet temperature': leaf(inlet.temperature_C, 'C'),
        'inlet pressure': leaf(inlet.pressure_bara, 'bara'),
      };
      for (const [port, sn] of Object.entries(u.outlets)) {
        const m = /^split(?:Stream_)?(\d+)$/.exec(port);
        const s = sn ? streams[sn] : undefined;
        if (!m || !s) continue;
        const i = Number(m[1]) + 1;
        data[`outlet ${i} mass flow`] = leaf(s.massFlow_kg_hr, 'kg/hr');
        data[`outlet ${i} temperature`] = leaf(s.temperature_C, 'C');
        data[`outlet ${i} pressure`] = leaf(s.pressure_bara, 'bara');
        data[`outlet ${i} split factor`] = leaf(s.massFlow_kg_hr / inlet.massFlow_kg_hr, '');
      }
      return { data, ...tail };
    }
    case 'Recycle': {
      if (!out) return undefined;
      RECYCLE_OMITTED.forEach((k) => omitted.add(`Recycle ${k}`));
      return { data: { 'outlet mass flow': leaf(out.massFlow_kg_hr, 'kg/hr'), 'outlet temperature': leaf(out.temperature_C, 'C'), 'outlet pressure': leaf(out.pressure_bara, 'bara') }, ...tail };
    }
    default:
      return undefined;
  }
}

/**
 * The original's `report` for our payload, plus what it leaves out: `omitted` lists the
 * original's properties we do not compute, `unmappedUnits` the units whose original report
 * shape we do not reproduce (their figures stay in the compact `units`).
 */
export function buildNeqsimReport(payload: Pick<ProcessPayload, 'units' | 'streams'>): { report: Record<string, NeqsimUnitReport>; omitted: string[]; unmappedUnits: string[] } {
  const report: Record<string, NeqsimUnitReport> = {};
  const omitted = new Set<string>();
  const unmapped: string[] = [];
  for (const [name, u] of Object.entries(payload.units)) {
    const r = u.noFlow ? undefined : mapUnit(name, u, payload.streams, omitted);
    if (r) report[name] = r;
    else unmapped.push(name);
  }
  return { report, omitted: [...omitted], unmappedUnits: unmapped };
}
