/**
 * Builds the seed-001 flash payload ({flash, fluid}) from an engine FlashReport. Numbers are JSON
 * numbers; units are stated next to each property value. Phase keys are the phase labels (gas,
 * oil, aqueous), made unique when two phases share a label (oil, oil2) — the original repeats
 * the first phase's values in that case, we report both.
 */
import type { FlashReport } from '../../../engine/index.js';
import { isWithheld } from '../../../engine/properties/thermo-report.js';
import type { RunFlashOutput } from './schema.js';

type Data = RunFlashOutput;
type ValueUnit = { value: number; unit: string };

/** The original reports flows for a feed of 1 mol/s (3600 mol/hr). */
const FEED_MOL_PER_HR = 3600;

const vu = (value: number, unit: string): ValueUnit => ({ value, unit });

export interface ResponseContext {
  model: string;
  flashType: string;
  /** K, Pa. */
  temperature: number;
  pressure: number;
  /** Canonical names and normalised feed fractions of every input component (zeros included). */
  reported: readonly { name: string; fraction: number }[];
  /** Canonical names of the components in the flash, in model order. */
  names: readonly string[];
}

export function phaseKeys(labels: readonly string[]): string[] {
  const seen = new Map<string, number>();
  return labels.map((l) => {
    const n = (seen.get(l) ?? 0) + 1;
    seen.set(l, n);
    return n === 1 ? l : `${l}${n}`;
  });
}

/**
 * Model index of each reported component (-1 for the zero-fraction ones left out of the flash),
 * worked out once per response rather than once per composition map.
 */
function reportedIndices(ctx: ResponseContext): Int32Array {
  // A linear search beats building a Map for the few components of a flash.
  const indices = new Int32Array(ctx.reported.length);
  for (let k = 0; k < indices.length; k++) indices[k] = ctx.names.indexOf(ctx.reported[k].name);
  return indices;
}

function compositionMap(ctx: ResponseContext, indices: Int32Array, values: ArrayLike<number>, unit: string): Record<string, ValueUnit> {
  const out: Record<string, ValueUnit> = {};
  ctx.reported.forEach((r, k) => {
    const i = indices[k];
    out[r.name] = vu(i < 0 ? 0 : values[i], unit);
  });
  return out;
}

export function buildFlashData(ctx: ResponseContext, report: FlashReport): Data {
  const T = ctx.temperature;
  const Pbara = ctx.pressure / 1e5;
  const keys = phaseKeys(report.phases.map((p) => p.state.label));
  const ov = report.overall;
  const conditions: Record<string, unknown> = {
    temperature_K: T,
    overall: {
      temperature: T,
      pressure: Pbara,
      molarMass: ov.molarMass,
      phaseFraction: 1,
      enthalpy: ov.enthalpy / ov.molarMass,
      'molar flow': FEED_MOL_PER_HR,
      'mass flow': FEED_MOL_PER_HR * ov.molarMass,
    },
  };
  const properties: Record<string, unknown> = {
    density_kgm3: ov.density,
    overall: {
      density: vu(ov.density, 'kg/m3'),
      molarMass: vu(ov.molarMass, 'kg/mol'),
      molarVolume: vu(ov.molarVolume, 'm3/mol'),
      enthalpy: vu(ov.enthalpy, 'J/mol'),
      entropy: vu(ov.entropy, 'J/(mol·K)'),
      'flow rate': vu(FEED_MOL_PER_HR * ov.molarVolume, 'm3/hr'),
    },
  };
  const indices = reportedIndices(ctx);
  const overall: Record<string, ValueUnit> = {};
  for (const r of ctx.reported) overall[r.name] = vu(r.fraction, 'mole fraction');
  const composition: Record<string, Record<string, ValueUnit>> = { overall };
  report.phases.forEach((p, k) => {
    const key = keys[k];
    const t = p.thermo;
    const M = t.molarMass;
    const molarFlow = FEED_MOL_PER_HR * p.state.beta;
    conditions[key] = {
      temperature: T,
      pressure: Pbara,
      molarMass: M,
      phaseFraction: p.state.beta,
      enthalpy: t.enthalpy / M,
      'molar flow': molarFlow,
      'mass flow': molarFlow * M,
    };
    const props: Record<string, ValueUnit> = {
      density: vu(t.density, 'kg/m3'),
      molarMass: vu(M, 'kg/mol'),
      compressibilityFactor: vu(t.Z, ''),
      molarVolume: vu(t.molarVolume, 'm3/mol'),
      enthalpy: vu(t.enthalpy, 'J/mol'),
      entropy: vu(t.entropy, 'J/(mol·K)'),
      'flow rate': vu(molarFlow * t.molarVolume, 'm3/hr'),
    };
    // Withheld properties (outside every method's domain, or failing the physical bounds) are
    // left out; the warnings say which and why.
    if (!isWithheld(p, 'cp')) props.Cp = vu(t.cp / M, 'J/(kg·K)');
    if (!isWithheld(p, 'cv')) props.Cv = vu(t.cv / M, 'J/(kg·K)');
    if (!isWithheld(p, 'speedOfSound')) props.speedOfSound = vu(t.speedOfSound, 'm/s');
    if (!isWithheld(p, 'jouleThomson')) props.jouleThomsonCoefficient = vu(t.jouleThomson * 1e5, 'K/bar');
    if (p.viscosity !== undefined) props.viscosity = vu(p.viscosity, 'Pa·s');
    if (p.thermalConductivity !== undefined) props.thermalConductivity = vu(p.thermalConductivity, 'W/(m·K)');
    properties[key] = props;
    composition[key] = compositionMap(ctx, indices, p.state.x, 'mole fraction');
    composition[`${key}_wt`] = compositionMap(ctx, indices, p.w, 'weight fraction');
  });
  // An interface whose tension lies outside every method's domain is null (the warnings say why).
  const tensions: Record<string, ValueUnit | null> = {};
  for (const i of report.interfaces) tensions[`${keys[i.a]}-${keys[i.b]}`] = i.tension !== undefined ? vu(i.tension, 'N/m') : null;
  if (Object.keys(tensions).length > 0) properties.interfacialTension = tensions;

  return {
    flash: { model: ctx.model, flashType: ctx.flashType, numberOfPhases: report.phases.length, phases: keys },
    fluid: { conditions, properties, composition } as unknown as Data['fluid'],
  };
}
