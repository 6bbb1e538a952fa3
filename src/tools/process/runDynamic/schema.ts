/** TypeBox schemas of runDynamic: a runProcess definition plus run, vessel, valve, tuning and event options in; time series out. */
import { Type, type Static } from '@sinclair/typebox';
import { ProcessJsonField } from '../automation/common.js';

export const MAX_STEPS = 10_000;
export const MAX_EVENTS = 100;

const Tuning = Type.Object(
  {
    kp: Type.Optional(Type.Number({ minimum: 0, maximum: 1000, description: 'Proportional gain: fraction of valve travel per fraction of transmitter span (0 = open loop: the valve holds its initial opening)' })),
    ti: Type.Optional(Type.Number({ minimum: 0.01, maximum: 1e7, description: 'Integral time, s' })),
  },
  { additionalProperties: false },
);

const Event = Type.Object(
  {
    time_seconds: Type.Number({ minimum: 0, maximum: 1e7, description: 'Applied at the first output step at or after this time' }),
    type: Type.String({
      maxLength: 40,
      description:
        'FEED_FLOW_STEP: target = a feed Stream upstream of the separator, value = its new flow as a multiple of the steady flow (0 … 100; the upstream units are re-solved). ' +
        'VALVE_OPENING: target = a valve tag (see data.valves, or "gas"/"liquid"), value = opening 0 … 1; its controller goes to manual. ' +
        'SETPOINT: target = a controller tag (PC-<separator> in bara, LC-<separator> as level fraction), value = the new setpoint',
    }),
    target: Type.String({ minLength: 1, maxLength: 200 }),
    value: Type.Number({ minimum: -1e9, maximum: 1e9 }),
  },
  { additionalProperties: false },
);

const pressure = (d: string) => Type.Optional(Type.Number({ exclusiveMinimum: 0, maximum: 2000, description: d }));
const opening = Type.Optional(Type.Number({ minimum: 0.01, maximum: 1, description: 'Initial opening (default 0.5); the valve is sized (Cv) to pass the steady flow there' }));

export const RunDynamicInput = Type.Object(
  {
    processJson: Type.Optional(ProcessJsonField),
    duration_seconds: Type.Optional(Type.Number({ exclusiveMinimum: 0, maximum: 1e7, description: 'Simulated time, s (default 600)' })),
    timeStep_seconds: Type.Optional(Type.Number({ exclusiveMinimum: 0, maximum: 1e5, description: `Output and controller sample step, s (default 1; at most ${MAX_STEPS} steps); the integrator sub-steps inside it as stability requires` })),
    tuning: Type.Optional(
      Type.Object(
        {
          pressure: Type.Optional(Tuning),
          level: Type.Optional(Tuning),
          flow: Type.Optional(Tuning),
          temperature: Type.Optional(Tuning),
        },
        { additionalProperties: false, description: 'PI tunings (ISA standard form on the error in fraction of span). Defaults: pressure {kp 1, ti 30 s}, level {kp 10, ti 200 s}. There are no flow or temperature loops in this model: giving those is refused' },
      ),
    ),
    vessel: Type.Optional(
      Type.Object(
        {
          volume_m3: Type.Optional(Type.Number({ exclusiveMinimum: 0, maximum: 1e5, description: 'Vessel volume (default: sized by residence times)' })),
          initialLevel: Type.Optional(Type.Number({ minimum: 0.05, maximum: 0.95, description: 'Liquid height / vessel height at the start (default 0.5; 0 without liquid)' })),
          liquidResidenceTime_s: Type.Optional(Type.Number({ exclusiveMinimum: 0, maximum: 1e5, description: 'Sizing: liquid residence time below the initial level (default 120 s)' })),
          gasResidenceTime_s: Type.Optional(Type.Number({ exclusiveMinimum: 0, maximum: 1e5, description: 'Sizing: gas residence time above the initial level (default 30 s)' })),
          heightToDiameter: Type.Optional(Type.Number({ minimum: 0.5, maximum: 20, description: 'Vertical cylinder H/D (default 3)' })),
        },
        { additionalProperties: false },
      ),
    ),
    valves: Type.Optional(
      Type.Object(
        {
          gas: Type.Optional(Type.Object({ outletPressure_bara: pressure('Downstream pressure (default: the outletPressure of a ThrottlingValve on gasOut, else 0.7 × vessel pressure)'), xT: Type.Optional(Type.Number({ minimum: 0.1, maximum: 0.95, description: 'Pressure differential ratio factor (default 0.72)' })), initialOpening: opening }, { additionalProperties: false })),
          liquid: Type.Optional(Type.Object({ outletPressure_bara: pressure('Downstream pressure (default: the outletPressure of a ThrottlingValve on liquidOut, else 0.7 × vessel pressure)'), initialOpening: opening }, { additionalProperties: false })),
        },
        { additionalProperties: false },
      ),
    ),
    events: Type.Optional(Type.Array(Event, { maxItems: MAX_EVENTS, description: 'Disturbances: [{time_seconds, type: FEED_FLOW_STEP | VALVE_OPENING | SETPOINT, target, value}]' })),
  },
  { additionalProperties: false },
);
export type RunDynamicInput = Static<typeof RunDynamicInput>;

const Series = Type.Array(Type.Number());

export const RunDynamicOutput = Type.Object(
  {
    duration_seconds: Type.Number(),
    timeStep_seconds: Type.Number(),
    totalSteps: Type.Integer({ description: 'Output steps run (time_seconds has totalSteps + 1 entries unless stoppedEarly)' }),
    time_seconds: Series,
    transmitters: Type.Record(Type.String(), Type.Object({ unit: Type.String(), values: Series }, { additionalProperties: false }), {
      description: 'PT (bara), TT (°C), LT (liquid height / vessel height), FT inlet/gas/liquid (kg/hr) of the separator',
    }),
    controllers: Type.Array(
      Type.Object(
        {
          tag: Type.String(),
          kind: Type.String({ description: 'pressure (on the gas valve) or level (on the liquid valve)' }),
          kp: Type.Number(),
          ti: Type.Number({ description: 's' }),
          setpoint: Type.Number({ description: 'Initial setpoint (the initial steady state), in unit' }),
          span: Type.Number({ description: 'Transmitter span the error is normalised by, in unit' }),
          unit: Type.String(),
          valve: Type.String(),
          output: Type.Array(Type.Number(), { description: 'Valve opening commanded at each time, held over the following step' }),
        },
        { additionalProperties: false },
      ),
    ),
    valves: Type.Array(
      Type.Object(
        {
          tag: Type.String(),
          service: Type.String({ description: 'gas or liquid' }),
          Cv: Type.Number({ description: 'US Cv at full opening (sized from the steady state)' }),
          xT: Type.Optional(Type.Number()),
          outletPressure_bara: Type.Number(),
          outletPressureSource: Type.String(),
          opening: Series,
        },
        { additionalProperties: false },
      ),
    ),
    vessel: Type.Object(
      {
        name: Type.String(),
        volume_m3: Type.Number(),
        height_m: Type.Number(),
        diameter_m: Type.Number(),
        sizing: Type.String(),
        initialLevel: Type.Number(),
        initialPressure_bara: Type.Number(),
        initialTemperature_C: Type.Number(),
        initialMass_kg: Type.Number(),
        mass_kg: Series,
      },
      { additionalProperties: false },
    ),
    balances: Type.Object(
      {
        massBalanceRelativeError: Type.Array(Type.Number(), { description: '|m(t) − m(0) − ∫(in − out)dt| / m(0), m from the flash phases' }),
        energyBalanceRelativeError: Type.Array(Type.Number(), { description: '|U(t) − U(0) − ∫(H_in − H_out)dt| / (N0·R·T0), U from the flash phases' }),
        maxMassBalanceRelativeError: Type.Number(),
        maxEnergyBalanceRelativeError: Type.Number(),
      },
      { additionalProperties: false },
    ),
    events: Type.Array(Type.Object({ time_seconds: Type.Number(), label: Type.String() }, { additionalProperties: false }), { description: 'Events as applied' }),
    subSteps: Type.Integer({ description: 'Integrator sub-steps taken in all' }),
    stoppedEarly: Type.Optional(Type.Object({ time_seconds: Type.Number(), code: Type.String(), reason: Type.String() }, { additionalProperties: false })),
  },
  { additionalProperties: false },
);
export type RunDynamicOutput = Static<typeof RunDynamicOutput>;
