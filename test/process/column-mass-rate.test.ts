/**
 * Issue 22: a column product rate in mass units (kg/h, t/d…) is met in kg with the solved product
 * composition (its molar mass is not known before the column is solved): the product carries the
 * specified mass flow, and the column is the one the equivalent molar rate gives.
 */
import t from 'tap';
import type { Envelope } from '../../src/tools/contract/envelope.js';
import { runProcess } from '../../src/tools/process/runProcess/runProcess.js';

const run = (input: unknown) => runProcess(input as never) as Envelope<any>;
const FLUID = { model: 'PR', temperature: 300, pressure: 25, components: { methane: 0.02, ethane: 0.18, propane: 0.4, 'n-butane': 0.25, 'n-pentane': 0.15 } };
const column = (props: Record<string, unknown>) => ({
  fluid: FLUID,
  process: [
    { type: 'Stream', name: 'feed', properties: { flowRate: [20000, 'kg/hr'] } },
    { type: 'DistillationColumn', name: 'Deethaniser', inlet: 'feed', properties: { numberOfTrays: 10, feedTray: 5, topPressure: [24, 'bara'], bottomPressure: [24.5, 'bara'], ...props } },
  ],
});

t.test('bottoms and tops by mass rate', async (t) => {
  for (const [key, port, rate] of [['bottomProductFlowRate', 'liquidOut', 16000], ['topProductFlowRate', 'gasOut', 3500]] as const) {
    const spec = key === 'bottomProductFlowRate' ? { refluxRatio: 2 } : { boilupRatio: 2 };
    const env = run(column({ ...spec, [key]: [rate, 'kg/hr'] }));
    t.equal(env.status, 'success', JSON.stringify(env.errors ?? ''));
    const s = env.data.streams[`Deethaniser.${port}`];
    t.ok(Math.abs(s.massFlow_kg_hr / rate - 1) < 1e-8, `${key}: ${s.massFlow_kg_hr} kg/h`);
    t.ok(Math.abs(env.data.massBalance.massBalanceRelativeError) < 1e-10, 'mass balance');
    // The same column specified by the molar rate it gave.
    const molar = run(column({ ...spec, [key]: [s.molarFlow_mol_hr / 1000, 'kmol/hr'] }));
    t.equal(molar.status, 'success', JSON.stringify(molar.errors ?? ''));
    const a = env.data.units.Deethaniser.stages;
    const b = molar.data.units.Deethaniser.stages;
    t.ok(Math.max(...a.map((st: any, k: number) => Math.abs(st.temperature_C - b[k].temperature_C))) < 1e-6, 'the same stage temperatures as the equivalent molar specification');
  }
  const perDay = run(column({ refluxRatio: 2, bottomProductFlowRate: [384, 'tonnes/day'] }));
  t.equal(perDay.status, 'success', JSON.stringify(perDay.errors ?? ''));
  t.ok(Math.abs(perDay.data.streams['Deethaniser.liquidOut'].massFlow_kg_hr / 16000 - 1) < 1e-8, '384 t/d is 16 000 kg/h');
});
