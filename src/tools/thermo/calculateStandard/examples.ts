/** Catalog examples of calculateStandard (category "standards"); each validates and runs. */
import type { ToolExample } from '../../contract/types.js';
import type { CalculateStandardInput } from './schema.js';

const NORTH_SEA_GAS = { methane: 0.9247, ethane: 0.035, propane: 0.0098, 'n-butane': 0.0022, 'i-butane': 0.0034, 'n-pentane': 0.0006, nitrogen: 0.0175, CO2: 0.0068 };
const PIPELINE_GAS = { methane: 0.88, ethane: 0.06, propane: 0.02, nitrogen: 0.02, CO2: 0.02 };

export const STANDARD_EXAMPLES: ToolExample<CalculateStandardInput>[] = [
  {
    name: 'iso6976-gas',
    description: 'ISO 6976:1995 calorific value, Wobbe index and relative density of a natural gas at 15/15 °C',
    input: { standard: 'ISO6976', components: { methane: 0.9, ethane: 0.05, propane: 0.03, nitrogen: 0.01, CO2: 0.01 } },
  },
  {
    name: 'iso6976-2016-25-0',
    description: 'ISO 6976:2016 at combustion 25 °C / metering 0 °C (the German/EU convention)',
    input: { standard: 'ISO6976_2016', components: NORTH_SEA_GAS, energyReferenceTemperature_C: 25, volumeReferenceTemperature_C: 0 },
  },
  {
    name: 'iso6976-2016-60f-mass',
    description: 'ISO 6976:2016 at 60 °F (15.55 °C) on a mass basis',
    input: { standard: 'ISO6976_2016', components: NORTH_SEA_GAS, energyReferenceTemperature_C: 15.55, volumeReferenceTemperature_C: 15.55, calculationType: 'mass' },
  },
  {
    name: 'iso15112-energy',
    description: 'ISO 15112 energy of 1 million m³ (15 °C, 101.325 kPa) of natural gas, calorific value by ISO 6976:2016',
    input: { standard: 'ISO15112', components: NORTH_SEA_GAS, volume_m3: 1.0e6 },
  },
  {
    name: 'iso13443-15-to-25-0',
    description: 'ISO 13443 conversion of volume, calorific value and Wobbe index from 15/15 °C to 25/0 °C reference conditions',
    input: { standard: 'ISO13443', components: NORTH_SEA_GAS, targetEnergyReferenceTemperature_C: 25, targetVolumeReferenceTemperature_C: 0 },
  },
  {
    name: 'iso12213-z-100bar',
    description: 'ISO 12213-2 (AGA8-DC92) compression factor of a pipeline gas at 100 bara and 27 °C',
    input: { standard: 'ISO12213', components: PIPELINE_GAS, temperature_C: 26.85, pressure_bara: 100 },
  },
  {
    name: 'aga7-turbine-meter',
    description: 'AGA 7 turbine meter: 1000 m³ registered at 50 bara / 10 °C converted to 15 °C / 101.325 kPa',
    input: { standard: 'AGA7', components: PIPELINE_GAS, temperature_C: 10, pressure_bara: 50, flowingVolume_m3: 1000 },
  },
  {
    name: 'aga3-orifice',
    description: 'AGA 3 orifice meter: 100 mm bore in a 200 mm run, 25 kPa differential at 50 bara / 10 °C',
    input: { standard: 'AGA3', components: PIPELINE_GAS, temperature_C: 10, pressure_bara: 50, orificeDiameter_mm: 100, pipeDiameter_mm: 200, differentialPressure_kPa: 25 },
  },
  {
    name: 'gpa2145-constants',
    description: 'GPA 2145-16 constants of methane, ethane and CO2',
    input: { standard: 'GPA2145', components: { methane: 0.9, ethane: 0.08, CO2: 0.02 } },
  },
  {
    name: 'gpa2172-heating-value',
    description: 'GPA 2172 gross heating value (Btu/ft³), relative density and Z at 60 °F, 14.73 psia',
    input: { standard: 'GPA2172', components: { methane: 0.9, ethane: 0.05, propane: 0.02, 'n-butane': 0.01, nitrogen: 0.01, CO2: 0.01 }, basePressure_psia: 14.73 },
  },
  {
    name: 'en16726-compliance',
    description: 'EN 16726 Group H compliance of a North Sea gas with a measured water dew point',
    input: { standard: 'EN16726', components: NORTH_SEA_GAS, waterDewPoint_C: -12, hydrocarbonDewPoint_C: -5, methaneNumber: 78 },
  },
  {
    name: 'iso14687-hydrogen-grade-d',
    description: 'ISO 14687 Grade D check of electrolysis hydrogen with traces of water, oxygen and nitrogen',
    input: { standard: 'ISO14687', components: { hydrogen: 0.99995, water: 3e-6, oxygen: 2e-6, nitrogen: 45e-6 } },
  },
];
