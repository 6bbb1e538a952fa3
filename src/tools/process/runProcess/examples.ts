/** runProcess catalog examples (category "process"), the original's catalog flowsheets; each runs (tested). */
import type { RunProcessInput } from './schema.js';

const GAS = { methane: 0.85, ethane: 0.07, propane: 0.03, 'n-butane': 0.02, 'n-pentane': 0.015, nitrogen: 0.01, CO2: 0.005 };

export const RUN_PROCESS_EXAMPLES: { name: string; description: string; input: RunProcessInput }[] = [
  {
    name: 'simple-separation',
    description: 'Feed stream into a two-phase separator: gas and liquid outlet flows, compositions and properties',
    input: {
      fluid: { model: 'SRK', temperature: 298.15, pressure: 50, mixingRule: 'classic', components: { methane: 0.85, ethane: 0.1, propane: 0.03, 'n-butane': 0.015, 'n-pentane': 0.005 } },
      process: [
        { type: 'Stream', name: 'feed', properties: { flowRate: [10000, 'kg/hr'] } },
        { type: 'Separator', name: 'HP Sep', inlet: 'feed' },
      ],
    },
  },
  {
    name: 'compression-with-cooling',
    description: 'Scrubber, compressor at 75 % isentropic efficiency and aftercooler: discharge temperature, shaft power and cooler duty',
    input: {
      fluid: { model: 'SRK', temperature: 303.15, pressure: 20, mixingRule: 'classic', components: GAS },
      process: [
        { type: 'Stream', name: 'feed', properties: { flowRate: [20000, 'kg/hr'] } },
        { type: 'Separator', name: 'Suction Scrubber', inlet: 'feed' },
        { type: 'Compressor', name: 'Compressor', inlet: 'Suction Scrubber.gasOut', properties: { outletPressure: [60, 'bara'], isentropicEfficiency: 0.75 } },
        { type: 'Cooler', name: 'Aftercooler', inlet: 'Compressor', properties: { outTemperature: [35, 'C'] } },
      ],
    },
  },
  {
    name: 'jt-valve-lts',
    description: 'Joule–Thomson valve into a low-temperature separator: outlet temperature and condensed liquid',
    input: {
      fluid: { model: 'PR', temperature: 303.15, pressure: 120, mixingRule: 'classic', components: GAS },
      process: [
        { type: 'Stream', name: 'feed', properties: { flowRate: [5, 'MSm3/day'] } },
        { type: 'ThrottlingValve', name: 'JT Valve', inlet: 'feed', properties: { outletPressure: [60, 'bara'] } },
        { type: 'Separator', name: 'LTS', inlet: 'JT Valve' },
      ],
    },
  },
  {
    name: 'mixer-splitter-recycle',
    description: 'Recycle loop: compressed gas partly recycled to the feed mixer, solved to convergence (tear stream at the Recycle unit)',
    input: {
      fluid: { model: 'SRK', temperature: 298.15, pressure: 70, mixingRule: 'classic', components: { methane: 0.88, ethane: 0.08, propane: 0.04 } },
      process: [
        { type: 'Stream', name: 'feed', properties: { flowRate: [250000, 'kg/hr'] } },
        { type: 'Mixer', name: 'Feed + Recycle', inlets: ['feed', 'Gas Recycle.out'] },
        { type: 'Splitter', name: 'Feed Splitter', inlet: 'Feed + Recycle.out', properties: { splitFactors: [0.6, 0.4] } },
        { type: 'Cooler', name: 'Train A Cooler', inlet: 'Feed Splitter.splitStream_0', properties: { outTemperature: [20, 'C'] } },
        { type: 'ThrottlingValve', name: 'Train B Valve', inlet: 'Feed Splitter.splitStream_1', properties: { outletPressure: [65, 'bara'] } },
        { type: 'Mixer', name: 'Combined Mixer', inlets: ['Train A Cooler.out', 'Train B Valve.out'] },
        { type: 'Separator', name: 'HP Sep', inlet: 'Combined Mixer.out' },
        { type: 'Compressor', name: 'Recycle Comp', inlet: 'HP Sep.gasOut', properties: { outletPressure: [72, 'bara'] } },
        { type: 'Splitter', name: 'Export Splitter', inlet: 'Recycle Comp.out', properties: { splitFactors: [0.95, 0.05] } },
        { type: 'Recycle', name: 'Gas Recycle', inlet: 'Export Splitter.splitStream_1' },
      ],
    },
  },
  {
    name: 'flowline-to-separator',
    description: 'A 5 km, 10-inch flowline rising 20 m (Beggs & Brill, isothermal) into the inlet separator: arrival pressure, holdup and phase split',
    input: {
      fluid: { model: 'PR', temperature: 323.15, pressure: 90, mixingRule: 'classic', components: { methane: 0.8, ethane: 0.07, propane: 0.04, 'n-butane': 0.02, 'n-heptane': 0.05, nitrogen: 0.02 } },
      process: [
        { type: 'Stream', name: 'well', properties: { flowRate: [100000, 'kg/hr'] } },
        { type: 'PipeBeggsAndBrills', name: 'Flowline', inlet: 'well', properties: { length: [5, 'km'], diameter: [10, 'in'], pipeWallRoughness: 4.6e-5, elevation: 20, numberOfIncrements: 20 } },
        { type: 'Separator', name: 'Inlet Sep', inlet: 'Flowline' },
      ],
    },
  },
  {
    name: 'meg-injection-cpa',
    description:
      'Wet gas with free water and lean MEG (90 wt %) injected ahead of a cooler and a three-phase separator, with SRK-CPA: where the water, MEG and dissolved gas go',
    input: {
      fluid: { model: 'CPA', temperature: 313.15, pressure: 90, components: { methane: 0.85, ethane: 0.06, propane: 0.03, CO2: 0.01, water: 0.05 } },
      fluids: { leanMEG: { model: 'CPA', temperature: 313.15, pressure: 90, components: { MEG: 0.723, water: 0.277 } } },
      process: [
        { type: 'Stream', name: 'wet gas', properties: { flowRate: [100000, 'kg/hr'] } },
        { type: 'Stream', name: 'MEG', fluidRef: 'leanMEG', properties: { flowRate: [5000, 'kg/hr'] } },
        { type: 'Mixer', name: 'Injection', inlets: ['wet gas', 'MEG'] },
        { type: 'Cooler', name: 'Cooler', inlet: 'Injection', properties: { outTemperature: [5, 'C'] } },
        { type: 'ThreePhaseSeparator', name: 'Separator', inlet: 'Cooler' },
      ],
    },
  },
];
