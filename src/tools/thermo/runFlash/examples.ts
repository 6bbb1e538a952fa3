/** runFlash catalog examples (category "flash"); each one runs successfully (tested). */
import type { RunFlashInput } from './schema.js';

/** A natural gas TP flash at 25 °C and 50 bara with SRK; also validateInput's "valid-flash" example. */
export const SIMPLE_GAS_TP_FLASH: RunFlashInput = {
  model: 'SRK',
  temperature: { value: 25, unit: 'C' },
  pressure: { value: 50, unit: 'bara' },
  flashType: 'TP',
  components: { methane: 0.85, ethane: 0.1, propane: 0.05 },
};

/** A natural gas with some C4–C6 (hydrocarbon dew point near room temperature at pipeline pressure). */
const NATURAL_GAS = { nitrogen: 0.01, CO2: 0.02, methane: 0.85, ethane: 0.06, propane: 0.03, 'n-butane': 0.015, 'n-pentane': 0.01, 'n-hexane': 0.005 };

export const RUN_FLASH_EXAMPLES: { name: string; description: string; input: RunFlashInput }[] = [
  {
    name: 'tp-simple-gas',
    description: 'Single-phase natural gas at 25 °C and 50 bara with SRK: density, Z, Cp, viscosity of the gas',
    input: { ...SIMPLE_GAS_TP_FLASH, mixingRule: 'classic' },
  },
  {
    name: 'tp-two-phase',
    description: 'Methane/propane split into gas and oil at −20 °C and 10 bara: phase fractions, compositions and both phases’ properties',
    input: {
      model: 'SRK',
      temperature: { value: -20, unit: 'C' },
      pressure: { value: 10, unit: 'bara' },
      flashType: 'TP',
      components: { methane: 0.5, propane: 0.5 },
    },
  },
  {
    name: 'tp-gas-condensate-pr',
    description: 'Gas condensate with Peng–Robinson at 40 °C and 60 bara',
    input: {
      model: 'PR',
      temperature: { value: 40, unit: 'C' },
      pressure: { value: 60, unit: 'bara' },
      components: { nitrogen: 0.01, CO2: 0.02, methane: 0.75, ethane: 0.08, propane: 0.05, 'n-butane': 0.03, 'n-pentane': 0.02, 'n-heptane': 0.02, nC10: 0.02 },
    },
  },
  {
    name: 'tp-three-phase-water',
    description: 'Gas, oil and free water at 30 °C and 20 bara with the multiphase check switched on',
    input: {
      model: 'SRK',
      temperature: { value: 30, unit: 'C' },
      pressure: { value: 20, unit: 'bara' },
      components: { methane: 0.5, 'n-heptane': 0.2, water: 0.3 },
      multiPhaseCheck: true,
    },
  },
  {
    name: 'ph-valve',
    description:
      'PH flash: the gas of tp-simple-gas (25 °C, 50 bara, H = −220.7 J/mol) throttled to 20 bara at constant enthalpy; the temperature is only the initial guess, the answer is the Joule–Thomson-cooled state (about 7.7 °C)',
    input: {
      model: 'SRK',
      flashType: 'PH',
      temperature: { value: 25, unit: 'C' },
      pressure: { value: 20, unit: 'bara' },
      components: { methane: 0.85, ethane: 0.1, propane: 0.05 },
      enthalpy: { value: -220.7, unit: 'J/mol' },
    },
  },
  {
    name: 'ps-compressor',
    description:
      'PS flash: the same gas at 15 °C and 20 bara (S = −1.0431 kJ/(kg·K), a mass-based spec converted with the feed molar mass) compressed isentropically to 60 bara: the ideal discharge temperature',
    input: {
      model: 'SRK',
      flashType: 'PS',
      pressure: { value: 60, unit: 'bara' },
      components: { methane: 0.85, ethane: 0.1, propane: 0.05 },
      entropy: { value: -1.0431, unit: 'kJ/kgK' },
    },
  },
  {
    name: 'tv-closed-vessel',
    description:
      'TV flash: the gas of tp-simple-gas (25 °C, 50 bara, molar volume 0.43413 L/mol) shut in a rigid vessel and warmed to 60 °C: the molar volume stays, the pressure is solved (about 58.1 bara, in fluid.conditions.overall.pressure)',
    input: {
      model: 'SRK',
      flashType: 'TV',
      temperature: { value: 60, unit: 'C' },
      components: { methane: 0.85, ethane: 0.1, propane: 0.05 },
      volume: { value: 0.43413, unit: 'L/mol' },
    },
  },
  {
    name: 'dew-point-t',
    description:
      'Hydrocarbon dew point of a natural gas at 50 bara (SRK): the temperature is only the initial guess; the answer (about 26.3 °C) is in fluid.conditions.overall.temperature, with the incipient oil at phase fraction 1e-10',
    input: { model: 'SRK', flashType: 'dewPointT', temperature: { value: 0, unit: 'C' }, pressure: { value: 50, unit: 'bara' }, components: NATURAL_GAS },
  },
  {
    name: 'dew-point-p',
    description:
      'Dew-point pressure of the same gas at −10 °C: the pressure is only the initial guess; the LOWER (normal) dew pressure is returned (about 4.46 bara), in fluid.conditions.overall.pressure',
    input: { model: 'SRK', flashType: 'dewPointP', temperature: { value: -10, unit: 'C' }, pressure: { value: 30, unit: 'bara' }, components: NATURAL_GAS },
  },
  {
    name: 'bubble-point-t',
    description: 'Bubble point of an LNG at atmospheric pressure (PR): about −163.9 °C, with the incipient vapour (mostly methane and nitrogen) at phase fraction 1e-10',
    input: {
      model: 'PR',
      flashType: 'bubblePointT',
      temperature: { value: -160, unit: 'C' },
      pressure: { value: 1.01325, unit: 'bara' },
      components: { methane: 0.92, ethane: 0.05, propane: 0.02, nitrogen: 0.01 },
    },
  },
  {
    name: 'bubble-point-p',
    description: 'Bubble-point (saturation) pressure of a live oil at 80 °C (PR): about 109.7 bara; the given pressure is only the initial guess',
    input: {
      model: 'PR',
      flashType: 'bubblePointP',
      temperature: { value: 80, unit: 'C' },
      pressure: { value: 100, unit: 'bara' },
      components: { methane: 0.35, ethane: 0.08, propane: 0.07, 'n-butane': 0.06, 'n-hexane': 0.14, 'n-heptane': 0.16, nC10: 0.14 },
    },
  },
  {
    name: 'hydrate-tp-wet-gas',
    description:
      'Hydrate check of a natural gas with 5 % free water at 10 °C and 100 bara (SRK): the hydrate curve of this feed is at about 20.2 °C, so an sII hydrate forms (about 0.058 mol per mol feed, ~961 kg/m3) and takes up the free water; data.hydrate gives the formation temperature and subcooling',
    input: {
      model: 'SRK',
      flashType: 'hydrateTP',
      temperature: { value: 10, unit: 'C' },
      pressure: { value: 100, unit: 'bara' },
      components: { methane: 0.82, ethane: 0.06, propane: 0.03, 'n-butane': 0.01, CO2: 0.02, nitrogen: 0.01, water: 0.05 },
    },
  },
  {
    name: 'gerg2008-natural-gas',
    description: 'Reference-quality single-phase properties of a natural gas with GERG-2008 at 10 °C and 70 bara',
    input: {
      model: 'GERG2008',
      temperature: { value: 10, unit: 'C' },
      pressure: { value: 70, unit: 'bara' },
      components: { methane: 0.9, ethane: 0.05, propane: 0.02, nitrogen: 0.02, CO2: 0.01 },
    },
  },
];
