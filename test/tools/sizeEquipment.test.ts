/**
 * sizeEquipment: the vessel meets the rules it states (gas velocity = vmax through the gas area,
 * hold-up volume below the liquid level, L/D), with the phase densities runFlash gives at the same
 * state; the compressor equals a runProcess compressor with the same polytropic efficiency.
 */
import t from 'tap';
import { Value } from '@sinclair/typebox/value';
import { getTool } from '../../src/tools/registry.js';
import type { Envelope } from '../../src/tools/contract/envelope.js';
import { runFlash } from '../../src/tools/thermo/runFlash/runFlash.js';
import { runProcess } from '../../src/tools/process/runProcess/runProcess.js';

const tool = getTool('sizeEquipment')!;
async function call(input: unknown): Promise<Envelope<any>> {
  const env = (await tool.run(input as never, { subject: 't', profile: 'DESKTOP_ENGINEER', progress: () => {} })) as Envelope<any>;
  if (env.status === 'success') t.ok(Value.Check(tool.output, env.data), 'output schema');
  return env;
}
const GC = { methane: 0.8, ethane: 0.07, propane: 0.04, 'n-butane': 0.02, 'n-heptane': 0.04, 'n-decane': 0.03 };
const SEP = { equipmentType: 'separator', model: 'PR', temperature_C: 30, pressure_bara: 60, components: GC, flowRate: { value: 50000, unit: 'kg/hr' } };

t.test('registered; examples run', async (t) => {
  t.same([tool.tier, tool.category, tool.since], ['advanced', 'CALCULATION', 'v1.2']);
  for (const ex of tool.examples) t.equal((await call(ex.input)).status, 'success', ex.name);
});

t.test('separator: the rules it states hold, with runFlash densities', async (t) => {
  const h = (await call(SEP)).data;
  const b = h.designBasis;
  const f = runFlash({ model: 'PR', temperature: { value: 30, unit: 'C' }, pressure: { value: 60, unit: 'bara' }, components: GC, flashType: 'TP' }).data as any;
  t.ok(Math.abs(b.gasDensity_kg_m3 / f.fluid.properties.gas.density.value - 1) < 1e-9, 'gas density = runFlash');
  t.ok(Math.abs(b.liquidDensity_kg_m3 / f.fluid.properties.oil.density.value - 1) < 1e-9, 'liquid density = runFlash');
  const vmax = b.kFactor_m_s * Math.sqrt((b.liquidDensity_kg_m3 - b.gasDensity_kg_m3) / b.gasDensity_kg_m3);
  t.ok(Math.abs(h.sizing.maxGasVelocity_m_s - vmax) < 1e-12, 'Souders–Brown');
  const D = h.sizing.vesselDiameter_m;
  t.ok(Math.abs(b.gasVolumetricFlow_m3_s / ((Math.PI * D * D) / 8) - vmax) < 1e-9, 'gas through the upper half at vmax');
  t.ok((Math.PI * D * D * h.sizing.vesselLength_m) / 8 >= b.liquidVolumetricFlow_m3_s * 300 * (1 - 1e-12), 'the lower half holds 5 min of liquid');
  t.ok(h.sizing.lengthToDiameter >= 3 - 1e-12);
  const v = (await call({ ...SEP, orientation: 'vertical' })).data;
  const Dv = v.sizing.vesselDiameter_m;
  t.ok(Math.abs(b.gasVolumetricFlow_m3_s / ((Math.PI * Dv * Dv) / 4) - v.sizing.maxGasVelocity_m_s) < 1e-9, 'vertical: through the whole section');
  t.equal(v.designBasis.kFactor_m_s, 0.07);
  const k2 = (await call({ ...SEP, kFactor_m_s: 0.24 })).data;
  t.ok(Math.abs(k2.sizing.vesselDiameter_m * Math.SQRT2 - D) < 1e-9, 'twice K: the diameter over √2');
  t.equal((await call({ ...SEP, temperature_C: 200 })).errors?.[0]?.code, 'SINGLE_PHASE_FEED');
});

t.test('compressor: the same machine as a runProcess compressor', async (t) => {
  const comps = { methane: 0.9, ethane: 0.06, propane: 0.03, nitrogen: 0.01 };
  const d = (await call({ equipmentType: 'compressor', model: 'SRK', temperature_C: 30, pressure_bara: 30, components: comps, flowRate: { value: 100000, unit: 'kg/hr' }, outletPressure_bara: 150, polytropicEfficiency: 0.78 })).data;
  const p = runProcess({
    fluid: { model: 'SRK', temperature: 303.15, pressure: 30, components: comps },
    process: [{ type: 'Stream', name: 'feed', properties: { flowRate: [100000, 'kg/hr'] } }, { type: 'Compressor', name: 'C', inlet: 'feed', properties: { outletPressure: [150, 'bara'], polytropicEfficiency: 0.78 } }],
  } as never).data as any;
  t.ok(Math.abs(d.sizing.power_kW / p.units.C.power_kW - 1) < 1e-12, `power ${d.sizing.power_kW} kW`);
  t.ok(Math.abs(d.sizing.outletTemperature_C - p.units.C.outletTemperature_C) < 1e-9);
  t.same([d.sizing.recommendedStages, d.sizing.pressureRatio], [2, 5]);
  const one = (await call({ equipmentType: 'compressor', components: comps, pressure_bara: 30, outletPressure_bara: 90 })).data;
  t.equal(one.sizing.recommendedStages, 1, 'ratio 3: one stage');
  t.equal((await call({ equipmentType: 'compressor', components: comps, pressure_bara: 30, outletPressure_bara: 20 })).errors?.[0]?.code, 'PROCESS_ERROR');
  t.equal((await call({ equipmentType: 'compressor', components: { unobtainium: 1 } })).errors?.[0]?.code, 'UNKNOWN_COMPONENT');
});
