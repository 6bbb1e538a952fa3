/**
 * AGA8 GROSS (methods 1 and 2) against the NIST reference code's test point GROSS-01
 * (usnistgov/AGA8 Gross_test_01.cpp; ../shared/reference/physical/gerg-aga8.json).
 */
import t from 'tap';
import { loadReference, withinTolerance, type ReferenceCase } from '../helpers/reference.js';
import { grossOutputs } from '../helpers/reference-eos.js';
import { aga8Gross, type GrossState } from '../../src/engine/reference-eos/index.js';

type GrossCase = ReferenceCase<{ T_K: number; P_kPa: number; Th_K: number; Td_K: number; Pd_kPa: number; composition: Record<string, number> }>;

function ok(r: ReturnType<typeof aga8Gross>): GrossState {
  if (!r.ok) throw new Error(`${r.code}: ${r.message}`);
  return r;
}

t.test('GROSS-01: full analysis, method 2 and method 1', (t) => {
  const ref = loadReference<{ cases: GrossCase[] }>(t, 'physical/gerg-aga8.json');
  if (!ref) return t.end();
  const c = ref.cases.find((x) => x.id === 'GROSS-01');
  if (!c) {
    t.fail('GROSS-01 missing');
    return t.end();
  }
  const { T_K, P_kPa, Th_K, Td_K, Pd_kPa, composition } = c.inputs;
  const refs = { Th: Th_K, Td: Td_K, Pd: Pd_kPa * 1000 };
  const full = ok(aga8Gross(T_K, P_kPa * 1000, { method: 'composition', composition, ...refs }));
  const m2 = ok(aga8Gross(T_K, P_kPa * 1000, { method: 2, relativeDensity: full.relativeDensity, xN2: full.xN2, xCO2: full.xCO2, ...refs }));
  const got = grossOutputs(full, m2);
  for (const [key, exp] of Object.entries(c.expected)) {
    const msg = withinTolerance(got[key], exp, c.tolerance[key]);
    t.notOk(msg, `GROSS-01 ${key}${msg ? `: ${msg}` : ''}`);
  }
  // Method 1 from the same gas's Hv, Gr and x_CO2. NIST's Gross.cpp TEST_GROSS main prints
  // 5.144374668159809 mol/L for this step (the same 1e-8 class as method 2 above).
  const m1 = ok(aga8Gross(T_K, P_kPa * 1000, { method: 1, Hv: full.Hv, relativeDensity: full.relativeDensity, xCO2: full.xCO2, ...refs }));
  t.notOk(withinTolerance(m1.density / 1000, 5.144374668159809, { rel: 1e-8 }), 'method 1 density');
  // Methods 1 and 2 are inverse characterizations: method 2 fed with method 1's x_N2 must return the
  // Hv method 1 started from (to the 1e-7 Z convergence of the iterations).
  const back = ok(aga8Gross(T_K, P_kPa * 1000, { method: 2, relativeDensity: full.relativeDensity, xN2: m1.xN2, xCO2: full.xCO2, ...refs }));
  t.notOk(withinTolerance(back.Hv, full.Hv, { rel: 1e-7 }), 'method 2 inverts method 1 (Hv)');
  t.notOk(withinTolerance(back.density, m1.density, { rel: 1e-7 }), 'method 2 inverts method 1 (density)');
  t.same(full.warnings, [], 'inside the GROSS range, no warnings');
  t.end();
});

t.test('GROSS follows the ideal-gas limit and the default reference conditions', (t) => {
  const gas = { methane: 0.9, ethane: 0.05, nitrogen: 0.03, CO2: 0.02 };
  const low = ok(aga8Gross(300, 100, { method: 'composition', composition: gas }));
  t.ok(Math.abs(low.Z - 1) < 1e-5, 'Z → 1 as P → 0');
  const def = ok(aga8Gross(300, 5e6, { method: 'composition', composition: gas }));
  const explicit = ok(aga8Gross(300, 5e6, { method: 'composition', composition: gas, Th: 298.15, Td: 273.15, Pd: 101325 }));
  t.equal(def.relativeDensity, explicit.relativeDensity, 'defaults are Th 298.15 K, Td 273.15 K, Pd 101325 Pa');
  const hot = ok(aga8Gross(400, 20e6, { method: 'composition', composition: gas }));
  t.same(hot.warnings.map((w) => w.code), ['EXTRAPOLATION'], 'outside 263–338 K / 12 MPa is flagged');
  t.end();
});

t.test('GROSS bad input gives typed errors', (t) => {
  t.match(aga8Gross(300, 5e6, { method: 1, Hv: -1, relativeDensity: 0.6, xCO2: 0.01 }), { ok: false, code: 'GROSS_INVALID_INPUT', field: 'Hv' });
  t.match(aga8Gross(300, 5e6, { method: 2, relativeDensity: 0, xN2: 0.01, xCO2: 0.01 }), { ok: false, code: 'GROSS_INVALID_INPUT' });
  t.match(aga8Gross(300, 5e6, { method: 2, relativeDensity: 0.6, xN2: 0.7, xCO2: 0.4 }), { ok: false, code: 'GROSS_INVALID_INPUT' });
  // A heating value far too high for the relative density implies a negative nitrogen fraction.
  t.match(aga8Gross(300, 5e6, { method: 1, Hv: 90e6, relativeDensity: 0.56, xCO2: 0 }), { ok: false, code: 'GROSS_INVALID_INPUT' });
  t.match(aga8Gross(300, 5e6, { method: 'composition', composition: { nitrogen: 0.5, CO2: 0.5 } }), { ok: false, code: 'GROSS_INVALID_INPUT' });
  t.match(aga8Gross(300, 5e6, { method: 'composition', composition: { methane: 1, kryptonite: 0.1 } }), { ok: false, code: 'UNKNOWN_COMPONENT' });
  t.match(aga8Gross(Number.NaN, 5e6, { method: 'composition', composition: { methane: 1 } }), { ok: false, code: 'INVALID_INPUT' });
  t.match(aga8Gross(300, 5e6, { method: 3 } as never), { ok: false, code: 'INVALID_INPUT', field: 'method' });
  t.end();
});
