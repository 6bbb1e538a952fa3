/**
 * setSimulationVariable and diagnoseAutomation. Writes are checked by what must hold physically
 * and by construction: the returned processJson re-runs to the returned report; the value reads
 * back; an unchanged write changes nothing; a duty written as the duty a temperature
 * specification produced gives that temperature back (and the same for a polytropic efficiency
 * and the isentropic efficiency it implies); doubling a feed doubles every flow and power.
 * Refusals (read-only, bounds, units, a flowsheet that no longer solves) are checked with codes.
 */
import t, { type Test } from 'tap';
import { Value } from '@sinclair/typebox/value';
import { getTool } from '../../src/tools/registry.js';
import type { Envelope } from '../../src/tools/contract/envelope.js';
import { runProcess } from '../../src/tools/process/runProcess/runProcess.js';
import { RUN_PROCESS_EXAMPLES } from '../../src/tools/process/runProcess/examples.js';
import type { RunProcessInput } from '../../src/tools/process/runProcess/schema.js';
import { AUTOMATION_PROCESS } from '../../src/tools/process/automation/examples.js';
import { buildTestApp, testConfig } from '../pool/fixtures/test-app.js';

const ctx = { subject: 'test', profile: 'DESKTOP_ENGINEER', progress: () => {} };
async function call(name: string, input: unknown): Promise<Envelope<any>> {
  const tool = getTool(name)!;
  const env = (await tool.run(input as never, ctx)) as Envelope<any>;
  if (env.status === 'success') t.ok(Value.Check(tool.output, env.data), `${name}: data matches its output schema ${JSON.stringify([...Value.Errors(tool.output, env.data)].slice(0, 2))}`);
  return env;
}
const set = (processJson: unknown, address: string, value: number, unit?: string) => call('setSimulationVariable', { processJson, address, value, ...(unit !== undefined ? { unit } : {}) });
const get = async (processJson: unknown, address: string, unit?: string): Promise<number> => (await call('getSimulationVariable', { processJson, address, ...(unit !== undefined ? { unit } : {}) })).data.value;
const example = (name: string) => RUN_PROCESS_EXAMPLES.find((e) => e.name === name)!.input;
const rel = (a: number, b: number) => Math.abs(a - b) / Math.max(Math.abs(b), 1e-300);

/** Every number of two reports within a relative tolerance (structure equal). */
function sameReport(t: Test, a: unknown, b: unknown, tol: number, path = ''): void {
  if (typeof a === 'number' && typeof b === 'number') {
    if (!(Math.abs(a - b) <= tol * Math.max(Math.abs(a), Math.abs(b), 1e-6))) t.fail(`${path}: ${a} vs ${b}`);
    return;
  }
  if (a !== null && typeof a === 'object' && b !== null && typeof b === 'object') {
    t.same(Object.keys(a).sort(), Object.keys(b).sort(), `${path}: same keys`);
    for (const k of Object.keys(a)) sameReport(t, (a as any)[k], (b as any)[k], tol, `${path}.${k}`);
    return;
  }
  t.equal(a, b, path);
}

t.test('every adjustable parameter of every catalog flowsheet: unchanged and perturbed writes', async (t) => {
  let writes = 0;
  for (const ex of RUN_PROCESS_EXAMPLES) {
    const base = runProcess(ex.input).data as any;
    const params = (await call('getAdjustableParameters', { processJson: ex.input })).data.parameters as any[];
    for (const p of params) {
      const before = JSON.stringify(ex.input);
      const same = await set(ex.input, p.address, p.currentValue, p.unit);
      t.equal(same.status, 'success', `${ex.name}: ${p.address} = current ${JSON.stringify(same.errors ?? '')}`);
      t.equal(JSON.stringify(ex.input), before, 'the caller\'s processJson is not modified');
      if (same.status !== 'success') continue;
      sameReport(t, same.data.simulationReport.streams, base.streams, 1e-9, `${ex.name}/${p.address} unchanged: streams`);
      t.ok(rel(same.data.value, p.currentValue) < 1e-12, `${p.address}: reads back the value written`);
      // A perturbation inside the bounds: a fraction nudged down, anything else up by 2 %.
      const next = p.lowerBound === 0 && p.upperBound === 1 ? p.currentValue * 0.9 : p.currentValue === 0 ? 0.1 : p.currentValue * 1.02;
      const moved = await set(ex.input, p.address, next, p.unit);
      if (moved.status !== 'success') {
        // The only acceptable refusal is the engine's, with a code and a fix (e.g. a valve asked to raise pressure).
        t.ok(moved.errors?.[0]?.code && moved.errors[0].fix, `${ex.name}: ${p.address} → ${next}: ${moved.errors?.[0]?.code}`);
        continue;
      }
      writes++;
      t.ok(rel(moved.data.value, next) < 1e-9, `${p.address}: ${moved.data.value} reads back ${next}`);
      t.ok(rel(moved.data.previousValue, p.currentValue) < 1e-12, `${p.address}: previous value reported`);
      // The JSON returned is what was simulated: running it gives the same report.
      const rerun = runProcess(moved.data.processJson as RunProcessInput).data as any;
      sameReport(t, moved.data.simulationReport, rerun, 0, `${ex.name}/${p.address} re-run`);
      t.equal(await get(moved.data.processJson, p.address, p.unit), moved.data.value, `${p.address}: getSimulationVariable on the returned JSON`);
    }
  }
  t.ok(writes >= 20, `${writes} perturbed writes re-run and checked`);
});

t.test('a duty written as the duty a temperature specification gave returns that temperature', async (t) => {
  const P = AUTOMATION_PROCESS;
  const duty = await get(P, 'Aftercooler.duty', 'kW');
  t.ok(duty < 0, `cooler duty ${duty} kW is heat removed`);
  const env = await set(P, 'Aftercooler.duty', duty, 'kW');
  t.equal(env.status, 'success');
  const raw = (env.data.processJson.process as any[])[3].properties;
  t.same(Object.keys(raw), ['duty'], 'duty replaces outTemperature in the definition');
  t.ok(raw.duty[0] > 0, 'a cooler\'s duty is written as the heat removed, as the definition reads it');
  const T = await get(env.data.processJson, 'Aftercooler.outletTemperature', 'C');
  t.ok(Math.abs(T - 40) < 1e-6, `outlet ${T} °C = the 40 °C specification`);
  const listed = (await call('listUnitVariables', { processJson: env.data.processJson, unitName: 'Aftercooler' })).data.variables as any[];
  t.equal(listed.find((v) => v.name === 'duty').type, 'INPUT', 'duty is now the specification');
  t.equal(listed.find((v) => v.name === 'outletTemperature').type, 'OUTPUT');
  const heating = await set(P, 'Aftercooler.duty', 100, 'kW');
  t.equal(heating.errors?.[0]?.code, 'VALUE_OUT_OF_BOUNDS', 'a cooler cannot add heat');
});

t.test('polytropic efficiency and the isentropic efficiency it implies give the same machine', async (t) => {
  const P = AUTOMATION_PROCESS;
  const poly = await set(P, 'Export Compressor.polytropicEfficiency', 80, '%');
  t.equal(poly.status, 'success');
  t.ok(Math.abs(poly.data.value - 80) < 1e-9, 'read back in %');
  const etaS = await get(poly.data.processJson, 'Export Compressor.isentropicEfficiency');
  const powerPoly = await get(poly.data.processJson, 'Export Compressor.power');
  t.ok(etaS > 0.6 && etaS < 0.8, `isentropic efficiency ${etaS} below the polytropic 0.8`);
  const isen = await set(poly.data.processJson, 'Export Compressor.isentropicEfficiency', etaS);
  t.equal(isen.status, 'success');
  t.notOk('polytropicEfficiency' in (isen.data.processJson.process as any[])[2].properties, 'the polytropic specification is replaced');
  const powerIsen = await get(isen.data.processJson, 'Export Compressor.power');
  t.ok(rel(powerIsen, powerPoly) < 1e-6, `power ${powerIsen} = ${powerPoly} kW`);
  t.ok(Math.abs((await get(isen.data.processJson, 'Export Compressor.outletStream.temperature')) - (await get(poly.data.processJson, 'Export Compressor.outletStream.temperature'))) < 1e-5, 'same discharge temperature');
});

t.test('doubling the feed doubles every flow and the power; intensive values stay', async (t) => {
  const P = example('compression-with-cooling');
  const base = runProcess(P).data as any;
  const env = await set(P, 'feed.flowRate', 40000, 'kg/hr');
  t.equal(env.status, 'success');
  const r = env.data.simulationReport;
  for (const [name, s] of Object.entries<any>(base.streams)) {
    t.ok(rel(r.streams[name].massFlow_kg_hr, 2 * s.massFlow_kg_hr) < 1e-9, `${name}: flow doubles`);
    t.ok(Math.abs(r.streams[name].temperature_C - s.temperature_C) < 1e-7, `${name}: temperature unchanged`);
  }
  t.ok(rel(r.units.Compressor.power_kW, 2 * base.units.Compressor.power_kW) < 1e-9, 'power doubles');
  t.ok(rel(r.units.Aftercooler.duty_kW, 2 * base.units.Aftercooler.duty_kW) < 1e-9, 'duty doubles');
});

t.test('a split factor: the others are rescaled to keep their ratio and sum to 1', async (t) => {
  const P = example('mixer-splitter-recycle');
  const env = await set(P, 'Export Splitter.splitFactor_1', 0.1);
  t.equal(env.status, 'success', JSON.stringify(env.errors ?? ''));
  const f = (env.data.processJson.process as any[]).find((u) => u.name === 'Export Splitter').properties.splitFactors;
  t.ok(Math.abs(f[0] - 0.9) < 1e-12 && Math.abs(f[1] - 0.1) < 1e-12, `factors ${f}`);
  const three = { fluid: P.fluid, process: [{ type: 'Stream', name: 'feed', properties: { flowRate: [900, 'kg/hr'] } }, { type: 'Splitter', name: 'S', inlet: 'feed', properties: { splitFactors: [2, 1, 1] } }] };
  const env3 = await set(three, 'S.splitFactor_0', 0.2);
  const f3 = (env3.data.processJson.process as any[])[1].properties.splitFactors;
  t.ok(Math.abs(f3[0] - 0.2) < 1e-12 && Math.abs(f3[1] - 0.4) < 1e-12 && Math.abs(f3[2] - 0.4) < 1e-12, `factors ${f3}`);
  t.ok(Math.abs((await get(env3.data.processJson, 'S.splitStream_0.flowRate')) - 180) < 1e-9, '20 % of 900 kg/hr');
});

t.test('refusals: read-only, out of bounds, unknown unit, and a flowsheet that no longer solves', async (t) => {
  const P = AUTOMATION_PROCESS;
  const cases: [string, number, string | undefined, string][] = [
    ['Export Compressor.power', 500, 'kW', 'READ_ONLY_VARIABLE'],
    ['HP Sep.gasOutStream.temperature', 300, undefined, 'READ_ONLY_VARIABLE'],
    ['Export Compressor.outletPressure', 2000, 'bara', 'VALUE_OUT_OF_BOUNDS'],
    ['Export Compressor.isentropicEfficiency', 0, undefined, 'VALUE_OUT_OF_BOUNDS'],
    ['Export Compressor.isentropicEfficiency', 120, '%', 'VALUE_OUT_OF_BOUNDS'],
    ['feed.flowRate', 0, 'kg/hr', 'VALUE_OUT_OF_BOUNDS'],
    ['feed.temperature', -300, 'C', 'VALUE_OUT_OF_BOUNDS'],
    ['feed.temperature', 20, 'kg/hr', 'UNKNOWN_UNIT'],
    ['Nowhere.temperature', 20, undefined, 'UNIT_NOT_FOUND'],
  ];
  for (const [address, value, unit, code] of cases) {
    const env = await set(P, address, value, unit);
    t.equal(env.status, 'error', `${address} = ${value} ${unit ?? ''}`);
    t.equal(env.errors?.[0]?.code, code, `${address} = ${value} ${unit ?? ''}: ${code}`);
    t.ok(env.errors?.[0]?.fix, 'with a fix');
  }
  // Valid on its own, but the compressor would have to expand: the engine's own error.
  const engine = await set(P, 'Export Compressor.outletPressure', 30, 'bara');
  t.equal(engine.status, 'error');
  t.equal(engine.errorKind, 'compute');
  t.match(engine.errors?.[0]?.field, /Export Compressor/);
});

t.test('diagnoseAutomation: what resolves, what does not, and whether a set is allowed', async (t) => {
  const P = AUTOMATION_PROCESS;
  const fixed = await call('diagnoseAutomation', { processJson: P, failedAddress: 'export compresor.outPressure', operation: 'set' });
  t.equal(fixed.data.resolvable, true);
  t.equal(fixed.data.resolvedAddress, 'Export Compressor.outletPressure');
  t.equal(fixed.data.corrections.length, 2);
  const readOnly = await call('diagnoseAutomation', { processJson: P, failedAddress: 'Export Compressor.power', operation: 'set' });
  t.equal(readOnly.data.resolvable, false);
  t.equal(readOnly.data.diagnosis.category, 'READ_ONLY_VARIABLE');
  t.equal((await call('diagnoseAutomation', { processJson: P, failedAddress: 'Export Compressor.power' })).data.resolvable, true, 'a get of a result is fine');
  const port = await call('diagnoseAutomation', { processJson: P, failedAddress: 'HP Sep.top.temperature' });
  t.equal(port.data.diagnosis.category, 'PORT_NOT_FOUND');
  t.ok(port.data.availableVariables.every((a: string) => a.startsWith('HP Sep.')), 'variables of the unit concerned');
  const unit = await call('diagnoseAutomation', { processJson: P, failedAddress: 'Nope.power' });
  t.equal(unit.data.diagnosis.category, 'UNIT_NOT_FOUND');
  t.ok(unit.data.availableVariables.some((a: string) => a.startsWith('Aftercooler.')), 'every unit\'s variables when the unit is unknown');
});

t.test('HTTP and governance: setSimulationVariable is an audited EXECUTION tool', async (t) => {
  const app = await buildTestApp(testConfig(), { pool: false });
  t.teardown(() => app.close());
  const res = await app.inject({ method: 'POST', url: '/v1/tools/setSimulationVariable', payload: JSON.stringify({ processJson: AUTOMATION_PROCESS, address: 'feed.temperature', value: 30, unit: 'C' }), headers: { 'content-type': 'application/json' } });
  t.equal(res.statusCode, 200);
  t.ok(Math.abs(res.json().data.value - 30) < 1e-9);
  const access = await app.inject({ method: 'POST', url: '/v1/tools/checkToolAccess', payload: JSON.stringify({ toolName: 'setSimulationVariable' }), headers: { 'content-type': 'application/json' } });
  t.equal(access.json().data.category ?? access.json().category, 'EXECUTION');
});
