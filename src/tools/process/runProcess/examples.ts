/** runProcess catalog examples (category "process"), the original's catalog flowsheets; each runs (tested). */
import type { RunProcessInput } from './schema.js';

/** Lean TEG at 98.6 wt % (near what a 200 °C, 1.2 bara reboiler gives) as mole fractions (TEG 150.17, water 18.015 g/mol), traces elsewhere (every component needs a fraction). */
const LEAN_TEG = { nitrogen: 1e-10, CO2: 1e-10, methane: 1e-10, ethane: 1e-10, propane: 1e-10, water: 0.1073, TEG: 0.8927 };

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

/**
 * The TEG dehydration loop as one converged flowsheet (test/process/teg-loop.test.ts). Not in the
 * catalog above: it takes about 1 s of CPU, and the catalog examples are re-run per variable by
 * the automation tests and mutated by the route fuzz, which would take minutes with it.
 */
export const TEG_DEHYDRATION_LOOP: { name: string; description: string; input: RunProcessInput } = {
    name: 'teg-dehydration-loop',
    description:
      'TEG dehydration with SRK-CPA as one converged flowsheet: contactor, rich flash drum after the lean/rich exchanger, regenerator (stripper with a 200 °C reboiler at 1.2 bara), surge drum with a TEG make-up equal to the losses (Calculator), lean pump and cooler, both loops closed by Recycle units at 1e-9: dry-gas water content, lean TEG purity, make-up rate',
    input: {
      fluid: { model: 'CPA', temperature: 303.15, pressure: 70, components: { nitrogen: 0.01, CO2: 0.02, methane: 0.86, ethane: 0.07, propane: 0.04, water: 7.6e-4, TEG: 1e-14 } },
      process: [
        { type: 'Stream', name: 'wet gas', properties: { flowRate: [5, 'MSm3/day'] } },
        { type: 'Stream', name: 'lean TEG', properties: { flowRate: [6000, 'kg/hr'], temperature: [35, 'C'], pressure: [70, 'bara'], composition: LEAN_TEG } },
        { type: 'Stream', name: 'hot lean TEG', properties: { flowRate: [6000, 'kg/hr'], temperature: [200, 'C'], pressure: [1.2, 'bara'], composition: LEAN_TEG } },
        { type: 'Stream', name: 'makeup TEG', properties: { flowRate: [1, 'kg/hr'], temperature: [35, 'C'], pressure: [1.2, 'bara'], composition: { ...LEAN_TEG, water: 1e-10, TEG: 1 } } },
        { type: 'SimpleTEGAbsorber', name: 'Contactor', inlets: ['wet gas', 'lean TEG'], properties: { numberOfStages: 4, pressure: [70, 'bara'] } },
        { type: 'ThrottlingValve', name: 'Rich valve', inlet: 'Contactor.liquidOut', properties: { outletPressure: [5, 'bara'] } },
        { type: 'HeatExchanger', name: 'Lean/rich HX', inlets: ['Rich valve', 'hot lean TEG'], properties: { UAvalue: 1000 } },
        { type: 'Separator', name: 'Flash drum', inlet: 'Lean/rich HX.hx0' },
        { type: 'ThrottlingValve', name: 'Regen valve', inlet: 'Flash drum.liquidOut', properties: { outletPressure: [1.2, 'bara'] } },
        { type: 'WaterStripperColumn', name: 'Regenerator', inlets: ['Regen valve'], properties: { numberOfStages: 3, pressure: [1.2, 'bara'], reboilerTemperature: [200, 'C'] } },
        { type: 'Calculator', name: 'TEG makeup calculator', properties: { calculatorInputs: ['Contactor.gasOut', 'Flash drum.gasOut', 'Regenerator.gasOut'], calculatorOutput: 'makeup TEG' } },
        { type: 'Mixer', name: 'Surge drum', inlets: ['Regenerator.liquidOut', 'makeup TEG'] },
        { type: 'Recycle', name: 'Hot lean recycle', inlet: 'Surge drum', properties: { outletStream: 'hot lean TEG', tolerance: 1e-9, temperatureTolerance: 1e-6 } },
        { type: 'Pump', name: 'Lean pump', inlet: 'Lean/rich HX.hx1', properties: { outletPressure: [70, 'bara'], isentropicEfficiency: 0.75 } },
        { type: 'Cooler', name: 'Lean cooler', inlet: 'Lean pump', properties: { outTemperature: [35, 'C'] } },
        { type: 'Recycle', name: 'Lean TEG recycle', inlet: 'Lean cooler', properties: { outletStream: 'lean TEG', tolerance: 1e-9, temperatureTolerance: 1e-6 } },
      ],
    },
  };
