/**
 * Adjuster units in runProcess: the adjusted specification is varied until the target result
 * holds; the answer is checked by running the plain flowsheet at the reported value (no
 * adjuster) and reading the target there. Also: two adjusters together, an unreachable target
 * (reported as not converged, never as met), and the refusals.
 */
import t from 'tap';
import { Value } from '@sinclair/typebox/value';
import { runProcess } from '../../src/tools/process/runProcess/runProcess.js';
import { RunProcessOutput } from '../../src/tools/process/runProcess/schema.js';
import { httpStatusFor } from '../../src/tools/contract/envelope.js';
import { validateDefinition } from '../../src/tools/platform/validation/validate-definition.js';

const fluid = { model: 'SRK', temperature: 303.15, pressure: 70, components: { methane: 0.8, ethane: 0.08, propane: 0.05, 'n-butane': 0.03, 'n-pentane': 0.02, 'n-heptane': 0.02 } };
const units = () => [
  { type: 'Stream', name: 'feed', properties: { flowRate: [50000, 'kg/hr'] } },
  { type: 'Cooler', name: 'Cooler', inlet: 'feed', properties: { outTemperature: [10, 'C'] } },
  { type: 'Separator', name: 'Sep', inlet: 'Cooler' },
  { type: 'Compressor', name: 'Comp', inlet: 'Sep.gasOut', properties: { outletPressure: [120, 'bara'], isentropicEfficiency: 0.75 } },
];
const liquidSpec = { type: 'Adjuster', name: 'Liquid spec', properties: { adjustedEquipment: 'Cooler', adjustedVariable: 'outTemperature', targetEquipment: 'Sep.liquidOut', targetVariable: 'massFlow', targetValue: 4000, targetUnit: 'kg/hr' } };
const powerSpec = { type: 'Adjuster', name: 'Power', properties: { adjustedEquipment: 'Comp', adjustedVariable: 'outletPressure', targetEquipment: 'Comp', targetVariable: 'power', targetValue: 1500, targetUnit: 'kW' } };
const data = (env: any) => env.data as any;

t.test('one adjuster: the target holds, and the plain flowsheet at the reported value gives it too', (t) => {
  const env = runProcess({ fluid, process: [...units(), liquidSpec] } as never);
  t.equal(env.status, 'success', JSON.stringify(env.errors ?? []));
  t.ok(Value.Check(RunProcessOutput, env.data), 'output schema');
  const [a] = data(env).adjusters;
  t.equal(a.converged, true);
  t.equal(a.adjustedVariable, 'Cooler.outletTemperature', 'reported by its canonical address');
  t.ok(Math.abs(a.achievedValue - 4000) <= 4000 * 1e-6, `liquid ${a.achievedValue} kg/hr`);
  t.ok(Math.abs(data(env).streams['Sep.liquidOut'].massFlow_kg_hr - a.achievedValue) < 1e-9, 'the streams are at the adjusted value');
  // Independent check: the flowsheet without the adjuster, at the reported setting.
  const plain = units();
  (plain[1]!.properties as Record<string, unknown>).outTemperature = [a.adjustedValue, a.adjustedUnit];
  const again = runProcess({ fluid, process: plain } as never);
  t.ok(Math.abs(data(again).streams['Sep.liquidOut'].massFlow_kg_hr - 4000) <= 4000 * 1e-6, `plain run at ${a.adjustedValue} ${a.adjustedUnit}: ${data(again).streams['Sep.liquidOut'].massFlow_kg_hr} kg/hr`);
  t.end();
});

t.test('two adjusters together: both targets hold', (t) => {
  const env = runProcess({ fluid, process: [...units(), liquidSpec, powerSpec] } as never);
  t.equal(env.status, 'success', JSON.stringify(env.errors ?? []));
  const [a, b] = data(env).adjusters;
  t.ok(a.converged && b.converged, 'both converged');
  t.ok(Math.abs(data(env).streams['Sep.liquidOut'].massFlow_kg_hr - 4000) <= 4000 * 1e-6, 'liquid target');
  t.ok(Math.abs(data(env).units.Comp.power_kW - 1500) <= 1500 * 1e-6, `power ${data(env).units.Comp.power_kW} kW`);
  t.end();
});

t.test('an unreachable target is reported as not converged with the closest result', (t) => {
  const impossible = { ...liquidSpec, properties: { ...liquidSpec.properties, targetValue: 80000 } };
  const env = runProcess({ fluid, process: [...units(), impossible] } as never);
  t.equal(env.status, 'success');
  const [a] = data(env).adjusters;
  t.equal(a.converged, false, 'not converged');
  t.ok(a.achievedValue <= 50000 * (1 + 1e-9), `closest ${a.achievedValue} kg/hr: at most all of the 50 000 kg/hr feed`);
  t.not(a.achievedValue, 80000, 'the target is not claimed');
  t.ok(env.warnings.some((w) => w.code === 'CONVERGENCE_WARNING' && /did not reach/.test(w.message)), 'said so');
  t.end();
});

t.test('refusals: missing fields, a result as the adjusted variable, an unknown unit', (t) => {
  const cases: [string, unknown, string][] = [
    ['missing targetValue', { ...liquidSpec, properties: { ...liquidSpec.properties, targetValue: undefined } }, 'MISSING_ADJUSTER_FIELD'],
    ['result adjusted', { ...liquidSpec, properties: { ...liquidSpec.properties, adjustedEquipment: 'Comp', adjustedVariable: 'power' } }, 'READ_ONLY_VARIABLE'],
    ['unknown unit', { ...liquidSpec, properties: { ...liquidSpec.properties, adjustedEquipment: 'Reboiler' } }, 'UNIT_NOT_FOUND'],
  ];
  for (const [what, adj, code] of cases) {
    const env = runProcess({ fluid, process: [...units(), adj] } as never);
    t.equal(env.status, 'error', what);
    t.equal(env.errors?.[0]?.code, code, `${what}: ${code}`);
    t.equal(httpStatusFor(env), 422, `${what}: 422`);
    t.ok((env.errors?.[0]?.fix ?? '').length > 10, `${what}: fix hint`);
  }
  const unknown = runProcess({ fluid, process: [...units(), { ...liquidSpec, properties: { ...liquidSpec.properties, adjustedEquipment: 'Reboiler' } }] } as never);
  t.match(unknown.errors?.[0]?.fix, /Cooler/, 'the fix lists the units');
  // A one-letter typo is healed as in the automation tools.
  const typo = runProcess({ fluid, process: [...units(), { ...liquidSpec, properties: { ...liquidSpec.properties, adjustedEquipment: 'Coler' } }] } as never);
  t.equal(data(typo).adjusters[0].adjustedVariable, 'Cooler.outletTemperature', 'typo corrected to the unit');
  t.end();
});

const after = { type: 'Cooler', name: 'After', inlet: 'Comp', properties: { outTemperature: [40, 'C'] } };
const follow = { type: 'SetPoint', name: 'Follow', properties: { sourceEquipment: 'Sep.gasOut', sourceVariable: 'temperature', targetEquipment: 'After', targetVariable: 'outTemperature', targetUnit: 'C', multiplier: 1, offset: 25 } };

t.test('SetPoint: a specification follows a result; together with an adjuster, both hold', (t) => {
  const ratio = { type: 'SetPoint', name: 'Ratio', properties: { sourceEquipment: 'Sep', sourceVariable: 'pressure', targetEquipment: 'Comp', targetVariable: 'outletPressure', targetUnit: 'bara', multiplier: 2.5 } };
  const one = runProcess({ fluid, process: [...units(), ratio] } as never);
  t.equal(one.status, 'success', JSON.stringify(one.errors ?? []));
  t.ok(Value.Check(RunProcessOutput, one.data), 'output schema');
  t.ok(Math.abs(data(one).units.Comp.outletPressure_bara - 2.5 * data(one).units.Sep.pressure_bara) < 1e-9, 'compressor discharge = 2.5 × separator pressure');
  const both = runProcess({ fluid, process: [...units(), after, liquidSpec, follow] } as never);
  t.equal(both.status, 'success', JSON.stringify(both.errors ?? []));
  const d = data(both);
  t.ok(d.adjusters[0].converged && d.setPoints[0].converged, 'adjuster and setpoint both converged');
  t.ok(Math.abs(d.streams['Sep.liquidOut'].massFlow_kg_hr - 4000) <= 4000 * 1e-6, 'liquid target holds');
  t.ok(Math.abs(d.units.After.outletTemperature_C - (d.streams['Sep.gasOut'].temperature_C + 25)) < 1e-6, `after-cooler ${d.units.After.outletTemperature_C} °C = separator gas + 25 K`);
  const bad = runProcess({ fluid, process: [...units(), { ...ratio, properties: { ...ratio.properties, targetEquipment: 'Comp', targetVariable: 'power' } }] } as never);
  t.equal(bad.errors?.[0]?.code, 'READ_ONLY_VARIABLE', 'a result cannot be a setpoint target');
  t.end();
});

t.test('validateInput accepts a definition with an Adjuster and a SetPoint', (t) => {
  const r = validateDefinition({ fluid, process: [...units(), after, liquidSpec, follow] });
  t.equal(r.issues.filter((i) => i.code === 'UNSUPPORTED_EQUIPMENT').length, 0);
  t.end();
});
