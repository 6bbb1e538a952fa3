/**
 * Range check of the ideal-gas heat-capacity polynomials (COMP.csv CPA…CPE). Every real gas has
 * Cp0 ≥ 5/2 R (translation alone); the fitted polynomials of some heavy components fall below
 * that, even negative, outside the temperatures they were fitted on (nC15 at 1000 K: −0.9
 * J/(mol·K)). Before that they turn over: Cp0 of a polyatomic molecule rises with T above room
 * temperature (more vibrational modes excite), but COMP.csv's polynomials of nC12–nC16 and
 * nC18–nC25 peak at 600–920 K and fall after it (nC15: 503 J/(mol·K) at 600 K, 388 at 800 K, where
 * Poling et al.'s Appendix A polynomial gives 605 and 710). Past the peak by more than 1 % the
 * polynomial is outside its range too. Properties built on Cp0 there (Cp, Cv, speed of sound,
 * Joule–Thomson coefficient, the conductivity methods' internal-energy term) are withheld rather
 * than reported.
 */
import { R } from '../eos/constants.js';
import type { ComponentData } from '../components/types.js';

/** 5/2 R, less a rounding margin: monatomic records carry 20.785 J/(mol·K). */
const CP0_MIN = 2.5 * R - 0.01;

/** Above this temperature every molecule's Cp0 rises with T (below it light gases' polynomials may dip slightly). */
const RISING_FROM_K = 400;
/** A fall below the polynomial's maximum since RISING_FROM_K larger than this fraction is outside its range. */
const PEAK_DROP = 0.01;

const cpAt = (c: ComponentData['cpIdeal'], T: number): number => c.a + T * (c.b + T * (c.c + T * (c.d + T * c.e)));

/** Largest Cp0 of the polynomial between RISING_FROM_K and T (10 K steps and T itself), with where. */
function peakBelow(c: ComponentData['cpIdeal'], T: number): { value: number; at: number } {
  let best = { value: cpAt(c, RISING_FROM_K), at: RISING_FROM_K };
  for (let t = RISING_FROM_K + 10; t < T; t += 10) {
    const v = cpAt(c, t);
    if (v > best.value) best = { value: v, at: t };
  }
  return best;
}

/** Why the Cp0 polynomials are outside their range at T (components with x > 0), or undefined. */
export function idealCpOutOfRange(components: readonly ComponentData[], x: ArrayLike<number>, T: number): string | undefined {
  for (let i = 0; i < components.length; i++) {
    if (!(x[i] > 0)) continue;
    const c = components[i].cpIdeal;
    const cp0 = c.a + T * (c.b + T * (c.c + T * (c.d + T * c.e)));
    if (!(cp0 >= CP0_MIN))
      return `the ideal-gas Cp polynomial of ${components[i].name} gives ${cp0.toFixed(1)} J/(mol·K) at ${T} K, below the 5/2·R of any gas: outside the range it was fitted on`;
    if (T > RISING_FROM_K && c.b + T * (2 * c.c + T * (3 * c.d + T * 4 * c.e)) < 0) {
      const peak = peakBelow(c, T);
      if (cp0 < (1 - PEAK_DROP) * peak.value)
        return `the ideal-gas Cp polynomial of ${components[i].name} falls from ${peak.value.toFixed(1)} J/(mol·K) at ${peak.at} K to ${cp0.toFixed(1)} at ${T} K, where a molecule's Cp0 rises with temperature: outside the range it was fitted on`;
    }
  }
  return undefined;
}
