/**
 * Property test: any input shaped roughly like a calculateStandard call ends in 200, 400 or 422
 * with a structured error, never an exception, a 500 or a non-finite number in the payload.
 */
import t from 'tap';
import fc from 'fast-check';
import { executeTool } from '../../src/tools/contract/execute.js';
import { httpStatusFor } from '../../src/tools/contract/envelope.js';
import { calculateStandardTool } from '../../src/tools/thermo/calculateStandard/calculateStandard.js';
import { CONTRACT_STANDARDS } from '../../src/tools/thermo/calculateStandard/codes.js';

const ctx = { subject: 'fuzz', profile: 'DESKTOP_ENGINEER', progress: () => {} };
const NAMES = ['methane', 'ethane', 'propane', 'i-butane', 'n-butane', 'nitrogen', 'CO2', 'H2S', 'hydrogen', 'water', 'helium', 'oxygen', 'nC10', 'kryptonite', 'CO'];

function finiteEverywhere(v: unknown): boolean {
  if (typeof v === 'number') return Number.isFinite(v);
  if (Array.isArray(v)) return v.every(finiteEverywhere);
  if (v !== null && typeof v === 'object') return Object.values(v).every(finiteEverywhere);
  return true;
}

t.test('random calls never escape the envelope', async (t) => {
  const composition = fc.dictionary(fc.constantFrom(...NAMES), fc.oneof(fc.double({ min: 0, max: 1, noNaN: true }), fc.constantFrom(0, 1e-9, 100)), { minKeys: 1, maxKeys: 6 });
  const input = fc.record(
    {
      standard: fc.oneof(fc.constantFrom(...CONTRACT_STANDARDS), fc.constant('NOPE')),
      components: composition,
      temperature_C: fc.double({ min: -300, max: 500, noNaN: true }),
      pressure_bara: fc.double({ min: 0.001, max: 2000, noNaN: true }),
      volumeReferenceTemperature_C: fc.constantFrom(0, 15, 15.55, 20, 25, 37),
      energyReferenceTemperature_C: fc.constantFrom(0, 15, 15.55, 20, 25, -5),
      volume_m3: fc.double({ min: 1e-6, max: 1e9, noNaN: true }),
      flowingVolume_m3: fc.double({ min: 0, max: 1e6, noNaN: true }),
      orificeDiameter_mm: fc.double({ min: 1, max: 500, noNaN: true }),
      pipeDiameter_mm: fc.double({ min: 10, max: 1000, noNaN: true }),
      differentialPressure_kPa: fc.double({ min: 1e-3, max: 500, noNaN: true }),
    },
    { requiredKeys: ['standard', 'components'] },
  );
  await fc.assert(
    fc.asyncProperty(input, async (i) => {
      const env = await executeTool(calculateStandardTool, i, ctx);
      const status = httpStatusFor(env);
      if (![200, 400, 422].includes(status)) return false;
      if (status !== 200) return (env.errors ?? []).length > 0 && env.errors!.every((e) => e.code.length > 0 && e.fix.length > 0);
      return finiteEverywhere(env.data);
    }),
    { numRuns: 300, seed: 6976 },
  );
  t.pass('300 random calls stayed inside the envelope');
});
