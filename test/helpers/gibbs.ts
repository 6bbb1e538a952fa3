/**
 * Reduced Gibbs energy Σ_phases β Σ_i x_i (ln x_i + ln φ_i) of a set of phases at (T, P), each on
 * its lower-G root: the tests compare an answer's G with a rival's (the feed, or another engine's
 * split) to show which is the equilibrium of the model.
 */
import type { ThermoModel } from '../../src/engine/eos/types.js';

export function reducedGibbs(model: ThermoModel, T: number, P: number, phases: readonly { beta: number; x: ArrayLike<number> }[]): number {
  const at = model.atTemperature(T);
  const lnPhi = new Float64Array(model.nc);
  let g = 0;
  for (const p of phases) {
    at.lnPhi(P, p.x, 'stable', lnPhi);
    for (let i = 0; i < model.nc; i++) if (p.x[i] > 0) g += p.beta * p.x[i] * (Math.log(p.x[i]) + lnPhi[i]);
  }
  return g;
}
