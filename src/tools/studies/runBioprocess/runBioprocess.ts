/**
 * runBioprocess (experimental, CALCULATION, v1.1): bioprocess reactors. "gasifier": ideal-gas
 * equilibrium gasification of biomass by Gibbs-energy minimisation with a closed heat balance;
 * "fermentation": Monod/Contois chemostat steady state or batch culture; "anaerobicDigester":
 * volatile-solids balance with Buswell stoichiometry. Pyrolysis is not offered: its product
 * yields need empirical correlations we cannot derive or cite here.
 */
import { Type } from '@sinclair/typebox';
import { failure, issue, success, type Envelope } from '../../contract/envelope.js';
import { DigesterData, runDigester } from './digester.js';
import { FermentationData, runFermentation } from './fermentation.js';
import { GasifierData, runGasifier, type Outcome } from './gasifier.js';
import { BioprocessInput, type BioprocessIn } from './schema.js';
import { defineTool } from '../../contract/types.js';

const TOOL = 'runBioprocess';
const Output = Type.Union([GasifierData, FermentationData, DigesterData]);

const REACTORS: Record<string, { run: (i: BioprocessIn) => Outcome<any>; calculation: string }> = {
  gasifier: { run: runGasifier, calculation: 'biomass gasification (ideal-gas Gibbs equilibrium)' },
  fermentation: { run: runFermentation, calculation: 'fermentation (Monod/Contois kinetics)' },
  anaerobicdigester: { run: runDigester, calculation: 'anaerobic digestion (VS balance, Buswell)' },
};

function run(input: BioprocessIn): Envelope<any> {
  const started = performance.now();
  const key = input.reactorType.toLowerCase().replace(/[\s_-]/g, '');
  if (key === 'pyrolysis') return failure(TOOL, 'input', [issue('NOT_IMPLEMENTED_REACTOR', 'Pyrolysis is not offered: its char/oil/gas yields need empirical correlations this service does not have', 'Use "gasifier" for equilibrium gasification', 'reactorType')]);
  const reactor = REACTORS[key];
  if (reactor === undefined) return failure(TOOL, 'input', [issue('UNKNOWN_REACTOR_TYPE', `Unknown reactorType ${JSON.stringify(input.reactorType)}`, 'Use gasifier, fermentation or anaerobicDigester', 'reactorType')]);
  const r = reactor.run(input);
  if (!r.ok) return failure(TOOL, r.kind, r.errors, r.kind === 'compute' ? 'calculation' : 'input');
  return success({
    tool: TOOL,
    data: r.data,
    warnings: r.warnings,
    provenance: {
      calculationType: reactor.calculation,
      convergence: { converged: true, iterations: r.iterations },
      assumptions: r.assumptions,
      limitations: r.limitations,
      computationTimeMs: performance.now() - started,
    },
    validationMessage: `${r.data.reactorType} computed`,
  });
}

export const runBioprocessTool = defineTool({
  name: TOOL,
  tier: 'experimental',
  category: 'CALCULATION',
  since: 'v1.1',
  summary: 'Bioprocess reactors by reactorType: biomass gasifier (equilibrium syngas), fermentation (Monod/Contois kinetics), anaerobic digester (biogas).',
  description:
    'Bioprocess reactors by "reactorType". gasifier: "biomass" ultimate analysis (wt % dry: carbon, hydrogen, oxygen, nitrogen, sulfur, ash), "moisture" (wt %), "agentType" air|oxygen|steam, "equivalenceRatio", "temperature_C" (or "adiabatic": true), "pressure_bara", "carbonConversionEfficiency", "feedRate_kgPerHr" → ideal-gas equilibrium syngas (wet/dry mol %), yield Nm3/kg, LHV MJ/Nm3, cold-gas efficiency, char, heat demand kW. ' +
    'fermentation: "kineticModel" MONOD|CONTOIS, "operationMode" CONTINUOUS|BATCH, "maxSpecificGrowthRate" 1/h, "monodConstant", "yieldBiomass", "yieldProduct", "substrateConcentration_gPerL", "biomassConcentration_gPerL" (batch), "residenceTime_hr", "volume_m3" → substrate, biomass, product, conversion, productivity, washout. ' +
    'anaerobicDigester: "feedRate_kgPerHr", "totalSolidsFraction", "volatileSolidsFraction", "specificMethaneYield_Nm3PerKgVS" or "substrateFormula" {C,H,O,N,S} (Buswell), "vsDestruction", "methaneFraction", "volume_m3", "temperature_C", "feedTemperature_C" → biogas, methane energy, HRT, OLR, heating duty. Pyrolysis is not offered.',
  input: BioprocessInput,
  output: Output,
  exampleCategory: 'bioprocess',
  examples: [
    { name: 'wood-air-gasifier', description: 'Wood chips, air-blown at 850 °C and ER 0.3', input: { reactorType: 'gasifier', biomass: { carbon: 50, hydrogen: 6, oxygen: 42.4, nitrogen: 0.5, sulfur: 0.1, ash: 1 }, moisture: 10, agentType: 'air', equivalenceRatio: 0.3, temperature_C: 850, pressure_bara: 1.01325, feedRate_kgPerHr: 1000 } },
    { name: 'ethanol-chemostat', description: 'Monod chemostat, 10 h residence time', input: { reactorType: 'fermentation', kineticModel: 'MONOD', operationMode: 'CONTINUOUS', maxSpecificGrowthRate: 0.4, monodConstant: 0.5, yieldBiomass: 0.1, yieldProduct: 0.45, substrateConcentration_gPerL: 100, residenceTime_hr: 10, volume_m3: 50 } },
    { name: 'cellulose-digester', description: 'Mesophilic digester on a cellulose-like substrate (Buswell yield)', input: { reactorType: 'anaerobicDigester', substrateType: 'cellulose', feedRate_kgPerHr: 2000, totalSolidsFraction: 0.1, volatileSolidsFraction: 0.8, substrateFormula: { C: 6, H: 10, O: 5 }, vsDestruction: 0.6, volume_m3: 1500, temperature_C: 37, feedTemperature_C: 15 } },
  ],
  execution: 'inline',
  run,
});
