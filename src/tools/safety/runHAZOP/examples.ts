/** Examples of runHAZOP: a two-stage compression train with an export letdown valve. */
import type { HazopInput } from './schema.js';

export const COMPRESSION_TRAIN = {
  name: 'two-stage compression',
  fluid: { model: 'SRK', temperature: 298.15, pressure: 10, mixingRule: 'classic', components: { methane: 0.9, ethane: 0.07, propane: 0.03 } },
  process: [
    { type: 'Stream', name: 'feed', properties: { flowRate: [5000, 'kg/hr'] } },
    { type: 'Compressor', name: '1st Stage', inlet: 'feed', properties: { outletPressure: [30, 'bara'], isentropicEfficiency: 0.75 } },
    { type: 'Cooler', name: 'Intercooler', inlet: '1st Stage', properties: { outTemperature: [30, 'C'] } },
    { type: 'Compressor', name: '2nd Stage', inlet: 'Intercooler', properties: { outletPressure: [80, 'bara'], isentropicEfficiency: 0.75 } },
    { type: 'ThrottlingValve', name: 'Export Valve', inlet: '2nd Stage', properties: { outletPressure: [20, 'bara'] } },
  ],
};

export const HAZOP_EXAMPLES: { name: string; description: string; input: HazopInput }[] = [
  {
    name: 'compression-train',
    description: 'Loss of intercooling, compressor trips and export valve failures on a two-stage gas compression train, with design limits per node',
    input: {
      studyId: 'HAZOP-COMP-001',
      processDefinition: COMPRESSION_TRAIN as unknown as HazopInput['processDefinition'],
      failureModes: ['COOLING_LOSS', 'COMPRESSOR_TRIP', 'VALVE_STUCK_OPEN', 'VALVE_STUCK_CLOSED'],
      nodes: [
        {
          nodeId: 'Node-01 Intercooler',
          designIntent: 'Cool first-stage discharge to 30 °C before second-stage compression',
          equipment: ['Intercooler'],
          safeguards: ['TAH on intercooler outlet', 'TAHH trips the train'],
          evidenceRefs: ['PID-101 rev A'],
          limits: { maxTemperature_C: 150, maxPressure_bara: 35 },
        },
        {
          nodeId: 'Node-02 Second stage',
          designIntent: 'Compress cooled gas to 80 bara',
          equipment: ['2nd Stage'],
          safeguards: ['Discharge TAHH', 'Anti-surge control'],
          evidenceRefs: ['PID-102 rev A'],
          limits: { maxTemperature_C: 150, maxPressure_bara: 90 },
        },
        {
          nodeId: 'Node-03 Export letdown',
          designIntent: 'Let export gas down to the 20 bara pipeline',
          equipment: ['Export Valve'],
          safeguards: ['PAHH on export line'],
          evidenceRefs: ['PID-103 rev A'],
          limits: { maxPressure_bara: 25 },
        },
      ],
    },
  },
];
