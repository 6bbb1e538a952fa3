/** runBioprocess gasifier: input checks, units, the equilibrium gasifier, the response data. */
import { Type, type Static } from '@sinclair/typebox';
import { adiabaticGasify, gasify, type GasifierSpec } from '../../../engine/bioprocess/gasifier.js';
import { GAS_SPECIES, NORMAL_MOLAR_VOLUME, lowerHeatingValues } from '../../../engine/reaction/ideal-gas-species.js';
import { issue, warning, type DiagnosticIssue, type Warning } from '../../contract/envelope.js';
import type { BioprocessIn } from './schema.js';

export const GasifierData = Type.Object(
  {
    reactorType: Type.Literal('gasifier'),
    agentType: Type.String(),
    temperature_C: Type.Number(),
    pressure_bara: Type.Number(),
    adiabatic: Type.Boolean(),
    equivalenceRatio: Type.Number(),
    wetGasComposition_molPercent: Type.Record(Type.String(), Type.Number()),
    dryGasComposition_molPercent: Type.Record(Type.String(), Type.Number()),
    h2sInDryGas_ppmv: Type.Number(),
    h2ToCoRatio: Type.Union([Type.Number(), Type.Null()]),
    syngasYield_Nm3PerKg: Type.Number({ description: 'Dry product gas per kg biomass as received' }),
    syngasFlow_Nm3PerHr: Type.Number(),
    syngasLHV_MjPerNm3: Type.Number({ description: 'Dry gas, 25 °C combustion reference, water as vapour' }),
    biomassHHV_MjPerKgDry: Type.Number(),
    biomassLHV_MjPerKgAsReceived: Type.Number(),
    coldGasEfficiency: Type.Number({ description: 'LHV of the gas over LHV of the biomass' }),
    charYieldFraction: Type.Number({ description: 'kg char (unconverted carbon + ash) per kg biomass' }),
    oxygenSupplied_kgPerKg: Type.Number(),
    airSupplied_kgPerKg: Type.Union([Type.Number(), Type.Null()]),
    steamSupplied_kgPerKg: Type.Number(),
    heatDemand_kW: Type.Number({ description: 'Heat to supply to hold the temperature (negative: heat released)' }),
    elementBalanceError: Type.Number(),
  },
  { additionalProperties: false },
);
type Data = Static<typeof GasifierData>;

export type Outcome<D> = { ok: true; data: D; warnings: Warning[]; iterations: number; assumptions: string[]; limitations: string[] } | { ok: false; kind: 'input' | 'compute'; errors: DiagnosticIssue[] };

const T_MIN = 573.15;
const T_MAX = 2273.15;

export function runGasifier(input: BioprocessIn): Outcome<Data> {
  const b = input.biomass;
  if (b === undefined) return { ok: false, kind: 'input', errors: [issue('MISSING_FIELD', 'The gasifier needs "biomass", the ultimate analysis (wt %, dry)', 'Send e.g. {"carbon": 50, "hydrogen": 6, "oxygen": 42.4, "nitrogen": 0.5, "sulfur": 0.1, "ash": 1}', 'biomass')] };
  const analysis = { carbon: b.carbon, hydrogen: b.hydrogen, oxygen: b.oxygen, nitrogen: b.nitrogen ?? 0, sulfur: b.sulfur ?? 0, ash: b.ash ?? 0 };
  const sum = Object.values(analysis).reduce((s, x) => s + x, 0);
  if (Math.abs(sum - 100) > 1) return { ok: false, kind: 'input', errors: [issue('INVALID_COMPOSITION', `The ultimate analysis sums to ${sum.toFixed(2)} wt %, not 100`, 'Give C, H, O, N, S and ash on a dry basis summing to 100 (± 1)', 'biomass')] };
  const warnings: Warning[] = [];
  if (Math.abs(sum - 100) > 1e-9) warnings.push(warning('COMPOSITION_NORMALIZED', `Ultimate analysis normalised from ${sum.toFixed(3)} to 100 wt %`));
  for (const k of Object.keys(analysis) as (keyof typeof analysis)[]) analysis[k] = (analysis[k] * 100) / sum;
  if (analysis.carbon <= 0) return { ok: false, kind: 'input', errors: [issue('INVALID_COMPOSITION', 'The biomass has no carbon', 'Give the carbon content in wt % (dry)', 'biomass.carbon')] };
  const agent = input.agentType ?? 'air';
  const spec: GasifierSpec = {
    biomass: analysis,
    moisture: input.moisture ?? 0,
    agent,
    equivalenceRatio: input.equivalenceRatio ?? (agent === 'steam' ? 0 : 0.3),
    steamToBiomass: agent === 'steam' ? input.steamToBiomassRatio ?? 0.5 : 0,
    steamTemperature: (input.steamTemperature_C ?? 150) + 273.15,
    carbonConversion: input.carbonConversionEfficiency ?? 1,
    P: (input.pressure_bara ?? 1.01325) * 1e5,
  };
  if (agent !== 'steam' && spec.equivalenceRatio === 0) return { ok: false, kind: 'input', errors: [issue('INVALID_INPUT', `An ${agent} gasifier with equivalenceRatio 0 is fed no agent`, 'Give equivalenceRatio > 0 (typically 0.2–0.4), or agentType "steam"', 'equivalenceRatio')] };
  if (agent === 'steam' && spec.steamToBiomass === 0 && spec.equivalenceRatio === 0) return { ok: false, kind: 'input', errors: [issue('INVALID_INPUT', 'A steam gasifier with no steam and no oxygen is fed no agent', 'Give steamToBiomassRatio > 0', 'steamToBiomassRatio')] };
  if (spec.carbonConversion === 0) return { ok: false, kind: 'input', errors: [issue('INVALID_INPUT', 'carbonConversionEfficiency 0 gasifies nothing', 'Give a fraction in (0, 1]', 'carbonConversionEfficiency')] };
  const adiabatic = input.adiabatic === true;
  let r;
  if (adiabatic) {
    r = adiabaticGasify(spec, T_MIN, T_MAX);
    if (r === undefined) return { ok: false, kind: 'compute', errors: [issue('NO_ADIABATIC_TEMPERATURE', `No temperature between ${T_MIN - 273.15} and ${T_MAX - 273.15} °C balances the heat: the gasifier needs heat (or releases it) throughout`, 'Raise or lower the equivalence ratio, or give temperature_C and read heatDemand_kW', 'adiabatic')] };
  } else {
    if (input.temperature_C === undefined) return { ok: false, kind: 'input', errors: [issue('MISSING_FIELD', 'The gasifier needs "temperature_C" (or "adiabatic": true)', 'Typical: 700–1000 °C', 'temperature_C')] };
    const T = input.temperature_C + 273.15;
    if (T < T_MIN || T > T_MAX) return { ok: false, kind: 'input', errors: [issue('OUT_OF_RANGE', `temperature_C ${input.temperature_C} is outside the ${T_MIN - 273.15}–${T_MAX - 273.15} °C range of this model`, 'Give a gasification temperature in that range', 'temperature_C')] };
    r = gasify(spec, T);
  }
  if (!r.converged) return { ok: false, kind: 'compute', errors: [issue('EQUILIBRIUM_NOT_CONVERGED', `The Gibbs-energy minimisation did not converge (${r.message ?? 'element balance not met'})`, 'Check the agent amounts; report the case if it persists')] };

  const wet: Record<string, number> = {};
  const dryGas: Record<string, number> = {};
  const iWater = GAS_SPECIES.findIndex((s) => s.formula === 'H2O');
  const wetTotal = r.moles.reduce((s, x) => s + x, 0) + r.h2s;
  const dryTotal = wetTotal - r.moles[iWater];
  GAS_SPECIES.forEach((s, j) => {
    wet[s.formula] = (100 * r.moles[j]) / wetTotal;
    if (j !== iWater) dryGas[s.formula] = (100 * r.moles[j]) / dryTotal;
  });
  wet.H2S = (100 * r.h2s) / wetTotal;
  dryGas.H2S = (100 * r.h2s) / dryTotal;
  const lhv = lowerHeatingValues();
  const mol = (f: string) => r.moles[GAS_SPECIES.findIndex((s) => s.formula === f)];
  const yieldNm3 = dryTotal * NORMAL_MOLAR_VOLUME;
  const feed = input.feedRate_kgPerHr ?? 1000;
  const gasLhvDry = (mol('H2') * lhv.H2 + mol('CO') * lhv.CO + mol('CH4') * lhv.CH4) / yieldNm3;
  if (spec.carbonConversion < 1) warnings.push(warning('MODEL_LIMITATION', 'The unconverted carbon leaves as char at the 25 °C reference: its sensible heat is not in heatDemand_kW'));
  if (r.T < 973.15) warnings.push(warning('EXTRAPOLATION', 'Below about 700 °C real gasifiers stay far from equilibrium (tars, unconverted methane): the composition is an equilibrium bound'));
  return {
    ok: true,
    iterations: r.iterations,
    warnings,
    assumptions: [
      'Ideal-gas chemical equilibrium of H2, CO, CO2, H2O, CH4, N2 and O2 (Gibbs-energy minimisation; NASA Glenn polynomials, McBride et al. 2002)',
      'Sulfur leaves as H2S; nitrogen as N2; air is 79/21 N2/O2',
      'Biomass enthalpy of formation from its HHV by Channiwala & Parikh (2002); feeds and agent at 25 °C (steam at its given temperature)',
    ],
    limitations: ['No solid-carbon (graphite) equilibrium: char is set by carbonConversionEfficiency', 'No tar, no kinetics, no heat losses'],
    data: {
      reactorType: 'gasifier',
      agentType: agent,
      temperature_C: r.T - 273.15,
      pressure_bara: spec.P / 1e5,
      adiabatic,
      equivalenceRatio: spec.equivalenceRatio,
      wetGasComposition_molPercent: wet,
      dryGasComposition_molPercent: dryGas,
      h2sInDryGas_ppmv: (1e6 * r.h2s) / dryTotal,
      h2ToCoRatio: mol('CO') > 0 ? mol('H2') / mol('CO') : null,
      syngasYield_Nm3PerKg: yieldNm3,
      syngasFlow_Nm3PerHr: yieldNm3 * feed,
      syngasLHV_MjPerNm3: gasLhvDry / 1e6,
      biomassHHV_MjPerKgDry: r.hhvDry / 1e6,
      biomassLHV_MjPerKgAsReceived: r.lhvAsReceived / 1e6,
      coldGasEfficiency: r.gasLhv / r.lhvAsReceived,
      charYieldFraction: r.charYield,
      oxygenSupplied_kgPerKg: r.oxygenSupplied * 31.9988e-3,
      airSupplied_kgPerKg: agent === 'air' ? r.oxygenSupplied * 31.9988e-3 + r.nitrogenSupplied * 28.0134e-3 : null,
      steamSupplied_kgPerKg: r.steamSupplied * 18.01528e-3,
      heatDemand_kW: (r.heatDemand * feed) / 3600 / 1000,
      elementBalanceError: r.elementBalanceError,
    },
  };
}
