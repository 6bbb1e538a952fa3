/**
 * The hydrate TP flash of a natural gas holding non-formers (n-pentane, n-hexane: no cage takes
 * them, so all of each stays in the fluid) in excess water, SRK, PR and CPA at 276 K, 60 bara,
 * water fractions 0.8–0.99. At every answer the equilibrium checks of ./hydrate-equilibrium-checks.ts:
 * component balances closed, the fluid's phases in equilibrium, the hydrate's water fugacity equal
 * to the fluid's, occupancies from the fluid's guest fugacities, the fluid left stable as it is.
 * At water 0.8 with SRK/PR the water limits (gas + oil left, no water); otherwise water is left.
 */
import t from 'tap';
import { checkHydrateAnswer, type HydrateModel } from './hydrate-equilibrium-checks.js';

const GAS: Record<string, number> = { methane: 0.08, ethane: 0.008, propane: 0.005, 'i-butane': 0.002, 'n-butane': 0.002, 'n-pentane': 0.002, 'n-hexane': 0.001 };

/** The natural gas with C5+ at water fraction w. */
function gasWith(w: number): Record<string, number> {
  const dry = Object.values(GAS).reduce((a, b) => a + b, 0);
  const out: Record<string, number> = { water: w };
  for (const [k, v] of Object.entries(GAS)) out[k] = (v / dry) * (1 - w);
  return out;
}

for (const model of ['SRK', 'PR', 'CPA'] as HydrateModel[]) {
  t.test(`${model}: natural gas with n-pentane and n-hexane in water, converged and in equilibrium`, (t) => {
    const fractions: number[] = [];
    for (const w of [0.8, 0.9, 0.95, 0.99]) {
      // CPA's hydrate holds fewer guests per water (GF parameters), so water is left at 0.8 too.
      const a = checkHydrateAnswer(t, model, gasWith(w), 276, 60e5, { waterLeft: w >= 0.9 || model === 'CPA' });
      if (a !== undefined) fractions.push(a.beta);
    }
    // Where water is left, the hydrate holds the guests of the gas: its amount falls with the gas in the feed.
    t.ok(fractions.length === 4 && fractions[1] > fractions[2] && fractions[2] > fractions[3], `hydrate fraction falls as water rises (${fractions.map((b) => b.toFixed(4)).join(', ')})`);
    t.end();
  });
}
