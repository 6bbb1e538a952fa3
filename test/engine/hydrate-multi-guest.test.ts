/**
 * The hydrate TP flash of water-rich feeds with several guests, SRK and PR (the cases that ended
 * in FLASH_NOT_CONVERGED before the guest-fugacity solve, ../../src/engine/hydrate/guest-fugacity-solve.ts),
 * and CPA for comparison: a 7-component natural gas at water fractions 0.9–0.99, methane + ethane
 * and methane + propane. At every answer: component balances closed, the fluid's phases in
 * equilibrium, the hydrate's water fugacity equal to the fluid's, occupancies from the fluid's
 * guest fugacities, water left, and the fluid left stable as it is (a TP flash of it gives the
 * same phases). Where the other structure is more stable beside the answer (sI + sII would
 * coexist, not modelled) the result says so and runFlash warns.
 */
import t from 'tap';
import { checkHydrateAnswer, type HydrateModel as Model } from './hydrate-equilibrium-checks.js';
import { executeTool } from '../../src/tools/contract/execute.js';
import { runFlashTool } from '../../src/tools/thermo/runFlash/runFlash.js';

const GAS: Record<string, number> = { methane: 0.8, ethane: 0.06, propane: 0.03, 'i-butane': 0.005, 'n-butane': 0.005, CO2: 0.02, nitrogen: 0.01 };

/** The natural gas with water fraction w. */
function gasWith(w: number): Record<string, number> {
  const dry = Object.values(GAS).reduce((a, b) => a + b, 0);
  const out: Record<string, number> = {};
  for (const [k, v] of Object.entries(GAS)) out[k] = (v / dry) * (1 - w);
  out.water = w;
  return out;
}

const T = 276;
const P = 60e5;

const cases: [Model, Record<string, number>][] = [
  ...(['SRK', 'PR'] as const).flatMap((m) => [0.9, 0.95, 0.97, 0.99].map((w): [Model, Record<string, number>] => [m, gasWith(w)])),
  ['CPA', gasWith(0.95)],
  ['SRK', { methane: 0.09, ethane: 0.01, water: 0.9 }],
  ['PR', { methane: 0.027, ethane: 0.003, water: 0.97 }],
  ['PR', { methane: 0.0285, propane: 0.0015, water: 0.97 }],
  ['SRK', { methane: 0.095, propane: 0.005, water: 0.9 }],
];

t.test('water-rich feeds with several guests: converged, balanced, in equilibrium, the fluid left stable', (t) => {
  for (const [model, comp] of cases) checkHydrateAnswer(t, model, comp, T, P, { waterLeft: true });
  t.end();
});

t.test('runFlash hydrateTP, natural gas at water 0.97 with PR: success, sI + sII coexistence named in a warning', async (t) => {
  const ctx = { subject: 'hydrate-multi-guest-test', profile: 'DESKTOP_ENGINEER', progress: () => {} };
  const input = { model: 'PR', flashType: 'hydrateTP', temperature: { value: T, unit: 'K' }, pressure: { value: P / 1e5, unit: 'bara' }, components: gasWith(0.97) };
  const env = await executeTool(runFlashTool, input, ctx as never);
  t.equal(env.status, 'success', JSON.stringify(env.errors ?? []));
  const h = (env.data as any).hydrate;
  t.ok(h.hydratePhasePresent && h.hydratePhaseFraction > 0.2 && h.hydratePhaseFraction < 0.23, `hydrate fraction ${h.hydratePhaseFraction}`);
  t.ok(h.componentBalanceError < 1e-10, `balance ${h.componentBalanceError}`);
  t.ok(
    (env.warnings ?? []).some((w: { message: string }) => /would form together/.test(w.message)),
    'a warning says the two structures would coexist',
  );
  // Methane + nitrogen: one structure is stable beside the answer, no such warning.
  const env2 = await executeTool(runFlashTool, { ...input, components: { methane: 0.024, nitrogen: 0.006, water: 0.97 } }, ctx as never);
  t.equal(env2.status, 'success');
  t.notOk((env2.warnings ?? []).some((w: { message: string }) => /would form together/.test(w.message)), 'no coexistence warning for methane + nitrogen');
});
