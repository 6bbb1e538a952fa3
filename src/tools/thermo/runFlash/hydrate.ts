/**
 * runFlash flashType hydrateTP: a TP flash in which a gas-hydrate phase may form (engine
 * src/engine/hydrate), with the feed's hydrate formation temperature at the same pressure.
 *
 * The hydrate is reported as one more phase, "gas hydrate", in flash.phases, fluid.conditions,
 * fluid.properties (density from the unit cell, molar mass, molar volume) and fluid.composition;
 * the fluid phases' fractions and flows are on the feed basis, so all phases sum to the feed.
 * The hydrate's enthalpy and entropy are not modelled: when a hydrate is present the overall
 * enthalpy and entropy are left out rather than reported for the fluid alone.
 * The `hydrate` block states the outcome: presence, structure, amount, formation temperature,
 * subcooling, driving force and cavity occupancies.
 */
import { flashTP, type Fluid, type FlashResult } from '../../../engine/index.js';
import { flashTPHydrate, hydrateFormationTemperature, HYDRATE_T_MIN, type HydrateFlashResult } from '../../../engine/hydrate/hydrate-flash.js';
import { HYDRATE_GUESTS } from '../../../engine/hydrate/parameters.js';
import { issue, warning, type DiagnosticIssue, type Warning } from '../../contract/envelope.js';
import type { RunFlashOutput } from './schema.js';
import type { ResponseContext } from './response.js';

export const HYDRATE_PHASE = 'gas hydrate';

/** The data's `hydrate` block. */
export interface HydrateBlock {
  hydratePhasePresent: boolean;
  /** Why no hydrate can form at all (no water, no former). */
  reason?: string;
  structure?: 'sI' | 'sII';
  /** Moles of hydrate per mole of feed. */
  hydratePhaseFraction: number;
  hydrateFormationTemperature_K?: number;
  hydrateFormationTemperature_C?: number;
  /** Formation temperature minus the flash temperature: > 0 inside the hydrate region. */
  subcooling_K?: number;
  /** ln(f_w hydrate / f_w fluid) of the feed before any hydrate forms; < 0: hydrate forms. */
  drivingForce?: number;
  density_kg_m3?: number;
  /** Fraction of small and large cavities holding each guest (the formed hydrate, else the incipient one). */
  cavityOccupancy?: { small: Record<string, number>; large: Record<string, number> };
  /** Largest component-balance error of fluid + hydrate against the feed, mol per mol feed. */
  componentBalanceError?: number;
}

export type HydrateRun =
  | { ok: true; fluid: FlashResult; fluidFraction: number; outcome: HydrateFlashResult | undefined; block: HydrateBlock; warnings: Warning[] }
  | { ok: false; issue: DiagnosticIssue };

const occupancy = (names: readonly string[], theta: ArrayLike<number>, guests: ReadonlySet<number>): Record<string, number> => {
  const out: Record<string, number> = {};
  names.forEach((n, i) => {
    if (guests.has(i)) out[n] = theta[i];
  });
  return out;
};

/** The hydrate TP flash of a cubic fluid at T (K), P (Pa). */
export function runHydrateTP(fluid: Fluid, T: number, P: number): HydrateRun {
  const names = fluid.model.components.map((c) => c.name);
  const h = flashTPHydrate(fluid.model, T, P, fluid.z);
  if (!h.ok && h.code === 'NO_HYDRATE_SYSTEM') {
    // Nothing can form: the answer is the fluid's own multiphase TP flash.
    const f = flashTP(fluid.model, T, P, fluid.z, { multiPhaseCheck: true });
    if (!f.ok) return { ok: false, issue: { severity: 'error', code: f.code, message: f.message, fix: 'Check temperature, pressure and composition' } };
    return {
      ok: true,
      fluid: f.result,
      fluidFraction: 1,
      outcome: undefined,
      block: { hydratePhasePresent: false, reason: h.message, hydratePhaseFraction: 0 },
      warnings: [warning('HYDRATE_APPROXIMATE', `No hydrate check was possible: ${h.message}. The result is the fluid's TP flash.`)],
    };
  }
  if (!h.ok && h.code === 'HYDRATE_OUT_OF_RANGE') {
    return { ok: false, issue: issue(h.code, `Hydrate TP flash: ${h.message}`, `Give a temperature of at least ${HYDRATE_T_MIN} K (${(HYDRATE_T_MIN - 273.15).toFixed(2)} °C); below it use flashType TP`, 'temperature') };
  }
  if (!h.ok) {
    return { ok: false, issue: issue(h.code, `Hydrate TP flash failed: ${h.message}`, 'Move T or P slightly away from a phase boundary, or try the other cubic model') };
  }
  const warnings: Warning[] = [
    warning(
      'HYDRATE_APPROXIMATE',
      fluid.model.name === 'CPA'
        ? 'Hydrate equilibrium from the van der Waals–Platteeuw model with the GF Langmuir constants and empty-lattice vapour pressure, as the original NeqSim computes it for CPA; measured by this server against a published methane-hydrate curve only (getBenchmarkTrust, runFlash), not against multicomponent hydrate data; no ice phase is modelled below 0 °C'
        : 'Hydrate equilibrium from the van der Waals–Platteeuw model with fitted Langmuir constants (Munck et al. 1988), as the original NeqSim computes it for SRK/PR; measured by this server against a published methane-hydrate curve only (getBenchmarkTrust, runFlash), not against multicomponent hydrate data; no ice phase is modelled below 0 °C',
    ),
  ];
  const block: HydrateBlock = { hydratePhasePresent: h.hydrate !== undefined, structure: h.structure, hydratePhaseFraction: h.hydrate?.beta ?? 0, drivingForce: h.drivingForce };
  const curve = hydrateFormationTemperature(fluid.model, P, fluid.z, T);
  if (curve.ok) {
    block.hydrateFormationTemperature_K = curve.temperature;
    block.hydrateFormationTemperature_C = curve.temperature - 273.15;
    block.subcooling_K = curve.temperature - T;
  } else {
    warnings.push(warning('HYDRATE_APPROXIMATE', `The hydrate formation temperature at this pressure was not found: ${curve.message}`));
  }
  const guests = new Set<number>();
  fluid.model.components.forEach((c, i) => {
    if (Object.hasOwn(HYDRATE_GUESTS, c.name)) guests.add(i);
  });
  const theta = h.hydrate ?? (curve.ok ? curve.hydrate : undefined);
  if (theta !== undefined) block.cavityOccupancy = { small: occupancy(names, theta.thetaSmall, guests), large: occupancy(names, theta.thetaLarge, guests) };
  if (h.hydrate !== undefined) {
    block.density_kg_m3 = h.hydrate.density;
    block.componentBalanceError = h.balanceError;
    if (h.fluidFraction < 1e-15) {
      // Water and guests in the proportion of a stable hydrate: no fluid is left beside it.
      warnings.push(warning('HYDRATE_APPROXIMATE', `The feed turns into hydrate alone (its guest-to-water ratio lies between the hydrate's beside the gas and beside the water); the fluid phase listed is only the trace (${h.fluidFraction.toExponential(1)} mol per mol feed) in equilibrium with it.`));
    }
  }
  if (h.otherStructureMargin !== undefined) {
    const other = h.structure === 'sI' ? 'sII' : 'sI';
    warnings.push(
      warning(
        'HYDRATE_APPROXIMATE',
        `Beside the fluid left, ${other} hydrate is also more stable than its water (by ${(-h.otherStructureMargin).toPrecision(2)} in ln f_w): at equilibrium ${h.structure} and ${other} would form together, which is not modelled; the ${h.structure} amount and fluid listed are approximate.`,
      ),
    );
  }
  return { ok: true, fluid: h.fluid, fluidFraction: h.fluidFraction, outcome: h, block, warnings };
}

const scale = (o: Record<string, unknown>, key: string, f: number): void => {
  const v = o[key];
  if (typeof v === 'number') o[key] = v * f;
  else if (typeof v === 'object' && v !== null && typeof (v as { value?: unknown }).value === 'number') (v as { value: number }).value *= f;
};

/**
 * Puts a formed hydrate into the flash payload built for the fluid left beside it (see the top
 * of this file). `data` is changed in place.
 */
export function addHydratePhase(data: RunFlashOutput, ctx: ResponseContext, run: Extract<HydrateRun, { ok: true }>, molarMass: ArrayLike<number>): void {
  const hyd = run.outcome?.hydrate;
  if (hyd === undefined) return;
  const f = run.fluidFraction;
  const fluid = data.fluid as unknown as { conditions: Record<string, Record<string, unknown>>; properties: Record<string, Record<string, unknown>>; composition: Record<string, Record<string, { value: number; unit: string }>> };
  const T = ctx.temperature;
  const Pbara = ctx.pressure / 1e5;
  // Fluid phases on the feed basis, and their volume per mole of feed.
  let volume = 0;
  for (const key of data.flash.phases) {
    scale(fluid.conditions[key], 'phaseFraction', f);
    scale(fluid.conditions[key], 'molar flow', f);
    scale(fluid.conditions[key], 'mass flow', f);
    scale(fluid.properties[key], 'flow rate', f);
    const beta = fluid.conditions[key].phaseFraction as number;
    volume += beta * (fluid.properties[key].molarVolume as { value: number }).value;
  }
  let M = 0;
  for (let i = 0; i < hyd.x.length; i++) M += hyd.x[i] * molarMass[i];
  const molarVolume = M / hyd.density;
  volume += hyd.beta * molarVolume;
  const molarFlow = 3600 * hyd.beta;
  fluid.conditions[HYDRATE_PHASE] = { temperature: T, pressure: Pbara, molarMass: M, phaseFraction: hyd.beta, 'molar flow': molarFlow, 'mass flow': molarFlow * M };
  fluid.properties[HYDRATE_PHASE] = {
    density: { value: hyd.density, unit: 'kg/m3' },
    molarMass: { value: M, unit: 'kg/mol' },
    molarVolume: { value: molarVolume, unit: 'm3/mol' },
    'flow rate': { value: molarFlow * molarVolume, unit: 'm3/hr' },
  };
  const x: Record<string, { value: number; unit: string }> = {};
  const w: Record<string, { value: number; unit: string }> = {};
  ctx.reported.forEach((r) => {
    const i = ctx.names.indexOf(r.name);
    x[r.name] = { value: i < 0 ? 0 : hyd.x[i], unit: 'mole fraction' };
    w[r.name] = { value: i < 0 ? 0 : (hyd.x[i] * molarMass[i]) / M, unit: 'weight fraction' };
  });
  fluid.composition[HYDRATE_PHASE] = x;
  fluid.composition[`${HYDRATE_PHASE}_wt`] = w;
  // Overall: all phases, hydrate included (the fluid flash's own overall is of the fluid left).
  let feedM = hyd.beta * M;
  for (const key of data.flash.phases) feedM += (fluid.conditions[key].phaseFraction as number) * (fluid.conditions[key].molarMass as number);
  const overall = fluid.properties.overall as Record<string, unknown>;
  overall.molarMass = { value: feedM, unit: 'kg/mol' };
  const overallConditions = fluid.conditions.overall;
  overallConditions.molarMass = feedM;
  overallConditions['mass flow'] = 3600 * feedM;
  overall.density = { value: feedM / volume, unit: 'kg/m3' };
  overall.molarVolume = { value: volume, unit: 'm3/mol' };
  overall['flow rate'] = { value: 3600 * volume, unit: 'm3/hr' };
  delete overall.enthalpy;
  delete overall.entropy;
  (fluid.properties as Record<string, unknown>).density_kgm3 = feedM / volume;
  delete overallConditions.enthalpy;
  data.flash.phases = [...data.flash.phases, HYDRATE_PHASE];
  data.flash.numberOfPhases = data.flash.phases.length;
}

export const HYDRATE_ASSUMPTIONS = [
  'Hydrate: van der Waals–Platteeuw solid solution with Langmuir constants C = (A/T)·exp(B/T); structures sI and sII, the one with the lower water fugacity forms. SRK/PR: constants and empty-lattice properties of Munck, Skjold-Jørgensen & Rasmussen (1988) relative to pure liquid water from the same equation of state (supercooled below 0 °C); CPA: the GF constants with an empty-lattice vapour pressure and volume, as the original NeqSim',
  'Guest fugacities from the coexisting fluid',
  'Hydrate TP flash: the amount of hydrate is solved so that the water fugacities of hydrate and fluid are equal, with cavity occupancies from the remaining fluid; component balances close',
  'Hydrate density from the unit cell (sI 12.0 Å with 46 H2O, sII 17.3 Å with 136 H2O), lattice expansion neglected',
];

export const HYDRATE_LIMITATIONS = [
  'No ice phase: below 0 °C the hydrate is compared with supercooled water',
  'Inhibitors act through the water fugacity of the fluid: use model CPA for methanol or glycols',
  'The hydrate phase has no enthalpy, entropy or transport properties; with a hydrate present the overall enthalpy and entropy are not reported',
];
