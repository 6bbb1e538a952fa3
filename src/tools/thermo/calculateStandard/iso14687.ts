/**
 * ISO 14687:2019 "Hydrogen fuel quality — Product specification", Grade D (PEM fuel cells for
 * road vehicles; the same limits as SAE J2719): compliance of a hydrogen composition with the
 * Table 2 limits, in µmol/mol. Species the composition cannot carry (formaldehyde, formic acid,
 * halogenated compounds, particulates) are reported as not evaluated.
 */
import { normalizeComposition } from '../../../engine/standards/gas-names.js';
import { TABLE_2016 } from '../../../engine/standards/iso6976/tables-2016.js';
import { warning } from '../../contract/envelope.js';
import type { StandardOutcome } from './outcome.js';

/** Grade D limits, µmol/mol (hydrogen fuel index as a minimum mole fraction). */
export const ISO14687_GRADE_D = {
  hydrogenFuelIndex_min: 0.9997,
  totalNonHydrogen: 300,
  water: 5,
  totalHydrocarbonsC1: 2,
  oxygen: 5,
  helium: 300,
  nitrogen: 300,
  argon: 300,
  carbonDioxide: 2,
  carbonMonoxide: 0.2,
  totalSulfurS1: 0.004,
  ammonia: 0.1,
} as const;

/** Carbon atoms of the hydrocarbons of the ISO 6976 table (THC on a methane, C1, basis). */
const CARBON: Record<string, number> = {
  methane: 1, ethane: 2, propane: 3, 'n-butane': 4, isobutane: 4, 'n-pentane': 5, isopentane: 5, neopentane: 5, 'n-hexane': 6,
  ethylene: 2, propylene: 3, acetylene: 2, benzene: 6, toluene: 7, methanol: 1,
};
const SULFUR: Record<string, number> = { 'hydrogen sulphide': 1, 'carbonyl sulphide': 1, 'carbon disulphide': 2, methanethiol: 1, 'sulphur dioxide': 1 };

export function runIso14687(components: Record<string, number>): StandardOutcome {
  const accepted = (k: string) => TABLE_2016.has(k);
  const comp = normalizeComposition(components, accepted, () => [...TABLE_2016.keys()].map((k) => JSON.stringify(k)).join(', '));
  const x = (k: string) => comp.fractions.get(k) ?? 0;
  const umol = (v: number) => v * 1e6;
  const L = ISO14687_GRADE_D;
  const thc = [...comp.fractions].reduce((a, [k, v]) => a + v * (CARBON[k] ?? 0), 0);
  const sulfur = [...comp.fractions].reduce((a, [k, v]) => a + v * (SULFUR[k] ?? 0), 0);
  const nonH2 = 1 - x('hydrogen');
  const known = new Set(['hydrogen', 'water', 'oxygen', 'helium', 'nitrogen', 'argon', 'carbon dioxide', 'carbon monoxide', 'ammonia', ...Object.keys(CARBON), ...Object.keys(SULFUR)]);
  const unclassified = [...comp.fractions.keys()].filter((k) => !known.has(k));
  const rows: [string, number, number][] = [
    ['totalNonHydrogenGases', umol(nonH2), L.totalNonHydrogen],
    ['water', umol(x('water')), L.water],
    ['totalHydrocarbonsC1Basis', umol(thc), L.totalHydrocarbonsC1],
    ['oxygen', umol(x('oxygen')), L.oxygen],
    ['helium', umol(x('helium')), L.helium],
    ['nitrogen', umol(x('nitrogen')), L.nitrogen],
    ['argon', umol(x('argon')), L.argon],
    ['carbonDioxide', umol(x('carbon dioxide')), L.carbonDioxide],
    ['carbonMonoxide', umol(x('carbon monoxide')), L.carbonMonoxide],
    ['totalSulfurS1Basis', umol(sulfur), L.totalSulfurS1],
    ['ammonia', umol(x('ammonia')), L.ammonia],
  ];
  const checks: { parameter: string; value: number | null; unit: string; limit: string; status: 'PASS' | 'FAIL' | 'NOT_EVALUATED' }[] = [
    { parameter: 'hydrogenFuelIndex', value: x('hydrogen') * 100, unit: 'mol%', limit: `≥ ${L.hydrogenFuelIndex_min * 100}`, status: x('hydrogen') >= L.hydrogenFuelIndex_min ? 'PASS' : 'FAIL' },
    ...rows.map(([parameter, value, limit]) => ({ parameter, value, unit: 'µmol/mol', limit: `≤ ${limit}`, status: value <= limit ? ('PASS' as const) : ('FAIL' as const) })),
    ...['formaldehyde', 'formicAcid', 'halogenatedCompounds', 'particulates'].map((parameter) => ({ parameter, value: null, unit: parameter === 'particulates' ? 'mg/kg' : 'µmol/mol', limit: parameter === 'formaldehyde' || parameter === 'formicAcid' ? '≤ 0.2' : parameter === 'halogenatedCompounds' ? '≤ 0.05' : '≤ 1', status: 'NOT_EVALUATED' as const })),
  ];
  const failed = checks.filter((c) => c.status === 'FAIL').map((c) => c.parameter);
  return {
    edition: '2019 (Grade D)',
    referenceConditions: {},
    results: {
      isOnSpec: failed.length === 0,
      complete: false,
      failedParameters: failed,
      notEvaluated: checks.filter((c) => c.status === 'NOT_EVALUATED').map((c) => c.parameter),
      checks,
      hydrogen_molFraction: x('hydrogen'),
    },
    warnings: [
      ...(comp.normalized ? [warning('COMPOSITION_NORMALIZED', `Mole fractions summed to ${comp.inputSum}; normalised to 1`)] : []),
      warning('MISSING_REFERENCE_DATA', 'Formaldehyde, formic acid, halogenated compounds and particulates cannot be given in a composition and were not evaluated'),
      ...(unclassified.length > 0 ? [warning('MODEL_LIMITATION', `Counted only in total non-hydrogen gases: ${unclassified.join(', ')}`)] : []),
    ],
    assumptions: ['ISO 14687:2019 Table 2 Grade D limits (PEM fuel-cell road vehicles); total hydrocarbons on a C1 basis, total sulphur on an S1 basis'],
    limitations: ['Only Grade D is implemented; other grades (A–E) have other limits'],
  };
}
