/**
 * GERG-2008 through the tools (issue 26): every flash type in runFlash on the full model, the
 * singlePhase option (the ISO 20765-2 / NIST homogeneous state) with its warning, 422 for
 * components outside GERG-2008's 21, the original's spellings, and the fluid-driven tools
 * (property table, envelope, PVT, process, crossValidateModels, validateInput, catalog).
 */
import t from 'tap';
import { runTool } from '../../src/index.js';
import { httpStatusFor, type Envelope } from '../../src/tools/contract/envelope.js';

const GAS = { methane: 0.85, ethane: 0.07, propane: 0.04, 'n-butane': 0.02, 'n-pentane': 0.01, nitrogen: 0.01 };
const WET = { methane: 0.9, ethane: 0.0999, water: 0.0001 };
const data = (e: Envelope<unknown>) => e.data as any;

t.test('runFlash GERG2008: spellings, every flash type, a two-phase feed flashed with GERG-2008 itself', async (t) => {
  for (const model of ['GERG2008', 'gerg2008', 'GERG-2008', 'gerg-2008']) {
    const e = await runTool('runFlash', { model, components: GAS, temperature: { value: -40, unit: 'C' }, pressure: 50 });
    t.equal(e.status, 'success', `${model} accepted`);
    t.same(Object.keys(data(e).fluid.properties).filter((k) => k === 'gas' || k === 'oil'), ['gas', 'oil'], `${model}: two phases`);
  }
  const tp = await runTool('runFlash', { model: 'GERG2008', components: GAS, temperature: 300, pressure: 60 });
  const h = data(tp).fluid.properties.overall.enthalpy.value; // J/mol
  const ph = await runTool('runFlash', { model: 'GERG2008', flashType: 'PH', components: GAS, temperature: 300, pressure: 20, enthalpy: { value: h, unit: 'J/mol' } });
  t.equal(ph.status, 'success', 'PH');
  t.ok(data(ph).fluid.conditions.overall.temperature < 300, 'PH across a valve cools the gas (Joule–Thomson)');
  for (const [flashType, extra] of [
    ['PS', { entropy: { value: -20, unit: 'J/molK' } }],
    ['TV', { volume: { value: 5e-4, unit: 'm3/mol' } }],
    ['dewPointT', {}],
    ['dewPointP', { temperature: 250 }],
    ['bubblePointP', { components: { methane: 0.92, ethane: 0.05, propane: 0.02, nitrogen: 0.01 }, temperature: 140 }],
    ['bubblePointT', { components: { methane: 0.92, ethane: 0.05, propane: 0.02, nitrogen: 0.01 }, pressure: 1.01325 }],
  ] as const) {
    const e = await runTool('runFlash', { model: 'GERG2008', flashType, components: GAS, temperature: 280, pressure: 30, ...extra });
    t.equal(e.status, 'success', `${flashType} computed`);
    t.match(JSON.stringify(e.provenance?.assumptions), /GERG-2008/, `${flashType} provenance names GERG-2008`);
  }
});

t.test('runFlash GERG2008 singlePhase: the homogeneous state, with a warning when GERG-2008 splits the feed', async (t) => {
  const split = await runTool('runFlash', { model: 'GERG2008', components: WET, temperature: { value: -23, unit: 'C' }, pressure: 70 });
  t.same(Object.keys(data(split).fluid.properties).filter((k) => k !== 'overall' && k !== 'density_kgm3' && k !== 'interfacialTension'), ['gas', 'aqueous'], '100 ppm water at −23 °C, 70 bara: water condenses');
  const single = await runTool('runFlash', { model: 'GERG2008', singlePhase: true, components: WET, temperature: { value: -23, unit: 'C' }, pressure: 70 });
  t.equal(single.status, 'success');
  t.ok(single.warnings.some((w) => w.code === 'MODEL_LIMITATION' && /splits this feed/.test(w.message)), 'warning names the split');
  const dry = await runTool('runFlash', { model: 'GERG2008', singlePhase: true, components: GAS, temperature: 300, pressure: 60 });
  t.notOk(dry.warnings.some((w) => /splits this feed/.test(w.message)), 'no split warning for a single-phase feed');
  const flashed = await runTool('runFlash', { model: 'GERG2008', components: GAS, temperature: 300, pressure: 60 });
  const rho = (e: Envelope<unknown>) => data(e).fluid.properties.overall.density.value;
  // Same equation; the option uses GERG-2008's molar masses and gas constant, the flash the component
  // database's molar masses (up to 3e-5 apart) and the engine's R (1.2e-6).
  t.ok(Math.abs(rho(dry) / rho(flashed) - 1) < 1e-4, `single-phase feed: the option and the flash agree (${rho(dry)} vs ${rho(flashed)} kg/m3)`);
});

t.test('GERG2008 refuses components it does not cover (422, each named)', async (t) => {
  const e = await runTool('runFlash', { model: 'GERG2008', components: { methane: 0.9, benzene: 0.05, MEG: 0.05 } });
  t.equal(httpStatusFor(e), 422);
  t.same(e.errors?.map((x) => x.code), ['UNSUPPORTED_COMPONENT', 'UNSUPPORTED_COMPONENT']);
  t.match(e.errors?.[0]?.message, /benzene.*2 such components: benzene, MEG/);
  t.match(e.errors?.[0]?.fix, /n-decane|nC10/);
  const v = await runTool('validateInput', { model: 'GERG2008', components: { methane: 0.9, benzene: 0.1 } });
  t.ok(data(v).issues.some((i: any) => i.code === 'UNSUPPORTED_COMPONENT'), 'validateInput reports it too');
});

t.test('GERG2008 in the fluid-driven tools', async (t) => {
  const table = await runTool('getPropertyTable', { model: 'GERG2008', components: GAS, sweep: 'temperature', sweepFrom: 200, sweepTo: 320, fixedPressure: 50, points: 5 });
  t.equal(data(table).pointsConverged, 5, 'property table: every point');
  const env = await runTool('getPhaseEnvelope', { model: 'GERG2008', components: GAS });
  t.ok(env.status === 'success' && data(env).complete, 'phase envelope complete');
  const pvt = await runTool('runPVT', { experiment: 'CME', model: 'GERG2008', temperature_C: -20, components: GAS, experimentConfig: { pressures_bara: [150, 100, 50] } });
  t.equal(pvt.status, 'success', 'PVT CME');
  const P = { fluid: { model: 'GERG2008', temperature: 300, pressure: 60, components: GAS }, process: [{ type: 'Stream', name: 'feed', properties: { flowRate: [10000, 'kg/hr'] } }, { type: 'Cooler', name: 'c', inlet: 'feed', properties: { outTemperature: [-30, 'C'] } }, { type: 'Separator', name: 'sep', inlet: 'c' }] };
  const proc = await runTool('runProcess', P);
  t.equal(proc.status, 'success', 'runProcess with a GERG-2008 fluid');
  const x = await runTool('crossValidateModels', { baseProcess: P, models: ['SRK', 'GERG-2008'], compareVariables: [{ address: 'sep.gasOutStream.density' }] });
  t.equal(x.status, 'success', 'crossValidateModels compares SRK and GERG-2008');
  const ok = await runTool('validateInput', { model: 'GERG-2008', components: GAS, temperature: 300, pressure: 60 });
  t.equal(data(ok).valid, true, 'validateInput accepts the hyphenated spelling');
  const cat = await runTool('queryDataCatalog', { action: 'listEOSModels' });
  const gerg = data(cat).models.find((m: any) => m.code === 'GERG2008');
  t.match(gerg?.description, /phase equilibrium/, 'catalog describes the full model');
});

t.test('GERG2008 outside its normal range carries an EXTRAPOLATION warning', async (t) => {
  const hot = await runTool('runFlash', { model: 'GERG2008', components: GAS, temperature: 500, pressure: 100 });
  t.ok(hot.warnings.some((w) => w.code === 'EXTRAPOLATION' && /extended range/.test(w.message)), '500 K: extended range');
  const normal = await runTool('runFlash', { model: 'GERG2008', components: GAS, temperature: 300, pressure: 100 });
  t.notOk(normal.warnings.some((w) => w.code === 'EXTRAPOLATION'), '300 K, 100 bar: none');
});
