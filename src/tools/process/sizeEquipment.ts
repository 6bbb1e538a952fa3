/**
 * sizeEquipment (advanced, CALCULATION, v1.2): quick sizing from a fluid at its operating point.
 * - separator: Souders–Brown, vmax = K √((ρL − ρG)/ρG) with the phases of our flash; the gas
 *   area at vmax (the upper half of a horizontal vessel, the whole section of a vertical one)
 *   sets the diameter, the liquid hold-up (flow × retention time) the length or liquid height.
 * - compressor: our polytropic (Schultz) compression: power, discharge temperature, head, and the
 *   stages a per-stage ratio limit calls for.
 * Every rule's parameter is an input with its default stated in the answer; nothing is a hidden
 * factor (the original multiplies the diameter by 1.5 unannounced).
 */
import { Type, type Static } from '@sinclair/typebox';
import { FLOW_LIMIT, moleFraction, positive } from '../contract/bounded.js';
import { compress, createProcessFluid, flashReport, overallMolarMass, streamAtTP, type ProcessModelKind } from '../../engine/index.js';
import { failure, issue, success, warning, type Warning } from '../contract/envelope.js';
import { defineTool } from '../contract/types.js';
import { equilibriumModelIssue, parseFlashRequest } from '../thermo/runFlash/request.js';
import { FLASH_MODELS } from '../contract/flash-models.js';
import { parseFlowRate } from './runProcess/quantities.js';
import { Value } from '@sinclair/typebox/value';
import { ProcessSimulationHandoff } from '../contract/catalog/handoff-schemas.js';
import { unitCheck } from '../platform/bridge/handoff-checks.js';

const TOOL = 'sizeEquipment';

const Input = Type.Object(
  {
    equipmentType: Type.Union([Type.Literal('separator'), Type.Literal('compressor')]),
    components: Type.Optional(Type.Record(Type.String(), moleFraction(), { description: 'Feed composition (required unless "handoff" is given)' })),
    handoff: Type.Optional(Type.Record(Type.String(), Type.Unknown(), { description: 'A process_simulation handoff instead of a fluid: sizes its separator from the stated flows and densities' })),
    equipmentName: Type.Optional(Type.String({ minLength: 1, maxLength: 200, description: 'handoff: the unit to size' })),
    model: Type.Optional(Type.String({ description: 'SRK (default), PR or CPA (SRK-CPA, for water, alcohols and glycols)' })),
    temperature_C: Type.Optional(Type.Number({ minimum: -273.15, maximum: 3000, description: 'Operating (inlet) temperature, °C (default 25)' })),
    pressure_bara: Type.Optional(Type.Number({ minimum: 0.01, maximum: 1e4, description: 'Operating (inlet) pressure, bara (default 50)' })),
    flowRate: Type.Optional(Type.Union([positive(FLOW_LIMIT), Type.Object({ value: positive(FLOW_LIMIT), unit: Type.Optional(Type.String()) }, { additionalProperties: false }), Type.Tuple([positive(FLOW_LIMIT), Type.String()])], { description: 'Feed flow (default 10 000 kg/hr); a bare number is kg/hr, 1e-12 to 1e6 per second' })),
    orientation: Type.Optional(Type.Union([Type.Literal('horizontal'), Type.Literal('vertical')])),
    kFactor_m_s: Type.Optional(Type.Number({ minimum: 0.001, maximum: 1, description: 'Souders–Brown K (default 0.12 horizontal, 0.07 vertical, as the original)' })),
    liquidRetentionTime_min: Type.Optional(Type.Number({ minimum: 0.01, maximum: 1e4, description: 'Liquid hold-up time (default 5 min)' })),
    minimumLengthToDiameter: Type.Optional(Type.Number({ minimum: 1, maximum: 10, description: 'Lower bound of L/D (default 3)' })),
    outletPressure_bara: Type.Optional(Type.Number({ minimum: 0.01, maximum: 1e4, description: 'Compressor discharge pressure (default 80)' })),
    polytropicEfficiency: Type.Optional(Type.Number({ minimum: 0.05, maximum: 1, description: 'Default 0.75' })),
    maximumStageRatio: Type.Optional(Type.Number({ minimum: 1.05, maximum: 100, description: 'Pressure ratio per stage above which another stage is recommended (default 3.5)' })),
  },
  { additionalProperties: false },
);
const Output = Type.Object(
  {
    equipmentType: Type.String(),
    orientation: Type.Optional(Type.String()),
    sizing: Type.Record(Type.String(), Type.Number()),
    designBasis: Type.Record(Type.String(), Type.Number()),
  },
  { additionalProperties: false },
);
type In = Static<typeof Input>;
type Data = Static<typeof Output>;

/** The two phases a separator receives: volumetric flows (m³/s), densities (kg/m³), total mass flow. */
interface SeparatorFeed {
  Qg: number;
  Ql: number;
  rhoG: number;
  rhoL: number;
  massFlow_kg_hr: number;
}

/**
 * Souders–Brown sizing: vmax = K √((ρL − ρG)/ρG); the gas area at vmax (upper half of a
 * horizontal vessel, whole section of a vertical one) sets the diameter, the liquid hold-up the
 * length (horizontal) or liquid height (vertical).
 */
function separatorSizing(input: In, f: SeparatorFeed): { data: Data; assumptions: string[] } {
  const { Qg, Ql, rhoG, rhoL } = f;
  const horizontal = (input.orientation ?? 'horizontal') === 'horizontal';
  const K = input.kFactor_m_s ?? (horizontal ? 0.12 : 0.07);
  const t = (input.liquidRetentionTime_min ?? 5) * 60;
  const minLD = input.minimumLengthToDiameter ?? 3;
  const vmax = K * Math.sqrt((rhoL - rhoG) / rhoG);
  const gasArea = Qg / vmax;
  const liquidVolume = Ql * t;
  const assumptions = [`Souders–Brown K = ${K} m/s; liquid hold-up ${t / 60} min; L/D at least ${minLD}`];
  const designBasis = { gasDensity_kg_m3: rhoG, liquidDensity_kg_m3: rhoL, gasVolumetricFlow_m3_s: Qg, liquidVolumetricFlow_m3_s: Ql, kFactor_m_s: K, liquidRetentionTime_min: t / 60, massFlowRate_kg_hr: f.massFlow_kg_hr };
  if (horizontal) {
    // Liquid fills the lower half: the gas flows through the upper half at up to vmax.
    const D = Math.sqrt((8 * gasArea) / Math.PI);
    const Lliq = liquidVolume / ((Math.PI * D * D) / 8);
    const L = Math.max(Lliq, minLD * D);
    assumptions.push('Horizontal: liquid level at half the diameter; the gas uses the upper half');
    return {
      assumptions,
      data: {
        equipmentType: 'separator',
        orientation: 'horizontal',
        sizing: { vesselDiameter_m: D, vesselLength_m: L, lengthToDiameter: L / D, liquidLevel_m: D / 2, maxGasVelocity_m_s: vmax, gasFlowArea_m2: gasArea, liquidHoldupVolume_m3: liquidVolume, lengthSetBy_liquidHoldup: Lliq >= minLD * D ? 1 : 0 },
        designBasis,
      },
    };
  }
  const D = Math.sqrt((4 * gasArea) / Math.PI);
  const hLiq = liquidVolume / ((Math.PI * D * D) / 4);
  const H = Math.max(hLiq + D, minLD * D);
  assumptions.push('Vertical: the gas rises through the whole section; height = liquid height + one diameter of disengagement, at least L/D × D');
  return {
    assumptions,
    data: {
      equipmentType: 'separator',
      orientation: 'vertical',
      sizing: { vesselDiameter_m: D, vesselHeight_m: H, heightToDiameter: H / D, liquidHeight_m: hLiq, maxGasVelocity_m_s: vmax, gasFlowArea_m2: gasArea, liquidHoldupVolume_m3: liquidVolume },
      designBasis,
    },
  };
}

function run(input: In) {
  const started = performance.now();
  if (input.handoff !== undefined) return fromHandoff(input, started);
  if (input.components === undefined) return failure(TOOL, 'input', [issue('MISSING_FIELD', 'sizeEquipment needs "components" (or a process_simulation "handoff")', 'Give the feed composition, e.g. {"methane": 0.9, "n-heptane": 0.1}', 'components')]);
  if (input.equipmentName !== undefined) return failure(TOOL, 'input', [issue('UNSUPPORTED_PROPERTY', '"equipmentName" selects a unit of a "handoff"', 'Remove equipmentName, or give a process_simulation handoff', 'equipmentName')]);
  const parsed = parseFlashRequest({ model: input.model, components: input.components, flashType: 'TP' }, FLASH_MODELS);
  if (!parsed.ok) return failure(TOOL, 'compute', parsed.issues);
  const cubic = equilibriumModelIssue(parsed.request.model, 'Equipment sizing');
  if (cubic) return failure(TOOL, 'compute', [cubic]);
  const req = parsed.request;
  const fluid = createProcessFluid(req.model as ProcessModelKind, req.components, true);
  const z = Float64Array.from(req.z);
  const M = overallMolarMass(fluid.model, z);
  const flow = parseFlowRate(input.flowRate ?? [10000, 'kg/hr'], M, 'flowRate');
  if (!flow.ok) return failure(TOOL, 'compute', [flow.issue]);
  const T = (input.temperature_C ?? 25) + 273.15;
  const P = (input.pressure_bara ?? 50) * 1e5;
  const s = streamAtTP(fluid, z, flow.value, T, P);
  if (!s.ok) return failure(TOOL, 'compute', [issue(s.code, s.message, 'Check the operating point and composition', 'components')]);
  const st = s.stream;
  const warnings: Warning[] = [];
  const assumptions: string[] = [];
  const massFlow = flow.value * M * 3600;

  if (input.equipmentType === 'compressor') {
    const Pout = (input.outletPressure_bara ?? 80) * 1e5;
    const eta = input.polytropicEfficiency ?? 0.75;
    const r = compress(st, { outletPressure: Pout, isentropicEfficiency: 1, polytropicEfficiency: eta, polytropicMethod: 'schultz' });
    if (!r.ok) return failure(TOOL, 'compute', [issue(r.code, r.message, 'Give an outlet pressure above the inlet pressure', 'outletPressure_bara')]);
    if (st.flash.phases.some((p) => p.label !== 'gas' && p.beta > 1e-6)) warnings.push(warning('TWO_PHASE_UNCERTAINTY', 'The suction contains liquid: a compressor needs a scrubber upstream'));
    const ratio = Pout / P;
    const maxRatio = input.maximumStageRatio ?? 3.5;
    const stages = ratio <= maxRatio ? 1 : Math.ceil(Math.log(ratio) / Math.log(maxRatio));
    assumptions.push(`Single polytropic compression (Schultz) at η_p = ${eta}; stages recommended for a per-stage ratio of at most ${maxRatio} (power shown without intercooling)`);
    return done({
      equipmentType: 'compressor',
      sizing: { power_kW: r.power / 1000, power_hp: r.power / 745.6999, outletTemperature_C: r.outlet.flash.T - 273.15, polytropicHead_kJ_kg: (r.polytropicHead ?? NaN) / 1000, isentropicEfficiency: r.isentropicEfficiency, pressureRatio: ratio, recommendedStages: stages, ratioPerStage: ratio ** (1 / stages) },
      designBasis: { inletPressure_bara: P / 1e5, outletPressure_bara: Pout / 1e5, inletTemperature_C: T - 273.15, massFlowRate_kg_hr: massFlow, polytropicEfficiency: eta },
    });
  }

  const rep = flashReport(fluid.model, st.flash);
  const gas = rep.phases.filter((p) => p.state.label === 'gas');
  const liq = rep.phases.filter((p) => p.state.label !== 'gas');
  if (gas.length === 0 || liq.length === 0) {
    return failure(TOOL, 'compute', [issue('SINGLE_PHASE_FEED', `The feed is single-phase (${rep.phases[0]!.state.label}) at ${input.temperature_C ?? 25} °C and ${P / 1e5} bara: there is nothing to separate`, 'Check the operating point (getPhaseEnvelope shows the two-phase region)', 'components')]);
  }
  const vol = (ps: typeof rep.phases) => ps.reduce((a, p) => a + st.molarFlow * p.state.beta * p.thermo.molarVolume, 0);
  const mass = (ps: typeof rep.phases) => ps.reduce((a, p) => a + st.molarFlow * p.state.beta * p.thermo.molarMass, 0);
  const sep = separatorSizing(input, { Qg: vol(gas), Ql: vol(liq), rhoG: mass(gas) / vol(gas), rhoL: mass(liq) / vol(liq), massFlow_kg_hr: massFlow });
  assumptions.push(...sep.assumptions);
  return done(sep.data);

  function done(data: Data) {
    return success({
      tool: TOOL,
      data,
      warnings,
      provenance: {
        model: req.model,
        calculationType: `quick sizing: ${data.equipmentType}`,
        convergence: { converged: true, iterations: 1 },
        assumptions: [`Phases and properties from a ${req.model} TP flash at ${T - 273.15} °C and ${P / 1e5} bara`, ...assumptions],
        limitations: ['Screening only: no inlet device, mist eliminator, nozzle, surge or slug volume, mechanical design or compressor map'],
        computationTimeMs: performance.now() - started,
      },
      validationMessage: 'Sized',
    });
  }
}

/** Separator sizing from a process_simulation handoff: the unit's gas and liquid flows and densities, no flash. */
function fromHandoff(input: In, started: number) {
  const refuse = (code: string, message: string, fix: string, field: string) => failure(TOOL, 'input', [issue(code, message, fix, field)]);
  const clash = (['components', 'model', 'temperature_C', 'pressure_bara', 'flowRate'] as const).find((k) => input[k] !== undefined);
  if (clash) return refuse('CONFLICTING_INPUT', `"${clash}" and "handoff" both describe the feed`, 'Give either a fluid (components, temperature_C, pressure_bara, flowRate) or a process_simulation handoff', clash);
  if (input.equipmentType !== 'separator') return refuse('UNSUPPORTED_HANDOFF', 'A handoff carries flows and densities, not a fluid: only a separator can be sized from it', 'Use equipmentType "separator", or give the compressor\'s fluid as components', 'equipmentType');
  const h: unknown = input.handoff;
  if (!Value.Check(ProcessSimulationHandoff, h)) {
    const e = [...Value.Errors(ProcessSimulationHandoff, h)][0];
    return refuse('INVALID_HANDOFF', `handoff is not a process_simulation handoff: ${e ? `${e.path || '/'} ${e.message}` : 'schema mismatch'}`, 'Check it with bridgeTaskWorkflow {"action": "validateHandoff"}; schema: getSchema {"toolName": "handoff", "schemaType": "process_simulation"}', 'handoff');
  }
  // The schema is open (producers add fields); a field whose name states no unit, such as a misspelt one, is refused here.
  const units = unitCheck(h);
  if (units.status === 'FAIL') return refuse('INVALID_HANDOFF', `handoff units: ${units.message}`, 'Every numeric field names its unit (_C, _bara, _kg_hr, _kg_m3, …); check it with bridgeTaskWorkflow validateHandoff', 'handoff');
  const twoPhase = h.equipment.filter((e) => (e.gas_flow_rate_kg_hr ?? 0) > 0 && (e.liquid_flow_rate_kg_hr ?? 0) > 0);
  const unit = input.equipmentName !== undefined ? h.equipment.find((e) => e.name === input.equipmentName) : twoPhase.length === 1 ? twoPhase[0] : undefined;
  if (unit === undefined) {
    return refuse(input.equipmentName !== undefined ? 'UNKNOWN_EQUIPMENT' : 'AMBIGUOUS_EQUIPMENT', input.equipmentName !== undefined ? `No unit "${input.equipmentName}" in the handoff` : `${twoPhase.length} units of the handoff have both gas and liquid outlets`, `Name the unit with "equipmentName": one of ${twoPhase.map((e) => JSON.stringify(e.name)).join(', ') || '(none has gas and liquid outlets)'}`, 'equipmentName');
  }
  const [mg, ml, rhoG, rhoL] = [unit.gas_flow_rate_kg_hr, unit.liquid_flow_rate_kg_hr, unit.gas_density_kg_m3, unit.liquid_density_kg_m3];
  if (!(mg != null && mg > 0 && ml != null && ml > 0 && rhoG != null && rhoL != null)) {
    return refuse('SINGLE_PHASE_FEED', `Unit "${unit.name}" does not state gas and liquid flows and densities: there is nothing to separate`, 'Pick a unit with gas_flow_rate_kg_hr, liquid_flow_rate_kg_hr, gas_density_kg_m3 and liquid_density_kg_m3', 'equipmentName');
  }
  if (rhoG >= rhoL) return refuse('PHASE_INCONSISTENT', `Unit "${unit.name}": gas density ${rhoG} kg/m3 is not below liquid density ${rhoL} kg/m3`, 'Check the handoff with bridgeTaskWorkflow validateHandoff', 'handoff');
  const sep = separatorSizing(input, { Qg: mg / 3600 / rhoG, Ql: ml / 3600 / rhoL, rhoG, rhoL, massFlow_kg_hr: mg + ml });
  return success({
    tool: TOOL,
    data: sep.data,
    warnings: [],
    provenance: {
      calculationType: 'quick sizing: separator from a process_simulation handoff',
      convergence: { converged: true, iterations: 1 },
      assumptions: [`Gas and liquid flows and densities of unit "${unit.name}" as the handoff from ${h.source_agent} states them (no flash here)`, ...sep.assumptions, ...h.assumptions],
      limitations: ['Screening only: no inlet device, mist eliminator, nozzle, surge or slug volume, mechanical design'],
      computationTimeMs: performance.now() - started,
    },
    validationMessage: 'Sized from handoff',
  });
}

export const sizeEquipmentTool = defineTool({
  name: TOOL,
  tier: 'advanced',
  category: 'CALCULATION',
  since: 'v1.2',
  summary: 'Quick sizing at an operating point: separator (Souders–Brown diameter and length) or compressor (power, discharge temperature, stages).',
  description:
    'Quick sizing from a fluid at its operating point: {"equipmentType": "separator" | "compressor", "components", "model", "temperature_C", "pressure_bara", "flowRate"}. ' +
    'Separator (Souders–Brown; "orientation", "kFactor_m_s", "liquidRetentionTime_min"): diameter, length or height, gas velocity limit. Compressor ("outletPressure_bara", "polytropicEfficiency"): power, discharge temperature, head, recommended stages. ' +
    'A separator can also be sized from a seed-002 process_simulation "handoff" (instead of components, T, P and flow): its unit\'s gas and liquid flows and densities, chosen by "equipmentName".',
  input: Input,
  output: Output,
  exampleCategory: 'equipment-sizing',
  examples: [
    { name: 'separator', description: 'Horizontal two-phase separator for a gas condensate', input: { equipmentType: 'separator', model: 'PR', temperature_C: 30, pressure_bara: 60, components: { methane: 0.8, ethane: 0.07, propane: 0.04, 'n-butane': 0.02, 'n-heptane': 0.04, 'n-decane': 0.03 }, flowRate: { value: 50000, unit: 'kg/hr' }, orientation: 'horizontal' } },
    {
      name: 'separator-from-handoff',
      description: 'The HP separator of a process_simulation handoff (seed 002 Schema 2 values)',
      input: {
        equipmentType: 'separator',
        equipmentName: 'HP Separator',
        handoff: {
          handoff_type: 'process_simulation',
          source_agent: 'process.model',
          fluid_definition: null,
          equipment: [{ name: 'HP Separator', type: 'Separator', inlet_temperature_C: 30, inlet_pressure_bara: 60, outlet_gas_temperature_C: 30, outlet_gas_pressure_bara: 60, outlet_liquid_temperature_C: 30, outlet_liquid_pressure_bara: 60, gas_flow_rate_kg_hr: 42000, liquid_flow_rate_kg_hr: 8000, gas_density_kg_m3: 45.2, liquid_density_kg_m3: 520 }],
          mass_balance_error_pct: 0.001,
          energy_balance_error_pct: 0.01,
          assumptions: ['Adiabatic separator', 'No liquid carryover'],
        },
      },
    },
    { name: 'compressor', description: 'Export compressor from 30 to 150 bara', input: { equipmentType: 'compressor', model: 'SRK', temperature_C: 30, pressure_bara: 30, components: { methane: 0.9, ethane: 0.06, propane: 0.03, nitrogen: 0.01 }, flowRate: { value: 100000, unit: 'kg/hr' }, outletPressure_bara: 150, polytropicEfficiency: 0.78 } },
  ],
  execution: 'pool',
  run: (input) => run(input),
});
