/**
 * TypeBox schemas of runProcess: the seed-001 process definition in, the flowsheet report out.
 * Quantities inside unit properties are [value, "unit"] pairs as in seed 001 ({value, unit} and
 * bare numbers in the default unit are accepted too).
 */
import { ALPHA_FUNCTION_DESCRIPTION } from '../../thermo/runFlash/alpha-option.js';
import { Type, type Static } from '@sinclair/typebox';
import { FLOW_LIMIT, PRESSURE_LIMIT, TEMPERATURE_LIMIT, moleFraction, pressureValue, signed, temperatureValue } from '../../contract/bounded.js';
import { SIMULATED_TYPES } from './definition.js';
import { DUTY_UNITS, FLOW_RATE_UNITS } from './quantities.js';

/** A quantity as a bare number, [value, "unit"] or {value, unit}, its value within ±limit in any unit. */
const quantity = (limit: number) =>
  Type.Union([
    signed(limit),
    Type.Tuple([signed(limit), Type.String()]),
    Type.Object({ value: signed(limit), unit: Type.Optional(Type.String()) }, { additionalProperties: false }),
  ]);
const TemperatureQuantity = quantity(TEMPERATURE_LIMIT);
const PressureQuantity = quantity(PRESSURE_LIMIT);
// Signed: the runner refuses a negative flow with its own message; the bound only keeps it finite.
const FlowQuantity = quantity(FLOW_LIMIT);

export const ProcessFluidSchema = Type.Object(
  {
    model: Type.Optional(Type.String({ description: 'SRK (default), PR or CPA (SRK-CPA, for water, alcohols and glycols)' })),
    temperature: Type.Optional(Type.Union([TemperatureQuantity], { description: 'a bare number is K (default 288.15 K); or [value, "unit"] / {value, unit}' })),
    pressure: Type.Optional(Type.Union([PressureQuantity], { description: 'a bare number is bara (default 1.01325 bara); or [value, "unit"] / {value, unit}' })),
    temperature_C: Type.Optional(temperatureValue({ description: 'Alternative to temperature, °C' })),
    pressure_bara: Type.Optional(pressureValue({ description: 'Alternative to pressure, bara' })),
    components: Type.Record(Type.String(), moleFraction(), { description: 'Component name → mole fraction' }),
    mixingRule: Type.Optional(Type.String({ description: '"classic" (CPA also takes "CLASSIC_TX_CPA")' })),
    multiPhaseCheck: Type.Optional(Type.Boolean({ description: 'Look for a third phase in every flash of this fluid (default: on when water, glycols or alcohols are present)' })),
    alphaFunction: Type.Optional(Type.Union([Type.Literal('classic'), Type.Literal('mathias-copeman'), Type.Literal('twu')], { description: ALPHA_FUNCTION_DESCRIPTION })),
  },
  {
    additionalProperties: true,
    description:
      'A fluid. Any other key is refused: an unknown one (a typo) with 400 UNKNOWN_PROPERTY and "did you mean"; one the original accepts but this server does not model (characterizedComponents, componentProperties, binaryInteractionParameters, e300FilePath, useVolumeCorrection) with 422 UNSUPPORTED_FLUID_FEATURE.',
  },
);

const UnitSchema = Type.Object(
  {
    type: Type.String({ description: `Equipment type. Simulated: ${SIMULATED_TYPES.join(', ')} (Valve is an alias of ThrottlingValve; case and _/- are ignored)` }),
    name: Type.Optional(Type.String({ description: 'Unique name without "."; default <type>_<position>' })),
    inlet: Type.Optional(Type.String({ description: 'Upstream unit, optionally with a port: "feed", "HP Sep.gasOut", "HP Sep.liquidOut", "3P Sep.oilOut", "3P Sep.waterOut", "Splitter.splitStream_0", "HX.hx0"' })),
    inlets: Type.Optional(Type.Array(Type.String(), { description: 'Mixer, Separator (several feeds) and HeatExchanger (exactly two)' })),
    fluidRef: Type.Optional(Type.String({ description: 'Stream: name of a fluid under "fluids" (default: "fluid")' })),
    composition: Type.Optional(Type.Record(Type.String(), moleFraction(), { description: 'Stream: its own mole fractions over the fluid components' })),
    tagName: Type.Optional(Type.String()),
    flowRate: Type.Optional(FlowQuantity),
    temperature: Type.Optional(Type.Union([TemperatureQuantity], { description: 'Stream temperature: a bare number is K; or [value, "unit"] / {value, unit}' })),
    pressure: Type.Optional(Type.Union([PressureQuantity], { description: 'Stream pressure: a bare number is bara; or [value, "unit"] / {value, unit}' })),
    properties: Type.Optional(
      Type.Record(Type.String(), Type.Unknown(), {
        description:
          `Stream: flowRate [v, unit] (${FLOW_RATE_UNITS.join(', ')}), temperature, pressure, composition. Temperatures and pressures here (outTemperature, outletPressure, …) are [v, unit] pairs; a bare number is K or bara. ` +
          'ThrottlingValve: outletPressure. Compressor/Pump/Expander: outletPressure, isentropicEfficiency (default 1); Compressor also polytropicEfficiency (with usePolytropicCalc not false) and polytropicMethod "schultz" (default, as the original) or "detailed" (40 pressure steps). ' +
          `Heater/Cooler: outTemperature or duty (${DUTY_UNITS.join(', ')}; a cooler's duty is the heat removed), optional outletPressure or pressureDrop. ` +
          'Separator/ThreePhaseSeparator: pressureDrop. Splitter: splitFactors [..]. HeatExchanger: UAvalue (W/K, default 500). ' +
          'DistillationColumn (alias Column): numberOfTrays (default 5), hasCondenser/hasReboiler (default true), totalCondenser (default false: partial condenser, vapour distillate), feedTray (from the bottom, 0 = reboiler) or feedTrays [one per inlet], topPressure, bottomPressure (linear between) or trayPressures [one per stage, bottom to top]; one condenser spec (refluxRatio, condenserTemperature, condenserDuty, topProductFlowRate [v, unit] (molar, standard-volume or mass: a mass rate is met in kg with the solved product composition), topProductPurity/topComponentRecovery {component, value}) and one reboiler spec (reboilerTemperature, reboilerDuty, boilupRatio, bottomProductFlowRate, bottomProductPurity, bottomComponentRecovery); sideDraws [{tray, phase, flowRate}]; ports gasOut, liquidOut, sideDraw<i>. SimpleAbsorber/SimpleTEGAbsorber: inlets [gas (bottom), solvent (top)], numberOfStages, pressure. WaterStripperColumn: inlets [liquid (top), stripping gas (bottom, optional)], numberOfStages, pressure, optional reboiler spec. ' +
          'Recycle: outletStream (a Stream declared earlier that the loop returns to; its flow, T, P and composition are the first guess and it is not counted as a feed), tolerance (relative flow and Σ|Δz|), flowTolerance, compositionTolerance, temperatureTolerance (K). Calculator: calculatorInputs [stream references, read without taking their material], calculatorOutput (a make-up Stream declared before it): the output\'s flow becomes the TEG (MEG for a unit named "MEG makeup calculator…") lost through the inputs, as the original. ' +
          'Nothing else is ignored: an unknown key (a typo) is refused with 400 UNKNOWN_PROPERTY and "did you mean"; a key the original accepts but this server does not model (antiSurge, driver, entrainment, guessOutTemperature, chartConditions, …) with 422 UNSUPPORTED_PROPERTY naming the supported alternative.',
      }),
    ),
  },
  { additionalProperties: false },
);

const ProcessUnits = (description: string) =>
  Type.Union([Type.Array(UnitSchema, { minItems: 1, maxItems: 500 }), Type.Object({ equipment: Type.Array(UnitSchema, { minItems: 1, maxItems: 500 }) }, { additionalProperties: false })], { description });
const NamedFluids = Type.Record(Type.String(), ProcessFluidSchema, { description: 'Named fluids for Stream fluidRef; "fluid" is also available as "default"' });

const AreaSchema = Type.Object(
  {
    fluid: Type.Optional(ProcessFluidSchema),
    fluids: Type.Optional(NamedFluids),
    process: ProcessUnits('The area\'s units in flow order; references are local ("HP Sep.gasOut") or to another area ("<area>::<unit>[.<port>]")'),
  },
  { additionalProperties: false, description: 'One process area (a ProcessSystem definition); the root fluid/fluids serve an area without its own' },
);

const InterAreaLink = Type.Object(
  {
    sourceArea: Type.String(),
    source: Type.String({ description: 'Unit (and port) in the source area: "Export comp" or "HP Sep.gasOut"' }),
    targetArea: Type.String(),
    targetUnit: Type.String({ description: 'Unit in the target area that receives the stream' }),
    targetInletIndex: Type.Optional(Type.Integer({ minimum: 0, maximum: 499, default: 0, description: 'Which of its inlets the stream becomes (0 = the first; one past the last adds an inlet)' })),
  },
  { additionalProperties: false },
);

/** The original's ProcessModel options that iterate over areas: refused (422), the areas are solved as one flowsheet. */
const refused = (what: string) => `The original's ${what} of its iteration over areas: refused with 422 UNSUPPORTED_PROPERTY (the areas are solved as one flowsheet; set a Recycle's tolerance instead)`;
const modelOption = (what: string) => Type.Optional(Type.Number({ minimum: 0, maximum: 1e6, description: refused(what) }));

export const RunProcessInput = Type.Object(
  {
    name: Type.Optional(Type.String({ maxLength: 200, description: 'Name of the process system (reported back)' })),
    fluid: Type.Optional(ProcessFluidSchema),
    fluids: Type.Optional(NamedFluids),
    process: Type.Optional(ProcessUnits('Units in flow order; a loop is closed by a Recycle unit, which may be referred to before it is declared. Required unless "areas" is given')),
    areas: Type.Optional(
      Type.Record(Type.String(), AreaSchema, {
        description:
          'Multi-area process model (the original\'s ProcessModel form), instead of "process": named areas, each {fluid, process}. Solved as one flowsheet whose units are named "<area>::<unit>"; results are reported for the whole and per area (data.areaResults). Only runProcess runs it; tools that take one flowsheet refuse it with 422 UNSUPPORTED_PROCESS_MODEL',
      }),
    ),
    interAreaLinks: Type.Optional(Type.Array(InterAreaLink, { maxItems: 500, description: 'With areas: connections {sourceArea, source, targetArea, targetUnit, targetInletIndex} (the original\'s form); a reference "<area>::<unit>" in an inlet does the same' })),
    runStep: Type.Optional(Type.Boolean({ description: refused('runStep') })),
    maxIterations: Type.Optional(Type.Integer({ minimum: 0, maximum: 1e6, description: refused('iteration limit') })),
    flowTolerance: modelOption('flow tolerance'),
    temperatureTolerance: modelOption('temperature tolerance'),
    pressureTolerance: modelOption('pressure tolerance'),
    autoRun: Type.Optional(Type.Boolean({ description: 'Must be true or absent: this tool always runs the process (use validateInput to check without running)' })),
    metadata: Type.Optional(Type.Record(Type.String(), Type.Unknown(), { description: 'Copied to the result unchanged' })),
    reportFormat: Type.Optional(
      Type.Union([Type.Literal('compact'), Type.Literal('neqsim')], {
        default: 'compact',
        description: '"neqsim" also returns the original NeqSim server\'s per-unit `report` (keyed by unit name, its property names and units) next to the compact units/streams; properties we do not compute are left out and listed in provenance.limitations',
      }),
    ),
  },
  { additionalProperties: false },
);
export type RunProcessInput = Static<typeof RunProcessInput>;

const PhaseReportSchema = Type.Object(
  { moleFraction: Type.Number(), massFlow_kg_hr: Type.Number(), density_kg_m3: Type.Number(), volumeFlow_m3_hr: Type.Number() },
  { additionalProperties: false },
);

export const StreamReportSchema = Type.Object(
  {
    temperature_C: Type.Number(),
    pressure_bara: Type.Number(),
    massFlow_kg_hr: Type.Number(),
    molarFlow_mol_hr: Type.Number(),
    standardGasFlow_Sm3_hr: Type.Number({ description: 'Ideal gas at 15 °C and 1 atm' }),
    molarMass_kg_mol: Type.Number(),
    enthalpy_J_kg: Type.Number({ description: 'Datum: ideal gas H = 0 at 273.15 K' }),
    entropy_J_kgK: Type.Number(),
    density_kg_m3: Type.Number(),
    volumeFlow_m3_hr: Type.Number({ description: 'Actual volume flow' }),
    numberOfPhases: Type.Integer(),
    phases: Type.Record(Type.String(), PhaseReportSchema, { description: 'By phase label: gas, oil, aqueous (oil2 for a second hydrocarbon liquid)' }),
    composition: Type.Record(Type.String(), Type.Number(), { description: 'Overall mole fractions' }),
  },
  { additionalProperties: false },
);

const UnitReportSchema = Type.Object(
  {
    type: Type.String(),
    inlets: Type.Array(Type.String(), { description: 'Names of the streams entering' }),
    outlets: Type.Record(Type.String(), Type.Union([Type.String(), Type.Null()]), { description: 'Port → stream name; null when no material leaves through the port' }),
    noFlow: Type.Optional(Type.Boolean()),
    converged: Type.Optional(Type.Boolean({ description: 'Recycle: loop converged' })),
    feed: Type.Optional(StreamReportSchema),
  },
  {
    additionalProperties: Type.Number(),
    description:
      'Figures named with their units: e.g. power_kW, duty_kW (positive = heat added), isentropicHead_kJ_kg, isentropicEfficiency, polytropicHead_kJ_kg, inletTemperature_C, outletTemperature_C, pressureRatio, effectiveness, UA_W_K',
  },
);

/** Leaves and sections of the original's report (reportFormat "neqsim"). */
const NeqsimLeaf = Type.Object({ value: Type.Number(), unit: Type.String() }, { additionalProperties: false });
const NeqsimLeaves = Type.Record(Type.String(), NeqsimLeaf, { description: 'data{"<property>": {value, unit}}' });
const NeqsimSection = Type.Record(Type.String(), NeqsimLeaves, { description: 'By phase ("overall", "gas", "oil", …): property → {value, unit}' });
const NeqsimStream = Type.Object(
  { name: Type.String(), tagName: Type.String(), properties: NeqsimSection, conditions: NeqsimSection, composition: NeqsimSection },
  { additionalProperties: false, description: 'The original\'s stream response' },
);
const NeqsimReportValue = Type.Union([Type.Number(), Type.String(), NeqsimLeaves, NeqsimSection, NeqsimStream]);

export const RunProcessOutput = Type.Object(
  {
    processSystemName: Type.String(),
    model: Type.String(),
    units: Type.Record(Type.String(), UnitReportSchema),
    streams: Type.Record(Type.String(), StreamReportSchema, { description: 'Every stream with material, by name: a unit name for single-outlet units, "<unit>.<port>" otherwise' }),
    feeds: Type.Array(Type.String()),
    products: Type.Array(Type.String(), { description: 'Streams that leave the flowsheet' }),
    massBalance: Type.Object({ in_kg_hr: Type.Number(), out_kg_hr: Type.Number(), massBalanceRelativeError: Type.Number() }, { additionalProperties: false }),
    energyBalance: Type.Object(
      {
        feedEnthalpyFlow_kW: Type.Number(),
        productEnthalpyFlow_kW: Type.Number(),
        shaftPower_kW: Type.Number(),
        heatInput_kW: Type.Number({ description: 'Heaters, coolers, and the heat isothermal pipes exchange with their surroundings' }),
        potentialEnergyGain_kW: Type.Number({ description: 'm·g·Δz of the pipes (0 without pipes)' }),
        imbalance_kW: Type.Number({ description: 'feeds + shaft + heat − products − potential energy gained' }),
        relativeImbalance: Type.Number(),
      },
      { additionalProperties: false },
    ),
    iterations: Type.Integer({ description: 'Passes through the flowsheet (1 without recycles)' }),
    recycles: Type.Array(
      Type.Object({ name: Type.String(), converged: Type.Boolean(), flowError: Type.Number(), temperatureError_K: Type.Number(), compositionError: Type.Number() }, { additionalProperties: false }),
    ),
    adjusters: Type.Optional(
      Type.Array(
        Type.Object(
          {
            name: Type.String(),
            adjustedVariable: Type.String({ description: 'Address of the specification that was varied' }),
            adjustedValue: Type.Number({ description: 'Its final value, in adjustedUnit' }),
            adjustedUnit: Type.String(),
            targetVariable: Type.String({ description: 'Address of the result that was matched' }),
            targetValue: Type.Number(),
            achievedValue: Type.Number({ description: 'The result at adjustedValue (equal to targetValue within 1e-6 relative when converged)' }),
            targetUnit: Type.String(),
            converged: Type.Boolean(),
            iterations: Type.Integer({ description: 'Flowsheet solves this adjuster took' }),
          },
          { additionalProperties: false },
        ),
        { description: 'Adjuster units: each varied its specification until its target held; the streams and units above are at the adjusted values' },
      ),
    ),
    setPoints: Type.Optional(
      Type.Array(
        Type.Object(
          {
            name: Type.String(),
            sourceVariable: Type.String(),
            sourceValue: Type.Number(),
            targetVariable: Type.String(),
            targetValue: Type.Number({ description: 'multiplier·sourceValue + offset, written into the target specification' }),
            converged: Type.Boolean(),
          },
          { additionalProperties: false },
        ),
        { description: 'SetPoint units: each target specification was set from its source until consistent' },
      ),
    ),
    metadata: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
    areaCount: Type.Optional(Type.Integer({ description: 'Multi-area models: the number of areas' })),
    areas: Type.Optional(Type.Array(Type.String(), { description: 'Multi-area models: the area names, in the order solved' })),
    areaResults: Type.Optional(
      Type.Record(
        Type.String(),
        Type.Object(
          {
            units: Type.Array(Type.String()),
            feeds: Type.Array(Type.String()),
            products: Type.Array(Type.String(), { description: 'Streams of this area that leave the model' }),
            importedStreams: Type.Array(Type.String(), { description: 'Streams made in another area that enter this one' }),
            exportedStreams: Type.Array(Type.String(), { description: 'Streams of this area that enter another area' }),
            massBalance: Type.Object({ in_kg_hr: Type.Number(), out_kg_hr: Type.Number(), massBalanceRelativeError: Type.Number() }, { additionalProperties: false, description: 'feeds + imported = products + exported' }),
          },
          { additionalProperties: false },
        ),
        { description: 'Multi-area models: each area\'s units, boundary streams and mass balance' },
      ),
    ),
    report: Type.Optional(
      Type.Record(Type.String(), Type.Record(Type.String(), NeqsimReportValue), {
        description:
          'Only with reportFormat "neqsim": the original server\'s report keyed by unit name. Streams {name, tagName, properties{overall, <phase>}, conditions{overall, <phase>}, composition{overall}} with {value, unit} leaves; separators {feed, gas, liquid|oil, water}; Compressor numbers (C, bara, kW, kJ/kg, m3/hr, kg/m3, kg/hr, Sm3/hr); valves, heaters/coolers, mixers, splitters, recycles data{"<property>": {value, unit}}. Values are numbers, equal to the compact figures in the stated units',
      }),
    ),
  },
  { additionalProperties: false },
);
export type RunProcessOutput = Static<typeof RunProcessOutput>;
