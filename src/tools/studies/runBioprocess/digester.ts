/** runBioprocess anaerobic digester: volatile-solids balance, biogas, Buswell yields, heating duty. */
import { Type, type Static } from '@sinclair/typebox';
import { buswell } from '../../../engine/bioprocess/digester.js';
import { NORMAL_MOLAR_VOLUME, lowerHeatingValues } from '../../../engine/reaction/ideal-gas-species.js';
import { issue, type Warning } from '../../contract/envelope.js';
import type { Outcome } from './gasifier.js';
import type { BioprocessIn } from './schema.js';

/** Specific heat of the feed taken as liquid water's at 25–40 °C, J/(kg·K) (IAPWS-95: 4.18 kJ/(kg·K)). */
const CP_FEED = 4180;
/** Feed density for the hydraulic residence time, kg/m3 (taken as water's). */
const RHO_FEED = 1000;

export const DigesterData = Type.Object(
  {
    reactorType: Type.Literal('anaerobicDigester'),
    substrateType: Type.Union([Type.String(), Type.Null()]),
    volatileSolidsFed_kgPerDay: Type.Number(),
    volatileSolidsDestroyed_kgPerDay: Type.Number(),
    digestateSolids_kgPerDay: Type.Number({ description: 'Total solids left: fixed solids + VS not converted' }),
    methaneYieldSource: Type.String({ description: 'given (specificMethaneYield_Nm3PerKgVS) or buswell (substrateFormula)' }),
    specificMethaneYield_Nm3PerKgVS: Type.Number({ description: 'Per kg VS fed' }),
    methaneFlowRate_Nm3PerDay: Type.Number(),
    biogasFlowRate_Nm3PerDay: Type.Number(),
    methaneFraction: Type.Number(),
    methaneEnergy_kW: Type.Number({ description: 'LHV of the methane produced' }),
    buswell: Type.Union([
      Type.Object(
        {
          methane_molPerMol: Type.Number(),
          carbonDioxide_molPerMol: Type.Number(),
          water_molPerMol: Type.Number(),
          ammonia_molPerMol: Type.Number(),
          hydrogenSulfide_molPerMol: Type.Number(),
          theoreticalMethane_Nm3PerKgVSDestroyed: Type.Number(),
          methaneFraction: Type.Number(),
        },
        { additionalProperties: false },
      ),
      Type.Null(),
    ]),
    hydraulicRetentionTime_days: Type.Union([Type.Number(), Type.Null()]),
    organicLoadingRate_kgVSPerM3Day: Type.Union([Type.Number(), Type.Null()]),
    heatingDuty_kW: Type.Union([Type.Number(), Type.Null()], { description: 'To bring the feed from feedTemperature_C to temperature_C (no wall losses)' }),
  },
  { additionalProperties: false },
);
type Data = Static<typeof DigesterData>;

export function runDigester(input: BioprocessIn): Outcome<Data> {
  const need = (['feedRate_kgPerHr', 'totalSolidsFraction', 'volatileSolidsFraction'] as const).filter((k) => input[k] === undefined);
  if (need.length > 0) return { ok: false, kind: 'input', errors: need.map((k) => issue('MISSING_FIELD', `The digester needs "${k}"`, 'feedRate_kgPerHr (wet), totalSolidsFraction (TS/wet) and volatileSolidsFraction (VS/TS)', k)) };
  const f = input.substrateFormula;
  const bus = f !== undefined ? buswell({ C: f.C, H: f.H, O: f.O, N: f.N ?? 0, S: f.S ?? 0 }) : undefined;
  if (bus !== undefined && (bus.methane <= 0 || bus.carbonDioxide < 0 || bus.formulaMass <= 0)) return { ok: false, kind: 'input', errors: [issue('INVALID_COMPOSITION', 'The substrate formula gives no methane by the Buswell equation', 'Check the formula, e.g. {"C": 6, "H": 10, "O": 5}', 'substrateFormula')] };
  if (input.specificMethaneYield_Nm3PerKgVS === undefined && bus === undefined) return { ok: false, kind: 'input', errors: [issue('MISSING_FIELD', 'The digester needs "specificMethaneYield_Nm3PerKgVS" or a "substrateFormula" for the Buswell yield', 'Give a measured biochemical methane potential, or the elemental formula of the VS', 'specificMethaneYield_Nm3PerKgVS')] };
  const feedPerDay = input.feedRate_kgPerHr! * 24;
  const ts = feedPerDay * input.totalSolidsFraction!;
  const vsFed = ts * input.volatileSolidsFraction!;
  const destruction = input.vsDestruction ?? 0.6;
  const vsDestroyed = vsFed * destruction;
  // Buswell: Nm3 CH4 per kg VS destroyed = (mol CH4 / mol formula) · Vm / (kg / mol formula).
  const theoretical = bus !== undefined ? (bus.methane * NORMAL_MOLAR_VOLUME) / bus.formulaMass : undefined;
  const given = input.specificMethaneYield_Nm3PerKgVS;
  const yieldPerVsFed = given ?? theoretical! * destruction;
  const methane = vsFed * yieldPerVsFed;
  const methaneFraction = input.methaneFraction ?? bus?.methaneFraction;
  if (methaneFraction === undefined || methaneFraction <= 0) return { ok: false, kind: 'input', errors: [issue('MISSING_FIELD', 'The digester needs "methaneFraction" (> 0) or a "substrateFormula"', 'Typical biogas: 0.55–0.65', 'methaneFraction')] };
  const warnings: Warning[] = [];
  const volume = input.volume_m3;
  const heating = input.temperature_C !== undefined && input.feedTemperature_C !== undefined ? (input.feedRate_kgPerHr! / 3600) * CP_FEED * (input.temperature_C - input.feedTemperature_C) / 1000 : null;
  return {
    ok: true,
    iterations: 0,
    warnings,
    assumptions: [
      'Steady state; the methane yield is per kg of volatile solids fed (a measured BMP) or the Buswell stoichiometry times the VS destruction',
      `Feed density ${RHO_FEED} kg/m3 and specific heat ${CP_FEED / 1000} kJ/(kg·K) taken as water's`,
    ],
    limitations: ['No kinetics: the VS destruction is an input, not predicted from temperature or retention time', 'Biogas holds CH4 and CO2 only (water vapour, H2S and NH3 not in the flow)'],
    data: {
      reactorType: 'anaerobicDigester',
      substrateType: input.substrateType ?? null,
      volatileSolidsFed_kgPerDay: vsFed,
      volatileSolidsDestroyed_kgPerDay: vsDestroyed,
      digestateSolids_kgPerDay: ts - vsDestroyed,
      methaneYieldSource: given !== undefined ? 'given' : 'buswell',
      specificMethaneYield_Nm3PerKgVS: yieldPerVsFed,
      methaneFlowRate_Nm3PerDay: methane,
      biogasFlowRate_Nm3PerDay: methane / methaneFraction,
      methaneFraction,
      methaneEnergy_kW: ((methane / NORMAL_MOLAR_VOLUME) * lowerHeatingValues().CH4) / 86400 / 1000,
      buswell:
        bus !== undefined
          ? {
              methane_molPerMol: bus.methane,
              carbonDioxide_molPerMol: bus.carbonDioxide,
              water_molPerMol: bus.water,
              ammonia_molPerMol: bus.ammonia,
              hydrogenSulfide_molPerMol: bus.hydrogenSulfide,
              theoreticalMethane_Nm3PerKgVSDestroyed: theoretical!,
              methaneFraction: bus.methaneFraction,
            }
          : null,
      hydraulicRetentionTime_days: volume !== undefined ? volume / (feedPerDay / RHO_FEED) : null,
      organicLoadingRate_kgVSPerM3Day: volume !== undefined ? vsFed / volume : null,
      heatingDuty_kW: heating,
    },
  };
}
