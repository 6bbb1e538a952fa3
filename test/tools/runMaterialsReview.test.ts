/**
 * runMaterialsReview: each mechanism's rule at its boundary, the CO2 rate equal to the shared
 * de Waard–Lotz–Milliams function, remaining life by hand, conditions read from the process
 * stream equal to runProcess's, verdict roll-up and refusals.
 */
import t from 'tap';
import { runTool } from '../../src/index.js';
import { co2CorrosionRate } from '../../src/engine/flow-assurance/screening.js';
import { AUTOMATION_PROCESS } from '../../src/tools/process/automation/examples.js';

type Data = Record<string, any>;
const call = async (input: Record<string, unknown>) => (await runTool('runMaterialsReview', input)) as unknown as { status: string; data: Data; errors?: { code: string; field?: string }[]; autoValidation?: Data };
const one = async (item: Record<string, unknown>, extra: Record<string, unknown> = {}) => {
  const r = await call({ items: [{ tag: 'x', ...item }], ...extra });
  if (r.status !== 'success') throw new Error(JSON.stringify(r.errors));
  return r.data.items[0] as Data;
};
const mech = (i: Data, m: string): Data => (i.findings as Data[]).find((f) => f.mechanism === m) as Data;

t.test('CO2 corrosion against the allowance over the design life', async (t) => {
  const base = { material: 'carbon_steel', temperature_C: 60, pressure_bara: 20, co2PartialPressure_bar: 0.5, freeWater: true };
  const rate = co2CorrosionRate(333.15, 20, 0.5).rate;
  const i = await one({ ...base, corrosionAllowance_mm: rate * 25 * 1.0001 });
  t.equal(i.predictedCorrosionRate_mmPerYear, rate);
  t.equal(mech(i, 'CO2_CORROSION').verdict, 'PASS', 'loss just inside the allowance');
  const j = await one({ ...base, corrosionAllowance_mm: rate * 25 * 0.9999 });
  t.equal(mech(j, 'CO2_CORROSION').verdict, 'FAIL', 'loss just beyond it');
  const k = await one({ ...base, corrosionAllowance_mm: rate * 10 * 1.0001 }, { designLifeYears: 10 });
  t.equal(mech(k, 'CO2_CORROSION').verdict, 'PASS', 'a shorter design life');
  const dry = await one({ ...base, freeWater: false, corrosionAllowance_mm: 0 });
  t.equal(mech(dry, 'CO2_CORROSION').verdict, 'PASS');
  t.equal(dry.predictedCorrosionRate_mmPerYear, null, 'no water, no rate');
  const cra = await one({ ...base, material: 'duplex_22Cr', corrosionAllowance_mm: 0 });
  t.equal(mech(cra, 'CO2_CORROSION'), undefined, 'duplex is not screened for CO2 corrosion');
});

t.test('sour service, CUI, chloride SCC and minimum design temperature at their limits', async (t) => {
  const at = (T: number, extra: Record<string, unknown> = {}) => one({ material: 'carbon_steel', temperature_C: T, pressure_bara: 10, ...extra });
  t.equal(mech(await at(20, { h2sPartialPressure_bar: 0.003 }), 'SOUR_SERVICE')?.verdict, 'WARNING', '0.3 kPa is sour');
  t.equal(mech(await at(20, { h2sPartialPressure_bar: 0.00299 }), 'SOUR_SERVICE'), undefined, 'just below is not');
  t.ok(mech(await at(177, { insulated: true }), 'CORROSION_UNDER_INSULATION'), '177 °C insulated CS: CUI range');
  t.notOk(mech(await at(177.1, { insulated: true }), 'CORROSION_UNDER_INSULATION'));
  t.notOk(mech(await at(-12.1, { insulated: true }), 'CORROSION_UNDER_INSULATION'));
  t.notOk(mech(await at(50), 'CORROSION_UNDER_INSULATION'), 'not insulated');
  const ss = (T: number, extra: Record<string, unknown>) => one({ material: 'austenitic_316', temperature_C: T, pressure_bara: 10, ...extra });
  t.equal(mech(await ss(60.1, { freeWater: true }), 'CHLORIDE_SCC')?.verdict, 'FAIL', 'chlorides assumed with free water');
  t.notOk(mech(await ss(60, { freeWater: true }), 'CHLORIDE_SCC'), '60 °C is the limit');
  t.notOk(mech(await ss(80, { freeWater: true, chlorides: false }), 'CHLORIDE_SCC'));
  t.ok(mech(await ss(60, { insulated: true }), 'EXTERNAL_CHLORIDE_SCC'));
  t.notOk(mech(await ss(204.5, { insulated: true }), 'EXTERNAL_CHLORIDE_SCC'));
  t.equal(mech(await at(-30, { minimumDesignTemperature_C: -29 }), 'BELOW_MINIMUM_DESIGN_TEMPERATURE')?.verdict, 'FAIL');
  t.notOk(mech(await at(-29, { minimumDesignTemperature_C: -29 }), 'BELOW_MINIMUM_DESIGN_TEMPERATURE'));
});

t.test('remaining life by API 510/570', async (t) => {
  const base = { material: 'carbon_steel', temperature_C: 50, pressure_bara: 10, nominalThickness_mm: 20, measuredThickness_mm: 17, requiredThickness_mm: 12 };
  const a = await one({ ...base, ageYears: 10 });
  // Long-term rate (20 − 17)/10 = 0.3 mm/y; (17 − 12)/0.3 = 16.67 y ≥ 15 y left of 25.
  t.ok(Math.abs(a.corrosionRateUsed_mmPerYear - 0.3) < 1e-15 && Math.abs(a.remainingLifeYears - 5 / 0.3) < 1e-12);
  t.equal(mech(a, 'REMAINING_LIFE').verdict, 'PASS');
  const b = await one({ ...base, ageYears: 10, inspectionCorrosionRate_mmPerYear: 0.5 });
  t.equal(b.remainingLifeYears, 10, 'the inspection rate wins');
  t.equal(mech(b, 'REMAINING_LIFE').verdict, 'WARNING', '10 y left against 15 y');
  const c = await one({ ...base, measuredThickness_mm: 11.9 });
  t.equal(mech(c, 'REMAINING_LIFE').verdict, 'FAIL');
  t.equal(c.remainingLifeYears, 0);
});

t.test('conditions from the process stream, roll-up, auto-validation', async (t) => {
  const r = await call({ processJson: AUTOMATION_PROCESS, items: [{ tag: 'K', material: 'carbon_steel', stream: 'Export Compressor' }, { tag: 'V', material: 'carbon_steel', stream: 'hp sep.gasOutStream', insulated: true }] });
  t.equal(r.status, 'success', JSON.stringify(r.errors));
  const tOut = (await runTool('getSimulationVariable', { processJson: AUTOMATION_PROCESS, address: 'Export Compressor.outletStream.temperature', unit: 'C' })).data as Data;
  t.ok(Math.abs(r.data.items[0].conditions.temperature_C - tOut.value) < 1e-9, 'the compressor outlet temperature');
  t.equal(r.data.items[0].conditions.pressure_bara, 120);
  t.equal(r.data.items[1].conditions.source.startsWith('HP Sep.gasOut'), true, 'port name matched without case or the Stream suffix');
  t.equal(r.data.overallVerdict, 'WARNING', 'CUI on the separator');
  t.same(r.data.counts, { PASS: 1, WARNING: 1, FAIL: 0 });
  t.equal(r.autoValidation?.overall, 'PASS');
});

t.test('refusals', async (t) => {
  const code = async (input: Record<string, unknown>) => (await call(input)).errors?.[0]?.code;
  t.equal(await code({ items: [{ tag: 'a', material: 'carbon_steel', stream: 'x' }] }), 'MISSING_PROCESS');
  t.equal(await code({ processJson: AUTOMATION_PROCESS, items: [{ tag: 'a', material: 'carbon_steel', stream: 'Nope' }] }), 'STREAM_NOT_FOUND');
  t.equal(await code({ processJson: AUTOMATION_PROCESS, items: [{ tag: 'a', material: 'carbon_steel', stream: 'HP Sep.waterOut' }] }), 'STREAM_NOT_FOUND');
  t.equal(await code({ items: [{ tag: 'a', material: 'carbon_steel' }] }), 'MISSING_FIELD');
  t.equal(await code({ items: [{ tag: 'a', material: 'carbon_steel', temperature_C: 20, pressure_bara: 1, co2PartialPressure_bar: 2 }] }), 'INVALID_INPUT');
  t.equal(await code({ items: [{ tag: 'a', material: 'unobtanium', temperature_C: 20, pressure_bara: 1 }] }), 'SCHEMA_VALIDATION');
});
