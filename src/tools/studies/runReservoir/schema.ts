/**
 * TypeBox schemas of runReservoir (seed 000, experimental CALCULATION v1.1): the original's
 * ReservoirRunner fields (spec/neqsim-surface.md) with their units as named — `gasVolume_Sm3` is
 * gas in place at standard conditions — plus in-reservoir volumes, a phase per producer and an
 * abandonment pressure.
 */
import { Type, type Static } from '@sinclair/typebox';
import { FLOW_LIMIT, moleFraction, positive } from '../../contract/bounded.js';

export const MAX_STEPS = 5000;
/** Days per year of the time axis (the original's 30-day step is 30/365 years). */
export const DAYS_PER_YEAR = 365;

export const GAS_RATE_UNITS = ['MSm3/day', 'kSm3/day', 'Sm3/day', 'Sm3/hr', 'GSm3/year'] as const;
export const OIL_RATE_UNITS = ['Sm3/day', 'Sm3/hr', 'kSm3/day', 'bbl/day', 'stb/day'] as const;

const rate = Type.Union(
  [
    positive(FLOW_LIMIT, { description: 'Rate in the default unit (MSm3/day for a gas producer, Sm3/day of stock-tank oil for an oil producer)' }),
    Type.Object({ value: positive(FLOW_LIMIT), unit: Type.Optional(Type.String({ description: `Gas: ${GAS_RATE_UNITS.join(', ')}; oil (stock-tank): ${OIL_RATE_UNITS.join(', ')}` })) }, { additionalProperties: false }),
  ],
  { description: 'Production rate: a number in the default unit or {"value", "unit"}' },
);

const Producer = Type.Object(
  {
    name: Type.Optional(Type.String({ maxLength: 100, description: 'Well name (default Producer-1, Producer-2, …)' })),
    phase: Type.Optional(Type.Union([Type.Literal('gas'), Type.Literal('oil')], { description: 'Phase the well draws (default gas); a one-phase tank gives every well that phase' })),
    flowRate: rate,
  },
  { additionalProperties: false },
);

const volume = (description: string) => Type.Optional(Type.Number({ minimum: 0, maximum: 1e15, description }));

export const ReservoirInput = Type.Object(
  {
    components: Type.Record(Type.String(), moleFraction(), { description: 'Reservoir fluid: component name → mole fraction (normalised)' }),
    model: Type.Optional(Type.String({ description: 'SRK (default), PR or CPA', examples: ['SRK', 'PR', 'CPA'] })),
    mixingRule: Type.Optional(Type.String({ description: '"classic" (cubics) or CLASSIC_TX_CPA (CPA)' })),
    reservoirTemperature_C: Type.Optional(Type.Number({ minimum: -50, maximum: 400, description: 'Reservoir temperature, °C (default 100, as the original); constant during depletion' })),
    reservoirPressure_bara: Type.Optional(Type.Number({ minimum: 1.5, maximum: 2000, description: 'Initial reservoir pressure, bara (default 200, as the original)' })),
    gasVolume_Sm3: volume('Free gas initially in place, Sm3 (ideal gas at 15 °C and 1 atm). Or gasReservoirVolume_m3'),
    oilVolume_Sm3: volume('Oil initially in place as stock-tank oil, Sm3 (the liquid of one flash of the reservoir oil to 15 °C and 1 atm). Or oilReservoirVolume_m3'),
    gasReservoirVolume_m3: volume('Pore volume the gas fills at the initial conditions, m3 (the original reads gasVolume_Sm3 this way)'),
    oilReservoirVolume_m3: volume('Pore volume the oil fills at the initial conditions, m3'),
    waterVolume_Sm3: volume('Connate water: taken as incompressible and immobile, so it does not enter the balance (a warning says so when it is given)'),
    producers: Type.Optional(Type.Array(Producer, { minItems: 1, maxItems: 50, description: 'Wells, each drawing one phase at a constant rate' })),
    simulationYears: Type.Optional(Type.Number({ exclusiveMinimum: 0, maximum: 200, description: 'Depletion time, years of 365 days (default 20). Depletion runs when this or timeStepDays is given' })),
    timeStepDays: Type.Optional(Type.Number({ minimum: 0.01, maximum: 3650, description: `Step, days (default 30); at most ${MAX_STEPS} steps` })),
    abandonmentPressure_bara: Type.Optional(Type.Number({ minimum: 1.01325, maximum: 2000, description: 'Production stops when the reservoir pressure falls to this (default 1.01325 bara, where no well can flow)' })),
  },
  { additionalProperties: false },
);
export type ReservoirInputT = Static<typeof ReservoirInput>;

const series = (description: string) => Type.Array(Type.Number(), { description });

const TankSnapshot = Type.Object(
  {
    time_years: Type.Number(),
    pressure_bara: Type.Number(),
    temperature_C: Type.Number(),
    phases: Type.Array(Type.Object({ label: Type.String(), moleFraction: Type.Number({ description: 'Fraction of the tank\'s moles in this phase' }), reservoirVolume_m3: Type.Number(), composition: Type.Record(Type.String(), Type.Number()) })),
    totalMoles_kmol: Type.Number(),
    zFactor: Type.Number({ description: 'P·V/(n·R·T) of the tank contents (the two-phase z of a condensate)' }),
    gasInPlace_GSm3: Type.Number(),
    oilInPlace_MSm3: Type.Number(),
  },
  { additionalProperties: false },
);

export const ReservoirOutput = Type.Object(
  {
    mode: Type.Union([Type.Literal('initialState'), Type.Literal('depletion')]),
    model: Type.String(),
    hydrocarbonPoreVolume_m3: Type.Number({ description: 'Fixed volume of the tank' }),
    initial: TankSnapshot,
    final: Type.Optional(TankSnapshot),
    time_years: Type.Optional(series('Time of each point, years of 365 days')),
    reservoirPressure_bara: Type.Optional(series('Reservoir pressure, bara')),
    gasInPlace_GSm3: Type.Optional(series('Free gas in the reservoir, GSm3 (ideal gas at 15 °C, 1 atm)')),
    oilInPlace_MSm3: Type.Optional(series('Oil in the reservoir as stock-tank oil, MSm3 (0 without an oil phase)')),
    cumulativeGasProduction_GSm3: Type.Optional(series('Gas producers\' cumulative production, GSm3')),
    cumulativeOilProduction_MSm3: Type.Optional(series('Oil producers\' cumulative stock-tank oil, MSm3')),
    zFactor: Type.Optional(series('Two-phase z of the tank contents; p/z is linear in the moles produced')),
    liquidSaturation: Type.Optional(series('Fraction of the pore volume filled by liquid (condensate drop-out in a gas-condensate tank)')),
    producers: Type.Array(
      Type.Object({
        name: Type.String(),
        phase: Type.String(),
        rate: Type.Number(),
        unit: Type.String(),
        basis: Type.String({ description: 'standardGas (ideal gas Sm3) or stockTankOil' }),
        cumulative_Sm3: Type.Number({ description: 'Cumulative production in the rate\'s basis, Sm3' }),
        cumulativeMoles_kmol: Type.Number(),
      }),
    ),
    hydrocarbonRecovery_molFraction: Type.Optional(Type.Number({ description: 'Moles produced over moles initially in place' })),
    stopReason: Type.Optional(Type.String()),
    productionStoppedAt_years: Type.Optional(Type.Number({ description: 'When the abandonment pressure was reached (inside the last step)' })),
    steps: Type.Optional(Type.Integer()),
  },
  { additionalProperties: false },
);
export type ReservoirOutputT = Static<typeof ReservoirOutput>;
