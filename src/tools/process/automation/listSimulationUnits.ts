/**
 * listSimulationUnits (core, ADVISORY, v1.0): the addressable units of a process definition,
 * with their types, what feeds them and their outlet ports, so an agent can build addresses
 * for listUnitVariables / getSimulationVariable. Reads the definition only (no solve): it also
 * answers for a flowsheet that does not converge, which is when one needs it most.
 */
import { Type, type Static } from '@sinclair/typebox';
import { defineTool } from '../../contract/types.js';
import { automationSuccess, loadDefinition, ProcessJsonField } from './common.js';
import { portsOf } from './variables.js';
import { AUTOMATION_PROCESS } from './examples.js';
import { streamName } from '../runProcess/report.js';

const TOOL = 'listSimulationUnits';

const Input = Type.Object({ processJson: ProcessJsonField }, { additionalProperties: false });

const UnitEntry = Type.Object(
  {
    name: Type.String(),
    type: Type.String({ description: 'Equipment type (NeqSim class name)' }),
    inlets: Type.Array(Type.String(), { description: 'Streams entering the unit ("<unit>" or "<unit>.<port>")' }),
    ports: Type.Array(Type.String(), { description: 'Outlet ports, as addresses name them ("<unit>.<port>.<property>")' }),
  },
  { additionalProperties: false },
);
const Output = Type.Object({ units: Type.Array(UnitEntry), count: Type.Integer() }, { additionalProperties: false });

export const listSimulationUnitsTool = defineTool({
  name: TOOL,
  tier: 'core',
  category: 'ADVISORY',
  since: 'v1.0',
  summary: 'Lists the units of a process definition (names, types, inlets, outlet ports) to build automation addresses. Does not run it.',
  description:
    'Lists the units of a process definition (the runProcess input, as "processJson"): name, equipment type, inlet streams and outlet ports. ' +
    'Use the names to build automation addresses: "<unit>.<property>" or "<unit>.<port>.<property>" (listUnitVariables lists them). The process is not run.',
  input: Input,
  output: Output,
  exampleCategory: 'automation',
  examples: [{ name: 'list-units', description: 'The units of a separator–compressor–cooler train', input: { processJson: AUTOMATION_PROCESS } }],
  execution: 'inline',
  run: (input: Static<typeof Input>) => {
    const started = performance.now();
    const loaded = loadDefinition(TOOL, input.processJson);
    if (!loaded.ok) return loaded.env;
    const specs = loaded.definition.units;
    const refName = (unit: string, port: string): string => {
      const spec = specs.find((s) => s.name === unit);
      return spec ? streamName(spec, port) : unit;
    };
    const units = specs.map((u) => {
      const refs = 'inlets' in u ? u.inlets : 'inlet' in u ? [u.inlet] : [];
      return { name: u.name, type: u.type, inlets: refs.map((r) => refName(r.unit, r.port)), ports: portsOf(u).map((p) => p.name) };
    });
    return automationSuccess(TOOL, 'automation unit discovery', { units, count: units.length }, started, 'Unit discovery completed', { limitations: ['The process is read, not run: use getSimulationVariable for computed values'] });
  },
});
