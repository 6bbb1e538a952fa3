/**
 * Range check of the ideal-gas heat-capacity polynomials (COMP.csv CPA…CPE). Every real gas has
 * Cp0 ≥ 5/2 R (translation alone); the fitted polynomials of some heavy components fall below
 * that, even negative, outside the temperatures they were fitted on (nC15 at 1000 K: −0.9
 * J/(mol·K)). Properties built on Cp0 there (Cp, Cv, speed of sound, Joule–Thomson coefficient,
 * the conductivity methods' internal-energy term) are withheld rather than reported.
 */
import { R } from '../eos/constants.js';
import type { ComponentData } from '../components/types.js';

/** 5/2 R, less a rounding margin: monatomic records carry 20.785 J/(mol·K). */
const CP0_MIN = 2.5 * R - 0.01;

/** Why the Cp0 polynomials are outside their range at T (components with x > 0), or undefined. */
export function idealCpOutOfRange(components: readonly ComponentData[], x: ArrayLike<number>, T: number): string | undefined {
  for (let i = 0; i < components.length; i++) {
    if (!(x[i] > 0)) continue;
    const c = components[i].cpIdeal;
    const cp0 = c.a + T * (c.b + T * (c.c + T * (c.d + T * c.e)));
    if (!(cp0 >= CP0_MIN))
      return `the ideal-gas Cp polynomial of ${components[i].name} gives ${cp0.toFixed(1)} J/(mol·K) at ${T} K, below the 5/2·R of any gas: outside the range it was fitted on`;
  }
  return undefined;
}
