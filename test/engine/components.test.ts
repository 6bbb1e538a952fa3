/**
 * Component database: record sanity, COMP.csv values the physics note quotes, critical constants
 * against reference equations of state, name resolution, search and suggestions.
 */
import t from 'tap';
import fc from 'fast-check';
import {
  allComponents,
  componentFamilies,
  findComponent,
  levenshtein,
  searchComponents,
  suggestComponent,
} from '../../src/engine/components/index.js';
import { loadReference, withinTolerance } from '../helpers/reference.js';

const cp0 = (name: string, T: number): number => {
  const c = findComponent(name)!.cpIdeal;
  return c.a + c.b * T + c.c * T ** 2 + c.d * T ** 3 + c.e * T ** 4;
};

const GERG_NAMES = [
  'methane', 'ethane', 'propane', 'i-butane', 'n-butane', 'i-pentane', 'n-pentane', 'n-hexane', 'n-heptane', 'n-octane',
  'n-nonane', 'nC10', 'nitrogen', 'CO2', 'H2S', 'water', 'hydrogen', 'helium', 'argon', 'oxygen', 'CO',
];

t.test('every record is physically sane and cited', async (t) => {
  const all = allComponents();
  t.ok(all.length >= 80, `at least 80 components (${all.length})`);
  for (const c of all) {
    const ok =
      c.molarMass > 0 && c.molarMass < 1 &&
      c.tc > 0 && c.pc > 0 && c.vc > 0 && c.tb > 0 &&
      Number.isFinite(c.omega) && c.omega > -0.5 && c.omega < 2 &&
      c.zc > 0 && c.zc < 1 &&
      c.racketZ >= 0 && c.racketZ < 0.4 &&
      c.source.includes('COMP.csv') && c.formula.length > 0;
    if (!ok) t.fail(`implausible record ${c.name}: ${JSON.stringify(c)}`);
    // An ideal-gas Cp below 2.5 R at 300 K is impossible: catches transcription slips in CPA…CPE.
    const cp = cp0(c.name, 300);
    if (!(cp >= 2.5 * 8.314 - 0.01 && cp < 1000)) t.fail(`Cp0(300 K) of ${c.name} = ${cp}`);
  }
  t.pass('checked all records');
});

t.test('names are unambiguous and the required canonical names exist', async (t) => {
  const owner = new Map<string, string>();
  for (const c of allComponents()) {
    for (const s of [c.name, ...c.aliases]) {
      const k = s.toLowerCase();
      const prev = owner.get(k);
      if (prev !== undefined && prev !== c.name) t.fail(`spelling "${s}" belongs to both ${prev} and ${c.name}`);
      owner.set(k, c.name);
    }
  }
  for (const n of GERG_NAMES) t.equal(findComponent(n)?.name, n, `canonical ${n}`);
  for (let n = 10; n <= 20; n++) t.equal(findComponent(`nC${n}`)?.name, `nC${n}`);
});

t.test('aliases of the original resolve case-insensitively', async (t) => {
  const cases: [string, string][] = [
    ['iC4', 'i-butane'], ['isobutane', 'i-butane'], ['nC4', 'n-butane'], ['iC5', 'i-pentane'], ['isopentane', 'i-pentane'],
    ['nC5', 'n-pentane'], ['neopentane', '22-dim-C3'], ['22-dim-C3', '22-dim-C3'], ['nC6', 'n-hexane'], ['nC7', 'n-heptane'],
    ['nC8', 'n-octane'], ['nC9', 'n-nonane'], ['n-decane', 'nC10'], ['C1', 'methane'], ['METHANE', 'methane'], ['  co2 ', 'CO2'],
    ['N2', 'nitrogen'], ['H2O', 'water'], ['cyclohexane', 'c-hexane'], ['methylcyclohexane', 'M-cy-C6'], ['o-xylene', 'o-Xylene'],
    ['ethylene glycol', 'MEG'], ['carbon monoxide', 'CO'],
  ];
  for (const [alias, canonical] of cases) t.equal(findComponent(alias)?.name, canonical, `${alias} → ${canonical}`);
  t.equal(findComponent('unobtainium'), undefined);
  t.equal(findComponent(''), undefined);
});

// Values quoted from COMP.csv in spec/neqsim-physics.md A0/A5 [S]: our records must carry them exactly.
t.test('COMP.csv values the physics note quotes', async (t) => {
  const exact = { rel: 1e-12 };
  const rows: [string, number, number, number, number][] = [
    // name, Tc K, Pc bar, omega, M g/mol
    ['methane', 190.56, 45.99, 0.0115, 16.043],
    ['propane', 369.83, 42.48, 0.1523, 44.097],
    ['CO2', 304.19, 73.815, 0.2276, 44.01],
    ['nitrogen', 126.1, 33.944, 0.0403, 28.0135],
    ['water', 647.3, 220.89, 0.344, 18.015],
  ];
  for (const [name, tc, pc, w, M] of rows) {
    const c = findComponent(name)!;
    t.notOk(withinTolerance(c.tc, tc, exact), `${name} Tc`);
    t.notOk(withinTolerance(c.pc, pc * 1e5, exact), `${name} Pc`);
    t.notOk(withinTolerance(c.omega, w, exact), `${name} omega`);
    t.notOk(withinTolerance(c.molarMass, M / 1000, exact), `${name} M`);
  }
  t.equal(findComponent('water')!.racketZ, 0.235662374, 'water RACKETZ');
  t.equal(findComponent('methane')!.racketZ, 0, 'methane RACKETZ 0 (Peneloux uses 0.29056−0.08775ω)');
  t.notOk(withinTolerance(findComponent('methane')!.tb, 273.15 - 161.55, exact), 'methane NORMBOIL');
  // A0: methane Cp0(300 K) = 35.86 J/(mol·K) from the CSV coefficients.
  t.notOk(withinTolerance(cp0('methane', 300), 35.86, { abs: 0.005 }), 'methane Cp0(300 K)');
  // Zc = Pc·Vc/(R·Tc·10) with CRITVOL 99 cm³/mol.
  t.notOk(withinTolerance(findComponent('methane')!.zc, (45.99 * 99) / (8.3144621 * 190.56 * 10), exact), 'methane Zc');
  t.equal(findComponent('methane')!.extra?.liquidViscosityModel, 3, 'liquid viscosity model kept in extra');
});

// Reference critical points of the multiparameter EOS behind CoolProp/NIST: Setzmann & Wagner (1991)
// methane; Bücker & Wagner (2006) ethane, n-butane; Lemmon, McLinden & Wagner (2009) propane;
// Span & Wagner (1996) CO2; Span et al. (2000) nitrogen; IAPWS-95 water; Leachman et al. (2009)
// normal hydrogen; Span & Wagner (2003) n-heptane. COMP.csv rounds these; 0.5 % / 1.5 % bounds.
t.test('critical constants agree with reference equations of state', async (t) => {
  const ref: [string, number, number][] = [
    ['methane', 190.564, 45.992], ['ethane', 305.322, 48.722], ['propane', 369.89, 42.512], ['n-butane', 425.125, 37.96],
    ['CO2', 304.1282, 73.773], ['nitrogen', 126.192, 33.958], ['water', 647.096, 220.64], ['hydrogen', 33.145, 12.964],
    ['n-heptane', 540.13, 27.36],
  ];
  for (const [name, tc, pcBar] of ref) {
    const c = findComponent(name)!;
    t.notOk(withinTolerance(c.tc, tc, { rel: 0.005 }), `${name} Tc`);
    t.notOk(withinTolerance(c.pc, pcBar * 1e5, { rel: 0.015 }), `${name} Pc`);
  }
});

t.test('reference data files use only names we resolve', async (t) => {
  const sat = loadReference<{ cases: { inputs: { fluid?: string }; expected: Record<string, number> }[] }>(t, 'physical/saturation.json');
  if (sat === undefined) return;
  for (const c of sat.cases) {
    if (c.inputs.fluid !== undefined) t.ok(findComponent(c.inputs.fluid), `saturation fluid ${c.inputs.fluid}`);
    const comp = c.inputs.fluid === undefined ? undefined : findComponent(c.inputs.fluid);
    if (comp !== undefined && c.expected.Tc_K !== undefined) t.notOk(withinTolerance(comp.tc, c.expected.Tc_K, { rel: 0.005 }));
    if (comp !== undefined && c.expected.Pc_bar !== undefined) t.notOk(withinTolerance(comp.pc / 1e5, c.expected.Pc_bar, { rel: 0.015 }));
  }
  const flash = loadReference<{ cases: { input: { components?: Record<string, number> } }[] }>(t, 'neqsim/flash-tp.json');
  if (flash === undefined) return;
  const names = new Set(flash.cases.flatMap((c) => Object.keys(c.input.components ?? {})));
  for (const n of names) t.equal(findComponent(n)?.name, n, `flash-tp component ${n} is canonical`);
});

t.test('search and suggestions', async (t) => {
  const meth = searchComponents('meth');
  t.ok(meth.includes('methane') && meth.includes('methanol'), 'meth finds methane and methanol');
  t.ok(meth.indexOf('methane') < meth.indexOf('methanol'), 'database order');
  t.same(searchComponents(''), allComponents().map((c) => c.name), 'empty query lists all');
  t.same(searchComponents('   '), allComponents().map((c) => c.name), 'blank query lists all');
  t.same(searchComponents('zzzq'), []);
  const butane = searchComponents('BUTANE');
  t.ok(butane.includes('n-butane') && butane.includes('i-butane'), 'case-insensitive, aliases (isobutane) count');
  t.same(searchComponents('iC4'), ['i-butane'], 'alias substring returns the canonical name');

  t.equal(suggestComponent('metane'), 'methane');
  t.equal(suggestComponent('nitrogn'), 'nitrogen');
  t.equal(suggestComponent('etane'), 'ethane');
  t.equal(suggestComponent('methane'), undefined, 'no suggestion for a known name');
  t.equal(suggestComponent('qwxzvbkjhgfdsapoiuyt'), undefined, 'nothing within max(3, len/2)');
  t.equal(levenshtein('kitten', 'sitting'), 3);
  t.equal(levenshtein('', 'abc'), 3);
});

t.test('families partition the database', async (t) => {
  const fam = componentFamilies();
  const listed = Object.values(fam).flat();
  t.equal(listed.length, allComponents().length);
  t.equal(new Set(listed).size, listed.length);
  t.ok(fam.hydrocarbon.includes('methane'));
  t.ok(fam['acid-gas'].includes('CO2') && fam['acid-gas'].includes('H2S'));
  t.ok(fam.glycol.includes('TEG') && fam.aromatic.includes('benzene') && fam.naphthene.includes('c-hexane'));
});

/** Textbook full-matrix edit distance, to check the optimised one. */
function naiveLevenshtein(a: string, b: string): number {
  const d: number[][] = Array.from({ length: a.length + 1 }, (_, i) => Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i <= a.length; i++)
    for (let j = 1; j <= b.length; j++) d[i][j] = Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
  return d[a.length][b.length];
}

t.test('optimised edit distance and suggestion agree with brute force', async (t) => {
  fc.assert(fc.property(fc.string({ maxLength: 20 }), fc.string({ maxLength: 20 }), (a, b) => levenshtein(a, b) === naiveLevenshtein(a, b)), { numRuns: 500 });
  const spellings = allComponents().flatMap((c) => [c.name, ...c.aliases]);
  const brute = (q: string): string | undefined => {
    const lq = q.trim().toLowerCase();
    if (spellings.some((s) => s.toLowerCase() === lq)) return undefined;
    let best: string | undefined;
    let bestD = Infinity;
    for (const s of spellings) {
      const d = naiveLevenshtein(lq, s.toLowerCase());
      if (d < bestD) [best, bestD] = [s, d];
    }
    return bestD <= Math.max(3, Math.floor(lq.length / 2)) ? best : undefined;
  };
  const probe = fc.oneof(fc.constantFrom(...spellings).chain((s) => fc.nat({ max: s.length }).map((k) => s.slice(0, k) + 'x' + s.slice(k + 1))), fc.string({ minLength: 1, maxLength: 12 }));
  fc.assert(fc.property(probe, (q) => q.trim() === '' || suggestComponent(q) === brute(q)), { numRuns: 300 });
  t.pass('matches');
});
