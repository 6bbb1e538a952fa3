/**
 * Issue 22: the TEG dehydration loop as one converged flowsheet (TEG_DEHYDRATION_LOOP in
 * runProcess/examples.ts): contactor, flash drum, lean/rich exchanger, regenerator, surge drum
 * with the original's make-up Calculator, pump, cooler and two Recycles at 1e-9. Judged from
 * first principles (the original's TEG absorber cannot be run through its runner, see
 * process-units.json notes): closed mass, component and energy balances, make-up equal to the
 * losses, circulation kept, regenerator purity and dry-gas water in the published range.
 */
import t from 'tap';
import { runProcess } from '../../src/tools/process/runProcess/runProcess.js';
import { TEG_DEHYDRATION_LOOP } from '../../src/tools/process/runProcess/examples.js';
import { getTool } from '../../src/tools/registry.js';

const LOOP = TEG_DEHYDRATION_LOOP.input as any;
/** Molar masses, g/mol: TEG read from the pure make-up stream (so the database value), water CODATA. */
const M = { water: 18.01528, TEG: 0 };
/** Ideal-gas molar volume at 15 °C and 1.01325 bar, m3/mol (the standard cubic metre). */
const SM3_PER_MOL = (8.314462618 * 288.15) / 101325;

const env = runProcess(LOOP);
const d = env.data as any;
M.TEG = d.streams['makeup TEG'].molarMass_kg_mol * 1000;
/** mol/h of one component in a stream of the report. */
const molh = (name: string, c: 'water' | 'TEG') => d.streams[name].molarFlow_mol_hr * d.streams[name].composition[c];
/** kg/h of one component in a stream of the report. */
const kgh = (name: string, c: 'water' | 'TEG') => (molh(name, c) * M[c]) / 1000;

t.test('the loop converges with both recycles within their 1e-9 tolerance', async (t) => {
  t.equal(env.status, 'success', JSON.stringify(env.errors ?? ''));
  t.equal(d.recycles.length, 2);
  for (const r of d.recycles) {
    t.ok(r.converged, `${r.name} converged`);
    t.ok(r.flowError <= 1e-9 && r.compositionError <= 1e-9 && r.temperatureError_K <= 1e-6, `${r.name}: flow ${r.flowError}, Σ|Δz| ${r.compositionError}, ΔT ${r.temperatureError_K} K`);
  }
  t.ok(d.iterations >= 2 && d.iterations <= 15, `${d.iterations} passes`);
  t.same(d.feeds, ['wet gas', 'makeup TEG'], 'the guess streams the recycles write into are not feeds');
  t.same([...d.products].sort(), ['Contactor.gasOut', 'Flash drum.gasOut', 'Regenerator.gasOut']);
  t.notOk('TEG makeup calculator' in d.streams, 'the calculator has no stream of its own');
});

t.test('mass, component and energy balances close', async (t) => {
  // Every unit conserves mass to rounding; the loop's residual is what the recycle tolerance leaves.
  t.ok(Math.abs(d.massBalance.massBalanceRelativeError) < 1e-9, `overall mass ${d.massBalance.massBalanceRelativeError}`);
  t.ok(Math.abs(d.energyBalance.relativeImbalance) < 1e-8, `energy ${d.energyBalance.relativeImbalance}`);
  const products = ['Contactor.gasOut', 'Flash drum.gasOut', 'Regenerator.gasOut'];
  const waterOut = products.reduce((a, n) => a + kgh(n, 'water'), 0);
  t.ok(Math.abs(waterOut / kgh('wet gas', 'water') - 1) < 1e-8, `water in ${kgh('wet gas', 'water')} kg/h = out ${waterOut}`);
  // The make-up (the original's Calculator) replaces exactly the TEG the products carry away.
  const tegLost = products.reduce((a, n) => a + molh(n, 'TEG'), 0);
  t.ok(Math.abs(molh('makeup TEG', 'TEG') / tegLost - 1) < 1e-9, `make-up ${molh('makeup TEG', 'TEG')} mol/h TEG = losses ${tegLost}`);
  t.ok(Math.abs(d.units['TEG makeup calculator'].makeupMassFlow_kg_hr / d.streams['makeup TEG'].massFlow_kg_hr - 1) < 1e-12, 'the calculator reports the make-up it set');
  const lostKg = (tegLost * M.TEG) / 1000;
  t.ok(lostKg > 0.1 && lostKg < 10, `TEG losses ${lostKg.toFixed(3)} kg/h`);
  // So the circulating TEG stays what the guess stream declared (6000 kg/h of 98.58 wt %).
  const x = LOOP.process[1].properties.composition;
  const declared = (6000 * x.TEG * 1000) / (x.TEG * M.TEG + x.water * M.water);
  t.ok(Math.abs(molh('lean TEG', 'TEG') / declared - 1) < 1e-6, `TEG circulation ${molh('lean TEG', 'TEG')} mol/h vs declared ${declared}`);
});

t.test('regenerator purity and dry-gas water content are in the published range', async (t) => {
  const lean = d.streams['Regenerator.liquidOut'];
  const wtTEG = kgh('Regenerator.liquidOut', 'TEG') / lean.massFlow_kg_hr;
  // GPSA Engineering Data Book (13th ed.) Fig. 20-60: a reboiler at 204 °C and 1 atm gives
  // 98.6-98.7 wt % TEG without stripping gas; at 200 °C and 1.2 bara slightly less.
  t.ok(wtTEG > 0.982 && wtTEG < 0.988, `lean TEG ${(100 * wtTEG).toFixed(2)} wt %`);
  t.ok(Math.abs(lean.temperature_C - 200) < 1e-6, 'reboiler at its 200 °C specification');
  const dry = d.streams['Contactor.gasOut'];
  const mgSm3 = (dry.composition.water * M.water * 1000) / SM3_PER_MOL;
  const wetMgSm3 = (d.streams['wet gas'].composition.water * M.water * 1000) / SM3_PER_MOL;
  // Saturated gas at 30 °C and 70 bar holds ≈ 0.55-0.65 g/Sm3 (McKetta-Wehe, GPSA Fig. 20-4);
  // a four-stage contactor with ~98.6 wt % TEG at 35 °C gives a few tens of mg/Sm3 (a water dew
  // point near −10 °C), under the 60-110 mg/Sm3 pipeline specifications.
  t.ok(wetMgSm3 > 500 && wetMgSm3 < 650, `wet gas ${wetMgSm3.toFixed(0)} mg/Sm3`);
  t.ok(mgSm3 > 10 && mgSm3 < 60, `dry gas ${mgSm3.toFixed(1)} mg/Sm3`);
  t.ok(mgSm3 < wetMgSm3 / 10, 'the contactor removes more than 90 % of the water');
  const hx = d.units['Lean/rich HX'];
  t.ok(hx.duty_kW > 0 && d.streams['Lean/rich HX.hx1'].temperature_C < 200 && d.streams['Lean/rich HX.hx0'].temperature_C > d.streams['Rich valve'].temperature_C, 'the exchanger heats the rich TEG with the hot lean TEG');
});

t.test('loop definition errors are 422 with the field named', async (t) => {
  const edit = (i: number, props: Record<string, unknown>) => ({ ...LOOP, process: LOOP.process.map((u: any, k: number) => (k === i ? { ...u, properties: { ...u.properties, ...props } } : u)) });
  const calc = LOOP.process.findIndex((u: any) => u.type === 'Calculator');
  const rec = LOOP.process.findIndex((u: any) => u.name === 'Lean TEG recycle');
  for (const [doc, code, field] of [
    [edit(calc, { calculatorOutput: 'Contactor' }), 'INVALID_PROPERTY', `process.${calc}.properties.calculatorOutput`],
    [edit(calc, { calculatorInputs: ['Nowhere.gasOut'] }), 'UNRESOLVED_INLET', `process.${calc}.properties.calculatorInputs.0`],
    [edit(calc, { calculatorInputs: [] }), 'MISSING_PROPERTY', `process.${calc}.properties.calculatorInputs`],
    [edit(rec, { outletStream: 'no such stream' }), 'INVALID_PROPERTY', `process.${rec}.properties.outletStream`],
    [edit(rec, { tolerance: 0.5 }), 'INVALID_PROPERTY', `process.${rec}.properties.tolerance`],
  ] as const) {
    const e = runProcess(doc);
    t.equal(e.status, 'error');
    t.equal(e.errors?.[0]?.code, code, JSON.stringify(e.errors));
    t.equal(e.errors?.[0]?.field, field);
  }
  const ignored = runProcess(edit(calc, { calculationType: 'sum' }));
  t.equal(ignored.errors?.[0]?.code, 'UNSUPPORTED_PROPERTY', 'calculationType: the original ignores it; we refuse it');
});

t.test('the loop through the automation and drawing tools', async (t) => {
  const ctx = { subject: 'test', profile: 'DESKTOP_ENGINEER', progress: () => {} };
  const call = async (name: string, input: unknown) => (await getTool(name)!.run(input as never, ctx as never)) as any;
  const vars = await call('listUnitVariables', { processJson: LOOP, unitName: 'TEG makeup calculator' });
  t.equal(vars.status, 'success', JSON.stringify(vars.errors ?? ''));
  t.same(vars.data.variables.map((v: any) => v.address), ['TEG makeup calculator.calculatedMassFlow']);
  const read = await call('getSimulationVariable', { processJson: LOOP, address: 'TEG makeup calculator.calculatedMassFlow', unit: 'kg/hr' });
  t.equal(read.status, 'success', JSON.stringify(read.errors ?? ''));
  t.ok(Math.abs(read.data.value / d.streams['makeup TEG'].massFlow_kg_hr - 1) < 1e-12, `make-up read back ${read.data.value} kg/h`);
  const drawn = await call('generateVisualization', { type: 'flowsheet', processJson: LOOP });
  t.equal(drawn.status, 'success', JSON.stringify(drawn.errors ?? ''));
  for (const u of LOOP.process) t.ok(drawn.data.mermaid.includes(`"${u.name}"`), `${u.name} drawn`);
});
