/**
 * The autoValidation block (seed 000 "Auto-Validation Pipeline"): {overall, checks[{rule, status,
 * message}], timestamp}. Real tool results pass; each rule fails (or warns) on a result that
 * breaks it, so no check is decorative.
 */
import t from 'tap';
import { autoValidate } from '../../src/tools/contract/governance/auto-validation.js';
import { success, warning, type Envelope } from '../../src/tools/contract/envelope.js';
import { executeTool } from '../../src/tools/contract/execute.js';
import { getTool } from '../../src/tools/registry.js';

const ctx = { subject: 't', profile: 'DESKTOP_ENGINEER', progress: () => {} };

function env(data: unknown, opts: { model?: string; converged?: boolean; warn?: boolean } = {}): Envelope {
  return success({
    tool: 'x',
    data,
    provenance: { model: opts.model ?? 'SRK', calculationType: 'test', convergence: { converged: opts.converged ?? true, iterations: 5 }, assumptions: [], limitations: [], computationTimeMs: 1 },
    warnings: opts.warn ? [warning('NEAR_CRITICAL', 'close to the critical point')] : [],
  });
}

const rule = (av: ReturnType<typeof autoValidate>, name: string) => av.checks.find((c) => c.rule === name);

const flashLike = (over: Record<string, unknown> = {}) => ({
  fluid: {
    conditions: {
      temperature_K: 300,
      overall: { pressure: 50, phaseFraction: 1 },
      gas: { phaseFraction: 0.7 },
      oil: { phaseFraction: 0.3 },
    },
    properties: { gas: { density: { value: 40, unit: 'kg/m3' }, compressibilityFactor: { value: 0.9, unit: '' } }, oil: { density: { value: 600, unit: 'kg/m3' } } },
    composition: { overall: { methane: { value: 0.8 }, propane: { value: 0.2 } }, gas: { methane: { value: 0.95 }, propane: { value: 0.05 } } },
  },
  ...over,
});

t.test('shape: overall, checks with rule/status/message, ISO timestamp', async (t) => {
  const av = autoValidate('flash', env(flashLike()));
  t.equal(av.overall, 'PASS');
  t.ok(av.checks.length >= 5);
  for (const c of av.checks) t.match(c, { rule: String, status: /^(PASS|WARNING|FAIL)$/, message: String });
  t.ok(!Number.isNaN(Date.parse(av.timestamp)) && av.timestamp.endsWith('Z'));
});

t.test('each rule catches what it is for', async (t) => {
  const badFractions = flashLike();
  (badFractions.fluid.conditions as any).oil.phaseFraction = 0.4;
  t.equal(rule(autoValidate('flash', env(badFractions)), 'phase_fractions')?.status, 'FAIL', 'phase fractions summing to 1.1');
  const outOfRange = flashLike();
  (outOfRange.fluid.conditions as any).gas.phaseFraction = 1.2;
  t.equal(rule(autoValidate('flash', env(outOfRange)), 'phase_fractions')?.status, 'FAIL', 'fraction above 1');

  const badComp = flashLike();
  (badComp.fluid.composition as any).gas.propane.value = 0.2;
  t.equal(rule(autoValidate('flash', env(badComp)), 'composition_sum')?.status, 'FAIL');

  const negDensity = flashLike();
  (negDensity.fluid.properties as any).oil.density.value = -5;
  t.equal(rule(autoValidate('flash', env(negDensity)), 'positive_properties')?.status, 'FAIL');

  const nan = flashLike({ extra: { enthalpy: Number.NaN } });
  const avNan = autoValidate('flash', env(nan));
  t.equal(rule(avNan, 'finite_values')?.status, 'FAIL');
  t.equal(avNan.overall, 'FAIL');

  t.equal(rule(autoValidate('flash', env(flashLike(), { converged: false })), 'convergence')?.status, 'FAIL');

  const cold = flashLike();
  (cold.fluid.conditions as any).temperature_K = 60;
  const avCold = autoValidate('flash', env(cold));
  t.equal(rule(avCold, 'operating_range')?.status, 'WARNING', 'below the validated temperature range');
  t.equal(avCold.overall, 'WARNING');

  const highP = flashLike();
  (highP.fluid.conditions as any).overall.pressure = 700;
  t.match(rule(autoValidate('flash', env(highP, { model: 'PR' })), 'operating_range'), { status: 'WARNING', message: /PR above 500 bar/ });
  t.equal(rule(autoValidate('flash', env(highP, { model: 'GERG2008' })), 'operating_range')?.status, 'PASS', 'GERG-2008 is fine at 700 bar');

  t.equal(rule(autoValidate('flash', env(flashLike(), { warn: true })), 'model_applicability')?.status, 'WARNING');
});

t.test('process mass balance and standards plausibility', async (t) => {
  t.equal(rule(autoValidate('process', env({ totalInletMassFlow: 1000, totalOutletMassFlow: 1000.2 })), 'mass_balance')?.status, 'PASS');
  t.equal(rule(autoValidate('process', env({ totalInletMassFlow: 1000, totalOutletMassFlow: 990 })), 'mass_balance')?.status, 'FAIL');
  t.equal(rule(autoValidate('general', env({ totalInletMassFlow: 1000, totalOutletMassFlow: 990 })), 'mass_balance'), undefined, 'not a process context');

  const std = { results: { superiorCalorificValue_MJ_Sm3: 38.41, inferiorCalorificValue_MJ_Sm3: 34.63, relativeDensity: 0.6014, superiorWobbeIndex_MJ_Sm3: 38.41 / Math.sqrt(0.6014) } };
  const ok = autoValidate('general', env(std));
  t.equal(rule(ok, 'heating_value_plausibility')?.status, 'PASS');
  t.equal(rule(ok, 'wobbe_plausibility')?.status, 'PASS');
  const swapped = { results: { ...std.results, inferiorCalorificValue_MJ_Sm3: 40 } };
  t.equal(rule(autoValidate('general', env(swapped)), 'heating_value_plausibility')?.status, 'FAIL', 'NCV above GCV');
  const inconsistent = { results: { ...std.results, superiorWobbeIndex_MJ_Sm3: 45 } };
  t.equal(rule(autoValidate('general', env(inconsistent)), 'wobbe_plausibility')?.status, 'FAIL', 'Wobbe != GCV/sqrt(d)');
});

t.test('real runFlash and calculateStandard results pass through executeTool', async (t) => {
  const flash = getTool('runFlash');
  if (flash !== undefined) {
    const r = await executeTool(flash, { model: 'SRK', temperature: { value: -20, unit: 'C' }, pressure: { value: 50, unit: 'bara' }, components: { methane: 0.7, propane: 0.2, 'n-heptane': 0.1 } }, ctx);
    t.equal(r.status, 'success');
    t.equal(r.autoValidation?.overall, 'PASS', JSON.stringify(r.autoValidation));
    t.ok(r.autoValidation?.checks.some((c) => c.rule === 'phase_fractions'), 'two-phase fractions were checked');
  }
  const standard = getTool('calculateStandard');
  if (standard !== undefined) {
    const r = await executeTool(standard, { standard: 'ISO6976_2016', components: { methane: 0.9, ethane: 0.06, propane: 0.02, nitrogen: 0.01, CO2: 0.01 } }, ctx);
    t.equal(r.autoValidation?.overall, 'PASS', JSON.stringify(r.autoValidation));
    t.ok(r.autoValidation?.checks.some((c) => c.rule === 'wobbe_plausibility'));
  }
});
