/**
 * runFlash tool: registration, schema conformance of the output, the numbers it reports against
 * the original's (reference/neqsim-responses and reference/neqsim/flash-tp.json), input errors
 * with their codes and HTTP status, and the contract warnings.
 */
import t from 'tap';
import { Value } from '@sinclair/typebox/value';
import { getTool } from '../../src/tools/registry.js';
import { httpStatusFor, type Envelope } from '../../src/tools/contract/envelope.js';
import { runFlash } from '../../src/tools/thermo/runFlash/runFlash.js';
import { RunFlashInput, RunFlashOutput } from '../../src/tools/thermo/runFlash/schema.js';
import { RUN_FLASH_EXAMPLES } from '../../src/tools/thermo/runFlash/examples.js';
import { loadReference } from '../helpers/reference.js';

type Props = Record<string, { value: number; unit: string }>;
const props = (env: Envelope, phase: string): Props => (env.data as any).fluid.properties[phase] as Props;

t.test('registered as a core pool CALCULATION tool with flash auto-validation', (t) => {
  const tool = getTool('runFlash');
  t.ok(tool, 'runFlash is in the registry');
  t.equal(tool?.tier, 'core');
  t.equal(tool?.category, 'CALCULATION');
  t.equal(tool?.execution, 'pool');
  t.equal(tool?.autoValidation, 'flash');
  t.equal(tool?.since, 'v1.0');
  t.end();
});

t.test('every example runs, and inputs and outputs conform to the schemas', async (t) => {
  t.ok(RUN_FLASH_EXAMPLES.length >= 3, 'at least three examples');
  const tool = getTool('runFlash')!;
  for (const ex of RUN_FLASH_EXAMPLES) {
    t.ok(Value.Check(RunFlashInput, ex.input), `${ex.name}: input matches the schema`);
    const env = (await tool.run(ex.input, { subject: 'test', profile: 'test', progress: () => {} })) as Envelope;
    t.equal(env.status, 'success', `${ex.name} succeeds`);
    t.ok(Value.Check(RunFlashOutput, env.data), `${ex.name}: data matches the output schema ${JSON.stringify([...Value.Errors(RunFlashOutput, env.data)].slice(0, 2))}`);
    t.same(env.flash, (env.data as any).flash, 'legacy top-level flash equals data.flash');
    t.same(env.fluid, (env.data as any).fluid, 'legacy top-level fluid equals data.fluid');
    t.equal(env.provenance?.convergence.converged, true);
    t.ok(env.provenance!.computationTimeMs >= 0);
  }
  const three = runFlash(RUN_FLASH_EXAMPLES.find((e) => e.name === 'tp-three-phase-water')!.input);
  t.same((three.data as any).flash.phases, ['gas', 'oil', 'aqueous'], 'the water example splits into gas, oil and aqueous');
  t.end();
});

t.test('simple gas matches the original runner response (SRK, 25 °C, 50 bara)', (t) => {
  const env = runFlash({ model: 'SRK', temperature: { value: 25, unit: 'C' }, pressure: { value: 50, unit: 'bara' }, flashType: 'TP', components: { methane: 0.85, ethane: 0.1, propane: 0.05 }, mixingRule: 'classic' });
  // Values of reference/neqsim-responses/outputs/runFlash__flash__tp-simple-gas.out.json (original, SRK).
  const gas = props(env, 'gas');
  t.ok(Math.abs(gas.density.value / 43.41677977515303 - 1) < 1e-9, `density ${gas.density.value}`);
  t.ok(Math.abs(gas.compressibilityFactor.value / 0.8778459069095244 - 1) < 1e-9, `Z ${gas.compressibilityFactor.value}`);
  t.ok(Math.abs(gas.Cp.value / 2549.7050580452815 - 1) < 2e-3, `Cp ${gas.Cp.value}`);
  t.ok(Math.abs(gas.speedOfSound.value / 391.288961506598 - 1) < 2e-3, `speed of sound ${gas.speedOfSound.value}`);
  t.ok(Math.abs(gas.entropy.value - -27.6678308547701) < 0.05, `entropy ${gas.entropy.value}`);
  t.equal(typeof gas.density.value, 'number', 'numbers are JSON numbers');
  const comp = (env.data as any).fluid.composition;
  t.ok(Math.abs(comp.gas_wt.ethane.value - 0.15953608794380428) < 1e-12, 'weight fractions');
  t.equal((env.data as any).fluid.conditions.overall.temperature, 298.15, 'conditions.overall.temperature in K (seed 001)');
  t.equal((env.data as any).fluid.conditions.overall.pressure, 50, 'conditions.overall.pressure in bara');
  t.same(env.warnings, [], 'no warnings for a plain gas');
  t.equal(env.qualityGate?.verdict, 'passed');
  t.end();
});

t.test('tool output agrees with the original on flash-tp.json (first 40 cases with equal phase counts)', (t) => {
  const ref = loadReference<{ cases: any[] }>(t, 'neqsim/flash-tp.json');
  if (!ref) return t.end();
  let compared = 0;
  for (const c of ref.cases.slice(0, 40)) {
    const env = runFlash(c.input);
    t.equal(env.status, 'success', `${c.id} runs`);
    const data = env.data as any;
    if (data.flash.numberOfPhases !== c.expected.numberOfPhases) continue;
    data.flash.phases.forEach((key: string, k: number) => {
      const e = c.expected.phaseProperties[k];
      if (e.duplicateOfEarlierPhaseName || Math.abs(data.fluid.conditions[key].phaseFraction - e.beta) > 0.005) return;
      const p = data.fluid.properties[key];
      const tol = key === 'gas' ? 0.005 : 0.01;
      t.ok(Math.abs(p.density.value / e.density_kg_m3 - 1) < tol, `${c.id} ${key} density ${p.density.value} vs ${e.density_kg_m3}`);
      t.ok(Math.abs(p.compressibilityFactor.value / e.Z - 1) < 0.002, `${c.id} ${key} Z`);
      t.ok(Math.abs(data.fluid.conditions[key].enthalpy / e.enthalpy_J_kg - 1) < 0.01 || Math.abs(data.fluid.conditions[key].enthalpy - e.enthalpy_J_kg) < 500, `${c.id} ${key} enthalpy J/kg ${data.fluid.conditions[key].enthalpy} vs ${e.enthalpy_J_kg}`);
      compared++;
    });
  }
  t.ok(compared > 30, `${compared} phases compared`);
  t.end();
});

t.test('input errors carry contract codes, fixes and the right HTTP status', (t) => {
  const base = { temperature: { value: 25, unit: 'C' }, pressure: { value: 50, unit: 'bara' }, components: { methane: 0.9, ethane: 0.1 } };
  const cases: [string, unknown, string, number][] = [
    ['misspelled component', { ...base, components: { metane: 1 } }, 'UNKNOWN_COMPONENT', 422],
    ['no components', { ...base, components: {} }, 'MISSING_COMPONENTS', 422],
    ['negative fraction', { ...base, components: { methane: 1.1, ethane: -0.1 } }, 'NEGATIVE_FRACTION', 422],
    ['all zero', { ...base, components: { methane: 0, ethane: 0 } }, 'ZERO_COMPOSITION', 422],
    ['unknown temperature unit', { ...base, temperature: { value: 25, unit: 'Q' } }, 'TEMPERATURE_ERROR', 422],
    ['below absolute zero', { ...base, temperature: { value: -300, unit: 'C' } }, 'TEMPERATURE_ERROR', 422],
    ['negative pressure', { ...base, pressure: { value: -5, unit: 'bara' } }, 'PRESSURE_ERROR', 422],
    ['unknown model', { ...base, model: 'XYZ' }, 'UNKNOWN_MODEL', 422],
    ['singlePhase with a model other than GERG2008', { ...base, model: 'SRK', singlePhase: true }, 'UNSUPPORTED_PROPERTY', 422],
    ['unknown flash type', { ...base, flashType: 'XY' }, 'UNKNOWN_FLASH_TYPE', 422],
    ['unknown mixing rule', { ...base, mixingRule: 'HV' }, 'UNKNOWN_MIXING_RULE', 422],
    ['not an object', 'methane', 'INPUT_ERROR', 400],
    ['GERG with a non-GERG component', { ...base, model: 'GERG2008', components: { methane: 0.9, nC11: 0.1 } }, 'UNSUPPORTED_COMPONENT', 422],
    ['GERG singlePhase with a PH flash', { ...base, model: 'GERG2008', singlePhase: true, flashType: 'PH', enthalpy: { value: 0, unit: 'J/mol' } }, 'UNSUPPORTED_PROPERTY', 422],
  ];
  for (const [what, input, code, status] of cases) {
    const env = runFlash(input);
    t.equal(env.status, 'error', `${what}: error`);
    t.equal(env.errors?.[0]?.code, code, `${what}: code ${code}`);
    t.ok((env.errors?.[0]?.fix ?? '').length > 0, `${what}: has a fix`);
    t.equal(httpStatusFor(env), status, `${what}: HTTP ${status}`);
  }
  const typo = runFlash({ ...base, components: { metane: 1 } });
  t.match(typo.errors?.[0]?.fix, /Did you mean 'methane'/, 'suggests the closest name');
  t.end();
});

t.test('contract warnings', (t) => {
  const codes = (env: Envelope) => env.warnings.map((w) => w.code);
  const normalized = runFlash({ temperature: 300, pressure: 10, components: { methane: 90, ethane: 10 } });
  t.ok(codes(normalized).includes('COMPOSITION_NORMALIZED'), 'fractions summing to 100 are normalised with a warning');
  t.ok(Math.abs((normalized.data as any).fluid.composition.overall.methane.value - 0.9) < 1e-12, 'normalised fractions reported');
  const water = runFlash({ temperature: 300, pressure: 10, components: { methane: 0.9, water: 0.1 } });
  t.ok(codes(water).includes('MODEL_LIMITATION'), 'SRK with water: MODEL_LIMITATION');
  const high = runFlash({ temperature: 350, pressure: 600, components: { methane: 1 } });
  t.ok(codes(high).includes('EXTRAPOLATION'), 'above 500 bara: EXTRAPOLATION');
  // Kay's-rule pseudo-critical point of methane/ethane 50/50: 247.9 K, 47.4 bar.
  const crit = runFlash({ temperature: 250, pressure: 48, components: { methane: 0.5, ethane: 0.5 } });
  t.ok(codes(crit).includes('NEAR_CRITICAL'), 'near the pseudo-critical point: NEAR_CRITICAL');
  const trace = runFlash({ temperature: { value: 20, unit: 'C' }, pressure: { value: 50, unit: 'bara' }, components: { methane: 0.9995, nC10: 0.0005 } });
  const fractions = Object.values((trace.data as any).fluid.conditions).filter((c: any) => typeof c === 'object').map((c: any) => c.phaseFraction);
  if (Math.min(...fractions) < 1e-3) t.ok(codes(trace).includes('TWO_PHASE_UNCERTAINTY'), 'tiny liquid fraction: TWO_PHASE_UNCERTAINTY');
  else t.fail(`expected a trace liquid phase, got fractions ${fractions}`);
  t.equal(trace.qualityGate?.verdict, 'warning', 'a CAUTION warning turns the quality gate to warning');
  t.end();
});

t.test('GERG2008 gives single-phase reference properties', (t) => {
  const env = runFlash({ model: 'GERG2008', temperature: { value: 25, unit: 'C' }, pressure: { value: 50, unit: 'bara' }, components: { methane: 0.85, ethane: 0.1, propane: 0.05 } });
  t.equal(env.status, 'success');
  const gas = props(env, 'gas');
  const srk = props(runFlash({ model: 'SRK', temperature: { value: 25, unit: 'C' }, pressure: { value: 50, unit: 'bara' }, components: { methane: 0.85, ethane: 0.1, propane: 0.05 } }), 'gas');
  // Both describe the same gas: the reference and the cubic agree to the cubic's documented few %.
  t.ok(Math.abs(gas.density.value / srk.density.value - 1) < 0.03, `GERG ${gas.density.value} vs SRK ${srk.density.value} kg/m3`);
  t.not(gas.density.value, srk.density.value, 'a different model gives a different number');
  t.equal(env.provenance?.model, 'GERG2008');
  t.end();
});

t.test('extreme but valid states give finite numbers or an error code, never NaN', (t) => {
  const nonFinite = (o: unknown) => JSON.stringify(o, (_k, v) => (typeof v === 'number' && !Number.isFinite(v) ? '__NOT_FINITE__' : v)).includes('__NOT_FINITE__');
  const states: [number, number, Record<string, number>][] = [
    [20, 1, { methane: 1 }],
    [2000, 1, { methane: 0.9, ethane: 0.1 }],
    [300, 0.001, { methane: 0.5, nC10: 0.5 }],
    [300, 5000, { methane: 0.5, nC10: 0.5 }],
    [150, 1, { nC20: 0.5, methane: 0.5 }],
    [600, 300, { water: 0.5, CO2: 0.5 }],
    [250, 1e-6, { propane: 1 }],
  ];
  for (const [T, P, components] of states) {
    for (const model of ['SRK', 'PR']) {
      const env = runFlash({ model, temperature: T, pressure: P, components, multiPhaseCheck: true });
      const label = `${model} ${T} K ${P} bara ${Object.keys(components).join('/')}`;
      if (env.status === 'success') t.notOk(nonFinite(env), `${label}: all numbers finite`);
      else t.match(env.errors?.[0]?.code, /^FLASH_/, `${label}: flash error code`);
    }
  }
  t.end();
});

t.test('through runTool (dispatcher: schema validation, auto-validation)', async (t) => {
  const { runTool } = await import('../../src/index.js');
  const ok = await runTool('runFlash', RUN_FLASH_EXAMPLES[0].input);
  t.equal(ok.status, 'success');
  t.ok(ok.autoValidation, 'auto-validation block attached');
  const pending = await runTool('runFlash', { model: 'GERG2008', components: { methane: 0.9, benzene: 0.1 } });
  t.equal(pending.errors?.[0]?.code, 'UNSUPPORTED_COMPONENT', 'a component outside the model\'s coverage passes the schema and gets 422');
  t.equal(httpStatusFor(pending), 422);
  const unknown = await runTool('runFlash', { components: { methane: 1 }, flashType: 'XY' });
  t.equal(httpStatusFor(unknown), 400, 'an unknown flash type fails the schema (400)');
  const asString = await runTool('runFlash', JSON.stringify(RUN_FLASH_EXAMPLES[1].input));
  t.equal(asString.status, 'success', 'a JSON-string body is accepted as a courtesy');
  t.end();
});

t.test('the multiphase check defaults on for water, glycols and alcohols', (t) => {
  const input = { temperature: { value: 30, unit: 'C' }, pressure: { value: 20, unit: 'bara' }, components: { methane: 0.5, 'n-heptane': 0.2, water: 0.3 } };
  t.same((runFlash(input).data as any).flash.phases, ['gas', 'oil', 'aqueous'], 'water present: three phases without asking');
  t.equal((runFlash({ ...input, multiPhaseCheck: false }).data as any).flash.numberOfPhases, 2, 'explicitly off: at most two phases, as the original');
  t.end();
});

t.test('a single phase just outside its dew point carries TWO_PHASE_UNCERTAINTY', async (t) => {
  const { createCubicFluid, resolveComponents, dewPointTemperature } = await import('../../src/engine/index.js');
  const f = createCubicFluid('SRK', (resolveComponents(['methane', 'propane']) as any).components, [0.9, 0.1]);
  const dew = dewPointTemperature(f.model, 40e5, f.z, 250);
  t.ok(dew.ok, 'dew point found');
  if (!dew.ok) return t.end();
  const near = runFlash({ temperature: dew.value + 0.02, pressure: 40, components: { methane: 0.9, propane: 0.1 } });
  t.equal((near.data as any).flash.numberOfPhases, 1, '0.02 K above the dew point: one phase');
  t.ok(near.warnings.some((w) => w.code === 'TWO_PHASE_UNCERTAINTY'), 'flagged as close to the phase boundary');
  const far = runFlash({ temperature: dew.value + 5, pressure: 40, components: { methane: 0.9, propane: 0.1 } });
  t.notOk(far.warnings.some((w) => w.code === 'TWO_PHASE_UNCERTAINTY'), '5 K above: no flag');
  t.end();
});

t.test('a zero-fraction component is reported with 0 everywhere and leaves the other numbers unchanged', (t) => {
  // Two phases (methane/propane at −20 °C, 10 bara), so the per-phase maps index the model's
  // component order while the reported list also holds the component that is not in the flash.
  const base = { model: 'SRK', temperature: { value: -20, unit: 'C' }, pressure: { value: 10, unit: 'bara' } };
  const without = runFlash({ ...base, components: { methane: 0.5, propane: 0.5 } });
  const withZero = runFlash({ ...base, components: { ethane: 0, methane: 0.5, propane: 0.5 } });
  t.equal(without.status, 'success');
  t.equal(withZero.status, 'success');
  const a = (without.data as any).fluid.composition;
  const b = (withZero.data as any).fluid.composition;
  t.same(Object.keys(b), Object.keys(a), 'same composition maps (overall, gas, gas_wt, oil, oil_wt)');
  t.ok(Object.keys(b).length >= 5, 'two phases');
  for (const key of Object.keys(b)) {
    t.same(Object.keys(b[key]), ['ethane', 'methane', 'propane'], `${key}: every input component, in input order`);
    t.equal(b[key].ethane.value, 0, `${key}: ethane is 0`);
    t.equal(b[key].methane.value, a[key].methane.value, `${key}: methane unchanged`);
    t.equal(b[key].propane.value, a[key].propane.value, `${key}: propane unchanged`);
    t.ok(b[key].methane.value > 0 && b[key].propane.value > 0, `${key}: the flashed components are positive`);
  }
  t.end();
});

t.test('a dropped trace phase is reported as an uncertainty, not silently', (t) => {
  const env = runFlash({
    model: 'PR',
    temperature: { value: 265.6, unit: 'K' },
    pressure: { value: 50.88, unit: 'bara' },
    components: { methane: 6.018222028493945e-9, toluene: 2.281963921511468e-21, nitrogen: 3.926071541892576e-9, water: 0.9999999900557064 },
    multiPhaseCheck: true,
  });
  t.equal(env.status, 'success');
  const w = env.warnings.find((x) => x.code === 'TWO_PHASE_UNCERTAINTY');
  t.match(w?.message ?? '', /trace phase/);
  t.end();
});
