/**
 * Catalog examples of runDynamic. The first is the original server's runDynamic_separator input
 * (gas feed at 50 bara, 25 °C into "HP Sep", 60 s in 5 s steps) with its tuning in the nested
 * form this tool reads; the second a rich gas that gives liquid, control valves named in the
 * flowsheet and a +20 % feed step.
 */
import type { RunDynamicInput } from './schema.js';

export const RUN_DYNAMIC_EXAMPLES: { name: string; description: string; input: RunDynamicInput }[] = [
  {
    name: 'separator',
    description: 'Gas separator at 50 bara, 25 °C: 60 s with the pressure controller at its steady state (kp 1, ti 30 s)',
    input: {
      processJson: {
        fluid: { model: 'SRK', temperature: 298.15, pressure: 50.0, mixingRule: 'classic', components: { methane: 0.85, ethane: 0.1, propane: 0.05 } },
        process: [
          { type: 'Stream', name: 'feed', properties: { flowRate: [10000.0, 'kg/hr'] } },
          { type: 'Separator', name: 'HP Sep', inlet: 'feed' },
        ],
      },
      duration_seconds: 60.0,
      timeStep_seconds: 5.0,
      tuning: { pressure: { kp: 1.0, ti: 30.0 } },
    },
  },
  {
    name: 'separator-feed-step',
    description: 'Rich gas into a two-phase separator with gas and liquid control valves; the feed rises 20 % at 10 s and the PI loops bring pressure and level back',
    input: {
      processJson: {
        fluid: { model: 'SRK', temperature: 298.15, pressure: 50.0, components: { methane: 0.7, ethane: 0.1, propane: 0.08, 'n-butane': 0.05, 'n-hexane': 0.04, 'n-heptane': 0.03 } },
        process: [
          { type: 'Stream', name: 'feed', properties: { flowRate: [10000.0, 'kg/hr'] } },
          { type: 'Separator', name: 'HP Sep', inlet: 'feed' },
          { type: 'ThrottlingValve', name: 'PV-101', inlet: 'HP Sep.gasOut', properties: { outletPressure: [35.0, 'bara'] } },
          { type: 'ThrottlingValve', name: 'LV-101', inlet: 'HP Sep.liquidOut', properties: { outletPressure: [10.0, 'bara'] } },
        ],
      },
      duration_seconds: 120.0,
      timeStep_seconds: 2.0,
      events: [{ time_seconds: 10, type: 'FEED_FLOW_STEP', target: 'feed', value: 1.2 }],
    },
  },
];
