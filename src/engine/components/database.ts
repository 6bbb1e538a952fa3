/**
 * Builds the immutable component records (SI units) from the COMP.csv rows and our naming
 * table. Everything is computed once at module load; no I/O.
 */
import type { ComponentData, ComponentFamily } from './types.js';
import { COMP_CSV_SOURCE, type CompRow } from './data/comp-row.js';
import { COMP_ROWS } from './data/comp-rows.js';
import { NAMING } from './data/naming.js';
import { COMP_ROWS_ADDED } from './data/comp-rows-added.js';
import { NAMING_ADDED } from './data/naming-added.js';
import { parachorOf } from './data/parachors.js';

/** NeqSim's gas constant, J/(mol·K) (ThermodynamicConstantsInterface); Zc must match its value. */
const R = 8.3144621;

/** Drops binary noise from unit conversion (36.48·1e5 → 3648000, not 3647999.9999999995). */
const clean = (x: number): number => Number(x.toPrecision(15));

/** Family from the CSV COMPTYPE when the naming table does not say. */
function familyOf(compType: string): ComponentFamily {
  switch (compType) {
    case 'HC':
      return 'hydrocarbon';
    case 'inert':
      return 'inert';
    case 'acid':
      return 'acid-gas';
    case 'alcohol':
      return 'alcohol';
    case 'glycol':
      return 'glycol';
    default:
      return 'other';
  }
}

function toRecord(row: CompRow): ComponentData {
  const [csvName, formula, cas, compType, M, liqDens, tcC, pcBar, omega, tbC, vc] = row;
  const naming = NAMING[csvName] ?? NAMING_ADDED[csvName];
  const name = naming?.canonical ?? csvName;
  const aliases = [...(naming?.aliases ?? [])];
  if (name !== csvName && !aliases.includes(csvName)) aliases.unshift(csvName);
  // COMP.csv writes locants with dots ('1.2-DM-cyC5', '2.3-DM-C6'), the original's runner list with
  // commas ('1,2-DM-cyC5'): both spellings name the record.
  for (const spelling of [csvName.replace(/(\d)\.(?=\d)/g, '$1,'), csvName.replace(/(\d),(?=\d)/g, '$1.')]) {
    if (spelling !== name && !aliases.includes(spelling)) aliases.push(spelling);
  }
  const tc = clean(tcC + 273.15);
  // COMP.csv stores Pc in bar and Vc in cm³/mol; the original computes Zc = Pc·Vc/(R·Tc·10).
  const zc = (pcBar * vc) / (R * tc * 10);
  const extra: Record<string, number | string> = {
    csvName,
    cas,
    compType,
    liquidDensity_g_cm3: liqDens,
    dipoleMoment: row[16],
    viscosityFactor: row[17],
    volumeCorrectionT: row[19],
    ljDiameter_A: row[20],
    ljEpsilonOverK_K: row[21],
    liquidViscosityModel: row[22],
    liquidViscosity1: row[23],
    liquidViscosity2: row[24],
    liquidViscosity3: row[25],
    liquidViscosity4: row[26],
    gibbsEnergyOfFormation_J_mol: row[27],
    liquidConductivity1: row[28],
    liquidConductivity2: row[29],
    liquidConductivity3: row[30],
    heatOfFusion_J_mol: row[32],
    triplePointTemperature_K: row[33],
    enthalpyOfFormation_J_mol: row[34],
    absoluteEntropy_J_molK: row[35],
  };
  const cp = naming?.cpIdeal?.value ?? { a: row[11], b: row[12], c: row[13], d: row[14], e: row[15] };
  if (naming?.cpIdeal) extra.cpIdealSource = naming.cpIdeal.source;
  return Object.freeze({
    name,
    aliases,
    formula: naming?.formula ?? formula,
    family: naming?.family ?? familyOf(compType),
    molarMass: clean(M / 1000),
    tc,
    pc: clean(pcBar * 1e5),
    omega,
    tb: clean(tbC + 273.15),
    vc: clean(vc * 1e-6),
    zc,
    racketZ: row[18],
    cpIdeal: Object.freeze(cp),
    // COMP.csv's PARACHOR column holds placeholders (207, 0) for many components: cited values only.
    parachor: parachorOf(name)?.value ?? null,
    ...(parachorOf(name) ? { parachorSource: parachorOf(name)!.source } : {}),
    source: `${COMP_CSV_SOURCE}; record "${csvName}"`,
    extra: Object.freeze(extra),
  });
}

/**
 * All records: the hand-transcribed table in the original's COMP.csv order, then the records
 * generated from the complete COMP.csv (data/comp-rows-added.ts) in file order.
 */
export const COMPONENTS: readonly ComponentData[] = Object.freeze([...COMP_ROWS, ...COMP_ROWS_ADDED].map(toRecord));
