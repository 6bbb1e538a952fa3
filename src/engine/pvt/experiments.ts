/**
 * Laboratory PVT experiments simulated on an equation of state (definitions as in Whitson &
 * Brulé, "Phase Behavior", SPE Monograph 20, ch. 6, and Pedersen et al., "Phase Behavior of
 * Petroleum Reservoir Fluids", ch. 3): saturation point, constant mass expansion, differential
 * liberation, constant volume depletion and multistage separator tests. Everything is per mole of
 * the initial fluid, SI inside (Pa, K, m³); standard conditions 15 °C and 1.01325 bar.
 */
import type { ThermoModel } from '../eos/types.js';
import { flashTP } from '../flash/tp-flash.js';
import type { FlashResult, PhaseState } from '../flash/phase-state.js';
import { bubblePointPressure, dewPointPressure, pureSaturationPressure, pureSaturationTemperature } from '../flash/saturation.js';
import { phaseThermo } from '../properties/thermo.js';
import { flashReport } from '../properties/thermo-report.js';
import { R } from '../eos/constants.js';

export const T_STD = 288.15;
export const P_STD = 101325;
/** Molar mass of air, kg/mol (gas gravity reference). */
export const M_AIR = 0.0289647;

export type PvtFailure = { ok: false; code: string; message: string };

/** Molar volume (Peneloux-shifted, as reported), molar mass and density of one phase. */
function phaseVolume(model: ThermoModel, T: number, P: number, p: PhaseState): { V: number; M: number; rho: number; Z: number; dPdV: number } {
  const th = phaseThermo(model, model.atTemperature(T), P, p.x, p.V);
  return { V: th.molarVolume, M: th.molarMass, rho: th.density, Z: (P * th.molarVolume) / (R * T), dPdV: th.dPdV };
}

function flash(model: ThermoModel, T: number, P: number, z: ArrayLike<number>): FlashResult | PvtFailure {
  const r = flashTP(model, T, P, z, { multiPhaseCheck: true });
  return r.ok ? r.result : { ok: false, code: r.code, message: `${(P / 1e5).toFixed(3)} bara, ${T.toFixed(2)} K: ${r.message}` };
}
const failed = (x: unknown): x is PvtFailure => (x as PvtFailure).ok === false;

export interface SaturationPoint {
  ok: true;
  P: number;
  kind: 'bubble' | 'dew';
}

/**
 * The saturation pressure at T: the highest pressure (below Pmax) at which the fluid splits, found
 * by stepping down from Pmax with stability-checked flashes and bisecting the crossing, then
 * polished with the bubble- or dew-point solver. A bubble point when the incipient phase is vapour.
 */
export function saturationPressure(model: ThermoModel, T: number, z: ArrayLike<number>, Pmax = 1000e5, Pmin = 1e5): SaturationPoint | PvtFailure {
  if (model.nc === 1) {
    // A pure fluid splits only on its vapour-pressure curve: no pressure interval to bisect.
    const s = pureSaturationPressure(model, T, 1e5);
    return s.ok ? { ok: true, P: s.value, kind: 'bubble' } : { ok: false, code: s.code, message: s.message };
  }
  const twoPhase = (P: number): boolean | PvtFailure => {
    const r = flash(model, T, P, z);
    return failed(r) ? r : r.phases.length > 1;
  };
  let hi = Pmax;
  const top = twoPhase(hi);
  if (failed(top)) return top;
  if (top) return { ok: false, code: 'NO_SATURATION_POINT', message: `The fluid is already two-phase at ${(Pmax / 1e5).toFixed(0)} bara and ${T.toFixed(2)} K` };
  let lo = hi;
  for (;;) {
    lo = hi * 0.9;
    if (lo < Pmin) return { ok: false, code: 'NO_SATURATION_POINT', message: `The fluid stays single-phase from ${(Pmax / 1e5).toFixed(0)} down to ${(Pmin / 1e5).toFixed(2)} bara at ${T.toFixed(2)} K` };
    const s = twoPhase(lo);
    if (failed(s)) return s;
    if (s) break;
    hi = lo;
  }
  for (let i = 0; i < 60 && hi - lo > 1e-9 * hi; i++) {
    const mid = 0.5 * (lo + hi);
    const s = twoPhase(mid);
    if (failed(s)) return s;
    if (s) lo = mid;
    else hi = mid;
  }
  const below = flash(model, T, lo, z);
  if (failed(below)) return below;
  const minor = below.phases.reduce((a, b) => (b.beta < a.beta ? b : a));
  const kind = minor.label === 'gas' ? 'bubble' : 'dew';
  // The bisection brackets the boundary to 1e-9; the saturation solver, started there, finds it exactly.
  const polished = kind === 'bubble' ? bubblePointPressure(model, T, z, hi) : dewPointPressure(model, T, z, hi);
  const P = polished.ok && Math.abs(polished.value - hi) < 1e-4 * hi ? polished.value : hi;
  return { ok: true, P, kind };
}

export interface CmeStep {
  P: number;
  /** Total volume over the volume at the saturation pressure. */
  relativeVolume: number;
  phases: number;
  /** Liquid volume in percent of the saturation volume (two-phase steps). */
  liquidVolumePercent?: number;
  /** Y = (Psat − P) / (P (Vrel − 1)) below the saturation pressure. */
  yFunction?: number;
  /** Z of the single phase above Psat, of the gas below. */
  Zgas?: number;
  /** Total mass over total volume, kg/m³. */
  density: number;
  /** Isothermal compressibility −(1/V)(∂V/∂P)_T of the single phase above Psat, 1/Pa. */
  compressibility?: number;
  /** Gas formation volume factor (reservoir m³ per standard m³) of the single phase or the gas. */
  Bg?: number;
  /** Viscosity of the single phase above Psat, Pa·s. */
  viscosity?: number;
}

/** Constant mass expansion at T over `pressures` (any order; reported as given). */
export function constantMassExpansion(model: ThermoModel, T: number, z: ArrayLike<number>, pressures: readonly number[], sat: SaturationPoint): { ok: true; steps: CmeStep[] } | PvtFailure {
  const volumeAt = (P: number, r: FlashResult) => r.phases.reduce((v, p) => v + p.beta * phaseVolume(model, T, P, p).V, 0);
  const atSat = flash(model, T, sat.P * (1 + 1e-9), z);
  if (failed(atSat)) return atSat;
  const Vsat = volumeAt(sat.P, atSat);
  const steps: CmeStep[] = [];
  for (const P of pressures) {
    const r = flash(model, T, P, z);
    if (failed(r)) return r;
    const V = volumeAt(P, r);
    let M = 0;
    for (let i = 0; i < model.nc; i++) M += z[i]! * model.components[i]!.molarMass;
    const step: CmeStep = { P, relativeVolume: V / Vsat, phases: r.phases.length, density: M / V };
    const gas = r.phases.find((p) => p.label === 'gas');
    if (r.phases.length === 1) {
      const p = phaseVolume(model, T, P, r.phases[0]!);
      step.Zgas = p.Z;
      step.compressibility = -1 / (p.V * p.dPdV);
      step.Bg = (p.Z * T * P_STD) / (P * T_STD);
      step.viscosity = flashReport(model, r).phases[0]!.viscosity;
    } else {
      const liquid = r.phases.filter((p) => p.label !== 'gas').reduce((v, p) => v + p.beta * phaseVolume(model, T, P, p).V, 0);
      step.liquidVolumePercent = (100 * liquid) / Vsat;
      if (P < sat.P) step.yFunction = (sat.P - P) / (P * (V / Vsat - 1));
      if (gas) {
        const g = phaseVolume(model, T, P, gas);
        step.Zgas = g.Z;
        step.Bg = (g.Z * T * P_STD) / (P * T_STD);
      }
    }
    steps.push(step);
  }
  return { ok: true, steps };
}

export interface DlStep {
  P: number;
  /** Oil volume over the residual oil volume at standard conditions. */
  Bo: number;
  /** Standard gas volume still in solution per residual oil volume, Sm³/Sm³. */
  Rs: number;
  /** Of the gas liberated at this step (absent at the saturation pressure). */
  Bg?: number;
  Zgas?: number;
  gasGravity?: number;
  oilDensity: number;
}

/** Stage flash of a liquid: the gas leaves, the liquid goes on. */
function liberate(model: ThermoModel, T: number, P: number, n: number, x: Float64Array): { gasMoles: number; gas?: PhaseState; liquidMoles: number; liquid: PhaseState } | PvtFailure {
  const r = flash(model, T, P, x);
  if (failed(r)) return r;
  const gas = r.phases.find((p) => p.label === 'gas');
  const liquids = r.phases.filter((p) => p.label !== 'gas');
  if (liquids.length === 0) return { ok: false, code: 'NO_LIQUID', message: `No liquid left at ${(P / 1e5).toFixed(3)} bara and ${T.toFixed(2)} K` };
  // A second liquid (water) stays with the oil: lump the liquids.
  const beta = liquids.reduce((s, p) => s + p.beta, 0);
  const xl = new Float64Array(model.nc);
  for (const p of liquids) for (let i = 0; i < model.nc; i++) xl[i] += (p.beta * p.x[i]!) / beta;
  const main = liquids.length === 1 ? liquids[0]! : flashLiquid(model, T, P, xl);
  return { gasMoles: n * (gas?.beta ?? 0), gas, liquidMoles: n * beta, liquid: main };
}

function flashLiquid(model: ThermoModel, T: number, P: number, x: Float64Array): PhaseState {
  const at = model.atTemperature(T);
  const V = at.molarVolume(P, x, 'liquid');
  return { label: 'oil', beta: 1, x, V, Z: (P * V) / (R * T), lnPhi: new Float64Array(model.nc) };
}

/**
 * Differential liberation at T from the bubble point down `pressures` (descending, below Psat),
 * then the residual oil to standard conditions.
 */
export function differentialLiberation(model: ThermoModel, T: number, z: ArrayLike<number>, pressures: readonly number[], sat: SaturationPoint): { ok: true; steps: DlStep[]; residualOilVolume: number } | PvtFailure {
  if (sat.kind !== 'bubble') return { ok: false, code: 'NOT_AN_OIL', message: 'Differential liberation needs an oil (a bubble point); this fluid has a dew point at this temperature' };
  const steps: { P: number; Vo: number; rhoO: number; gasStd: number; gas?: { Z: number; M: number } }[] = [];
  let x = Float64Array.from(z);
  let n = 1;
  const sequence = [sat.P * (1 + 1e-9), ...pressures.filter((p) => p < sat.P)];
  for (const P of sequence) {
    const r = liberate(model, T, P, n, x);
    if (failed(r)) return r;
    const oil = phaseVolume(model, T, P, r.liquid);
    const g = r.gas ? phaseVolume(model, T, P, r.gas) : undefined;
    steps.push({ P, Vo: r.liquidMoles * oil.V, rhoO: oil.rho, gasStd: (r.gasMoles * R * T_STD) / P_STD, ...(g ? { gas: { Z: g.Z, M: g.M } } : {}) });
    n = r.liquidMoles;
    x = Float64Array.from(r.liquid.x);
  }
  // Residual oil: flashed at standard conditions; what gas still comes out is the last liberation.
  const stock = liberate(model, T_STD, P_STD, n, x);
  if (failed(stock)) return stock;
  const Vr = stock.liquidMoles * phaseVolume(model, T_STD, P_STD, stock.liquid).V;
  const gasAfter: number[] = [];
  let cum = (stock.gasMoles * R * T_STD) / P_STD;
  for (let i = steps.length - 1; i >= 0; i--) {
    gasAfter[i] = cum; // gas still in solution at step i: what later steps and the stock-tank flash release
    cum += steps[i]!.gasStd;
  }
  return {
    ok: true,
    residualOilVolume: Vr,
    steps: steps.map((s, i) => ({
      P: s.P,
      Bo: s.Vo / Vr,
      Rs: gasAfter[i]! / Vr,
      ...(s.gas ? { Bg: (s.gas.Z * T * P_STD) / (s.P * T_STD), Zgas: s.gas.Z, gasGravity: s.gas.M / M_AIR } : {}),
      oilDensity: s.rhoO,
    })),
  };
}

export interface SeparatorStage {
  T: number;
  P: number;
}

/**
 * A separator train from the saturated reservoir fluid: stage by stage the gas leaves and the oil
 * goes on; the last stage is the stock tank. GOR per stage and in total per stock-tank oil volume,
 * Bo = saturated oil volume at reservoir T over stock-tank oil volume.
 */
export function separatorTest(model: ThermoModel, Tres: number, z: ArrayLike<number>, stages: readonly SeparatorStage[], sat: SaturationPoint) {
  const start = flash(model, Tres, sat.P * (1 + 1e-9), z);
  if (failed(start)) return start;
  const Vsat = start.phases.reduce((v, p) => v + p.beta * phaseVolume(model, Tres, sat.P, p).V, 0);
  let n = 1;
  let x = Float64Array.from(z);
  const gas: { T: number; P: number; std: number; gravity: number }[] = [];
  for (const s of stages) {
    const r = liberate(model, s.T, s.P, n, x);
    if (failed(r)) return r;
    gas.push({ T: s.T, P: s.P, std: (r.gasMoles * R * T_STD) / P_STD, gravity: r.gas ? phaseVolume(model, s.T, s.P, r.gas).M / M_AIR : 0 });
    n = r.liquidMoles;
    x = Float64Array.from(r.liquid.x);
  }
  const last = stages[stages.length - 1]!;
  const Vst = n * phaseVolume(model, last.T, last.P, flashLiquid(model, last.T, last.P, x)).V;
  const total = gas.reduce((s, g) => s + g.std, 0);
  return { ok: true as const, stages: gas.map((g) => ({ ...g, GOR: g.std / Vst })), totalGOR: total / Vst, Bo: Vsat / Vst, stockTankOilVolume: Vst, stockTankOilMoles: n };
}

export interface CvdStep {
  P: number;
  /** Liquid volume in percent of the cell (saturation) volume. */
  liquidDropoutPercent: number;
  /** Moles produced so far, percent of the initial moles. */
  cumulativeProducedPercent: number;
  Zgas: number;
  /** Two-phase Z of the cell contents: P V_cell / (n R T). */
  Ztwophase: number;
}

/** Constant volume depletion at T from the saturation pressure down `pressures` (descending). */
export function constantVolumeDepletion(model: ThermoModel, T: number, z: ArrayLike<number>, pressures: readonly number[], sat: SaturationPoint): { ok: true; steps: CvdStep[]; cellVolume: number } | PvtFailure {
  const atSat = flash(model, T, sat.P * (1 + 1e-9), z);
  if (failed(atSat)) return atSat;
  const Vcell = atSat.phases.reduce((v, p) => v + p.beta * phaseVolume(model, T, sat.P, p).V, 0);
  let n = 1;
  let zc = Float64Array.from(z);
  let produced = 0;
  const steps: CvdStep[] = [];
  for (const P of pressures.filter((p) => p < sat.P)) {
    const r = flash(model, T, P, zc);
    if (failed(r)) return r;
    const gas = r.phases.find((p) => p.label === 'gas');
    const vol = r.phases.map((p) => ({ p, v: phaseVolume(model, T, P, p) }));
    const V = vol.reduce((s, q) => s + n * q.p.beta * q.v.V, 0);
    const liquidV = vol.filter((q) => q.p.label !== 'gas').reduce((s, q) => s + n * q.p.beta * q.v.V, 0);
    if (!gas) return { ok: false, code: 'NO_GAS', message: `No gas to produce at ${(P / 1e5).toFixed(3)} bara` };
    const g = phaseVolume(model, T, P, gas);
    // Produce gas at cell conditions until the cell holds its initial volume again.
    const out = Math.min(n * gas.beta, Math.max(0, (V - Vcell) / g.V));
    const next = new Float64Array(model.nc);
    for (let i = 0; i < model.nc; i++) next[i] = n * zc[i]! - out * gas.x[i]!;
    const nNext = n - out;
    for (let i = 0; i < model.nc; i++) next[i] /= nNext;
    produced += out;
    steps.push({ P, liquidDropoutPercent: (100 * liquidV) / Vcell, cumulativeProducedPercent: 100 * produced, Zgas: g.Z, Ztwophase: (P * Vcell) / (nNext * R * T) });
    n = nNext;
    zc = next;
  }
  return { ok: true, steps, cellVolume: Vcell };
}

/**
 * A saturation temperature at P by stability-checked flashes: stepping down from Tmax finds the
 * highest one (the dew point of a gas, or of an oil above its bubble curve), stepping up from
 * Tmin the lowest (the bubble point of an oil); the crossing is bisected to 1e-9. The kind follows
 * the incipient phase (vapour: bubble point).
 */
export function saturationTemperature(model: ThermoModel, P: number, z: ArrayLike<number>, direction: 'down' | 'up' = 'down', Tmin = 150, Tmax = 1000): { ok: true; T: number; kind: 'bubble' | 'dew' } | PvtFailure {
  if (model.nc === 1) {
    const s = pureSaturationTemperature(model, P);
    return s.ok ? { ok: true, T: s.value, kind: direction === 'up' ? 'bubble' : 'dew' } : { ok: false, code: s.code, message: s.message };
  }
  const twoPhase = (T: number): boolean | PvtFailure => {
    const r = flash(model, T, P, z);
    return failed(r) ? r : r.phases.length > 1;
  };
  const start = direction === 'down' ? Tmax : Tmin;
  const first = twoPhase(start);
  if (failed(first)) return first;
  if (first) return { ok: false, code: 'NO_SATURATION_POINT', message: `The fluid is two-phase at ${start} K and ${(P / 1e5).toFixed(3)} bara: no ${direction === 'down' ? 'dew' : 'bubble'} point searched from there` };
  let single = start;
  let split = start;
  for (;;) {
    split = direction === 'down' ? single - Math.max(2, 0.03 * single) : single + Math.max(2, 0.03 * single);
    if (split < Tmin || split > Tmax) return { ok: false, code: 'NO_SATURATION_POINT', message: `The fluid stays single-phase from ${start} K to ${direction === 'down' ? Tmin : Tmax} K at ${(P / 1e5).toFixed(3)} bara` };
    const s = twoPhase(split);
    if (failed(s)) return s;
    if (s) break;
    single = split;
  }
  for (let i = 0; i < 60 && Math.abs(single - split) > 1e-9 * single; i++) {
    const mid = 0.5 * (single + split);
    const s = twoPhase(mid);
    if (failed(s)) return s;
    if (s) split = mid;
    else single = mid;
  }
  const inside = flash(model, split, P, z);
  if (failed(inside)) return inside;
  const minor = inside.phases.reduce((a, b) => (b.beta < a.beta ? b : a));
  return { ok: true, T: single, kind: minor.label === 'gas' ? 'bubble' : 'dew' };
}

/** Viscosity of each phase (Pa·s) at T over `pressures`; undefined where the phase is absent. */
export function phaseViscosities(model: ThermoModel, T: number, z: ArrayLike<number>, pressures: readonly number[]): { ok: true; steps: { P: number; gas?: number; oil?: number; aqueous?: number }[] } | PvtFailure {
  const steps: { P: number; gas?: number; oil?: number; aqueous?: number }[] = [];
  for (const P of pressures) {
    const r = flash(model, T, P, z);
    if (failed(r)) return r;
    const rep = flashReport(model, r);
    const step: { P: number; gas?: number; oil?: number; aqueous?: number } = { P };
    for (const p of rep.phases) if (p.viscosity !== undefined && step[p.state.label] === undefined) step[p.state.label] = p.viscosity;
    steps.push(step);
  }
  return { ok: true, steps };
}

export interface SwellingStep {
  /** Moles of injection gas per 100 moles of the mixture. */
  injectedMolePercent: number;
  P: number;
  kind: 'bubble' | 'dew';
  /** Saturated volume of the mixture per mole of original oil over the original oil's saturated volume. */
  swollenVolumeFactor: number;
}

/**
 * Swelling test at T: the oil mixed with increasing amounts of injection gas; for each mixture the
 * saturation pressure and the swollen volume. `fluidFor` builds the model of a mixture (its
 * components are those with a positive fraction).
 */
export function swellingTest(
  T: number,
  oil: Record<string, number>,
  gas: Record<string, number>,
  injectedMolePercent: readonly number[],
  fluidFor: (composition: Record<string, number>) => { model: ThermoModel; z: Float64Array },
): { ok: true; steps: SwellingStep[] } | PvtFailure {
  const saturatedVolume = (model: ThermoModel, z: Float64Array, P: number) => {
    const r = flash(model, T, P * (1 + 1e-9), z);
    return failed(r) ? r : r.phases.reduce((v, p) => v + p.beta * phaseVolume(model, T, P, p).V, 0);
  };
  const base = fluidFor(oil);
  const sat0 = saturationPressure(base.model, T, base.z);
  if (!sat0.ok) return sat0;
  const V0 = saturatedVolume(base.model, base.z, sat0.P);
  if (typeof V0 !== 'number') return V0;
  const steps: SwellingStep[] = [];
  for (const pct of injectedMolePercent) {
    const x = pct / 100;
    const mix: Record<string, number> = {};
    for (const [k, v] of Object.entries(oil)) mix[k] = (mix[k] ?? 0) + (1 - x) * v;
    for (const [k, v] of Object.entries(gas)) mix[k] = (mix[k] ?? 0) + x * v;
    for (const k of Object.keys(mix)) if (!(mix[k]! > 0)) delete mix[k];
    const f = fluidFor(mix);
    const sat = saturationPressure(f.model, T, f.z);
    if (!sat.ok) return { ...sat, message: `${pct} mol % injected: ${sat.message}` };
    const V = saturatedVolume(f.model, f.z, sat.P);
    if (typeof V !== 'number') return V;
    // Per mole of original oil: the mixture holds 1 / (1 − x) moles.
    steps.push({ injectedMolePercent: pct, P: sat.P, kind: sat.kind, swollenVolumeFactor: V / (1 - x) / V0 });
  }
  return { ok: true, steps };
}
