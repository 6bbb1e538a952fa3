/**
 * The cited parachors (src/engine/components/data/parachors.ts):
 *  - the DERIVED values are re-derived from their definition P = σ^¼ / (ρL − ρV) at T = 0.7 Tc,
 *    σ from the recommended correlation and the saturated densities of GERG-2008 (equal Gibbs
 *    energy of its liquid and vapour roots);
 *  - Quayle's additive n-alkane values agree with the same derivation within 2 %, which checks
 *    both sources against each other;
 *  - no component carries one of the original's placeholders (207 or 0).
 */
import t from 'tap';
import { COMPONENTS } from '../../src/engine/components/database.js';
import { PARACHORS, quayleParachor } from '../../src/engine/components/data/parachors.js';
import { correlationSigma, PURE_SURFACE_TENSION } from '../../src/engine/properties/transport/index.js';
import { gerg2008State } from '../../src/engine/reference-eos/index.js';

/** Saturated molar densities (mol/m3) of a GERG-2008 pure fluid at T by bisection on ln P. */
function saturation(name: string, T: number): { rhoL: number; rhoV: number } {
  const comp = { [name]: 1 };
  const dG = (P: number): number | undefined => {
    const L = gerg2008State(T, P, comp, { densitySearch: 'liquid' });
    const V = gerg2008State(T, P, comp, { densitySearch: 'gas' });
    if (!L.ok || !V.ok || L.density / V.density < 1.001) return undefined;
    return L.G - V.G;
  };
  let lo = 0;
  let hi = 0;
  let prev: number | undefined;
  let prevP = 0;
  for (let lnP = 0; lnP < Math.log(3e7); lnP += 0.05) {
    const P = Math.exp(lnP);
    const d = dG(P);
    if (d !== undefined && prev !== undefined && Math.sign(d) !== Math.sign(prev)) {
      lo = prevP;
      hi = P;
      break;
    }
    if (d !== undefined) {
      prev = d;
      prevP = P;
    }
  }
  if (hi === 0) throw new Error(`no GERG-2008 saturation bracket for ${name} at ${T} K`);
  for (let k = 0; k < 80 && hi / lo - 1 > 1e-12; k++) {
    const mid = Math.sqrt(lo * hi);
    if (Math.sign(dG(mid)!) === Math.sign(dG(lo)!)) lo = mid;
    else hi = mid;
  }
  const P = Math.sqrt(lo * hi);
  const L = gerg2008State(T, P, comp, { densitySearch: 'liquid' });
  const V = gerg2008State(T, P, comp, { densitySearch: 'gas' });
  if (!L.ok || !V.ok) throw new Error('GERG-2008 state failed');
  return { rhoL: L.density, rhoV: V.density };
}

function derivedParachor(name: string): number {
  const corr = PURE_SURFACE_TENSION[name];
  const T = Number((0.7 * corr.tc).toFixed(3));
  const { rhoL, rhoV } = saturation(name, T);
  const sigma = correlationSigma(corr, 1 - T / corr.tc);
  return (sigma * 1000) ** 0.25 / ((rhoL - rhoV) * 1e-6);
}

t.test('derived parachors re-derive from Mulero/IAPWS σ and GERG-2008 densities', (t) => {
  const derived = Object.entries(PARACHORS).filter(([, r]) => r.source.startsWith('Derived'));
  t.ok(derived.length >= 9, `${derived.length} derived values`);
  for (const [name, r] of derived) {
    const p = derivedParachor(name);
    t.ok(Math.abs(p - r.value) <= 0.06, `${name}: table ${r.value}, re-derived ${p.toFixed(3)}`);
  }
  t.end();
});

t.test("Quayle's additive n-alkane parachors agree with the derivation within 2 %", (t) => {
  for (const [name, n] of [['methane', 1], ['ethane', 2], ['propane', 3], ['n-butane', 4], ['n-pentane', 5], ['n-hexane', 6], ['n-heptane', 7], ['n-octane', 8], ['n-nonane', 9], ['nC10', 10]] as const) {
    const q = quayleParachor(n, 2 * n + 2);
    t.equal(PARACHORS[name].value, q, `${name}: table holds Quayle's ${q}`);
    const d = derivedParachor(name);
    t.ok(Math.abs(q / d - 1) < 0.02, `${name}: Quayle ${q} vs derived ${d.toFixed(1)} (${((q / d - 1) * 100).toFixed(1)} %)`);
  }
  t.end();
});

t.test('no placeholder parachors; every value has a source', (t) => {
  for (const c of COMPONENTS) {
    if (c.parachor === null) {
      t.equal(c.parachorSource, undefined, `${c.name}: no parachor, no source`);
      continue;
    }
    t.ok(c.parachor > 10 && c.parachor !== 207, `${c.name}: ${c.parachor} is not a placeholder`);
    t.ok((c.parachorSource ?? '').length > 20, `${c.name}: source given`);
  }
  const nulls = COMPONENTS.filter((c) => c.parachor === null).map((c) => c.name);
  // Olefins (Quayle's double-bond increments are position-dependent) and the inorganic additions
  // (no organic group constants, no recommended σ correlation here) have none yet: their IFT is
  // null with a MODEL_LIMITATION warning.
  t.same(
    nulls.sort(),
    ['COS', 'N2O', 'NO2', 'S8', 'SO2', 'acetone', 'ammonia', 'c-C7', 'c-C8', 'chlorine', 'cis-butene', 'ethylene', 'formic acid', 'hydrochloric acid', 'iso-butene', 'mercury', 'neon', 'nitric acid', 'ortho-hydrogen', 'para-hydrogen', 'propene', 'sulfuric acid', 'trans-butene',
      // added with second-source constants (components-second-source.test.ts), no parachor held yet
      'MEA', 'DEA', 'MDEA', 'SF6', 'R12', 'R134a', 'acetic acid', 'naphthalene', 'c-C4', '3-E-C6', 'NO', 'SO3', 'N2H4', 'HCN', 'CS2'].sort(),
    'components without a published parachor',
  );
  t.end();
});
