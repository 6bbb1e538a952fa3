/**
 * Gas-hydrate equilibrium of a fluid described by any ThermoModel, with water in the hydrate from
 * ./vdwp.ts:
 *
 * - hydrateDrivingForce: ln(f_w^H / f_w^fluid) of the feed flashed at (T, P); negative where a
 *   hydrate is more stable than the water of the fluid.
 * - hydrateFormationTemperature: the temperature at which the driving force is zero at a given
 *   pressure (the hydrate curve of the feed), by bracketing and Illinois regula falsi.
 * - flashTPHydrate: the equilibrium amount and composition of hydrate at fixed T and P, and the
 *   fluid phases left. Unknown: the structural water ξ (mol per mol feed) taken into hydrate.
 *   For a trial ξ the guests it holds are ξ·G_j, with G_j (guests per water) from the occupancies
 *   the remaining fluid's fugacities give; that guest balance, rem_j + ξ·G_j(rem) = z_j, is solved
 *   by Newton's method on ln rem_j (./guest-balance.ts), then ξ is solved so the water fugacities
 *   of hydrate and fluid are equal. Component balances close to the guest balance's tolerance.
 *   (The original's TPHydrateFlash fixes the hydrate at full sI occupancy and does not conserve
 *   mass, see spec/neqsim-physics.md; this follows the equilibrium instead.)
 *
 * Either reagent can limit. Where the guests are in excess (gas-rich feeds) the root lies within
 * a tiny amount of exhausting the water; where water is (water-rich feeds) nearly all of the
 * guests go into the hydrate and the fluid left is water holding the guests at the fugacity the
 * hydrate needs, below what a gas phase would give. In a binary at fixed T and P the two meet in
 * a narrow band of feeds (between the hydrate's guest-to-water ratio beside the gas and beside
 * the water) that turn into hydrate alone. The remaining water is the search variable, on a log
 * scale, walked down from the feed (continuation, so every guest balance starts next to the
 * last) until the driving force changes sign; in that band it never does, and the hydrate-only
 * answer is returned with a trace (~1e-26) of fluid.
 *
 * Water-rich feeds of water + several guests are first solved in the guests' fugacities
 * (./guest-fugacity-solve.ts), where a trace second fluid phase is an explicit amount rather than
 * a kink in the fluid flash; the search above is the fallback. With several guests the other
 * structure can be the more stable beside either one's answer (sI + sII would coexist, not
 * modelled): the result then carries otherStructureMargin.
 */
import type { ThermoModel } from '../eos/types.js';
import { flashTP } from '../flash/tp-flash.js';
import type { FlashResult } from '../flash/phase-state.js';
import { hydrateComposition, hydrateDensity, hydrateSystem, stableHydrateWater, type HydrateSystem, type HydrateWater } from './vdwp.js';
import type { HydrateStructure } from './parameters.js';
import { solveGuestBalance, type GuestBalanceMemory } from './guest-balance.js';
import { guestFugacityPathApplies, solveInGuestFugacities } from './guest-fugacity-solve.js';

export type HydrateFailure = { ok: false; code: 'NO_HYDRATE_SYSTEM' | 'FLASH_ERROR' | 'FLASH_NOT_CONVERGED' | 'NO_HYDRATE_POINT' | 'HYDRATE_OUT_OF_RANGE'; message: string };

/** The hydrate against a fluid at equilibrium: driving force and the hydrate it would form. */
export interface HydrateCheck {
  fluid: FlashResult;
  hydrate: HydrateWater;
  /** ln(f_w^H / f_w^fluid); < 0: hydrate more stable than the fluid's water. */
  drivingForce: number;
}

/** ln f_i (Pa) of every component in the phase richest in water (all phases agree at equilibrium). */
function fluidLnFugacities(fluid: FlashResult, water: number): Float64Array {
  let p = fluid.phases[0];
  for (const q of fluid.phases) if (q.x[water] > p.x[water]) p = q;
  const lnF = new Float64Array(p.x.length);
  for (let i = 0; i < lnF.length; i++) lnF[i] = Math.log(p.x[i]) + p.lnPhi[i] + Math.log(fluid.P);
  return lnF;
}

/** The fluid against the stable hydrate, or against the given structure's. */
function checkAgainst(model: ThermoModel, sys: HydrateSystem, fluid: FlashResult, structure?: HydrateStructure): HydrateCheck {
  const lnF = fluidLnFugacities(fluid, sys.water);
  const hydrate = stableHydrateWater(sys, model.atTemperature(fluid.T), fluid.P, lnF, structure);
  return { fluid, hydrate, drivingForce: hydrate.lnFugacity - lnF[sys.water] };
}

function systemOf(model: ThermoModel): { ok: true; system: HydrateSystem } | HydrateFailure {
  // CPA fluids use the GF parameter set, as the original does; cubic fluids the PVTsim one.
  const s = hydrateSystem(model.components, model.name === 'CPA' ? 'GF' : 'PVTsim');
  if (s.ok) return s;
  return {
    ok: false,
    code: 'NO_HYDRATE_SYSTEM',
    message: s.reason === 'no-water' ? 'the fluid holds no water, so no hydrate can form' : 'the fluid holds no hydrate former (methane, ethane, propane, butanes, N2, CO2, H2S, O2)',
  };
}

/** Driving force of hydrate formation for the feed z at T (K), P (Pa). */
export function hydrateDrivingForce(model: ThermoModel, T: number, P: number, z: ArrayLike<number>): ({ ok: true } & HydrateCheck) | HydrateFailure {
  const s = systemOf(model);
  if (!s.ok) return s;
  const f = flashTP(model, T, P, z, { multiPhaseCheck: true });
  if (!f.ok) return f;
  return { ok: true, ...checkAgainst(model, s.system, f.result) };
}

/**
 * Temperature range of the hydrate model. The water reference is liquid water, supercooled
 * below 0 °C (no ice phase); below ≈235 K liquid water freezes spontaneously (homogeneous
 * nucleation), so the reference, and with it any hydrate answer, has no meaning there. (Left
 * unbounded, the empty lattice alone ends up "more stable" than deeply supercooled water.)
 * Above 340 K no natural-gas hydrate is stable at any pressure of interest.
 */
export const HYDRATE_T_MIN = 235;
export const HYDRATE_T_MAX = 340;

export interface HydrateCurvePoint {
  ok: true;
  /** K. */
  temperature: number;
  structure: HydrateStructure;
  /** The hydrate at the formation point (incipient: no hydrate taken from the fluid). */
  hydrate: HydrateWater;
  evaluations: number;
}

/**
 * Hydrate formation (equilibrium) temperature of the feed at pressure P (Pa), searched in
 * [HYDRATE_T_MIN, HYDRATE_T_MAX] starting near T0. Converged to 1e-7 K.
 */
export function hydrateFormationTemperature(model: ThermoModel, P: number, z: ArrayLike<number>, T0 = 285): HydrateCurvePoint | HydrateFailure {
  const s = systemOf(model);
  if (!s.ok) return s;
  let evaluations = 0;
  let last: HydrateCheck | undefined;
  const g = (T: number): number | HydrateFailure => {
    evaluations++;
    const f = flashTP(model, T, P, z, { multiPhaseCheck: true });
    if (!f.ok) return f;
    last = checkAgainst(model, s.system, f.result);
    return last.drivingForce;
  };
  // The driving force rises with temperature: bracket by stepping from T0 towards the sign change.
  let a = Math.min(Math.max(T0, HYDRATE_T_MIN), HYDRATE_T_MAX);
  let ga = g(a);
  if (typeof ga !== 'number') return ga;
  let b = a;
  let gb = ga;
  const step = ga < 0 ? 5 : -5;
  while (Math.sign(gb) === Math.sign(ga) && gb !== 0) {
    a = b;
    ga = gb;
    b = Math.min(Math.max(b + step, HYDRATE_T_MIN), HYDRATE_T_MAX);
    if (b === a) {
      return {
        ok: false,
        code: 'NO_HYDRATE_POINT',
        message:
          ga < 0
            ? `hydrate is stable up to ${HYDRATE_T_MAX} K at ${(P / 1e5).toPrecision(6)} bara`
            : `no hydrate forms down to ${HYDRATE_T_MIN} K at ${(P / 1e5).toPrecision(6)} bara (pressure too low for this gas)`,
      };
    }
    const v = g(b);
    if (typeof v !== 'number') return v;
    gb = v;
  }
  const root = illinois(g, a, ga, b, gb, 1e-7);
  if (typeof root !== 'number') return root;
  const at = last!;
  return { ok: true, temperature: root, structure: at.hydrate.structure, hydrate: at.hydrate, evaluations };
}

/**
 * Root of g in [a, b] (g(a), g(b) of opposite signs) by regula falsi with the Illinois
 * modification, to |b − a| < tol or |g| < 1e-12. Evaluation failures are passed through.
 */
function illinois(g: (x: number) => number | HydrateFailure, a: number, ga: number, b: number, gb: number, tol: number): number | HydrateFailure {
  let side = 0;
  for (let k = 0; k < 200; k++) {
    const x = (a * gb - b * ga) / (gb - ga);
    const gx = g(x);
    if (typeof gx !== 'number') return gx;
    if (Math.abs(gx) < 1e-12 || Math.abs(b - a) < tol) return x;
    if (Math.sign(gx) === Math.sign(gb)) {
      b = x;
      gb = gx;
      if (side === -1) ga /= 2;
      side = -1;
    } else {
      a = x;
      ga = gx;
      if (side === 1) gb /= 2;
      side = 1;
    }
    if (Math.abs(b - a) < tol) return (a + b) / 2;
  }
  return { ok: false, code: 'FLASH_NOT_CONVERGED', message: 'the hydrate equilibrium search did not converge in 200 steps' };
}

/** The hydrate phase of an equilibrium with hydrate. */
export interface HydratePhase {
  structure: HydrateStructure;
  /** Moles of hydrate (water + guests) per mole of feed. */
  beta: number;
  x: Float64Array;
  thetaSmall: Float64Array;
  thetaLarge: Float64Array;
  /** kg/m3, from the unit cell. */
  density: number;
}

export interface HydrateFlashResult {
  /** Flash of the fluid left beside the hydrate (phase fractions relative to that fluid). */
  fluid: FlashResult;
  /** Moles of fluid per mole of feed (1 when no hydrate forms). */
  fluidFraction: number;
  hydrate: HydratePhase | undefined;
  /** ln(f_w^H / f_w^fluid) of the feed before any hydrate forms. */
  drivingForce: number;
  /** Structure that would form (the stable one against the feed's fluid). */
  structure: HydrateStructure;
  /** Largest component-balance error, mol per mol feed. */
  balanceError: number;
  evaluations: number;
  /**
   * Set when the other structure's hydrate is more stable than the fluid left (ln f_w^other −
   * ln f_w^this < 0, the least of the two answers): the equilibrium would hold sI and sII
   * together, which is not modelled, so the answer (one structure) is approximate.
   */
  otherStructureMargin?: number;
}

/**
 * TP flash with a possible gas-hydrate phase. The fluid phases are found by the model's TP flash
 * with the multiphase check on; the hydrate by the search described at the top of this file.
 */
export function flashTPHydrate(model: ThermoModel, T: number, P: number, zIn: ArrayLike<number>): ({ ok: true } & HydrateFlashResult) | HydrateFailure {
  const s = systemOf(model);
  if (!s.ok) return s;
  if (T < HYDRATE_T_MIN) {
    return { ok: false, code: 'HYDRATE_OUT_OF_RANGE', message: `${T.toFixed(2)} K is below ${HYDRATE_T_MIN} K, where the hydrate model's liquid-water reference no longer exists (no ice phase is modelled)` };
  }
  const sys = s.system;
  const nc = model.nc;
  const z = new Float64Array(nc);
  let sum = 0;
  for (let i = 0; i < nc; i++) sum += zIn[i];
  for (let i = 0; i < nc; i++) z[i] = zIn[i] / sum;

  const feed = flashTP(model, T, P, z, { multiPhaseCheck: true });
  if (!feed.ok) return feed;
  const start = checkAgainst(model, sys, feed.result);
  const counter = { evaluations: 1 };
  if (start.drivingForce >= 0) {
    return { ok: true, fluid: feed.result, fluidFraction: 1, hydrate: undefined, drivingForce: start.drivingForce, structure: start.hydrate.structure, balanceError: 0, evaluations: 1 };
  }
  // The structure stable against the feed forms; if against the fluid left the other one is the
  // more stable (lower water fugacity), that one forms instead.
  let found = ofStructure(model, sys, T, P, z, start, start.hydrate.structure, counter);
  let otherStructureMargin: number | undefined;
  if (found.ok) {
    const margin = otherMargin(model, sys, found);
    if (margin < -1e-9) {
      const again = ofStructure(model, sys, T, P, z, start, found.check.hydrate.structure === 'sI' ? 'sII' : 'sI', counter);
      if (again.ok) {
        // Beside either structure's answer the other is the more stable: both would form (sI and
        // sII coexisting with the fluid, not modelled). Keep the answer the other beats the least.
        const back = otherMargin(model, sys, again);
        if (back < -1e-9) {
          otherStructureMargin = Math.max(back, margin);
          if (back > margin) found = again;
        } else found = again;
      } else otherStructureMargin = margin;
    }
  }
  if (!found.ok) return found;
  const { check, xi, rem } = found;
  const w = sys.water;
  const hydrate = check.hydrate;
  let guests = 0;
  for (const g of sys.guests) guests += hydrate.guestsPerWater[g.index];
  const fluidMoles = rem.reduce((a, b) => a + b, 0);
  // Component balance: fluid + hydrate = feed.
  let balanceError = 0;
  for (let i = 0; i < nc; i++) {
    const inHydrate = i === w ? xi : xi * hydrate.guestsPerWater[i];
    balanceError = Math.max(balanceError, Math.abs(rem[i] + inHydrate - z[i]));
  }
  const molarMass = model.components.map((c) => c.molarMass);
  return {
    ok: true,
    fluid: check.fluid,
    fluidFraction: fluidMoles,
    hydrate: {
      structure: hydrate.structure,
      beta: xi * (1 + guests),
      x: hydrateComposition(hydrate, w),
      thetaSmall: hydrate.thetaSmall,
      thetaLarge: hydrate.thetaLarge,
      density: hydrateDensity(hydrate, w, molarMass),
    },
    drivingForce: start.drivingForce,
    structure: hydrate.structure,
    balanceError,
    evaluations: counter.evaluations,
    ...(otherStructureMargin !== undefined ? { otherStructureMargin } : {}),
  };
}

/** ln f_w of the other structure's hydrate minus this one's, against the fluid of an answer (< 0: the other is more stable). */
function otherMargin(model: ThermoModel, sys: HydrateSystem, found: { check: HydrateCheck }): number {
  const h = found.check.hydrate;
  const other = stableHydrateWater(sys, model.atTemperature(found.check.fluid.T), found.check.fluid.P, fluidLnFugacities(found.check.fluid, sys.water), h.structure === 'sI' ? 'sII' : 'sI');
  return other.lnFugacity - h.lnFugacity;
}

/**
 * The hydrate of one structure: for water + several guests first in the guest fugacities
 * (./guest-fugacity-solve.ts; smooth where a trace second phase comes and goes), an answer kept
 * only where water is left (the water-rich side); otherwise, and for every other feed, the
 * search on the fluid's amounts below.
 */
function ofStructure(model: ThermoModel, sys: HydrateSystem, T: number, P: number, z: Float64Array, start: HydrateCheck, structure: HydrateStructure, counter: { evaluations: number }): StructureOutcome {
  if (guestFugacityPathApplies(sys) && waterRich(sys, z, start)) {
    const lnF = fluidLnFugacities(start.fluid, sys.water);
    const light = start.fluid.phases.find((p) => p.x[sys.water] < 0.5);
    const r = solveInGuestFugacities(model, sys, T, P, z, structure, lnF, light?.x);
    if (r.ok) return { ok: true, check: checkAgainst(model, sys, r.fluid, structure), xi: r.xi, rem: r.rem };
  }
  return hydrateOfStructure(model, sys, T, P, z, start, structure, counter);
}

/**
 * Water-rich: more water than the hydrate at the feed's occupancies needs to hold every guest
 * (the occupancies only fall as guests are taken up, so water is then left over).
 */
function waterRich(sys: HydrateSystem, z: Float64Array, start: HydrateCheck): boolean {
  let guests = 0;
  let perWater = 0;
  for (const g of sys.guests) {
    guests += z[g.index];
    perWater += start.hydrate.guestsPerWater[g.index];
  }
  return guests < perWater * z[sys.water];
}

/** Budget of fluid flashes for one hydrate flash (the hardest converged feeds need ~3000). */
const MAX_EVALUATIONS = 4000;

/** Deepest trial of the bracket search: water left in the fluid down to z_w·e^−60. */
const V_MAX = 60;

type StructureOutcome = { ok: true; check: HydrateCheck; xi: number; rem: Float64Array } | HydrateFailure;

/**
 * The hydrate of one structure in equilibrium with the fluid left (the search at the top of this
 * file). The structure is held fixed during the search: which one is the more stable switches
 * with the guests' fugacity, and a trial fluid far from the answer must not make the guest
 * balance jump between two lattices.
 */
function hydrateOfStructure(model: ThermoModel, sys: HydrateSystem, T: number, P: number, z: Float64Array, start: HydrateCheck, structure: HydrateStructure, counter: { evaluations: number }): StructureOutcome {
  const nc = model.nc;
  const w = sys.water;
  const at = model.atTemperature(T);
  // Warm start of the guest balance: q_j = guests j in hydrate per water in hydrate, per mole of j left in the fluid.
  const memory: GuestBalanceMemory = { q: new Float64Array(nc), jacobian: undefined };
  const first = stableHydrateWater(sys, at, P, fluidLnFugacities(start.fluid, w), structure);
  for (const g of sys.guests) memory.q[g.index] = first.guestsPerWater[g.index] / z[g.index];
  const rem = new Float64Array(nc);
  let state: { check: HydrateCheck; xi: number } | undefined;
  let flashFailure: HydrateFailure | undefined;
  const evaluate = (fluidAmounts: Float64Array): { check: HydrateCheck; guestsPerWater: Float64Array } | { ok: false } => {
    if (counter.evaluations >= MAX_EVALUATIONS) {
      flashFailure = { ok: false, code: 'FLASH_NOT_CONVERGED', message: `the hydrate equilibrium was not found within ${MAX_EVALUATIONS} fluid flashes` };
      return { ok: false };
    }
    const f = flashTP(model, T, P, fluidAmounts, { multiPhaseCheck: true });
    counter.evaluations++;
    if (!f.ok) {
      flashFailure = f;
      return { ok: false };
    }
    // The flash works on normalised fractions; fugacities do not depend on the total.
    const check = checkAgainst(model, sys, f.result, structure);
    return { check, guestsPerWater: check.hydrate.guestsPerWater };
  };

  /**
   * Driving force with ξ = z_w − exp(u) of structural water in the hydrate, the guest balance
   * solved to |ln((rem_g + ξ·G_g)/z_g)| < tol (./guest-balance.ts; its warm start carries over
   * between calls, so after the first few calls one or two flashes suffice).
   */
  const force = (u: number, tol = 1e-12): number | HydrateFailure => {
    const xi = z[w] - Math.exp(u);
    for (let i = 0; i < nc; i++) rem[i] = z[i];
    rem[w] = Math.exp(u);
    const solved = solveGuestBalance(sys, z, xi, rem, memory, tol, evaluate);
    if (!solved.ok) return solved.flashFailed === true && flashFailure !== undefined ? flashFailure : { ok: false, code: 'FLASH_NOT_CONVERGED', message: solved.message };
    state = { check: solved.at.check, xi };
    return solved.at.check.drivingForce;
  };
  const result = (): StructureOutcome => ({ ok: true, check: state!.check, xi: state!.xi, rem: Float64Array.from(rem) });

  // Bracket: just above ξ = 0 the force is that of the feed (< 0). With all but a trace of the
  // water in hydrate it is positive where either reagent is left over: excess guests leave a gas
  // whose water fugacity has collapsed; excess water leaves a liquid whose guest fugacity fell
  // below what fills the cages enough to hold that much water in hydrate. The sign change is
  // found by walking down v = ln(z_w/water left) from 0, so each guest balance starts from the
  // last one's answer (a far trial such as "all water in hydrate" leaves a trace fluid whose
  // state the guest balance would otherwise have to find from nothing).
  const uOf = (v: number): number => Math.log(z[w]) - v;
  let uHi = Math.log(z[w]) + Math.log1p(-1e-9);
  let gHi = force(uHi, 1e-7);
  if (typeof gHi !== 'number') return gHi;
  if (gHi >= 0) return { ok: false, code: 'FLASH_NOT_CONVERGED', message: `no ${structure} hydrate forms from this feed` };
  let uLo = NaN;
  let gLo = NaN;
  // Continuation with step control: a trial whose guest balance fails is retried closer to the
  // last good one, from that one's warm start.
  for (let v = 0, dv = 0.25; v < V_MAX; ) {
    const vTry = Math.min(v + dv, V_MAX);
    const saved = { q: Float64Array.from(memory.q), jacobian: memory.jacobian && Float64Array.from(memory.jacobian) };
    const g = force(uOf(vTry), 1e-7);
    if (typeof g !== 'number') {
      if (dv < 1e-3) return g;
      memory.q = saved.q;
      memory.jacobian = saved.jacobian;
      dv /= 4;
      continue;
    }
    if (g >= 0) {
      uLo = uOf(vTry);
      gLo = g;
      break;
    }
    uHi = uOf(vTry);
    gHi = g;
    v = vTry;
    dv = Math.min(2 * dv, v < 10 ? 1 : 2.5);
  }
  // Water and guests in the proportion of a stable hydrate (between the occupancies it has beside
  // the gas and beside the water): even a trace of fluid is less stable than the hydrate, so the
  // feed turns into hydrate alone.
  if (Number.isNaN(uLo)) {
    const g = force(uOf(V_MAX));
    if (typeof g !== 'number') return g;
    return result();
  }
  // Locate the root with a loose guest balance, then polish it in a narrow bracket with a tight one.
  const rough = illinois((u) => force(u, 1e-7), uLo, gLo, uHi, gHi, 1e-9);
  if (typeof rough !== 'number') return rough;
  let root = rough;
  const atRough = force(rough);
  if (typeof atRough !== 'number') return atRough;
  if (Math.abs(atRough) > 1e-12) {
    let span = 1e-8;
    let other = NaN;
    let gOther = NaN;
    for (let k = 0; k < 12; k++, span *= 10) {
      // The force falls as u (the water left in the fluid) rises: a positive force lies below the root.
      const u = Math.min(Math.max(rough + Math.sign(atRough) * span, uLo), uHi);
      const g = force(u);
      if (typeof g !== 'number') return g;
      if (Math.sign(g) !== Math.sign(atRough)) {
        other = u;
        gOther = g;
        break;
      }
    }
    if (Number.isNaN(other)) return { ok: false, code: 'FLASH_NOT_CONVERGED', message: 'the hydrate amount could not be polished to equilibrium' };
    const polished = illinois(force, Math.min(rough, other), rough < other ? atRough : gOther, Math.max(rough, other), rough < other ? gOther : atRough, 1e-13);
    if (typeof polished !== 'number') return polished;
    root = polished;
  }
  const fin = force(root);
  if (typeof fin !== 'number') return fin;
  return result();
}
