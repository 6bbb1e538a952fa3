/**
 * Where a tool's published result schema leaves a value untyped (a generated client says
 * `unknown` there), and the list of those places that are arbitrary JSON by nature, each with
 * its reason. test/http/openapi-client.test.ts requires the two to agree exactly: a new untyped
 * field fails it, and so does an entry here that no longer applies.
 */
type Json = Record<string, unknown>;

const TYPING_KEYS = ['type', '$ref', 'anyOf', 'oneOf', 'allOf', 'const', 'enum', 'not', 'properties', 'prefixItems', 'items'];

/** JSON-pointer-like paths of the untyped values in a data schema ("x{}" = values of the map x, "x[]" = its items). */
export function untypedPaths(schema: unknown, path = 'data', out: string[] = []): string[] {
  if (schema === true || (typeof schema === 'object' && schema !== null && !Array.isArray(schema) && !TYPING_KEYS.some((k) => k in schema))) {
    out.push(path);
    return out;
  }
  if (typeof schema !== 'object' || schema === null) return out;
  const s = schema as Json;
  for (const k of ['anyOf', 'oneOf', 'allOf', 'prefixItems']) if (Array.isArray(s[k])) (s[k] as unknown[]).forEach((b, i) => untypedPaths(b, `${path}/${k}/${i}`, out));
  if (typeof s.properties === 'object' && s.properties !== null) for (const [k, v] of Object.entries(s.properties as Json)) untypedPaths(v, `${path}/${k}`, out);
  if (typeof s.items === 'object' && s.items !== null) untypedPaths(s.items, `${path}[]`, out);
  if (s.properties === undefined && s.additionalProperties !== undefined && s.additionalProperties !== false) untypedPaths(s.additionalProperties, `${path}{}`, out);
  if (typeof s.patternProperties === 'object' && s.patternProperties !== null) for (const v of Object.values(s.patternProperties as Json)) untypedPaths(v, `${path}{}`, out);
  return out;
}

const PROCESS_UNIT_PROPERTIES = 'unit properties of a process definition: an open map per equipment type, checked key by key by the tool (400 UNKNOWN_PROPERTY)';
const AREAS = 'unit properties inside the areas of a multi-area model: the same open per-equipment-type map, checked key by key';
const METADATA = 'the caller\'s metadata, copied back unchanged';

export const OPEN_DATA: Record<string, Record<string, string>> = {
  getSchema: { 'data/schema{}': 'a JSON Schema document of any tool' },
  getExample: { 'data/input': 'the input of any tool' },
  bridgeTaskWorkflow: {
    'data/resultsJson{}': 'the results of whatever tools the task ran',
    'data/handoff{}': 'the hand-off document passed between task workflows, caller-defined',
    'data/schemas{}': 'JSON Schema documents of the tools in the task',
    'data/consumption{}': 'fromHandoff: the consuming tool\'s input and answer, whatever tool consumed the handoff',
  },
  composeWorkflow: { 'data/combinedData{}': 'each completed step\'s data, whatever tool it called' },
  composeMultiServerWorkflow: { 'data/combinedData{}': 'each step\'s data, whatever tool on whatever server it called' },
  runPlugin: {
    'data/plugins[]/examples[]/input': 'the input of a plugin tool, whose schema the plugin defines',
    'data/plugins[]/inputSchema{}': 'a plugin\'s JSON Schema',
    'data/result': 'a plugin\'s data, checked against the plugin\'s own output schema',
  },
  solveTask: {
    'data/plan{}': 'the composeWorkflow input that was run',
    'data/steps[]{}': 'composeWorkflow\'s step reports',
    'data/resultsJson{}': 'the results.json of the task\'s tool',
    'data/handoffs[]{}': 'seed-002 handoffs (their schemas: getSchema handoff)',
    'data/handoffChecks[]{}': 'validateHandoff reports',
  },
  manageSession: {
    'data/processJson{}': 'the session\'s process definition',
    'data/results/metadata{}': METADATA,
  },
  manageState: { 'data/savedState': 'a saved simulation state as stored', 'data/exportedState': 'a saved simulation state as exported' },
  saveSimulationState: { 'data/state{}': 'the saved simulation state' },
  setSimulationVariable: { 'data/processJson{}': 'the updated process definition', 'data/simulationReport/metadata{}': METADATA },
  runProcess: { 'data/metadata{}': METADATA },
  runOperationalStudy: {
    'data/anyOf/3/processJson/process/anyOf/0[]/properties{}': PROCESS_UNIT_PROPERTIES,
    'data/anyOf/3/processJson/process/anyOf/1/equipment[]/properties{}': PROCESS_UNIT_PROPERTIES,
    'data/anyOf/3/processJson/metadata{}': METADATA,
    'data/anyOf/4/processJson/process/anyOf/0[]/properties{}': PROCESS_UNIT_PROPERTIES,
    'data/anyOf/4/processJson/process/anyOf/1/equipment[]/properties{}': PROCESS_UNIT_PROPERTIES,
    'data/anyOf/4/processJson/metadata{}': METADATA,
    'data/anyOf/3/processJson/areas{}/process/anyOf/0[]/properties{}': AREAS,
    'data/anyOf/3/processJson/areas{}/process/anyOf/1/equipment[]/properties{}': AREAS,
    'data/anyOf/4/processJson/areas{}/process/anyOf/0[]/properties{}': AREAS,
    'data/anyOf/4/processJson/areas{}/process/anyOf/1/equipment[]/properties{}': AREAS,
  },
  runHAZOP: {
    'data/hazopRows[]/simulation/perturbation/from{}': 'the process unit definition before the deviation (an open per-equipment-type object)',
    'data/hazopRows[]/simulation/perturbation/to{}': 'the process unit definition as run in the deviated case',
    'data/scenarioResults[]/perturbation/from{}': 'the process unit definition before the deviation',
    'data/scenarioResults[]/perturbation/to{}': 'the process unit definition as run in the deviated case',
  },
  streamSimulation: { 'data/newResults[]{}': 'results of the streamed tool calls (sweep points or Monte Carlo samples of the tool run)' },
};
