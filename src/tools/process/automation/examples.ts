/** The process the automation tools' catalog examples address (our own flowsheet; it runs, tested). */
import type { RunProcessInput } from '../runProcess/schema.js';

export const AUTOMATION_PROCESS: RunProcessInput = {
  fluid: { model: 'SRK', temperature: 298.15, pressure: 50, mixingRule: 'classic', components: { methane: 0.85, ethane: 0.08, propane: 0.04, 'n-butane': 0.02, 'n-pentane': 0.01 } },
  process: [
    { type: 'Stream', name: 'feed', properties: { flowRate: [10000, 'kg/hr'] } },
    { type: 'Separator', name: 'HP Sep', inlet: 'feed' },
    { type: 'Compressor', name: 'Export Compressor', inlet: 'HP Sep.gasOut', properties: { outletPressure: [120, 'bara'], isentropicEfficiency: 0.75 } },
    { type: 'Cooler', name: 'Aftercooler', inlet: 'Export Compressor', properties: { outTemperature: [40, 'C'] } },
  ],
};
