/**
 * validateResults: every rule of the table fires at its limit and not below it, severities and
 * verdicts as the original's, units honoured (K and Pa keys, {value, unit} leaves), nested lookup
 * order, JSON text input, and a runFlash result checked as it comes.
 */
import t from 'tap';
import { Value } from '@sinclair/typebox/value';
import { getTool } from '../../src/tools/registry.js';
import { validateResults } from '../../src/tools/platform/validateResults.js';
import { runFlash } from '../../src/tools/thermo/runFlash/runFlash.js';

const codes = (r: unknown) => ((validateResults({ resultsJson: r }).data as any).findings as { code: string }[]).map((f) => f.code).sort();

t.test('registered as a core ADVISORY inline tool; the example conforms to the schemas', async (t) => {
  const tool = getTool('validateResults')!;
  t.match(tool, { tier: 'core', category: 'ADVISORY', execution: 'inline' });
  for (const ex of tool.examples) {
    t.ok(Value.Check(tool.input, ex.input), `${ex.name}: input`);
    const env = await tool.run(ex.input, { subject: 't', profile: 't', progress: () => {} });
    t.ok(Value.Check(tool.output, env.data), `${ex.name}: output`);
    t.same(((env.data as any).findings as any[]).map((f) => f.code).sort(), ['HIGH_COMPRESSION_RATIO', 'HIGH_DISCHARGE_TEMP']);
  }
  t.end();
});

t.test('each rule fires beyond its limit and not at it', (t) => {
  const cases: [string, Record<string, unknown>, Record<string, unknown>, string[], string[]?][] = [
    ['temperature too low', { temperature: -274 }, { temperature: -273.15 }, ['OUT_OF_RANGE'], ['LOW_TEMPERATURE']],
    ['temperature too high', { temperature: 1501 }, { temperature: 1500 }, ['OUT_OF_RANGE']],
    ['cold', { temperature: -40.1 }, { temperature: -40 }, ['LOW_TEMPERATURE']],
    ['hot discharge', { outletTemperature: 200.1 }, { outletTemperature: 200 }, ['HIGH_DISCHARGE_TEMP']],
    ['negative pressure', { pressure: -0.1 }, { pressure: 0.01 }, ['NEGATIVE_PRESSURE']],
    ['near vacuum', { pressure: 0.009 }, { pressure: 0.01 }, ['NEAR_VACUUM']],
    ['very high pressure', { pressure: 1000.1 }, { pressure: 1000 }, ['VERY_HIGH_PRESSURE']],
    ['low efficiency', { polytropicEfficiency: 0.49 }, { polytropicEfficiency: 0.5 }, ['LOW_EFFICIENCY']],
    ['high efficiency', { isentropicEfficiency: 0.951 }, { isentropicEfficiency: 0.95 }, ['HIGH_EFFICIENCY']],
    ['compression ratio', { compressionRatio: 4.51 }, { compressionRatio: 4.5 }, ['HIGH_COMPRESSION_RATIO']],
    ['power', { power: 50001 }, { power: 50000 }, ['HIGH_POWER']],
    ['residence time', { liquidResidenceTime: 59 }, { liquidResidenceTime: 60 }, ['LOW_RESIDENCE_TIME']],
    ['gas velocity', { gasVelocity: 5.1 }, { gasVelocity: 5 }, ['HIGH_GAS_VELOCITY']],
    ['approach', { approachTemperature: 2.9 }, { approachTemperature: 3 }, ['LOW_APPROACH_TEMP']],
    ['infeasible approach', { approachTemperature: 0.9 }, { approachTemperature: 1 }, ['INFEASIBLE_APPROACH', 'LOW_APPROACH_TEMP'], ['LOW_APPROACH_TEMP']],
    ['negative duty', { duty: -1 }, { duty: 0 }, ['NEGATIVE_DUTY']],
    ['high velocity', { fluidVelocity: 25.1 }, { fluidVelocity: 25 }, ['HIGH_VELOCITY']],
    ['low velocity', { velocity: 0.9 }, { velocity: 1 }, ['LOW_VELOCITY']],
    ['pressure drop', { pressureDrop: 2.1, inletPressure: 10 }, { pressureDrop: 2, inletPressure: 10 }, ['HIGH_DP_RATIO']],
    ['water dew point', { temperature: 4, waterDewPoint: 5 }, { temperature: 5, waterDewPoint: 5 }, ['WATER_CONDENSATION']],
    ['mass balance', { massBalanceError: -0.011 }, { massBalanceError: 0.01 }, ['MASS_BALANCE']],
    ['energy balance', { energyBalanceError: 0.051 }, { energyBalanceError: -0.05 }, ['ENERGY_BALANCE']],
    ['not converged', { converged: false }, { converged: true }, ['NOT_CONVERGED']],
  ];
  for (const [what, beyond, at, expected, atLimit = []] of cases) {
    t.same(codes(beyond), expected, `${what}: ${expected.join(', ')}`);
    t.same(codes(at), atLimit, `${what}: at the limit only ${atLimit.join(', ') || 'nothing'}`);
  }
  t.end();
});

t.test('severities, counts and verdicts', (t) => {
  const fail = validateResults({ resultsJson: { converged: false, duty: -5, gasVelocity: 9 }, context: 'separator' }).data as any;
  t.match(fail, { validationContext: 'separator', totalFindings: 3, errorCount: 1, warningCount: 1, infoCount: 1, passed: false, verdict: 'FAIL — 1 error(s) found. Fix before proceeding.' });
  t.ok(fail.findings.every((f: any) => f.remediation.length > 20), 'every finding has a remediation');
  const warn = validateResults({ resultsJson: { gasVelocity: 9 } }).data as any;
  t.equal(warn.verdict, 'PASS_WITH_WARNINGS — 1 warning(s). Review before finalizing design.');
  t.equal((validateResults({ resultsJson: { temperature: 20, pressure: 30 } }).data as any).verdict, 'PASS — No issues found.');
  t.end();
});

t.test('units are honoured: kelvin and pascal keys, {value, unit} leaves; bare numbers are °C and bara', (t) => {
  t.same(codes({ temperature_K: 230 }), ['LOW_TEMPERATURE'], '230 K is −43 °C');
  t.same(codes({ temperature_K: 298.15 }), [], '298.15 K is 25 °C (the original would read 298 °C)');
  t.same(codes({ temperature: { value: -45, unit: 'C' } }), ['LOW_TEMPERATURE']);
  t.same(codes({ temperature: { value: 200, unit: 'K' } }), ['LOW_TEMPERATURE'], '200 K from a {value, unit} leaf');
  t.same(codes({ pressure_Pa: 500 }), ['NEAR_VACUUM'], '500 Pa is 0.005 bara');
  t.same(codes({ pressure: { value: 150, unit: 'MPa' } }), ['VERY_HIGH_PRESSURE'], '150 MPa is 1500 bara');
  t.end();
});

t.test('lookup: top level first, then nested objects in order; arrays are not searched; JSON text accepted', (t) => {
  t.same(codes({ temperature: 20, unit: { temperature: -50 } }), [], 'the top-level value wins');
  t.same(codes({ a: { b: { compressionRatio: 6 } } }), ['HIGH_COMPRESSION_RATIO'], 'found two levels down');
  t.same(codes({ stages: [{ compressionRatio: 6 }] }), [], 'arrays are not searched (as the original)');
  t.same(codes(JSON.stringify({ converged: false })), ['NOT_CONVERGED'], 'JSON text');
  t.same(codes('not json'), ['PARSE_ERROR'], 'unparseable text: PARSE_ERROR warning');
  t.end();
});

t.test('a runFlash result is checked as it comes (its temperature is in kelvin)', (t) => {
  const cold = runFlash({ model: 'SRK', temperature: { value: -50, unit: 'C' }, pressure: { value: 30, unit: 'bara' }, components: { methane: 0.9, ethane: 0.1 } });
  t.same(codes(cold), ['LOW_TEMPERATURE'], '−50 °C found as temperature_K = 223.15 and converted');
  const plainGas = runFlash({ model: 'SRK', temperature: { value: 25, unit: 'C' }, pressure: { value: 50, unit: 'bara' }, components: { methane: 0.9, ethane: 0.1 } });
  t.same(codes(plainGas), [], 'nothing to report for a gas at 25 °C and 50 bara');
  t.end();
});
