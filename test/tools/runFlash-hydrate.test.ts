/**
 * runFlash flashType hydrateTP through the tool executor: the "gas hydrate" phase in the flash
 * payload (fractions on the feed basis, composition, density, overall without enthalpy), the
 * data.hydrate block, schema and auto-validation, errors; and the original's answers on
 * reference/neqsim/hydrate.json: its hydrate formation temperatures (a direct NeqSim call
 * recorded beside each case) and whether a hydrate forms, for SRK, PR and CPA with the
 * original's CPA rule (CLASSIC_TX_CPA). The original's hydrate amount and
 * composition are not compared: its TPHydrateFlash puts all the water into an sI hydrate at full
 * occupancy and does not conserve mass (spec/neqsim-physics.md), which our equilibrium does not copy.
 */
import t from 'tap';
import { Value } from '@sinclair/typebox/value';
import { httpStatusFor, type Envelope } from '../../src/tools/contract/envelope.js';
import { executeTool } from '../../src/tools/contract/execute.js';
import { runFlashTool } from '../../src/tools/thermo/runFlash/runFlash.js';
import { RunFlashOutput } from '../../src/tools/thermo/runFlash/schema.js';
import { loadReference } from '../helpers/reference.js';

const ctx = { subject: 'hydrate-test', profile: 'DESKTOP_ENGINEER', progress: () => {} };
const run = (input: unknown): Promise<Envelope> => executeTool(runFlashTool, input, ctx as never);
const data = (env: Envelope): any => env.data as any;

const GAS_WATER = { methane: 0.8, ethane: 0.06, propane: 0.03, 'i-butane': 0.005, 'n-butane': 0.005, CO2: 0.02, nitrogen: 0.01, water: 0.07 };

t.test('hydrate below the curve: one more phase, fractions on the feed basis, balances, schema, auto-validation', async (t) => {
  const env = await run({ model: 'SRK', flashType: 'hydrateTP', temperature: { value: 10, unit: 'C' }, pressure: { value: 100, unit: 'bara' }, components: GAS_WATER });
  t.equal(env.status, 'success', JSON.stringify(env.errors ?? []));
  t.ok(Value.Check(RunFlashOutput, env.data), `output matches the schema ${JSON.stringify([...Value.Errors(RunFlashOutput, env.data)].slice(0, 2))}`);
  const d = data(env);
  t.equal(d.flash.phases.at(-1), 'gas hydrate', 'the hydrate is the last phase');
  t.equal(d.flash.numberOfPhases, d.flash.phases.length);
  const h = d.hydrate;
  t.equal(h.hydratePhasePresent, true);
  t.equal(h.structure, 'sII', 'propane and butanes make sII');
  t.ok(h.subcooling_K > 0, `inside the hydrate region: subcooling ${h.subcooling_K} K`);
  t.ok(Math.abs(h.hydrateFormationTemperature_K - 273.15 - h.hydrateFormationTemperature_C) < 1e-12);
  t.ok(h.drivingForce < 0);
  t.ok(h.componentBalanceError < 1e-12, `component balance ${h.componentBalanceError}`);
  let beta = 0;
  let mass = 0;
  for (const p of d.flash.phases) {
    beta += d.fluid.conditions[p].phaseFraction;
    mass += d.fluid.conditions[p]['mass flow'];
  }
  t.ok(Math.abs(beta - 1) < 1e-12, `phase fractions sum to 1 (${beta})`);
  t.ok(Math.abs(mass - d.fluid.conditions.overall['mass flow']) < 1e-9 * mass, 'phase mass flows add up to the feed');
  t.equal(d.fluid.conditions['gas hydrate'].phaseFraction, h.hydratePhaseFraction);
  // Component balance over the reported phases: Σ β_k x_ik = z_i.
  for (const [name, z] of Object.entries(GAS_WATER)) {
    let sum = 0;
    for (const p of d.flash.phases) sum += d.fluid.conditions[p].phaseFraction * d.fluid.composition[p][name].value;
    t.ok(Math.abs(sum - z) < 1e-10, `${name}: Σβx = ${sum} vs feed ${z}`);
  }
  const hp = d.fluid.properties['gas hydrate'];
  t.equal(hp.density.value, h.density_kg_m3);
  t.ok(Math.abs(hp.molarVolume.value * hp.density.value - hp.molarMass.value) < 1e-15, 'molar volume = M/ρ');
  t.notOk('enthalpy' in d.fluid.properties.overall, 'no overall enthalpy with a hydrate present');
  t.notOk('enthalpy' in d.fluid.conditions.overall);
  // Overall density: feed mass over the volume of all phases.
  let volume = 0;
  for (const p of d.flash.phases) volume += d.fluid.conditions[p].phaseFraction * d.fluid.properties[p].molarVolume.value;
  t.ok(Math.abs(d.fluid.properties.overall.density.value - d.fluid.properties.overall.molarMass.value / volume) < 1e-9, 'overall density over all phases');
  t.ok(env.warnings.some((w) => w.code === 'HYDRATE_APPROXIMATE'), 'HYDRATE_APPROXIMATE stated');
  t.equal(env.autoValidation?.overall, 'PASS', `auto-validation ${JSON.stringify(env.autoValidation?.checks)}`);
  t.match(env.provenance?.assumptions.join(' '), /van der Waals–Platteeuw/);
  t.end();
});

t.test('above the curve: the fluid flash, no hydrate phase, formation temperature and negative subcooling', async (t) => {
  const env = await run({ model: 'PR', flashType: 'hydrateTP', temperature: { value: 30, unit: 'C' }, pressure: { value: 100, unit: 'bara' }, components: GAS_WATER });
  t.equal(env.status, 'success');
  const d = data(env);
  t.notOk(d.flash.phases.includes('gas hydrate'));
  t.same(d.flash.phases, ['gas', 'aqueous'], 'gas and free water');
  t.equal(d.hydrate.hydratePhasePresent, false);
  t.equal(d.hydrate.hydratePhaseFraction, 0);
  t.ok(d.hydrate.subcooling_K < 0 && d.hydrate.drivingForce > 0);
  t.ok('enthalpy' in d.fluid.properties.overall, 'overall enthalpy reported without hydrate');
  // Same state as a plain TP flash with the multiphase check.
  const tp = await run({ model: 'PR', flashType: 'TP', temperature: { value: 30, unit: 'C' }, pressure: { value: 100, unit: 'bara' }, components: GAS_WATER, multiPhaseCheck: true });
  t.ok(Math.abs(data(tp).fluid.conditions.gas.phaseFraction - d.fluid.conditions.gas.phaseFraction) < 1e-12, 'phase split as the TP flash');
  t.end();
});

t.test('no water, errors and limits', async (t) => {
  const dry = await run({ flashType: 'hydrateTP', temperature: 275, pressure: 100, components: { methane: 0.9, ethane: 0.1 } });
  t.equal(dry.status, 'success', 'a dry gas is answered: no hydrate can form');
  t.equal(data(dry).hydrate.hydratePhasePresent, false);
  t.match(data(dry).hydrate.reason, /no water/);
  t.ok(dry.warnings.some((w) => w.code === 'HYDRATE_APPROXIMATE' && /No hydrate check/.test(w.message)));
  const cold = await run({ flashType: 'hydrateTP', temperature: { value: -50, unit: 'C' }, pressure: 100, components: GAS_WATER });
  t.equal(cold.status, 'error');
  t.equal(cold.errors?.[0]?.code, 'HYDRATE_OUT_OF_RANGE');
  t.match(cold.errors?.[0]?.fix, /235 K/);
  t.equal(httpStatusFor(cold), 422);
  const gerg = await run({ model: 'GERG2008', flashType: 'hydrateTP', temperature: 275, pressure: 100, components: { methane: 0.9, water: 0.1 } });
  t.equal(gerg.status, 'success', 'GERG-2008 takes a hydrate TP flash too (fluid phases from the full model)');
  t.end();
});

interface HydrateCase {
  id: string;
  input: { model: string; mixingRule?: string; temperature: { value: number }; pressure: { value: number }; components: Record<string, number> };
  expected: { hydratePhasePresent: boolean; phaseDensities_kg_m3: Record<string, number>; phases: string[] };
  supplementary_direct_api: { hydrateFormationTemperature_C: number };
}

t.test('the original on reference/neqsim/hydrate.json: formation temperature and presence', async (t) => {
  const ref = loadReference<{ cases: HydrateCase[] }>(t, 'neqsim/hydrate.json');
  if (ref === undefined) return;
  let compared = 0;
  for (const c of ref.cases) {
    const env = await run(c.input);
    if (c.input.model === 'CPA' && c.input.mixingRule !== 'CLASSIC_TX_CPA') {
      // The original's MCP "classic" drops the T term of the CPA kij (water–methane −0.83): its
      // fluid is not ours, so only the outcome is checked (README, "CPA").
      t.equal(env.status, 'success', `${c.id}: CPA with classic answered`);
      continue;
    }
    t.equal(env.status, 'success', `${c.id}: ${JSON.stringify(env.errors ?? [])}`);
    if (env.status !== 'success') continue;
    const h = data(env).hydrate;
    const expectedT = c.supplementary_direct_api.hydrateFormationTemperature_C;
    // Same model and parameters (PVTsim hydrate on SRK/PR, GF hydrate on CPA with the original's
    // CPA rule): the same curve to well within the original's own convergence.
    t.ok(Math.abs(h.hydrateFormationTemperature_C - expectedT) < 1e-3, `${c.id} ${c.input.model}: formation temperature ${h.hydrateFormationTemperature_C} °C vs the original's ${expectedT}`);
    t.equal(h.hydratePhasePresent, c.expected.hydratePhasePresent, `${c.id}: hydrate present as in the original`);
    if (c.expected.hydratePhasePresent) {
      // The original reports 940 kg/m3 for sII and 910 for sI (its constant densities).
      const originalStructure = c.expected.phaseDensities_kg_m3['gas hydrate'] === 940 ? 'sII' : 'sI';
      t.equal(h.structure, originalStructure, `${c.id}: structure as the original's`);
    } else {
      // No hydrate: the state is the TP flash the original reports, to its printed precision.
      t.same(data(env).flash.phases, c.expected.phases, `${c.id}: phases`);
    }
    compared++;
  }
  t.ok(compared > 0, `${compared} SRK/PR/CPA cases compared`);
  t.end();
});
