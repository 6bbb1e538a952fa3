/**
 * getCapabilities (core, ADVISORY, v1.0): a truthful discovery manifest computed at call time from
 * the registry, the tools' schemas, the component database and the active profile. Nothing in it
 * is a hand-kept claim: a model, flash type, tool, example, resource or prompt appears only when
 * it is implemented and registered.
 */
import { Type } from '@sinclair/typebox';
import { allComponents } from '../../engine/components/index.js';
import { API_VERSION } from '../contract/envelope.js';
import { isAllowedIn, isDeploymentMode, needsApprovalIn } from '../contract/governance/profiles.js';
import { catalogIn, defineTool, snakeName, type AnyTool } from '../contract/types.js';
import { discoverySuccess } from '../contract/catalog/discovery-envelope.js';
import { buildExampleCatalog } from '../contract/catalog/examples.js';
import { implementedFlashTypes, implementedModels } from '../contract/catalog/models.js';
import { availablePrompts } from '../contract/catalog/prompts.js';
import { contractCoverage } from '../contract/catalog/contract-tools.js';
import { resourceTemplates, staticResources } from '../contract/catalog/resources.js';
import { schemaUri } from '../contract/catalog/schemas.js';
import { acceptedUnits, DEFAULT_UNITS, type QuantityKind } from '../contract/units.js';
import { SIMULATED_TYPES } from '../process/runProcess/definition.js';
import { DUTY_UNITS, FLOW_RATE_UNITS } from '../process/runProcess/quantities.js';

const Input = Type.Object({}, { additionalProperties: false, description: 'No arguments' });

const ToolEntry = Type.Object(
  {
    mcpToolName: Type.String(),
    schemaToolName: Type.String(),
    tier: Type.String(),
    category: Type.String(),
    since: Type.String(),
    description: Type.String(),
    execution: Type.String({ description: 'inline (main thread) or pool (worker threads)' }),
    autoValidation: Type.Union([Type.String(), Type.Null()], { description: 'auto-validation context, null when not auto-validated' }),
    allowedInActiveProfile: Type.Boolean(),
    approvalRequiredInActiveProfile: Type.Boolean(),
    schemas: Type.Object({ inputSchemaUri: Type.String(), outputSchemaUri: Type.String() }),
    examples: Type.Array(Type.Object({ category: Type.String(), name: Type.String(), uri: Type.String() })),
  },
  { additionalProperties: false },
);

const Output = Type.Object(
  {
    engine: Type.Literal('neqsim-ts'),
    apiVersion: Type.Literal(API_VERSION),
    description: Type.String(),
    activeProfile: Type.String(),
    thermodynamics: Type.Object({
      models: Type.Array(Type.Object({ code: Type.String(), name: Type.String(), default: Type.Boolean(), applicability: Type.String() })),
      flashTypes: Type.Array(Type.String()),
      componentCount: Type.Integer(),
    }),
    toolCount: Type.Integer(),
    tools: Type.Record(Type.String(), ToolEntry),
    exampleCategories: Type.Array(Type.String()),
    resources: Type.Array(Type.Object({ uri: Type.String(), name: Type.String(), description: Type.String() })),
    resourceTemplates: Type.Array(Type.Object({ uriTemplate: Type.String(), name: Type.String(), description: Type.String() })),
    prompts: Type.Array(Type.Object({ name: Type.String(), description: Type.String(), arguments: Type.Array(Type.String()) })),
    process: Type.Optional(
      Type.Object(
        {
          equipmentTypes: Type.Array(Type.String()),
          outletPorts: Type.Array(Type.String()),
          flowRateUnits: Type.Array(Type.String()),
          dutyUnits: Type.Array(Type.String()),
        },
        { additionalProperties: false, description: 'What runProcess simulates (present when runProcess is registered)' },
      ),
    ),
    contract: Type.Object(
      {
        contractVersion: Type.String(),
        toolCount: Type.Integer({ description: 'Tools of the MCP Tool Contract v1 (66)' }),
        offeredCount: Type.Integer({ description: 'How many of them this server registers' }),
        tools: Type.Array(
          Type.Object(
            {
              name: Type.String(),
              tier: Type.String(),
              category: Type.String(),
              since: Type.String(),
              description: Type.String({ description: 'The contract\'s description' }),
              offered: Type.Boolean(),
              reason: Type.Optional(Type.String({ description: 'Why the tool is not offered (present when offered is false)' })),
            },
            { additionalProperties: false },
          ),
        ),
        resources: Type.Array(Type.Object({ uri: Type.String(), offered: Type.Boolean(), reason: Type.Optional(Type.String()) }, { additionalProperties: false })),
        prompts: Type.Array(Type.Object({ name: Type.String(), offered: Type.Boolean(), reason: Type.Optional(Type.String()) }, { additionalProperties: false })),
      },
      { additionalProperties: false, description: 'Every tool, resource and prompt of the contract, each marked offered or not, with the reason when not' },
    ),
    units: Type.Record(
      Type.String(),
      Type.Object({ accepted: Type.Array(Type.String()), bareNumberUnit: Type.String() }),
      { description: 'Units the input parser accepts per quantity; a bare number is read in bareNumberUnit' },
    ),
  },
  { additionalProperties: false },
);

/** The unit parser's own tables (src/tools/contract/units.ts), which every tool uses to read inputs. */
function unitTable(): Record<string, { accepted: string[]; bareNumberUnit: string }> {
  const out: Record<string, { accepted: string[]; bareNumberUnit: string }> = {};
  for (const kind of Object.keys(DEFAULT_UNITS) as QuantityKind[]) {
    out[kind] = { accepted: [...acceptedUnits(kind)], bareNumberUnit: DEFAULT_UNITS[kind] };
  }
  return out;
}

function toolEntry(tool: AnyTool, profile: string): typeof ToolEntry.static {
  const snake = snakeName(tool.name);
  const cls = { tier: tool.tier, category: tool.category };
  const allowed = isDeploymentMode(profile) ? isAllowedIn(profile, cls) : false;
  return {
    mcpToolName: tool.name,
    schemaToolName: snake,
    tier: tool.tier,
    category: tool.category,
    since: tool.since,
    description: tool.description,
    execution: tool.execution,
    autoValidation: tool.autoValidation ?? null,
    allowedInActiveProfile: allowed,
    approvalRequiredInActiveProfile: allowed && isDeploymentMode(profile) && needsApprovalIn(profile, cls),
    schemas: { inputSchemaUri: schemaUri(snake, 'input'), outputSchemaUri: schemaUri(snake, 'output') },
    examples: tool.examples.map((e) => ({
      category: tool.exampleCategory,
      name: e.name,
      uri: `neqsim://examples/${tool.exampleCategory}/${e.name}`,
    })),
  };
}

export const getCapabilitiesTool = defineTool({
  name: 'getCapabilities',
  tier: 'core',
  category: 'ADVISORY',
  since: 'v1.0',
  summary: 'Start here: what this server implements (models, flash types, components, tools with their examples and schemas, resources, units). No arguments.',
  description:
    'Discovery manifest of this server, computed from what is actually implemented: thermodynamic models and flash ' +
    'types runFlash accepts, component count, every tool (tier, category, since, description, schema URIs, examples, ' +
    'whether the active deployment profile allows it), resources, prompts and accepted units, and "contract": all 66 contract tools, ' +
    'its resources and prompts, each marked offered or not with the reason when not. Takes no arguments. ' +
    'Start here, then use getSchema / getExample for a tool\'s exact input.',
  input: Input,
  output: Output,
  exampleCategory: 'discovery',
  examples: [{ name: 'capabilities', description: 'The full manifest (no arguments)', input: {} }],
  execution: 'inline',
  async run(_input, ctx) {
    const started = performance.now();
    const tools = catalogIn(ctx).tools;
    const tooling: Record<string, typeof ToolEntry.static> = {};
    for (const t of tools) tooling[t.name] = toolEntry(t, ctx.profile);
    const resources = staticResources();
    const templates = resourceTemplates();
    const prompts = availablePrompts(tools);
    const contract = contractCoverage(
      new Set(tools.map((t) => t.name)),
      new Set([...resources.map((r) => r.uri), ...templates.map((r) => r.uriTemplate)]),
      new Set(prompts.map((p) => p.name)),
    );
    return discoverySuccess('getCapabilities', 'capability discovery', {
      engine: 'neqsim-ts' as const,
      apiVersion: API_VERSION,
      description:
        'TypeScript implementation of the NeqSim MCP Tool Contract v1 with its own thermodynamic engine: ' +
        'REST/OpenAPI and MCP (Streamable HTTP and stdio) over one tool registry.',
      activeProfile: ctx.profile,
      thermodynamics: {
        models: implementedModels(tools).map((m) => ({ code: m.code, name: m.name, default: m.default, applicability: m.applicability })),
        flashTypes: implementedFlashTypes(tools),
        componentCount: allComponents().length,
      },
      toolCount: tools.length,
      tools: tooling,
      exampleCategories: Object.keys(buildExampleCatalog(tools)),
      resources,
      resourceTemplates: templates,
      prompts: prompts.map((p) => ({ name: p.name, description: p.description, arguments: p.arguments.map((a) => a.name) })),
      ...(tools.some((t) => t.name === 'runProcess')
        ? { process: { equipmentTypes: [...SIMULATED_TYPES], outletPorts: ['out', 'gasOut', 'liquidOut', 'oilOut', 'waterOut', 'splitStream_<i>', 'hx0', 'hx1'], flowRateUnits: [...FLOW_RATE_UNITS], dutyUnits: [...DUTY_UNITS] } }
        : {}),
      contract,
      units: unitTable(),
    }, started);
  },
});
