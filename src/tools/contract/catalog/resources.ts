/**
 * The browsable neqsim:// resources (seed 000 "Browsable Resources"), as plain data builders over
 * the registry and the engine. The MCP bridge serves them; getCapabilities lists them. Only
 * resources whose content we really have are defined here: no materials table (the contract's
 * neqsim://materials/{type} is not offered; getCapabilities says why).
 */
import { allComponents, componentFamilies, findComponent, suggestComponent } from '../../../engine/components/index.js';
import type { ComponentData } from '../../../engine/components/types.js';
import type { AnyTool } from '../types.js';
import { buildExampleCatalog, exampleUri, findExample } from './examples.js';
import { implementedModels } from './models.js';
import { dataTablesCatalog } from './data-tables.js';
import { findStandard, standardsCatalog } from './standards.js';
import { HANDOFF_TYPES, handoffSchemaDocument, handoffSchemaUri, isHandoffType } from './handoff-schemas.js';
import { buildSchemaCatalog, findSchema, schemaToolNames, schemaUri } from './schemas.js';

export type ResourceRead = { ok: true; content: unknown } | { ok: false; message: string };

export interface ResourceDescriptor {
  uri: string;
  name: string;
  description: string;
}

interface StaticResource extends ResourceDescriptor {
  read: (tools: readonly AnyTool[]) => unknown;
}

interface TemplateResource {
  uriTemplate: string;
  name: string;
  description: string;
  pattern: RegExp;
  read: (params: string[], tools: readonly AnyTool[]) => ResourceRead;
}

export function componentProperties(c: ComponentData): Record<string, unknown> {
  return {
    name: c.name,
    aliases: c.aliases,
    formula: c.formula,
    family: c.family,
    properties: {
      molarMass: { value: c.molarMass, unit: 'kg/mol' },
      criticalTemperature: { value: c.tc, unit: 'K' },
      criticalPressure: { value: c.pc, unit: 'Pa' },
      acentricFactor: { value: c.omega, unit: '-' },
      normalBoilingPoint: { value: c.tb, unit: 'K' },
      criticalVolume: { value: c.vc, unit: 'm3/mol' },
      criticalCompressibility: { value: c.zc, unit: '-' },
      rackettZ: { value: c.racketZ, unit: '-' },
      // null where no published parachor is known (then no parachor interfacial tension either).
      parachor: { value: c.parachor, unit: '(mN/m)^(1/4)·cm3/mol', ...(c.parachorSource !== undefined ? { source: c.parachorSource } : {}) },
      idealGasCp: { ...c.cpIdeal, form: 'Cp0 = a + b·T + c·T^2 + d·T^3 + e·T^4', unit: 'J/(mol·K), T in K' },
    },
    source: c.source,
  };
}

const STATIC_RESOURCES: readonly StaticResource[] = [
  {
    uri: 'neqsim://example-catalog',
    name: 'Example Catalog',
    description: 'Every example input of the registered tools, grouped by category: {category: {name: {tool, description, input, uri}}}',
    read: (tools) => buildExampleCatalog(tools),
  },
  {
    uri: 'neqsim://schema-catalog',
    name: 'Schema Catalog',
    description: 'Every registered tool by snake_case schema name with its input schema and output (envelope) schema',
    read: (tools) => buildSchemaCatalog(tools),
  },
  {
    uri: 'neqsim://components',
    name: 'Component Families',
    description: 'Canonical component names of the database grouped by family',
    read: () => ({
      count: allComponents().length,
      families: componentFamilies(),
      note: 'Names are case-insensitive and aliases are accepted (e.g. C1, iC4). Read neqsim://components/{name} for properties.',
    }),
  },
  {
    uri: 'neqsim://models',
    name: 'Equation of State Models',
    description: 'The thermodynamic models runFlash implements, with what each is for',
    read: (tools) => {
      const models = implementedModels(tools);
      return {
        count: models.length,
        models,
        recommendation: models.length > 0
          ? 'Use the default model for hydrocarbon gas and oil; check each model\'s applicability before using it outside that range.'
          : 'No flash tool is registered on this server.',
      };
    },
  },
  {
    uri: 'neqsim://standards',
    name: 'Design Standards Catalog',
    description: 'The standards this server computes with: code, title, edition, the clauses applied, the tools that apply them',
    read: (tools) => {
      const standards = standardsCatalog(new Set(tools.map((t) => t.name)));
      return { count: standards.length, standards, note: 'Read neqsim://standards/{code} for one standard; calculateStandard computes the gas-quality and metering ones.' };
    },
  },
  {
    uri: 'neqsim://handoff-schemas',
    name: 'Agent Handoff Schemas',
    description: 'JSON Schemas of the six seed-002 agent handoffs (fluid_definition, process_simulation, mechanical_design, flow_assurance, safety_analysis, lifecycle_state)',
    read: () => ({
      count: HANDOFF_TYPES.length,
      schemas: Object.fromEntries(HANDOFF_TYPES.map((type) => [type, { uri: handoffSchemaUri(type), schema: handoffSchemaDocument(type) }])),
      note: 'bridgeTaskWorkflow emits them ("toHandoff"), checks an incoming one ("validateHandoff") and feeds one to the tool that consumes it ("fromHandoff").',
    }),
  },
  {
    uri: 'neqsim://data-tables',
    name: 'Data Tables',
    description: 'Every data table the server holds (thermodynamic database and standards tables) with row counts, files and source citations',
    read: () => dataTablesCatalog(),
  },
];

const decode = (s: string): string => {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
};

const TEMPLATE_RESOURCES: readonly TemplateResource[] = [
  {
    uriTemplate: 'neqsim://examples/{category}/{name}',
    name: 'NeqSim Example',
    description: 'One example: {category, name, tool, description, input}; send input to tool',
    pattern: /^neqsim:\/\/examples\/([^/]+)\/([^/]+)$/,
    read: ([category, name], tools) => {
      const e = findExample(tools, category, name);
      return e ? { ok: true, content: e } : { ok: false, message: `Example not found: ${category}/${name}` };
    },
  },
  {
    uriTemplate: 'neqsim://schemas/{tool}/{type}',
    name: 'NeqSim Schema',
    description: 'JSON Schema of a tool (snake_case name) of type input or output; neqsim://schemas/handoff/{handoffType} is the schema of an agent handoff',
    pattern: /^neqsim:\/\/schemas\/([^/]+)\/([^/]+)$/,
    read: ([tool, type], tools) => {
      if (tool === 'handoff') {
        return isHandoffType(type) ? { ok: true, content: handoffSchemaDocument(type) } : { ok: false, message: `Handoff schema not found: ${type} (one of ${HANDOFF_TYPES.join(', ')})` };
      }
      const s = findSchema(tools, tool, type);
      return s ? { ok: true, content: s.schema } : { ok: false, message: `Schema not found: ${tool}/${type} (type must be input or output)` };
    },
  },
  {
    uriTemplate: 'neqsim://components/{name}',
    name: 'Component Properties',
    description: 'Pure-component constants: Tc, Pc, acentric factor, molar mass, boiling point, ideal-gas Cp (SI units)',
    pattern: /^neqsim:\/\/components\/([^/]+)$/,
    read: ([name]) => {
      const c = findComponent(name);
      if (c) return { ok: true, content: componentProperties(c) };
      const hint = suggestComponent(name);
      return { ok: false, message: `Unknown component: ${name}${hint ? ` (did you mean ${hint}?)` : ''}` };
    },
  },
  {
    uriTemplate: 'neqsim://standards/{code}',
    name: 'Design Standard',
    description: 'One standard this server computes with (code from neqsim://standards, e.g. ISO6976_2016, API520): edition, clauses, tools',
    pattern: /^neqsim:\/\/standards\/([^/]+)$/,
    read: ([code], tools) => {
      const registered = new Set(tools.map((t) => t.name));
      const s = findStandard(registered, code);
      return s ? { ok: true, content: s } : { ok: false, message: `Standard not found: ${code}. Standards computed here: ${standardsCatalog(registered).map((x) => x.code).join(', ')}` };
    },
  },
];

export function staticResources(): ResourceDescriptor[] {
  return STATIC_RESOURCES.map(({ uri, name, description }) => ({ uri, name, description }));
}

export function resourceTemplates(): { uriTemplate: string; name: string; description: string }[] {
  return TEMPLATE_RESOURCES.map(({ uriTemplate, name, description }) => ({ uriTemplate, name, description }));
}

/** Concrete URIs of the example and schema templates, so clients can discover them by listing. */
export function concreteResources(tools: readonly AnyTool[]): ResourceDescriptor[] {
  const out: ResourceDescriptor[] = [];
  for (const [category, group] of Object.entries(buildExampleCatalog(tools))) {
    for (const [name, e] of Object.entries(group)) {
      out.push({ uri: exampleUri(category, name), name: `Example ${category}/${name}`, description: `${e.tool}: ${e.description}` });
    }
  }
  for (const st of standardsCatalog(new Set(tools.map((t) => t.name)))) out.push({ uri: `neqsim://standards/${st.code}`, name: `Standard ${st.code}`, description: `${st.title} (${st.edition})` });
  for (const type of HANDOFF_TYPES) out.push({ uri: handoffSchemaUri(type), name: `Handoff schema ${type}`, description: `JSON Schema of the seed-002 ${type} handoff` });
  for (const snake of schemaToolNames(tools)) {
    for (const type of ['input', 'output'] as const) {
      out.push({ uri: schemaUri(snake, type), name: `Schema ${snake}/${type}`, description: `JSON Schema of ${snake} ${type}` });
    }
  }
  return out;
}

/** Reads a neqsim:// URI; undefined when no resource or template matches it at all. */
export function readResource(tools: readonly AnyTool[], uri: string): ResourceRead | undefined {
  const fixed = STATIC_RESOURCES.find((r) => r.uri === uri);
  if (fixed) return { ok: true, content: fixed.read(tools) };
  for (const t of TEMPLATE_RESOURCES) {
    const m = t.pattern.exec(uri);
    if (m) return t.read(m.slice(1).map(decode), tools);
  }
  return undefined;
}
