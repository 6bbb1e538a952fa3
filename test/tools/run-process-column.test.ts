/**
 * runProcess with columns: DistillationColumn (the original's keys plus reflux/boil-up/rate/purity/
 * recovery specifications and side draws), the absorber and stripper types, strict keys (unknown
 * key 400, missing or conflicting specification 422), outlet ports feeding downstream units, and
 * the column duties in the flowsheet energy balance.
 */
import t from 'tap';
import { httpStatusFor, type Envelope } from '../../src/tools/contract/envelope.js';
import { runProcess } from '../../src/tools/process/runProcess/runProcess.js';
import type { RunProcessInput } from '../../src/tools/process/runProcess/schema.js';

const run = (input: unknown) => runProcess(input as RunProcessInput) as Envelope;
const data = (env: Envelope) => env.data as any;
const FLUID = { model: 'PR', temperature: 300, pressure: 25, components: { methane: 0.02, ethane: 0.18, propane: 0.4, 'n-butane': 0.25, 'n-pentane': 0.15 } };
const deethaniser = (props: Record<string, unknown>, extra: unknown[] = []) => ({
  fluid: FLUID,
  process: [
    { type: 'Stream', name: 'feed', properties: { flowRate: [20000, 'kg/hr'] } },
    { type: 'DistillationColumn', name: 'Deethaniser', inlet: 'feed', properties: { numberOfTrays: 10, feedTray: 5, topPressure: [24, 'bara'], bottomPressure: [24.5, 'bara'], ...props } },
    { type: 'Cooler', name: 'Overhead cooler', inlet: 'Deethaniser.gasOut', properties: { outTemperature: [-20, 'C'] } },
    { type: 'Separator', name: 'C3+ product', inlet: 'Deethaniser.liquidOut' },
    ...extra,
  ],
});

t.test('deethaniser by reflux ratio and bottoms rate: ports, report, balances', async (t) => {
  const env = run(deethaniser({ refluxRatio: 2, bottomProductFlowRate: [325, 'kmol/hr'] }));
  t.equal(env.status, 'success', JSON.stringify(env.errors ?? ''));
  const d = data(env);
  const col = d.units.Deethaniser;
  t.equal(col.type, 'DistillationColumn');
  t.equal(col.numberOfStages, 12, '10 trays + reboiler + condenser');
  t.equal(col.stages.length, 12);
  t.equal(col.stages[0].tray, 0, 'trays listed from the bottom (the reboiler) as the original');
  t.ok(col.stages[0].temperature_C > col.stages[11].temperature_C, 'bottom hotter than top');
  t.ok(col.condenserDuty_kW < 0 && col.reboilerDuty_kW > 0, 'duties');
  t.ok(col.massBalanceRelativeError < 1e-8 && col.energyBalanceRelativeError < 1e-8, 'column balances');
  t.ok(Math.abs(d.streams['Deethaniser.liquidOut'].molarFlow_mol_hr - 3.25e5) < 1e-3, 'bottoms at the specified rate');
  t.ok(d.units['Overhead cooler'].duty_kW < 0, 'the overhead feeds a cooler');
  t.ok(Math.abs(d.massBalance.massBalanceRelativeError) < 1e-10, `flowsheet mass balance ${d.massBalance.massBalanceRelativeError}`);
  t.ok(Math.abs(d.energyBalance.relativeImbalance) < 1e-8, `flowsheet energy balance incl. column duties ${d.energyBalance.relativeImbalance}`);
  const top = d.streams['Deethaniser.gasOut'].composition;
  const bottom = d.streams['Deethaniser.liquidOut'].composition;
  t.ok(top.ethane > 0.5 && bottom.ethane < 0.05, `ethane goes up: top ${top.ethane.toFixed(3)}, bottom ${bottom.ethane.toFixed(4)}`);
});

t.test('the original\'s temperature specifications and a side draw', async (t) => {
  const base = run(deethaniser({ refluxRatio: 2, bottomProductFlowRate: [325, 'kmol/hr'] }));
  const st = data(base).units.Deethaniser.stages;
  const env = run(deethaniser({ condenserTemperature: [st[11].temperature_C, 'C'], reboilerTemperature: [st[0].temperature_C, 'C'] }));
  t.equal(env.status, 'success', JSON.stringify(env.errors ?? ''));
  const again = data(env).units.Deethaniser.stages;
  t.ok(Math.max(...again.map((s: any, k: number) => Math.abs(s.temperature_C - st[k].temperature_C))) < 1e-6, 'the same column from its end temperatures');
  const draw = run(deethaniser({ refluxRatio: 2, bottomProductFlowRate: [300, 'kmol/hr'], sideDraws: [{ tray: 3, phase: 'liquid', flowRate: [20, 'kmol/hr'] }] }, [{ type: 'Separator', name: 'Side product', inlet: 'Deethaniser.sideDraw0' }]));
  t.equal(draw.status, 'success', JSON.stringify(draw.errors ?? ''));
  t.ok(Math.abs(data(draw).streams['Deethaniser.sideDraw0'].molarFlow_mol_hr - 2e4) < 1e-3, 'side draw rate');
  t.ok(Math.abs(data(draw).massBalance.massBalanceRelativeError) < 1e-10, 'mass balance with the side product');
});

t.test('total condenser: the overhead is a liquid at its bubble point', async (t) => {
  const env = run(deethaniser({ totalCondenser: true, refluxRatio: 3, bottomProductFlowRate: [325, 'kmol/hr'] }));
  t.equal(env.status, 'success', JSON.stringify(env.errors ?? ''));
  const top = data(env).streams['Deethaniser.gasOut'];
  t.notOk(top.phases.gas, 'no vapour in the distillate');
  t.ok(Math.abs(data(env).energyBalance.relativeImbalance) < 1e-8, 'energy balance');
});

t.test('given tray pressures equal the linear profile they describe', async (t) => {
  const linear = run(deethaniser({ refluxRatio: 2, bottomProductFlowRate: [325, 'kmol/hr'] }));
  const P = data(linear).units.Deethaniser.stages.map((s: any) => [s.pressure_bara, 'bara']);
  const given = run({ ...deethaniser({}), process: deethaniser({}).process.map((u: any) => (u.name === 'Deethaniser' ? { ...u, properties: { numberOfTrays: 10, feedTray: 5, refluxRatio: 2, bottomProductFlowRate: [325, 'kmol/hr'], trayPressures: P } } : u)) });
  t.equal(given.status, 'success', JSON.stringify(given.errors ?? ''));
  const a = data(linear).units.Deethaniser.stages;
  const b = data(given).units.Deethaniser.stages;
  t.ok(Math.max(...a.map((s: any, k: number) => Math.abs(s.temperature_C - b[k].temperature_C))) < 1e-8, 'same column');
  const short = run({ ...deethaniser({}), process: deethaniser({}).process.map((u: any) => (u.name === 'Deethaniser' ? { ...u, properties: { numberOfTrays: 10, feedTray: 5, refluxRatio: 2, bottomProductFlowRate: [325, 'kmol/hr'], trayPressures: [24, 24.5] } } : u)) });
  t.match(JSON.stringify(short.errors), /trayPressures must give 12 pressures/);
});

t.test('strict keys and specifications', async (t) => {
  const typo = run(deethaniser({ refluxRatoi: 2, bottomProductFlowRate: [325, 'kmol/hr'] }));
  t.equal(httpStatusFor(typo), 400, 'unknown key is 400');
  t.match(JSON.stringify(typo.errors), /refluxRatio/, 'suggests the key');
  const none = run(deethaniser({ refluxRatio: 2 }));
  t.equal(httpStatusFor(none), 422);
  t.match(JSON.stringify(none.errors), /reboiler specification/);
  const two = run(deethaniser({ refluxRatio: 2, condenserDuty: [1, 'MW'], reboilerTemperature: [90, 'C'] }));
  t.equal(two.status, 'error', 'two condenser specifications refused');
  const noTray = run({ ...deethaniser({ refluxRatio: 2, boilupRatio: 1 }), process: [deethaniser({}).process[0], { type: 'DistillationColumn', name: 'C', inlet: 'feed', properties: { refluxRatio: 2, boilupRatio: 1 } }] });
  t.match(JSON.stringify(noTray.errors), /feedTray/, 'the feed tray is required');
  const mass = run(deethaniser({ refluxRatio: 2, bottomProductFlowRate: [60000, 'kg/hr'] }));
  t.match(JSON.stringify(mass.errors), /6\.000e\+4 kg\/h exceeds the column feed 2\.000e\+4 kg\/h/, 'a mass product rate above the feed mass is named as such');
  const tooMuch = run(deethaniser({ refluxRatio: 2, bottomProductFlowRate: [1400, 'kmol/hr'] }));
  t.match(JSON.stringify(tooMuch.errors), /exceeds the column feed/, 'a product rate above the feed is named as such');
  const infeasible = run(deethaniser({ condenserTemperature: [-60, 'C'], reboilerTemperature: [200, 'C'] }));
  t.equal(infeasible.status, 'error', 'infeasible temperatures: an error, not a result');
  t.match(JSON.stringify(infeasible.errors), /COLUMN_NOT_CONVERGED/);
  t.match(JSON.stringify(infeasible.errors), /stage \d+ of 12/);
});

t.test('TEG contactor (SimpleTEGAbsorber, CPA) and a reboiled water stripper', async (t) => {
  const fluid = { model: 'CPA', temperature: 303.15, pressure: 70, components: { methane: 0.9, ethane: 0.05, water: 0.002, TEG: 0.048 } };
  const env = run({
    fluid,
    process: [
      { type: 'Stream', name: 'wet gas', properties: { flowRate: [10000, 'kg/hr'], composition: { methane: 0.92, ethane: 0.0779, water: 0.002, TEG: 0.0001 } } },
      { type: 'Stream', name: 'lean TEG', properties: { flowRate: [300, 'kg/hr'], temperature: [35, 'C'], composition: { methane: 1e-6, ethane: 1e-6, water: 0.01, TEG: 0.98998 } } },
      { type: 'SimpleTEGAbsorber', name: 'Contactor', inlets: ['wet gas', 'lean TEG'], properties: { numberOfStages: 4 } },
      { type: 'ThrottlingValve', name: 'Flash valve', inlet: 'Contactor.liquidOut', properties: { outletPressure: [1.2, 'bara'] } },
      { type: 'WaterStripperColumn', name: 'Regenerator', inlets: ['Flash valve'], properties: { numberOfStages: 3, pressure: [1.2, 'bara'], reboilerTemperature: [200, 'C'] } },
    ],
  });
  t.equal(env.status, 'success', JSON.stringify(env.errors ?? ''));
  if (env.status !== 'success') return;
  const d = data(env);
  const dry = d.streams['Contactor.gasOut'].composition.water;
  t.ok(dry < 1e-4 * 0.5, `water in the gas from 2000 ppm to ${(dry * 1e6).toFixed(1)} ppm`);
  const lean = d.streams['Regenerator.liquidOut'].composition;
  const rich = d.streams['Contactor.liquidOut'].composition;
  t.ok(lean.water < rich.water, `the stripper regenerates the glycol: water ${rich.water.toFixed(4)} → ${lean.water.toFixed(4)}`);
  t.ok(Math.abs(d.massBalance.massBalanceRelativeError) < 1e-10 && Math.abs(d.energyBalance.relativeImbalance) < 1e-8, 'balances');
});
