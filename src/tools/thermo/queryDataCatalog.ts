/**
 * queryDataCatalog (advanced, ADVISORY, v1.2): browse the data behind the engine: component
 * families, one component's constants (with its CPA and hydrate parameters where it has them),
 * the implemented equations of state, and the data tables with their sources and sizes. The
 * original also lists materials and design-standard tables; this server has none of those, so
 * those actions are refused (NOT_AVAILABLE) rather than answered with nothing.
 */
import { Type, type Static } from '@sinclair/typebox';
import { allComponents, componentFamilies, findComponent, refusedComponentIssue, suggestComponent } from '../../engine/components/index.js';
import { ALPHA_ROWS } from '../../engine/components/data/alpha-rows.js';
import { INTER_ROWS } from '../../engine/components/data/inter-rows.js';
import { CPA_ROWS } from '../../engine/components/data/cpa-rows.js';
import { HYDRATE_GUESTS, HYDRATE_GUESTS_GF } from '../../engine/hydrate/parameters.js';
import { failure, issue, success, type Envelope } from '../contract/envelope.js';
import { catalogIn, defineTool, type AnyTool } from '../contract/types.js';
import { componentProperties } from '../contract/catalog/resources.js';
import { implementedModels } from '../contract/catalog/models.js';
import { standardTables, thermodynamicTables } from '../contract/catalog/data-tables.js';
import { findStandard, standardsCatalog } from '../contract/catalog/standards.js';
import { PcSaftParameters, pcsaftParametersAsUsed, UmrParameters, umrParametersAsUsed } from './catalog-model-parameters.js';

const TOOL = 'queryDataCatalog';
export const CATALOG_ACTIONS = ['listComponentFamilies', 'getComponentProperties', 'listEOSModels', 'listDataTables', 'listDesignStandards', 'queryStandard'] as const;
/** Actions of the original that need tables this server does not have. */
const UNAVAILABLE_ACTIONS = ['listMaterials'];

const Input = Type.Object(
  {
    action: Type.String({ description: `One of: ${CATALOG_ACTIONS.join(', ')}` }),
    componentName: Type.Optional(Type.String({ maxLength: 100, description: 'getComponentProperties: name or alias (e.g. "methane", "C1", "nC10")' })),
    standardCode: Type.Optional(Type.String({ maxLength: 100, description: 'queryStandard: e.g. "API520"' })),
  },
  { additionalProperties: false },
);
type In = Static<typeof Input>;
const Quantity = (unit: string) => Type.Object({ value: Type.Number(), unit: Type.Literal(unit) });
const Cavities = Type.Object({ smallA: Type.Number(), smallB: Type.Number(), largeA: Type.Number(), largeB: Type.Number() });
const Guest = Type.Object({ sI: Cavities, sII: Cavities }, { description: 'Langmuir A (K/bar) and B (K) of the small and large cavity per structure' });
const ComponentRecord = Type.Object({
  name: Type.String(),
  aliases: Type.Array(Type.String()),
  formula: Type.String(),
  family: Type.String(),
  properties: Type.Object({
    molarMass: Quantity('kg/mol'),
    criticalTemperature: Quantity('K'),
    criticalPressure: Quantity('Pa'),
    acentricFactor: Quantity('-'),
    normalBoilingPoint: Quantity('K'),
    criticalVolume: Quantity('m3/mol'),
    criticalCompressibility: Quantity('-'),
    rackettZ: Quantity('-'),
    parachor: Type.Object({ value: Type.Union([Type.Number(), Type.Null()], { description: 'null where no published parachor is known' }), unit: Type.String(), source: Type.Optional(Type.String()) }),
    idealGasCp: Type.Object({ a: Type.Number(), b: Type.Number(), c: Type.Number(), d: Type.Number(), e: Type.Number(), form: Type.String(), unit: Type.String() }),
  }),
  source: Type.String(),
});
const CpaParameters = Type.Object({
  associationScheme: Type.String(),
  associationEnergy: Quantity('J/mol'),
  associationVolume: Quantity('-'),
  a0: Quantity('Pa·m6/mol2'),
  b: Quantity('m3/mol'),
  c1: Quantity('-'),
  source: Type.String(),
});
const DataTableRecord = Type.Object({ name: Type.String(), rows: Type.Integer(), content: Type.String(), file: Type.String(), source: Type.String() });
const StandardRecord = Type.Object({
  code: Type.String(),
  title: Type.String(),
  edition: Type.String(),
  clauses: Type.Array(Type.String()),
  tools: Type.Array(Type.String()),
  computes: Type.String(),
  implementation: Type.String(),
});
const HydrateGuest = Type.Object({ langmuirSRKPR: Type.Optional(Guest), langmuirCPA: Type.Optional(Guest), form: Type.String(), source: Type.String() });
/** One shape per action (listComponentFamilies | getComponentProperties | listEOSModels | listDataTables). */
const Output = Type.Union(
  [
    Type.Object({ count: Type.Integer(), families: Type.Record(Type.String(), Type.Array(Type.String()), { description: 'canonical names by family' }), note: Type.String() }, { title: 'listComponentFamilies' }),
    Type.Object(
      {
        component: ComponentRecord,
        cpa: Type.Optional(CpaParameters),
        pcsaft: Type.Optional(PcSaftParameters),
        umrpru: Type.Optional(UmrParameters),
        hydrateGuest: Type.Optional(HydrateGuest),
      },
      { title: 'getComponentProperties' },
    ),
    Type.Object(
      {
        count: Type.Integer(),
        models: Type.Array(Type.Object({ code: Type.String(), default: Type.Boolean(), name: Type.String(), description: Type.String(), applicability: Type.String(), reference: Type.String() })),
        recommendation: Type.String(),
      },
      { title: 'listEOSModels' },
    ),
    Type.Object(
      {
        thermodynamicDatabase: Type.Object({
          name: Type.String(),
          tables: Type.Array(DataTableRecord),
        }),
        standardTables: Type.Array(DataTableRecord),
        note: Type.String(),
      },
      { title: 'listDataTables' },
    ),
    Type.Object({ count: Type.Integer(), standards: Type.Array(StandardRecord) }, { title: 'listDesignStandards' }),
    Type.Object({ standard: StandardRecord }, { title: 'queryStandard' }),
  ],
  { description: 'Depends on the action: families | component | models | tables' },
);

/** The fitted parameters a component carries beyond its constants. */
function modelParameters(name: string): { cpa?: Static<typeof CpaParameters>; hydrateGuest?: Static<typeof HydrateGuest> } {
  const out: ReturnType<typeof modelParameters> = {};
  const cpa = CPA_ROWS.find((r) => r[0] === name);
  if (cpa) {
    out.cpa = {
      associationScheme: cpa[1],
      associationEnergy: { value: cpa[2], unit: 'J/mol' },
      associationVolume: { value: cpa[3], unit: '-' },
      a0: { value: cpa[4] * 1e-5, unit: 'Pa·m6/mol2' },
      b: { value: cpa[5] * 1e-5, unit: 'm3/mol' },
      c1: { value: cpa[6], unit: '-' },
      source: 'NeqSim COMP.csv (aCPA_SRK, bCPA_SRK, mCPA_SRK, associationenergy, associationboundingvolume_SRK, associationscheme)',
    };
  }
  const pvt = HYDRATE_GUESTS[name];
  const gf = HYDRATE_GUESTS_GF[name];
  if (pvt || gf) {
    out.hydrateGuest = {
      ...(pvt ? { langmuirSRKPR: pvt } : {}),
      ...(gf ? { langmuirCPA: gf } : {}),
      form: 'C = (A/T)·exp(B/T) in 1/bar per cavity (small, large) of sI and sII; A = 0: does not enter',
      source: 'NeqSim COMP.csv Hydrate* and *GF columns (Munck et al. 1988 set for SRK/PR)',
    };
  }
  return out;
}

function run(input: In, tools: readonly AnyTool[]): Envelope<Static<typeof Output>> {
  const started = performance.now();
  const action = CATALOG_ACTIONS.find((a) => a.toLowerCase() === input.action.trim().toLowerCase());
  if (action === undefined) {
    const unavailable = UNAVAILABLE_ACTIONS.find((a) => a.toLowerCase() === input.action.trim().toLowerCase());
    return failure(TOOL, 'compute', [
      unavailable
        ? issue('NOT_AVAILABLE', `${unavailable}: this server has no material-grade table`, `Use one of: ${CATALOG_ACTIONS.join(', ')}`, 'action')
        : issue('UNKNOWN_ACTION', `Unknown action ${JSON.stringify(input.action)}`, `Use one of: ${CATALOG_ACTIONS.join(', ')}`, 'action'),
    ]);
  }
  let data: Static<typeof Output>;
  if (action === 'listComponentFamilies') {
    data = { count: allComponents().length, families: componentFamilies(), note: 'Names are case-insensitive and aliases are accepted (e.g. C1, iC4); getComponentProperties gives one component' };
  } else if (action === 'getComponentProperties') {
    if (input.componentName === undefined) return failure(TOOL, 'compute', [issue('MISSING_FIELD', 'getComponentProperties needs componentName', 'Give "componentName", e.g. "methane"', 'componentName')]);
    const c = findComponent(input.componentName);
    const refused = c === undefined ? refusedComponentIssue(input.componentName) : undefined;
    if (refused !== undefined) return failure(TOOL, 'compute', [issue(refused.code, refused.message, refused.fix, 'componentName')]);
    if (c === undefined) {
      const hint = suggestComponent(input.componentName);
      return failure(TOOL, 'compute', [issue('UNKNOWN_COMPONENT', `'${input.componentName}' is not a known component`, hint ? `Did you mean '${hint}'?` : 'listComponentFamilies lists every name', 'componentName')]);
    }
    const pcsaft = pcsaftParametersAsUsed(c);
    const umrpru = umrParametersAsUsed(c);
    data = { component: componentProperties(c) as Static<typeof ComponentRecord>, ...modelParameters(c.name), ...(pcsaft ? { pcsaft } : {}), ...(umrpru ? { umrpru } : {}) };
  } else if (action === 'listEOSModels') {
    const models = implementedModels(tools);
    data = { count: models.length, models, recommendation: 'SRK or PR for hydrocarbon gas and oil; CPA when water, alcohols or glycols matter; GERG2008 for reference-quality natural-gas and LNG properties and dew/bubble points (its 21 components only); PCSAFT or UMRPRU to compare with those families (components with their parameters; getComponentProperties shows them)' };
  } else if (action === 'listDesignStandards') {
    const standards = standardsCatalog(new Set(tools.map((t) => t.name)));
    data = { count: standards.length, standards };
  } else if (action === 'queryStandard') {
    if (input.standardCode === undefined) return failure(TOOL, 'compute', [issue('MISSING_FIELD', 'queryStandard needs standardCode', 'Give "standardCode", e.g. "ISO6976_2016" (listDesignStandards lists them)', 'standardCode')]);
    const registered = new Set(tools.map((t) => t.name));
    const standard = findStandard(registered, input.standardCode);
    if (standard === undefined) return failure(TOOL, 'compute', [issue('UNKNOWN_STANDARD', `No standard ${JSON.stringify(input.standardCode)} is computed by this server`, `Use one of: ${standardsCatalog(registered).map((x) => x.code).join(', ')}`, 'standardCode')]);
    data = { standard };
  } else {
    data = {
      thermodynamicDatabase: {
        name: 'neqsim-ts engine data (from NeqSim COMP.csv and INTER.csv, as cited in each file)',
        tables: thermodynamicTables(),
      },
      standardTables: standardTables(),
      note: 'No material-grade table is held by this server',
    };
  }
  return success({
    tool: TOOL,
    data,
    provenance: { calculationType: `data catalog: ${action}`, convergence: { converged: true, iterations: 0 }, assumptions: [], limitations: [], computationTimeMs: performance.now() - started },
    validationMessage: 'Catalog read',
  });
}

export const queryDataCatalogTool = defineTool({
  name: TOOL,
  tier: 'advanced',
  category: 'ADVISORY',
  since: 'v1.2',
  summary: 'Browse the engine\'s data: component families and constants (with CPA and hydrate parameters), EOS models, data tables with sources.',
  description:
    `Browse the engine's data. "action": ${CATALOG_ACTIONS.join(' | ')}. getComponentProperties {componentName} gives the constants (SI, with units) and, where the component has them, its CPA, PC-SAFT (m, σ, ε/k, association) and UMR-PRU (UNIFAC groups, Mathias–Copeman alpha) parameters as the engine uses them, and its hydrate-guest parameters; ` +
    'listEOSModels the models runFlash implements; listDataTables the tables with sizes and sources; listDesignStandards the standards the tools compute with (edition, clauses, tools); queryStandard {standardCode} one of them. ' +
    'No material-grade table is held (listMaterials answers NOT_AVAILABLE). Always allowed (ADVISORY).',
  input: Input,
  output: Output,
  exampleCategory: 'catalog',
  examples: [
    { name: 'water-properties', description: 'Constants, CPA parameters and (none) hydrate parameters of water', input: { action: 'getComponentProperties', componentName: 'water' } },
    { name: 'families', description: 'Every component name by family', input: { action: 'listComponentFamilies' } },
    { name: 'eos-models', description: 'The equations of state runFlash implements, with references', input: { action: 'listEOSModels' } },
    { name: 'data-tables', description: 'The engine data tables with sizes and sources', input: { action: 'listDataTables' } },
    { name: 'design-standards', description: 'The standards the tools compute with, with editions and clauses', input: { action: 'listDesignStandards' } },
    { name: 'standard-api520', description: 'What API 520 Part I sizing this server applies', input: { action: 'queryStandard', standardCode: 'API520' } },
    { name: 'methane-properties', description: 'Constants and SRK/PR and CPA hydrate-guest parameters of methane', input: { action: 'getComponentProperties', componentName: 'methane' } },
  ],
  execution: 'inline',
  run: (input, ctx) => run(input, catalogIn(ctx).tools),
});
