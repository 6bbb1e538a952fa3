/**
 * A PH/PS bracket that collapses onto a temperature where the enthalpy (entropy) jumps between
 * two multiphase states: a phase change at constant T and P. The textbook case is a binary
 * hydrocarbon + water at fixed P: gas + water below, gas + oil above, and gas + oil + water only
 * at one temperature (Gibbs' phase rule leaves no freedom for three phases of two components at
 * fixed P). Every state in the jump is that three-phase equilibrium with fractions set by the
 * material balance and the enthalpy (entropy) spec, the multiphase form of the lever rule.
 *
 * The phases of both sides are pooled (a phase present on both sides is kept once), moved to the
 * midpoint temperature, and non-negative fractions β solving
 *   Σ_k β_k x_ki = z_i,   Σ_k β_k X_k = X_spec
 * are found by least squares over every subset of the pooled phases. The answer is returned only
 * when it is an equilibrium: the material balance and the spec are met and the phases used have
 * equal fugacities (they coexist at the jump temperature).
 */
import type { ThermoModel } from '../eos/types.js';
import { ResidualDerivatives } from '../eos/types.js';
import { phaseThermo } from '../properties/thermo.js';
import { makePhase, orderByDensity, type PhaseState } from './phase-state.js';

/** Material balance residual accepted, in mole fraction. */
const BALANCE_TOLERANCE = 1e-8;
/** |Δ ln f| accepted between phases taken from states 1e-9·T apart. */
const FUGACITY_TOLERANCE = 1e-6;

export interface LeverSide {
  T: number;
  phases: readonly PhaseState[];
}

/**
 * Phases and fractions at T = midpoint of the two sides reproducing z and the spec, or a reason
 * why there are none. `kind` selects enthalpy (PH) or entropy (PS); `tol` is the spec tolerance.
 */
export function leverAcrossPhaseChange(
  kind: 'PH' | 'PS',
  model: ThermoModel,
  P: number,
  z: Float64Array,
  spec: number,
  tol: number,
  lo: LeverSide,
  hi: LeverSide,
): { ok: true; T: number; phases: PhaseState[] } | { ok: false; message: string } {
  const nc = model.nc;
  const T = 0.5 * (lo.T + hi.T);
  const at = model.atTemperature(T);
  const scratch = new ResidualDerivatives(nc);
  const pool: { phase: PhaseState; X: number }[] = [];
  for (const p of [...lo.phases, ...hi.phases]) {
    const dup = pool.some((q) => {
      let dist = 0;
      for (let i = 0; i < nc; i++) dist += Math.abs(q.phase.x[i] - p.x[i]);
      return dist < 1e-6 && Math.abs(q.phase.V - p.V) <= 1e-6 * Math.abs(p.V);
    });
    if (dup) continue;
    // The same composition on the volume root it had (liquid-like or vapour-like), at T.
    const lnPhi = new Float64Array(nc);
    const lnPhiOther = new Float64Array(nc);
    const vL = at.lnPhi(P, p.x, 'liquid', lnPhi);
    const vV = at.lnPhi(P, p.x, 'vapor', lnPhiOther);
    const useV = Number.isFinite(vV) && (!Number.isFinite(vL) || Math.abs(vV - p.V) < Math.abs(vL - p.V));
    const V = useV ? vV : vL;
    if (!Number.isFinite(V)) return { ok: false, message: `no volume root for a phase at ${T} K` };
    const th = phaseThermo(model, at, P, p.x, V, scratch);
    pool.push({ phase: makePhase(model, at, P, p.x, useV ? lnPhiOther : lnPhi, V, 0), X: kind === 'PH' ? th.enthalpy : th.entropy });
  }
  const m = pool.length;
  if (m < 2 || m > 8) return { ok: false, message: `${m} distinct phases on the two sides` };
  const scale = kind === 'PH' ? Math.max(Math.abs(spec), 1000) : Math.max(Math.abs(spec), 10);
  let best: { beta: Float64Array; subset: number[]; res: number } | undefined;
  for (let mask = 3; mask < 1 << m; mask++) {
    const subset: number[] = [];
    for (let k = 0; k < m; k++) if (mask & (1 << k)) subset.push(k);
    if (subset.length < 2) continue;
    const beta = leastSquares(pool, subset, z, spec, scale);
    if (!beta || beta.some((b) => !(b > 0))) continue;
    const res = residual(pool, subset, beta, z, spec, scale);
    if (!best || res.total < best.res) best = { beta, subset, res: res.total };
  }
  if (!best) return { ok: false, message: 'no non-negative phase fractions reproduce the feed and the spec' };
  const { balance, spec: specResidual } = residual(pool, best.subset, best.beta, z, spec, scale);
  if (!(balance < BALANCE_TOLERANCE) || !(specResidual * scale <= 100 * tol)) {
    return { ok: false, message: `the best lever rule leaves a material balance residual ${balance.toExponential(2)} and a spec residual ${(specResidual * scale).toExponential(2)}` };
  }
  const phases = best.subset.map((k, a) => ({ ...pool[k].phase, beta: best.beta[a] }));
  const ref = phases[0];
  for (const p of phases.slice(1)) {
    for (let i = 0; i < nc; i++) {
      const d = Math.log(p.x[i]) + p.lnPhi[i] - Math.log(ref.x[i]) - ref.lnPhi[i];
      if (!(Math.abs(d) < FUGACITY_TOLERANCE)) return { ok: false, message: `the phases on the two sides do not coexist at ${T} K (|Δ ln f| = ${Math.abs(d).toExponential(2)})` };
    }
  }
  const sum = phases.reduce((s, p) => s + p.beta, 0);
  for (const p of phases) p.beta /= sum;
  return { ok: true, T, phases: orderByDensity(model, phases) };
}

/** Normal equations of the (nc + 1) × |subset| system; undefined when singular. */
function leastSquares(pool: { phase: PhaseState; X: number }[], subset: number[], z: Float64Array, spec: number, scale: number): Float64Array | undefined {
  const n = subset.length;
  const nc = z.length;
  const A = new Float64Array(n * n);
  const b = new Float64Array(n);
  for (let a = 0; a < n; a++) {
    const pa = pool[subset[a]];
    for (let c = 0; c < n; c++) {
      const pc = pool[subset[c]];
      let s = (pa.X / scale) * (pc.X / scale);
      for (let i = 0; i < nc; i++) s += pa.phase.x[i] * pc.phase.x[i];
      A[a * n + c] = s;
    }
    let r = (pa.X / scale) * (spec / scale);
    for (let i = 0; i < nc; i++) r += pa.phase.x[i] * z[i];
    b[a] = r;
  }
  // Gaussian elimination with partial pivoting; a near-singular system (two phases alike) fails.
  for (let k = 0; k < n; k++) {
    let p = k;
    for (let i = k + 1; i < n; i++) if (Math.abs(A[i * n + k]) > Math.abs(A[p * n + k])) p = i;
    if (!(Math.abs(A[p * n + k]) > 1e-12 * Math.abs(A[k * n + k] || 1))) return undefined;
    if (p !== k) {
      for (let j = 0; j < n; j++) [A[k * n + j], A[p * n + j]] = [A[p * n + j], A[k * n + j]];
      [b[k], b[p]] = [b[p], b[k]];
    }
    for (let i = k + 1; i < n; i++) {
      const f = A[i * n + k] / A[k * n + k];
      for (let j = k; j < n; j++) A[i * n + j] -= f * A[k * n + j];
      b[i] -= f * b[k];
    }
  }
  for (let i = n - 1; i >= 0; i--) {
    let s = b[i];
    for (let j = i + 1; j < n; j++) s -= A[i * n + j] * b[j];
    b[i] = s / A[i * n + i];
  }
  return b.every(Number.isFinite) ? b : undefined;
}

function residual(pool: { phase: PhaseState; X: number }[], subset: number[], beta: Float64Array, z: Float64Array, spec: number, scale: number): { balance: number; spec: number; total: number } {
  let balance = 0;
  let total = 0;
  for (let i = 0; i < z.length; i++) {
    let s = 0;
    subset.forEach((k, a) => (s += beta[a] * pool[k].phase.x[i]));
    balance = Math.max(balance, Math.abs(s - z[i]));
    total += (s - z[i]) ** 2;
  }
  let x = 0;
  subset.forEach((k, a) => (x += beta[a] * pool[k].X));
  const specResidual = Math.abs(x - spec) / scale;
  return { balance, spec: specResidual, total: total + specResidual ** 2 };
}
