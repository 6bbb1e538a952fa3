/**
 * Component records for engine unit tests that must not depend on the database module.
 * Values are NeqSim COMP.csv rows (equinor/neqsim src/main/resources/data/COMP.csv: TC/NORMBOIL
 * in °C, PC in bar, MOLARMASS in g/mol, CPA..CPE, RACKETZ, PARACHOR), converted to SI here.
 * The propane and n-heptane rows carry only the critical constants quoted in
 * spec/neqsim-physics.md A5 plus rounded Cp0 coefficients; tests using them check internal
 * consistency only, never reference numbers.
 */
import type { ComponentData } from '../../src/engine/components/types.js';

function record(name: string, family: ComponentData['family'], M: number, tcC: number, pcBar: number, omega: number, tbC: number, cp: [number, number, number, number, number], racketZ = 0, parachor = 0): ComponentData {
  return {
    name,
    aliases: [],
    formula: name,
    family,
    molarMass: M / 1000,
    tc: tcC + 273.15,
    pc: pcBar * 1e5,
    omega,
    tb: tbC + 273.15,
    vc: 1e-4,
    zc: 0.28,
    racketZ,
    cpIdeal: { a: cp[0], b: cp[1], c: cp[2], d: cp[3], e: cp[4] },
    parachor,
    source: 'test fixture (NeqSim COMP.csv values)',
  };
}

export const METHANE = record('methane', 'hydrocarbon', 16.043, -82.59, 45.99, 0.0115, -161.55, [37.978352, -0.07461815, 0.000301881, -0.000000283, 9.070574e-11], 0, 77.3);
export const ETHANE = record('ethane', 'hydrocarbon', 30.07, 32.17, 48.72, 0.0995, -88.55, [34.735892, -0.036806078, 0.000470572, -0.000000552, 2.0676918e-10], 0, 108.9);
export const PROPANE = record('propane', 'hydrocarbon', 44.097, 96.68, 42.48, 0.1523, -42.1, [-4.22, 0.3063, -1.586e-4, 3.215e-8, 0]);
export const NHEPTANE = record('n-heptane', 'hydrocarbon', 100.204, 267.0, 27.4, 0.35, 98.4, [-5.146, 0.6762, -3.651e-4, 7.658e-8, 0]);
export const WATER = record('water', 'water', 18.015, 374.15, 220.89, 0.344, 100, [32.24, 0.001924, 1.055e-5, -3.596e-9, 0], 0.235662374);

/** kij matrix with the INTER.csv SRK values quoted in spec/neqsim-physics.md A1 where known, else 0. */
export function kijFor(comps: readonly ComponentData[]): Float64Array {
  const known: Record<string, number> = { 'methane|ethane': 0.00295295, 'methane|propane': 0.00747722, 'ethane|propane': 0.00185286, 'methane|water': 0.45 };
  const n = comps.length;
  const k = new Float64Array(n * n);
  for (let i = 0; i < n; i++)
    for (let j = 0; j < n; j++) {
      if (i === j) continue;
      k[i * n + j] = known[`${comps[i].name}|${comps[j].name}`] ?? known[`${comps[j].name}|${comps[i].name}`] ?? 0;
    }
  return k;
}
