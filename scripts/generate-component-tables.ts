/**
 * Regenerates two data files from the original's COMP.csv (equinor/neqsim fc01e56,
 * src/main/resources/data/COMP.csv, as copied to ../shared/reference/neqsim-data):
 *
 * - src/engine/components/data/comp-rows-added.ts: the records the hand-transcribed comp-rows.ts
 *   lacks, in the same column layout, each either taken verbatim or left out for a stated reason
 *   (ions, pseudo entries, placeholder critical constants, …; see SKIP below);
 * - src/engine/components/data/alpha-rows.ts: Mathias–Copeman (SRK: MC1–3, PR: MCPR1–3) and
 *   Twu (TwuCoon1–3) parameters of every component of the engine, kept only where they reproduce
 *   the component's own acentric factor (vapour pressure at Tr = 0.7) within 0.02 with the EOS
 *   they are meant for; the rest are listed with the ω they imply (copied placeholder sets).
 *
 * Usage: node dist/scripts/generate-component-tables.js [path/to/COMP.csv]
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { COMP_ROWS } from '../src/engine/components/data/comp-rows.js';
import { CAS_FIXED, CONSTANTS_REPLACED, CP_SECOND_SOURCE } from '../src/engine/components/data/second-source.js';

const csvPath = process.argv[2] ?? fileURLToPath(new URL('../../../shared/reference/neqsim-data/COMP.csv', import.meta.url));
const lines = readFileSync(csvPath, 'utf8').split(/\r?\n/).filter((l) => l.length > 0);
const header = lines[0].split(',');
const records = lines.slice(1).map((l) => {
  const v = l.split(',');
  const o: Record<string, string> = {};
  header.forEach((h, i) => (o[h] = v[i] ?? ''));
  return o;
});
const num = (r: Record<string, string>, k: string): number => (r[k] === '' ? 0 : Number(r[k]));

/** COMP.csv columns in CompRow order (see comp-row.ts). */
const ROW_COLUMNS = [
  'MOLARMASS', 'LIQDENS', 'TC', 'PC', 'ACSFACT', 'NORMBOIL', 'CRITVOL', 'CPA', 'CPB', 'CPC', 'CPD', 'CPE', 'DIPOLEMOMENT',
  'VISCFACT', 'RACKETZ', 'volcorrSRK_T', 'LJDIAMETER', 'LJEPS', 'LIQVISCMODEL', 'LIQVISC1', 'LIQVISC2', 'LIQVISC3', 'LIQVISC4',
  'GIBBSENERGYOFFORMATION', 'LIQUIDCONDUCTIVITY1', 'LIQUIDCONDUCTIVITY2', 'LIQUIDCONDUCTIVITY3', 'PARACHOR', 'HEATOFFUSION',
  'TRIPLEPOINTTEMPERATURE', 'ENTHALPYOFFORMATION', 'ABSOLUTEENTROPY',
];

/** Records comp-rows.ts holds under another spelling of the same component. */
const RENAMED: Record<string, string> = { '2.3-DM-C6': '2,3-DM-C6', '1.2.3-TM-Benzene': '1,2,3-TM-Benzene' };

/** Left out on purpose, with the reason (checked against a second source where one is named). */
const SKIP: Record<string, string> = {
  default: 'pseudo entry (a methane copy used as a placeholder)',
  ice: 'solid water for the original’s freeze-out model, not a fluid component',
  seawater: 'pseudo component of the original’s electrolyte model',
  methanolPVTsim: 'PVTsim-compatibility duplicate of methanol', MEGPVTsim18: 'PVTsim-compatibility duplicate of MEG',
  MEGPVTsim19: 'PVTsim-compatibility duplicate of MEG', propanePVTsim: 'PVTsim-compatibility duplicate of propane',
  ethanolPVTsim: 'PVTsim-compatibility duplicate of ethanol', nbutanePVTsim: 'PVTsim-compatibility duplicate of n-butane',
  NaCl: 'salt (electrolyte model)', CaCl2: 'salt (electrolyte model)', CaCO3: 'salt (electrolyte model)', NaHSO4: 'salt (electrolyte model)',
  NaNO2: 'salt (electrolyte model)', NH2SO3H: 'placeholder critical constants (Tc 444.15 °C, Pc 290.89 bar: the ions’ defaults) and no Cp',
  asphaltene: 'pseudo component (C50H50 lump) of the original’s asphaltene model',
  Piperazine: 'amine of the electrolyte model; ideal-gas Cp all zero',
  glycerol: 'a copy of the TEG record (molar mass 150.175, ω 1.2874, Tc and Cp of TEG); glycerol is C3H8O3, 92.09 g/mol',
  'sulfur(S8)': 'duplicate of S8, already in the table',
  '3-M-C8': 'molar mass 106.168 g/mol is a C8 aromatic’s, not 3-methyloctane’s (C9H20, 128.26), and the ideal-gas Cp is all zero',
  N2O4: 'carries NO2’s critical constants (the dimer is in chemical equilibrium with NO2, no separate critical point)',
  HNO3: 'carries water’s critical constants (647 K, 221 bar, ω 0.205); "nitric acid" is the real record',
  H2SO4: 'duplicate of "sulfuric acid" with fitted pseudo-critical constants',
  C2H4: 'duplicate of ethylene with the placeholder Tc 318.8 °C',
  H2O2: 'ideal-gas Cp all zero and Pc 27 bar far from the literature (about 220 bar)',
  '1.2.4-TMcyC6': 'corrupt ideal-gas Cp (34 J/(mol·K) at 300 K for a C9 naphthene)',
  'n-Bcychexane': 'ideal-gas Cp copied from 33-DM-C6 (a C8), about 20 % low for this C10',
  'Pent-CC6': 'ideal-gas Cp copied from 33-DM-C6 (a C8), about 30 % low for this C11',
};

/** Records whose Cp COMP.csv gets wrong but which naming-added.ts supplies from a cited source. */
const CP_SUPPLIED = new Set(['nC21', 'nC22', 'nC23', 'nC24', 'nC25', 'nC26', 'nC28', 'nC29', 'COS', ...Object.keys(CP_SECOND_SOURCE)]);

/** Placeholder Tc (°C, as written) shared by some twenty unrelated species (HCN, CS2, SO3, N2H4, …). */
const PLACEHOLDER_TC = '318.80000000000007';

const have = new Set(COMP_ROWS.map((r) => r[0]));
const cp = (r: Record<string, string>, T: number) => num(r, 'CPA') + num(r, 'CPB') * T + num(r, 'CPC') * T ** 2 + num(r, 'CPD') * T ** 3 + num(r, 'CPE') * T ** 4;

const added: Record<string, string>[] = [];
const skipped: [string, string][] = [];
for (const r of records) {
  const name = r.NAME;
  if (have.has(name) || have.has(RENAMED[name] ?? '')) continue;
  let reason = SKIP[name];
  if (reason === undefined && (r.COMPTYPE === 'ion' || num(r, 'IONICCHARGE') !== 0)) reason = 'ion (electrolyte model)';
  if (reason === undefined && r.TC === PLACEHOLDER_TC && CONSTANTS_REPLACED[name]?.TC === undefined) reason = 'placeholder critical temperature 318.8 °C shared with some twenty unrelated species';
  if (reason === undefined && !CP_SUPPLIED.has(name)) {
    const c300 = cp(r, 300);
    if (c300 === 0) reason = 'ideal-gas Cp coefficients all zero (no enthalpy without them)';
    else if (!(c300 > 2.5 * 8.314 && cp(r, 1000) > c300)) reason = `implausible ideal-gas Cp (${c300.toFixed(1)} J/(mol·K) at 300 K)`;
  }
  if (reason !== undefined) skipped.push([name, reason]);
  else added.push(r);
}

const fmt = (x: number): string => String(Number(x.toPrecision(15)));
const q = (s: string): string => `'${s.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
/** COMP.csv value of a column, or the second source's where data/second-source.ts replaces it. */
const value = (r: Record<string, string>, k: string): number => {
  const replaced = CONSTANTS_REPLACED[r.NAME] as Record<string, number | string> | undefined;
  return typeof replaced?.[k] === 'number' ? (replaced[k] as number) : num(r, k);
};
/** Methane's CAS number is a placeholder in many COMP.csv rows: the cited one, or none. */
const casOf = (r: Record<string, string>): string => CAS_FIXED[r.NAME] ?? (r.CASnumber === '74-82-8' && r.NAME !== 'methane' ? '' : r.CASnumber);
const rowText = (r: Record<string, string>): string =>
  `  [${[q(r.NAME), q(r.FORMULA), q(casOf(r)), q(r.COMPTYPE), ...ROW_COLUMNS.map((k) => fmt(value(r, k)))].join(', ')}],`;

const compOut = `/**
 * COMP.csv records the hand-transcribed comp-rows.ts lacks, taken verbatim (same columns and units,
 * see comp-row.ts) from NeqSim COMP.csv, equinor/neqsim fc01e56, src/main/resources/data/COMP.csv.
 * GENERATED by scripts/generate-component-tables.ts: do not edit by hand, rerun the script.
 * Records whose ideal-gas Cp COMP.csv gets wrong (${[...CP_SUPPLIED].join(', ')}) are kept; naming-added.ts
 * replaces their Cp with a cited one (second-source.ts). Constants replaced by a cited second source:
${Object.entries(CONSTANTS_REPLACED).map(([n, v]) => ` *   ${n}: ${v.source}`).join('\n')}
 * Left out (${skipped.length} records; data/refused.ts lists them for the 422 answer), with the reason:
${skipped.map(([n, why]) => ` *   ${n}: ${why}`).join('\n')}
 */
import type { CompRow } from './comp-row.js';

export const COMP_ROWS_ADDED: readonly CompRow[] = [
${added.map(rowText).join('\n')}
];
`;
writeFileSync(fileURLToPath(new URL('../../src/engine/components/data/comp-rows-added.ts', import.meta.url)), compOut);

const refusedOut = `/**
 * COMP.csv records (NeqSim, equinor/neqsim fc01e56) the engine refuses, with the reason, so that a
 * request naming one is answered 422 UNSUPPORTED_COMPONENT saying why instead of "unknown".
 * GENERATED by scripts/generate-component-tables.ts: rerun it.
 */
export const REFUSED_COMPONENTS: Readonly<Record<string, string>> = {
${[...new Map(skipped)].map(([n, why]) => `  ${q(n)}: ${q(why)},`).join('\n')}
};
`;
writeFileSync(fileURLToPath(new URL('../../src/engine/components/data/refused.ts', import.meta.url)), refusedOut);

// ---- Alpha parameters: keep a set only if it gives back the component's ω at Tr = 0.7. ----
const R = 8.3144621;
type Kind = 'SRK' | 'PR';
const EOS: Record<Kind, { oa: number; ob: number; d1: number; d2: number }> = {
  SRK: { oa: 1 / (9 * (Math.cbrt(2) - 1)), ob: (Math.cbrt(2) - 1) / 3, d1: 1, d2: 0 },
  PR: { oa: 0.45724333333, ob: 0.077803333, d1: 1 + Math.SQRT2, d2: 1 - Math.SQRT2 },
};

/** Real roots of z³ + a2 z² + a1 z + a0 (trigonometric / Cardano). */
function cubicRoots(a2: number, a1: number, a0: number): number[] {
  const p = a1 - (a2 * a2) / 3;
  const qq = (2 * a2 ** 3) / 27 - (a2 * a1) / 3 + a0;
  const disc = (qq * qq) / 4 + (p ** 3) / 27;
  if (disc > 0) {
    const s = Math.sqrt(disc);
    return [Math.cbrt(-qq / 2 + s) + Math.cbrt(-qq / 2 - s) - a2 / 3];
  }
  const r = Math.sqrt(-p / 3);
  const phi = Math.acos(Math.max(-1, Math.min(1, (3 * qq) / (2 * p * r))));
  return [0, 1, 2].map((k) => 2 * r * Math.cos(phi / 3 - (2 * Math.PI * k) / 3) - a2 / 3);
}

/** Vapour pressure of a pure cubic-EOS fluid at T for a given α (successive substitution on P). */
function vapourPressure(kind: Kind, tc: number, pc: number, omega: number, alpha: number, T: number): number {
  const { oa, ob, d1, d2 } = EOS[kind];
  const a = (oa * R * R * tc * tc * alpha) / pc;
  const b = (ob * R * tc) / pc;
  let P = pc * 10 ** ((7 / 3) * (1 + omega) * (1 - tc / T));
  for (let it = 0; it < 500; it++) {
    const A = (a * P) / (R * T) ** 2;
    const B = (b * P) / (R * T);
    const s = d1 + d2;
    const pp = d1 * d2;
    const zs = cubicRoots((s - 1) * B - 1, A + pp * B * B - s * B * (B + 1), -(A * B + pp * B * B * (B + 1))).filter((z) => z > B);
    if (zs.length < 2 || Math.max(...zs) - Math.min(...zs) < 1e-9) {
      P *= zs.length > 0 && Math.min(...zs) < 0.2 ? 0.7 : 1.4;
      continue;
    }
    const lnPhi = (z: number) => z - 1 - Math.log(z - B) - (A / (B * (d1 - d2))) * Math.log((z + d1 * B) / (z + d2 * B));
    const f = lnPhi(Math.min(...zs)) - lnPhi(Math.max(...zs));
    P *= Math.exp(f);
    if (Math.abs(f) < 1e-12) return P;
  }
  return NaN;
}

const impliedOmega = (kind: Kind, tc: number, pc: number, omega: number, alpha: number): number =>
  -Math.log10(vapourPressure(kind, tc, pc, omega, alpha, 0.7 * tc) / pc) - 1;

const ALPHA_SETS = [
  { key: 'mcSRK', kind: 'SRK' as Kind, cols: ['MC1', 'MC2', 'MC3'], alpha: (p: number[], s: number) => (1 + p[0] * s + p[1] * s * s + p[2] * s ** 3) ** 2 },
  { key: 'mcPR', kind: 'PR' as Kind, cols: ['MCPR1', 'MCPR2', 'MCPR3'], alpha: (p: number[], s: number) => (1 + p[0] * s + p[1] * s * s + p[2] * s ** 3) ** 2 },
  { key: 'twuSRK', kind: 'SRK' as Kind, cols: ['TwuCoon1', 'TwuCoon2', 'TwuCoon3'], alpha: (p: number[], _s: number, tr: number) => tr ** (p[2] * (p[1] - 1)) * Math.exp(p[0] * (1 - tr ** (p[2] * p[1]))) },
];
const TOLERANCE = 0.02;
const engineNames = new Set([...COMP_ROWS.map((r) => r[0]), ...added.map((r) => r.NAME), ...Object.keys(RENAMED)]);
const kept: string[] = [];
const rejected: string[] = [];
for (const r of records) {
  if (!engineNames.has(r.NAME)) continue;
  const tc = num(r, 'TC') + 273.15;
  const pc = num(r, 'PC') * 1e5;
  const omega = num(r, 'ACSFACT');
  const entry: string[] = [];
  for (const set of ALPHA_SETS) {
    const p = set.cols.map((k) => num(r, k));
    if (p[0] === 0) continue;
    if (r.NAME === 'SF6' && set.key === 'mcSRK') {
      // The same set is written for R12 and R134a (a copied placeholder; it fails the ω check there).
      rejected.push(`SF6 mcSRK [${p.map(fmt).join(', ')}]: the set written identically for R12 and R134a (copied), passes the ω check by chance`);
      continue;
    }
    const tr = 0.7;
    const w = impliedOmega(set.kind, tc, pc, omega, set.alpha(p, 1 - Math.sqrt(tr), tr));
    if (Math.abs(w - omega) <= TOLERANCE) entry.push(`${set.key}: [${p.map(fmt).join(', ')}]`);
    else rejected.push(`${r.NAME} ${set.key} [${p.map(fmt).join(', ')}]: implies ω = ${Number.isFinite(w) ? w.toFixed(4) : 'none'}, table ω = ${omega}`);
  }
  if (entry.length > 0) kept.push(`  ${q(RENAMED[r.NAME] ?? r.NAME)}: { ${entry.join(', ')} },`);
}

const alphaOut = `/**
 * Alpha-function parameters from NeqSim COMP.csv (equinor/neqsim fc01e56,
 * src/main/resources/data/COMP.csv): Mathias–Copeman c1–c3 for SRK (MC1–3) and PR (MCPR1–3), Twu
 * L, M, N (TwuCoon1–3, SRK fits). GENERATED by scripts/generate-component-tables.ts: rerun it.
 * A set is kept only if, with its EOS, the vapour pressure at Tr = 0.7 gives back the component's
 * own acentric factor within ${TOLERANCE} (ω = −log10(Psat/Pc) − 1 by definition). Left out:
 * sets copied between unrelated components in the table (methane's for SO2 and several
 * naphthenes, methanol's for ammonia and the propanols, CO2's for CO and COS), sets written
 * identically into the SRK and PR columns (nC11–nC15, nC17–nC19: one set cannot fit both EOS) and
 * other sets inconsistent with the table's ω:
${rejected.map((s) => ` *   ${s}`).join('\n')}
 */
export interface AlphaRow {
  mcSRK?: readonly [number, number, number];
  mcPR?: readonly [number, number, number];
  twuSRK?: readonly [number, number, number];
}

export const ALPHA_ROWS: Readonly<Record<string, AlphaRow>> = {
${kept.join('\n')}
};
`;
writeFileSync(fileURLToPath(new URL('../../src/engine/components/data/alpha-rows.ts', import.meta.url)), alphaOut);
// ---- INTER.csv pairs with an added component whose partner is in the engine too. ----
const interLines = readFileSync(csvPath.replace(/COMP\.csv$/, 'INTER.csv'), 'utf8').split(/\r?\n/).filter((l) => l.length > 0);
const interHeader = interLines[0].split(',');
const addedNames = new Set(added.map((r) => r.NAME));
const pairs: string[] = [];
for (const line of interLines.slice(1)) {
  const v = line.split(',');
  const r: Record<string, string> = {};
  interHeader.forEach((h, i) => (r[h] = v[i] ?? ''));
  const [a, b] = [r.COMP1, r.COMP2];
  if (!(addedNames.has(a) || addedNames.has(b)) || !engineNames.has(a) || !engineNames.has(b)) continue;
  // kij = 1 (a_ij = 0: no attraction at all between the two molecules) is INTER.csv's placeholder
  // for an unfitted pair (every DEA row carries it): written as 0, the default for unfitted pairs.
  const kij = (k: string): number => (num(r, k) === 1 ? 0 : num(r, k));
  pairs.push(`  [${[q(a), q(b), ...['KIJSRK', 'KIJPR', 'cpakij_SRK', 'cpakijT_SRK', 'cpakij_PR'].map((k) => fmt(kij(k)))].join(', ')}],`);
}
const interOut = `/**
 * INTER.csv rows (NeqSim, equinor/neqsim fc01e56, src/main/resources/data/INTER.csv) for pairs with
 * a component of comp-rows-added.ts whose partner is in the engine's table, in file order, with
 * the columns of inter-rows.ts (KIJSRK, KIJPR, cpakij_SRK, cpakijT_SRK, cpakij_PR). A value of
 * exactly 1 (a_ij = 0, INTER.csv's placeholder for an unfitted pair: every DEA row) is written as 0.
 * GENERATED by scripts/generate-component-tables.ts: rerun it.
 */
import type { InterRow } from './inter-rows.js';

export const INTER_ROWS_ADDED: readonly InterRow[] = [
${pairs.join('\n')}
];
`;
writeFileSync(fileURLToPath(new URL('../../src/engine/components/data/inter-rows-added.ts', import.meta.url)), interOut);
process.stdout.write(`binary pairs added ${pairs.length}\n`);
process.stdout.write(`added ${added.length}, skipped ${skipped.length}, alpha sets kept for ${kept.length} components, rejected ${rejected.length}\n`);
