/**
 * TypeBox schemas of runRelief (seed 000, advanced CALCULATION v1.3): the original ReliefRunner's
 * fields (spec/neqsim-surface.md 2.26) plus what a relief engineer also sets: the discharge and
 * back-pressure coefficients, and for gas a fluid composition whose M, Z and k our EOS evaluates
 * at relieving conditions.
 */
import { Type, type Static } from '@sinclair/typebox';
import { moleFraction } from '../../contract/bounded.js';

/** Positive and below an engineering ceiling (keeps every result a finite number). */
const pos = (description: string, maximum = 1e6) => Type.Number({ minimum: 1e-9, maximum, description });
const frac = (description: string) => Type.Number({ minimum: 0, maximum: 1, description });

export const RELIEF_CASES = ['gas', 'liquid', 'twoPhase', 'fireHeatInput'] as const;

export const RunReliefInput = Type.Object(
  {
    case: Type.Optional(Type.String({ description: 'gas (default; also vapor), liquid, twoPhase (two_phase), fireHeatInput (fire)' })),
    // Common to the valve cases
    massFlowRate_kg_s: Type.Optional(pos('Required relieving mass flow, kg/s (gas, twoPhase)')),
    setPressure_bara: Type.Optional(pos('Set pressure, bara', 1e4)),
    temperature_K: Type.Optional(pos('Relieving temperature, K (gas, twoPhase)', 3000)),
    overpressureFraction: Type.Optional(Type.Number({ minimum: 0, maximum: 1, description: 'Allowable overpressure as a fraction of the gauge set pressure (default 0.21 gas, 0.10 liquid and two-phase)' })),
    backPressure_bara: Type.Optional(pos('Total back pressure, bara (default 1.0)', 1e4)),
    balancedBellows: Type.Optional(Type.Boolean({ description: 'Balanced-bellows valve: give the manufacturer\'s backPressureCorrection (Kb for gas, Kw for liquid)' })),
    ruptureDisk: Type.Optional(Type.Boolean({ description: 'Rupture disk upstream: Kc = 0.9 (API 520) unless combinationCorrection is given' })),
    dischargeCoefficient: Type.Optional(Type.Number({ exclusiveMinimum: 0, maximum: 1, description: 'Kd (default 0.975 gas, 0.65 liquid, 0.85 two-phase)' })),
    backPressureCorrection: Type.Optional(Type.Number({ exclusiveMinimum: 0, maximum: 1, description: 'Kb (gas) or Kw (liquid) from the valve manufacturer' })),
    combinationCorrection: Type.Optional(Type.Number({ exclusiveMinimum: 0, maximum: 1, description: 'Kc of a certified rupture-disk/valve combination' })),
    // Gas
    molecularWeight_kg_mol: Type.Optional(pos('Gas molar mass, kg/mol (or give "fluid")', 1)),
    compressibility: Type.Optional(pos('Z at relieving conditions (default 1.0, or from "fluid")', 10)),
    specificHeatRatio: Type.Optional(Type.Number({ minimum: 1, maximum: 2, description: 'k = Cp/Cv (default 1.3, or from "fluid")' })),
    fluid: Type.Optional(
      Type.Object(
        {
          model: Type.Optional(Type.String({ description: 'SRK (default), PR or CPA (SRK-CPA, for water, alcohols and glycols)' })),
          components: Type.Record(Type.String(), moleFraction(), { description: 'Component name → mole fraction' }),
        },
        { additionalProperties: false, description: 'Gas case: M, Z and the ideal-gas k are computed by our EOS at the relieving temperature and pressure' },
      ),
    ),
    // Liquid
    volumeFlowRate_m3_s: Type.Optional(pos('Liquid volume flow at relieving conditions, m³/s')),
    liquidDensity_kg_m3: Type.Optional(pos('Liquid density, kg/m³ (liquid, twoPhase)')),
    viscosity_Pa_s: Type.Optional(pos('Liquid viscosity, Pa·s (default 1e-3)')),
    // Two-phase
    gasMassFraction: Type.Optional(frac('Vapour mass fraction at the valve inlet')),
    gasDensity_kg_m3: Type.Optional(pos('Vapour density at the inlet, kg/m³')),
    latentHeat_J_kg: Type.Optional(pos('Latent heat of vaporisation, J/kg', 1e8)),
    liquidCp_J_kgK: Type.Optional(pos('Liquid heat capacity, J/(kg·K)')),
    // Fire
    wettedArea_m2: Type.Optional(pos('Wetted area exposed to the fire, m²')),
    environmentFactor: Type.Optional(Type.Number({ exclusiveMinimum: 0, maximum: 1, description: 'API 521 environment factor F (default 1: bare vessel)' })),
    hasDrainage: Type.Optional(Type.Boolean({ description: 'Adequate drainage (both this and hasFireFighting give the lower API 521 constant)' })),
    adequateDrainage: Type.Optional(Type.Boolean({ description: 'Same as hasDrainage' })),
    hasFireFighting: Type.Optional(Type.Boolean({ description: 'Prompt fire fighting' })),
  },
  { additionalProperties: false },
);
export type RunReliefInput = Static<typeof RunReliefInput>;

const Sizing = Type.Object(
  {
    requiredArea_mm2: Type.Number(),
    requiredArea_in2: Type.Number(),
    recommendedOrifice: Type.String({ description: 'API 526 letter of the smallest orifice covering the required area' }),
    numberOfValves: Type.Integer({ description: 'More than 1 when even a T orifice is too small' }),
    selectedArea_mm2: Type.Number(),
    selectedArea_in2: Type.Number(),
    massFlowCapacity_kg_s: Type.Number({ description: 'What the selected orifice(s) pass at these conditions' }),
  },
  { additionalProperties: false },
);

export const RunReliefOutput = Type.Object(
  {
    case: Type.Union(RELIEF_CASES.map((c) => Type.Literal(c))),
    standard: Type.String(),
    relievingPressure_bara: Type.Optional(Type.Number()),
    backPressure_bara: Type.Optional(Type.Number()),
    flowRegime: Type.Optional(Type.Union([Type.Literal('critical'), Type.Literal('subcritical'), Type.Literal('liquid')])),
    criticalPressureRatio: Type.Optional(Type.Number()),
    sizing: Type.Optional(Sizing),
    correctionFactors: Type.Optional(Type.Record(Type.String(), Type.Number())),
    fluidProperties: Type.Optional(Type.Record(Type.String(), Type.Union([Type.Number(), Type.String()]))),
    fireHeatInput: Type.Optional(
      Type.Object(
        {
          heatInput_W: Type.Number(),
          heatInput_kW: Type.Number(),
          heatInput_BTU_hr: Type.Number(),
          wettedArea_m2: Type.Number(),
          environmentFactor: Type.Number(),
          constant: Type.Number({ description: 'API 521 C1: 43 200 with adequate drainage and fire fighting, else 70 900' }),
          hasDrainage: Type.Boolean(),
          hasFireFighting: Type.Boolean(),
        },
        { additionalProperties: false },
      ),
    ),
  },
  { additionalProperties: false },
);
export type RunReliefOutput = Static<typeof RunReliefOutput>;
