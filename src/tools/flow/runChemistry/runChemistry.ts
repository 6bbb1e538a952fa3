/**
 * runChemistry (advanced, CALCULATION, v1.6): open chemistry calculations for scale, inhibitors and
 * scavengers, each from published data (src/engine/chemistry/):
 * - electrolyteScale: saturation indices of calcite, barite, celestite, gypsum, anhydrite and
 *   siderite (Plummer & Busenberg 1982 carbonate system, phreeqc.dat solubility products, Davies);
 * - langmuirInhibitor: Langmuir coverage = efficiency with a van 't Hoff K(T), and its inverse;
 * - packedBedScavenger: breakthrough of a finite-capacity bed (finite volumes, backward Euler).
 * multiMineralScale and mechanisticCorrosion need models and data this server does not have
 * (ion-pair speciation with precipitation kinetics; a mechanistic CO2/H2S corrosion model) and are
 * refused with NOT_IMPLEMENTED_ANALYSIS.
 */
import { failure, issue, success } from '../../contract/envelope.js';
import { defineTool } from '../../contract/types.js';
import { Input, Output, type ChemistryInput } from './schemas.js';
import { runScale } from './run-scale.js';
import { runInhibitor } from './run-inhibitor.js';
import { runScavenger } from './run-scavenger.js';

const TOOL = 'runChemistry';
const IMPLEMENTED = ['electrolyteScale', 'langmuirInhibitor', 'packedBedScavenger'] as const;
const NOT_IMPLEMENTED: Record<string, string> = {
  multiMineralScale: 'Scale mass and rates need ion-pair speciation, co-precipitation and kinetics data this server does not have; electrolyteScale gives the saturation indices',
  mechanisticCorrosion: 'A mechanistic CO2/H2S corrosion model (electrochemical kinetics, mass transfer, film growth) is not implemented; runFlowAssurance with analysis "CO2Corrosion" gives the de Waard–Lotz–Milliams (1991) screening rate with an inhibitor efficiency, and langmuirInhibitor here gives that efficiency from an isotherm',
};
const CALC_TYPE: Record<(typeof IMPLEMENTED)[number], string> = {
  electrolyteScale: 'scale saturation indices (free-ion Davies model)',
  langmuirInhibitor: 'Langmuir inhibitor coverage and dose',
  packedBedScavenger: 'packed-bed scavenger breakthrough (1-D plug flow, finite volumes)',
};

/** Every number in the result must be finite (the contract forbids NaN/Infinity in outputs). */
function allFinite(v: unknown): boolean {
  if (typeof v === 'number') return Number.isFinite(v);
  if (Array.isArray(v)) return v.every(allFinite);
  if (v !== null && typeof v === 'object') return Object.values(v).every(allFinite);
  return true;
}

function run(input: ChemistryInput) {
  const started = performance.now();
  const name = input.analysis.trim();
  if (name === '') return failure(TOOL, 'input', [issue('MISSING_ANALYSIS', 'No analysis given', `Set "analysis" to one of: ${IMPLEMENTED.join(', ')}`, 'analysis')]);
  const analysis = IMPLEMENTED.find((a) => a.toLowerCase() === name.toLowerCase());
  if (!analysis) {
    const known = Object.keys(NOT_IMPLEMENTED).find((a) => a.toLowerCase() === name.toLowerCase());
    if (known)
      return failure(TOOL, 'compute', [issue('NOT_IMPLEMENTED_ANALYSIS', `The ${known} analysis is not implemented by this server: ${NOT_IMPLEMENTED[known]}`, known === 'mechanisticCorrosion' ? 'Use runFlowAssurance with analysis "CO2Corrosion" (screening rate), with inhibitorEfficiency from runChemistry langmuirInhibitor' : 'Use analysis "electrolyteScale" for the saturation indices', 'analysis')]);
    return failure(TOOL, 'input', [issue('UNKNOWN_ANALYSIS', `Unknown analysis ${JSON.stringify(name.slice(0, 100))}`, `Use one of: ${IMPLEMENTED.join(', ')}`, 'analysis')]);
  }
  const r = analysis === 'electrolyteScale' ? runScale(input) : analysis === 'langmuirInhibitor' ? runInhibitor(input) : runScavenger(input);
  if (!r.ok) return failure(TOOL, 'compute', r.issues);
  if (!allFinite(r.data)) return failure(TOOL, 'compute', [issue('OUT_OF_RANGE', 'The result holds non-finite numbers for these inputs', 'Use physically sensible inputs')]);
  return success({
    tool: TOOL,
    data: r.data,
    warnings: r.warnings,
    provenance: {
      calculationType: `chemistry: ${CALC_TYPE[analysis]}`,
      convergence: { converged: true, iterations: r.iterations },
      assumptions: r.assumptions,
      limitations: r.limitations,
      computationTimeMs: performance.now() - started,
    },
    validationMessage: `${analysis} completed`,
  });
}

export const runChemistryTool = defineTool({
  name: TOOL,
  tier: 'advanced',
  category: 'CALCULATION',
  since: 'v1.6',
  summary: 'Scale, inhibitor and scavenger chemistry: mineral saturation indices from a water analysis, inhibitor isotherms, H2S scavenger beds.',
  description:
    'Open chemistry and integrity calculations for scale, inhibitors and scavengers. "analysis": ' +
    'electrolyteScale — temperature_C, pH, ion analysis in mg/L (ca_mgL, ba_mgL, sr_mgL, mg_mgL, na_mgL, k_mgL, fe_mgL, cl_mgL, so4_mgL, hco3_mgL, co3_mgL), pCO2_bar, optional tds_mgL, solutionDensity_kgL, carbonateBasis: ' +
    'saturation index SI = log10(IAP/Ksp) of calcite, barite, celestite, gypsum, anhydrite, siderite (Plummer & Busenberg 1982; phreeqc.dat Ksp(T)), Davies activity coefficients (I ≲ 0.5 mol/kg), ionic strength, charge balance; 1 atm constants (no pressure correction), free ions (no ion pairs). ' +
    'langmuirInhibitor — isotherm {kAdsRef L/mol, dHads_kJmol, thetaMax, molarMass_gmol, referenceTemperature_C (25)}, temperature_C, dose_mgL and/or targetEfficiency: coverage = efficiency and the dose for a target. ' +
    'packedBedScavenger — diameter_m, height_m, voidage, loading_mol_kg, bulkDensity_kgm3, stoichiometricRatio, k_per_s, cInlet_molm3, flow_m3s, nCells, nTimeSteps, simTime_s, breakthroughFraction: outlet history, breakthrough time, bed utilisation, mass balance. ' +
    'multiMineralScale and mechanisticCorrosion are refused (NOT_IMPLEMENTED_ANALYSIS; for corrosion use runFlowAssurance CO2Corrosion).',
  input: Input,
  output: Output,
  exampleCategory: 'chemistry',
  examples: [
    {
      name: 'produced-water-scale',
      description: 'Scale tendency of a produced water at 60 °C and 50 bara, carbonate from bicarbonate and pH',
      input: { analysis: 'electrolyteScale', temperature_C: 60, pressure_bara: 50, pH: 6.5, pCO2_bar: 1, ca_mgL: 400, ba_mgL: 2, sr_mgL: 20, mg_mgL: 100, na_mgL: 9000, k_mgL: 200, fe_mgL: 5, cl_mgL: 14900, so4_mgL: 300, hco3_mgL: 600 },
    },
    {
      name: 'inhibitor-dose',
      description: 'Efficiency at 50 mg/L and the dose for 90 % at 60 °C, with the original server\'s default isotherm parameters (illustrative, not a fit of a product)',
      input: { analysis: 'langmuirInhibitor', isotherm: { kAdsRef: 5000, dHads_kJmol: -35, thetaMax: 0.95, molarMass_gmol: 350 }, temperature_C: 60, dose_mgL: 50, targetEfficiency: 0.9 },
    },
    {
      name: 'h2s-scavenger-bed',
      description: 'Iron-oxide H2S scavenger bed 0.5 m × 2 m treating 0.005 m³/s of gas with 1 mol/m³ H2S',
      input: { analysis: 'packedBedScavenger', diameter_m: 0.5, height_m: 2, voidage: 0.4, loading_mol_kg: 5, bulkDensity_kgm3: 1100, stoichiometricRatio: 1, k_per_s: 5, cInlet_molm3: 1, flow_m3s: 0.005, nCells: 30, nTimeSteps: 200, breakthroughFraction: 0.05 },
    },
  ],
  execution: 'inline',
  run: (input) => run(input),
});
