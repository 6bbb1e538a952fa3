/**
 * JSON Schemas of seed 002's six agent handoffs (fluid_definition, process_simulation,
 * mechanical_design, flow_assurance, safety_analysis and the neqsim-lifecycle-state wrapper),
 * as TypeBox so one definition is both what getSchema and neqsim://schemas/handoff/{type} publish
 * and what bridgeTaskWorkflow's validateHandoff checks against.
 *
 * Field names carry their unit as the seed's do (_C, _K, _bara, _kg_hr, …). Every value the seed
 * shows is in the schema; a value the producer did not compute is null, never estimated, so
 * numeric fields accept null. Producers may add further fields (additionalProperties is open, as
 * the seed says receivers "add" to handoffs); validateHandoff checks that every added numeric
 * field also names its unit.
 */
import { Type, type TSchema } from '@sinclair/typebox';

const num = (description: string, extra: object = {}) => Type.Union([Type.Number(extra), Type.Null()], { description });
const text = (description: string) => Type.Union([Type.String(), Type.Null()], { description });
const Assumptions = Type.Array(Type.String(), { description: 'Assumptions of the producer, carried forward and appended to by each receiver' });
const sourceAgent = Type.String({ minLength: 1, description: 'The agent (or tool) that produced the handoff' });

export const FluidDefinitionHandoff = Type.Object(
  {
    handoff_type: Type.Literal('fluid_definition'),
    source_agent: sourceAgent,
    eos_class: Type.String({ description: 'NeqSim system class: SystemSrkEos, SystemPrEos, SystemSrkCPAstatoil or SystemGERG2008Eos' }),
    mixing_rule: Type.Optional(Type.Union([Type.String(), Type.Integer(), Type.Null()], { description: 'NeqSim mixing rule ("classic", or 10 for CPA); null for GERG-2008' })),
    temperature_K: Type.Number({ exclusiveMinimum: 0, description: 'K' }),
    pressure_bara: Type.Number({ exclusiveMinimum: 0, description: 'bara' }),
    components: Type.Array(
      Type.Object({ name: Type.String({ minLength: 1 }), mole_fraction: Type.Number({ minimum: 0, maximum: 1 }) }, { additionalProperties: false }),
      { minItems: 1, maxItems: 200 },
    ),
    multi_phase_check: Type.Optional(Type.Boolean()),
    characterization: Type.Optional(Type.Union([Type.Record(Type.String(), Type.Unknown()), Type.Null()])),
    number_of_phases: Type.Optional(Type.Integer({ minimum: 1, description: 'Phases the producer found at temperature_K and pressure_bara (checked by validateHandoff against a new flash)' })),
    java_code: Type.Optional(Type.String({ description: 'NeqSim (Java) construction of the same fluid' })),
    assumptions: Assumptions,
  },
  { title: 'fluid_definition', description: 'Seed 002 Schema 1: a fluid (EOS, mixing rule, state, composition) another agent can rebuild' },
);

const Equipment = Type.Object(
  {
    name: Type.String({ minLength: 1 }),
    type: text('Equipment type (Separator, Compressor, …)'),
    inlet_temperature_C: Type.Optional(num('°C')),
    inlet_pressure_bara: Type.Optional(num('bara')),
    inlet_flow_rate_kg_hr: Type.Optional(num('kg/hr, the whole feed of the unit')),
    inlet_number_of_phases: Type.Optional(Type.Union([Type.Integer({ minimum: 1 }), Type.Null()])),
    outlet_gas_temperature_C: Type.Optional(num('°C')),
    outlet_gas_pressure_bara: Type.Optional(num('bara')),
    outlet_liquid_temperature_C: Type.Optional(num('°C')),
    outlet_liquid_pressure_bara: Type.Optional(num('bara')),
    gas_flow_rate_kg_hr: Type.Optional(num('kg/hr', { minimum: 0 })),
    liquid_flow_rate_kg_hr: Type.Optional(num('kg/hr', { minimum: 0 })),
    gas_density_kg_m3: Type.Optional(num('kg/m3', { exclusiveMinimum: 0 })),
    liquid_density_kg_m3: Type.Optional(num('kg/m3', { exclusiveMinimum: 0 })),
    outlet_total_flow_rate_kg_hr: Type.Optional(num('kg/hr, all outlets of the unit together')),
  },
  { description: 'One unit with its inlet and outlet states; further numeric fields must name their unit' },
);

export const ProcessSimulationHandoff = Type.Object(
  {
    handoff_type: Type.Literal('process_simulation'),
    source_agent: sourceAgent,
    fluid_definition: Type.Union([FluidDefinitionHandoff, Type.Null()], { description: 'The feed fluid (Schema 1), null when not known' }),
    equipment: Type.Array(Equipment, { minItems: 1, maxItems: 500 }),
    mass_balance_error_pct: num('Relative mass imbalance of the flowsheet, %'),
    energy_balance_error_pct: Type.Optional(num('Relative energy imbalance, %')),
    assumptions: Assumptions,
  },
  { title: 'process_simulation', description: 'Seed 002 Schema 2: a simulated flowsheet, unit by unit' },
);

export const MechanicalDesignHandoff = Type.Object(
  {
    handoff_type: Type.Literal('mechanical_design'),
    source_agent: sourceAgent,
    equipment_name: Type.String({ minLength: 1 }),
    design_pressure_barg: num('barg (the seed\'s one gauge pressure: a design pressure is stated in gauge)'),
    design_temperature_C: num('°C'),
    material_grade: text('e.g. SA-516-70'),
    wall_thickness_mm: num('mm'),
    corrosion_allowance_mm: num('mm'),
    weight_empty_kg: num('kg'),
    design_standard: text('e.g. ASME VIII Div.1'),
    company_tr: Type.Optional(text('Company technical requirement, e.g. Equinor TR2000')),
    cost_estimate_usd: Type.Optional(num('USD')),
    assumptions: Assumptions,
  },
  { title: 'mechanical_design', description: 'Seed 002 Schema 3: the mechanical design of one item; sizing fields the producer adds name their unit' },
);

export const FlowAssuranceHandoff = Type.Object(
  {
    handoff_type: Type.Literal('flow_assurance'),
    source_agent: sourceAgent,
    hydrate_temperature_C: num('°C'),
    operating_temperature_C: num('°C'),
    subcooling_margin_C: num('°C; operating minus hydrate temperature (negative: inside the hydrate region)'),
    hydrate_risk: text('HIGH, MEDIUM or LOW'),
    wax_appearance_temperature_C: Type.Optional(num('°C')),
    pipeline_pressure_drop_bar: Type.Optional(num('bar (a difference)')),
    arrival_temperature_C: Type.Optional(num('°C')),
    assumptions: Assumptions,
  },
  { title: 'flow_assurance', description: 'Seed 002 Schema 4: flow assurance margins' },
);

export const SafetyAnalysisHandoff = Type.Object(
  {
    handoff_type: Type.Literal('safety_analysis'),
    source_agent: sourceAgent,
    scenario: Type.String(),
    initial_pressure_bara: num('bara'),
    final_pressure_bara: Type.Optional(num('bara')),
    blowdown_time_minutes: Type.Optional(num('min')),
    minimum_temperature_C: Type.Optional(num('°C')),
    mdmt_C: Type.Optional(num('°C, minimum design metal temperature')),
    mdmt_margin_C: Type.Optional(num('°C')),
    psv_required_area_cm2: Type.Optional(num('cm2', { minimum: 0 })),
    assumptions: Assumptions,
  },
  { title: 'safety_analysis', description: 'Seed 002 Schema 5: relief / depressuring results' },
);

export const LifecycleStateHandoff = Type.Object(
  {
    schema: Type.Literal('neqsim-lifecycle-state'),
    version: Type.Literal('1.0'),
    handoff: Type.Object({
      source_agent: sourceAgent,
      target_agent: Type.Optional(Type.Union([Type.String(), Type.Null()])),
      state_type: Type.Union([Type.Literal('ProcessSystemState'), Type.Literal('ProcessModelState')]),
      state_name: Type.String({ minLength: 1 }),
      state_version: Type.String({ minLength: 1 }),
      state_json: Type.String({ minLength: 2, maxLength: 5_000_000, description: 'The serialized state (saveSimulationState\'s "state")' }),
      compressed_bytes_base64: Type.Optional(Type.String()),
      validation: Type.Object({ is_valid: Type.Boolean(), checksum: Type.Optional(Type.String()) }),
      context: Type.Object({ description: Type.String(), key_results: Type.Optional(Type.Record(Type.String(), Type.Unknown())) }),
      assumptions: Assumptions,
    }),
  },
  { title: 'lifecycle_state', description: 'Seed 002 Schema 6: a complete simulation state passed between agents' },
);

export const HANDOFF_SCHEMAS = {
  fluid_definition: FluidDefinitionHandoff,
  process_simulation: ProcessSimulationHandoff,
  mechanical_design: MechanicalDesignHandoff,
  flow_assurance: FlowAssuranceHandoff,
  safety_analysis: SafetyAnalysisHandoff,
  lifecycle_state: LifecycleStateHandoff,
} as const satisfies Record<string, TSchema>;

export type HandoffType = keyof typeof HANDOFF_SCHEMAS;
export const HANDOFF_TYPES = Object.keys(HANDOFF_SCHEMAS) as HandoffType[];

export function isHandoffType(s: string): s is HandoffType {
  return Object.prototype.hasOwnProperty.call(HANDOFF_SCHEMAS, s);
}

export function handoffSchemaUri(type: HandoffType): string {
  return `neqsim://schemas/handoff/${type}`;
}

/** A handoff's schema as a standalone JSON Schema document (draft 2020-12), as served. */
export function handoffSchemaDocument(type: HandoffType): Record<string, unknown> {
  return {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    $id: handoffSchemaUri(type),
    ...(JSON.parse(JSON.stringify(HANDOFF_SCHEMAS[type])) as Record<string, unknown>),
  };
}

/** The handoff type of a document: its handoff_type, or the lifecycle wrapper's schema name. */
export function handoffTypeOf(doc: Record<string, unknown>): HandoffType | undefined {
  if (doc.schema === 'neqsim-lifecycle-state') return 'lifecycle_state';
  return typeof doc.handoff_type === 'string' && isHandoffType(doc.handoff_type) && doc.handoff_type !== 'lifecycle_state' ? doc.handoff_type : undefined;
}
