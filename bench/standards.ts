/**
 * Standards benchmarks: the cost of one ISO 6976 evaluation (engine call, 8-component gas),
 * and one calculateStandard tool call (schema already validated, envelope built).
 */
import { iso6976 } from '../src/engine/standards/iso6976/index.js';
import { calculateStandardTool } from '../src/tools/thermo/calculateStandard/calculateStandard.js';

const GAS = { methane: 0.9247, ethane: 0.035, propane: 0.0098, 'n-butane': 0.0022, 'i-butane': 0.0034, 'n-pentane': 0.0006, nitrogen: 0.0175, CO2: 0.0068 };

function timeIt(fn: () => unknown, iterations: number): number {
  for (let i = 0; i < Math.min(2000, iterations); i++) fn();
  const t0 = process.hrtime.bigint();
  for (let i = 0; i < iterations; i++) fn();
  return Number(process.hrtime.bigint() - t0) / 1e3 / iterations;
}

export async function benchStandards(): Promise<object[]> {
  const iterations = 50_000;
  const engineUs = timeIt(() => iso6976(GAS, { edition: '2016', combustionTemperatureC: 15, meteringTemperatureC: 15 }), iterations);
  const ctx = { subject: 'bench', profile: 'DESKTOP_ENGINEER', progress: () => {} };
  const toolInput = { standard: 'ISO6976_2016' as const, components: GAS, energyReferenceTemperature_C: 25, volumeReferenceTemperature_C: 0 };
  const toolUs = timeIt(() => calculateStandardTool.run(toolInput as never, ctx), iterations / 5);
  const aga3Input = { standard: 'AGA3' as const, components: { methane: 0.88, ethane: 0.06, propane: 0.02, nitrogen: 0.02, CO2: 0.02 }, temperature_C: 10, pressure_bara: 50, orificeDiameter_mm: 100, pipeDiameter_mm: 200, differentialPressure_kPa: 25 };
  const aga3Us = timeIt(() => calculateStandardTool.run(aga3Input as never, ctx), 2000);
  return [
    { name: 'calculateStandard.aga3.run', unit: 'us', value: Number(aga3Us.toFixed(3)), note: 'two AGA8-DETAIL states + RG iteration', iterations: 2000 },
    { name: 'iso6976.evaluation', unit: 'us', value: Number(engineUs.toFixed(3)), components: 8, edition: '2016', iterations },
    { name: 'calculateStandard.iso6976_2016.run', unit: 'us', value: Number(toolUs.toFixed(3)), components: 8, iterations: iterations / 5 },
  ];
}

// Run directly: node dist/bench/standards.js
if (import.meta.url === `file://${process.argv[1]}`) {
  for (const line of await benchStandards()) console.log(JSON.stringify(line));
}
