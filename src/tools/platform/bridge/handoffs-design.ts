/**
 * The two seed-002 handoffs built from design and lifecycle tools: mechanical_design from a
 * sizeEquipment response and the neqsim-lifecycle-state wrapper from a saveSimulationState
 * response. As in handoffs.ts, values are copied with the unit their field name states; what the
 * tool does not compute (wall thickness, material, weight, cost: sizeEquipment is a process
 * sizing, not a mechanical design) is null, and the sizing it does compute is added under
 * unit-named fields.
 */
import { snapshotChecksum, type ProcessStateSnapshot } from '../../process/state/snapshot.js';
import type { HandoffOutcome } from './handoffs.js';

type Obj = Record<string, any>;
const isObj = (v: unknown): v is Obj => v !== null && typeof v === 'object' && !Array.isArray(v);
const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);
const carried = (env: Obj): string[] => (Array.isArray(env.provenance?.assumptions) ? env.provenance.assumptions : []);

/** sizeEquipment sizing keys → handoff field names (unit in the name, snake_case). */
const SIZING_FIELDS: Record<string, string> = {
  vesselDiameter_m: 'inner_diameter_m',
  vesselLength_m: 'length_tan_tan_m',
  vesselHeight_m: 'height_m',
  lengthToDiameter: 'length_to_diameter_ratio',
  heightToDiameter: 'height_to_diameter_ratio',
  liquidLevel_m: 'liquid_level_m',
  liquidHeight_m: 'liquid_height_m',
  maxGasVelocity_m_s: 'max_gas_velocity_m_s',
  gasFlowArea_m2: 'gas_flow_area_m2',
  liquidHoldupVolume_m3: 'liquid_holdup_volume_m3',
  power_kW: 'shaft_power_kW',
  outletTemperature_C: 'discharge_temperature_C',
  polytropicHead_kJ_kg: 'polytropic_head_kJ_kg',
  pressureRatio: 'pressure_ratio',
  recommendedStages: 'recommended_stages_count',
};

/** Schema 3 from a sizeEquipment response. */
export function mechanicalDesign(env: Obj, input: Obj | undefined, sourceAgent: string, assumptions: string[]): HandoffOutcome {
  const d = env.data;
  if (!isObj(d?.sizing) || typeof d?.equipmentType !== 'string') {
    return { ok: false, code: 'UNRECOGNISED_OUTPUT', message: 'toolOutput is not a sizeEquipment response with a sizing', fix: 'Pass the whole sizeEquipment response (envelope) as toolOutput' };
  }
  const extra: Obj = {};
  for (const [key, field] of Object.entries(SIZING_FIELDS)) if (num(d.sizing[key]) !== null) extra[field] = d.sizing[key];
  const basis: Obj = isObj(d.designBasis) ? d.designBasis : {};
  const name = typeof input?.equipmentName === 'string' ? input.equipmentName : d.equipmentType;
  return {
    ok: true,
    handoff: {
      handoff_type: 'mechanical_design',
      source_agent: sourceAgent,
      equipment_name: name,
      equipment_type: d.equipmentType,
      ...(typeof d.orientation === 'string' ? { orientation: d.orientation } : {}),
      design_pressure_barg: null,
      design_temperature_C: null,
      material_grade: null,
      wall_thickness_mm: null,
      corrosion_allowance_mm: null,
      weight_empty_kg: null,
      design_standard: null,
      company_tr: null,
      cost_estimate_usd: null,
      operating_pressure_bara: num(basis.inletPressure_bara) ?? num(input?.pressure_bara),
      operating_temperature_C: num(basis.inletTemperature_C) ?? num(input?.temperature_C),
      mass_flow_rate_kg_hr: num(basis.massFlowRate_kg_hr),
      ...extra,
      assumptions: [
        'Process sizing only (sizeEquipment): design pressure and temperature, material, wall thickness, weight and cost are not computed here (null)',
        ...carried(env),
        ...assumptions,
      ],
    },
  };
}

/** Schema 6 (the lifecycle wrapper) from a saveSimulationState response. */
export function lifecycleState(env: Obj, sourceAgent: string, targetAgent: string | undefined, description: string | undefined, assumptions: string[]): HandoffOutcome {
  const d = env.data;
  const state = d?.state as ProcessStateSnapshot | undefined;
  if (!isObj(state) || !Array.isArray(state.equipmentStates) || !isObj(state.streamStates)) {
    return { ok: false, code: 'UNRECOGNISED_OUTPUT', message: 'toolOutput is not a saveSimulationState response with a state', fix: 'Pass the whole saveSimulationState response (envelope) as toolOutput' };
  }
  // is_valid is re-derived, not copied: the state's content must still give its own checksum.
  const valid = snapshotChecksum(state) === state.checksum;
  const products = Object.entries(state.streamStates).filter(([name]) => !state.connectionStates.some((c) => c.from === name));
  return {
    ok: true,
    handoff: {
      schema: 'neqsim-lifecycle-state',
      version: '1.0',
      handoff: {
        source_agent: sourceAgent,
        target_agent: targetAgent ?? null,
        state_type: 'ProcessSystemState',
        state_name: state.name,
        state_version: state.version,
        state_json: JSON.stringify(state),
        validation: { is_valid: valid, checksum: state.checksum },
        context: {
          description: description ?? (state.description !== '' ? state.description : `Process state "${state.name}" (${state.equipmentStates.length} units, ${Object.keys(state.streamStates).length} streams)`),
          key_results: Object.fromEntries(products.map(([name, s]) => [`${name} mass flow (kg/hr)`, s.massFlow_kg_hr])),
        },
        assumptions: [...carried(env), ...assumptions],
      },
    },
  };
}
