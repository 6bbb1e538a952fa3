/**
 * runDynamic through the dispatcher:
 * (a) no disturbance: every transmitter stays at the steady state (1e-6 relative);
 * (b) feed step: mass balance to 1e-9 and energy to the UV tolerance each step, pressure and
 *     level back to setpoint; open loop (kp = 0) the pressure settles elsewhere;
 * events: closing the liquid valve fills the vessel at the feed's liquid rate; a pressure
 *     setpoint change is followed; the original example's shapes and field names;
 * (d) refusals with structured errors.
 */
import t from 'tap';
import { Value } from '@sinclair/typebox/value';
import { runTool } from '../../src/index.js';
import { getTool } from '../../src/tools/registry.js';
import { RUN_DYNAMIC_EXAMPLES } from '../../src/tools/process/runDynamic/examples.js';

const tool = getTool('runDynamic')!;
const call = async (input: unknown) => {
  const env = (await runTool('runDynamic', input)) as any;
  if (env.status === 'success') t.ok(Value.Check(tool.output, env.data), 'output matches the schema');
  return env;
};

const FLUID = { model: 'SRK', temperature: 298.15, pressure: 50, components: { methane: 0.7, ethane: 0.1, propane: 0.08, 'n-butane': 0.05, 'n-hexane': 0.04, 'n-heptane': 0.03 } };
const PROCESS = {
  fluid: FLUID,
  process: [
    { type: 'Stream', name: 'feed', properties: { flowRate: [10000, 'kg/hr'] } },
    { type: 'Separator', name: 'HP Sep', inlet: 'feed' },
    { type: 'ThrottlingValve', name: 'PV-101', inlet: 'HP Sep.gasOut', properties: { outletPressure: [35, 'bara'] } },
    { type: 'ThrottlingValve', name: 'LV-101', inlet: 'HP Sep.liquidOut', properties: { outletPressure: [10, 'bara'] } },
  ],
};

t.test('(a) no disturbance: every transmitter stays at the steady state', async (t) => {
  const env = await call({ processJson: PROCESS, duration_seconds: 100, timeStep_seconds: 5 });
  t.equal(env.status, 'success', JSON.stringify(env.errors ?? ''));
  const d = env.data;
  t.equal(d.totalSteps, 20);
  t.equal(d.time_seconds.length, 21);
  t.same(Object.keys(d.transmitters).sort(), ['FT-HP Sep-gas', 'FT-HP Sep-inlet', 'FT-HP Sep-liquid', 'LT-HP Sep', 'PT-HP Sep', 'TT-HP Sep']);
  t.ok(Math.abs(d.transmitters['PT-HP Sep'].values[0] - 50) < 1e-9, 'PT starts at the separator pressure 50 bara');
  t.ok(Math.abs(d.transmitters['TT-HP Sep'].values[0] - 25) < 1e-9, 'TT starts at 25 °C');
  for (const [tag, tr] of Object.entries(d.transmitters) as [string, { values: number[] }][]) {
    const v0 = tr.values[0];
    const dev = Math.max(...tr.values.map((v) => Math.abs(v - v0) / Math.abs(v0)));
    t.ok(dev <= 1e-6, `${tag} stays within 1e-6 relative (max ${dev.toExponential(2)})`);
  }
  const fin = d.transmitters['FT-HP Sep-inlet'].values[0];
  t.ok(Math.abs(fin - 10000) < 1e-6, 'inlet 10 000 kg/h');
  t.ok(Math.abs(d.transmitters['FT-HP Sep-gas'].values[0] + d.transmitters['FT-HP Sep-liquid'].values[0] - fin) < 1e-6, 'gas + liquid out = in');
  t.same(d.valves.map((v: any) => v.tag), ['PV-101', 'LV-101'], 'the flowsheet ThrottlingValves are the control valves');
  t.ok(Math.abs(d.valves[0].outletPressure_bara - 35) < 1e-9 && Math.abs(d.valves[1].outletPressure_bara - 10) < 1e-9, 'their outletPressures are the downstream pressures');
  t.same(d.controllers.map((c: any) => [c.tag, c.kind, c.kp, c.ti]), [['PC-HP Sep', 'pressure', 1, 30], ['LC-HP Sep', 'level', 10, 200]], 'default tunings');
  t.ok(d.controllers.every((c: any) => c.output.every((u: number) => Math.abs(u - 0.5) < 1e-9)), 'controller outputs stay at 0.5');
  t.equal(env.provenance.benchmarkTrustLevel, 'EXPERIMENTAL');
  t.equal(env.validation.phase, 'transient');
});

t.test('(b) feed step +20 %: balances close, PI brings pressure and level back; open loop does not', async (t) => {
  const input = { processJson: PROCESS, duration_seconds: 900, timeStep_seconds: 2, events: [{ time_seconds: 10, type: 'FEED_FLOW_STEP', target: 'feed', value: 1.2 }] };
  const env = await call(input);
  t.equal(env.status, 'success', JSON.stringify(env.errors ?? ''));
  const d = env.data;
  t.same(d.events, [{ time_seconds: 10, label: 'FEED_FLOW_STEP feed = 1.2' }]);
  t.ok(d.balances.massBalanceRelativeError.every((e: number) => e <= 1e-9), `mass balance ≤ 1e-9 at every step (max ${d.balances.maxMassBalanceRelativeError.toExponential(2)})`);
  t.ok(d.balances.energyBalanceRelativeError.every((e: number) => e <= 2e-8), `energy balance ≤ 2e-8 (UV tolerance) at every step (max ${d.balances.maxEnergyBalanceRelativeError.toExponential(2)})`);
  const P = d.transmitters['PT-HP Sep'].values;
  const L = d.transmitters['LT-HP Sep'].values;
  t.ok(Math.max(...P) > 51, `the step raises the pressure (peak ${Math.max(...P).toFixed(3)} bara)`);
  t.ok(Math.abs(P.at(-1) - 50) < 0.05, `pressure back to 50 bara within 0.05 bar (${P.at(-1).toFixed(4)})`);
  t.ok(Math.abs(L.at(-1) - L[0]) < 2e-3, `level back to ${L[0].toFixed(3)} within 0.002 (${L.at(-1).toFixed(5)})`);
  t.ok(d.controllers[0].output.at(-1) > 0.55, 'the gas valve opened to pass the larger flow');
  t.ok(Math.abs(d.transmitters['FT-HP Sep-gas'].values.at(-1) + d.transmitters['FT-HP Sep-liquid'].values.at(-1) - 12000) < 60, 'outflows ≈ 12 000 kg/h at the end');

  const open = await call({ ...input, duration_seconds: 300, tuning: { pressure: { kp: 0 }, level: { kp: 0 } } });
  t.equal(open.status, 'success');
  const Po = open.data.transmitters['PT-HP Sep'].values;
  t.ok(Po.at(-1) > 52, `open loop the pressure settles higher (${Po.at(-1).toFixed(3)} bara)`);
  t.ok(open.data.controllers.every((c: any) => c.output.every((u: number) => u === 0.5)), 'open loop: valves held at 0.5');
});

t.test('events: closing the liquid valve fills the vessel; a pressure setpoint change is followed', async (t) => {
  const closed = await call({ processJson: PROCESS, duration_seconds: 60, timeStep_seconds: 2, events: [{ time_seconds: 0, type: 'VALVE_OPENING', target: 'LV-101', value: 0 }] });
  t.equal(closed.status, 'success');
  const d = closed.data;
  t.ok(d.controllers[1].output.every((u: number) => u === 0), 'the level controller is in manual at 0');
  t.ok(d.transmitters['FT-HP Sep-liquid'].values.every((w: number) => w === 0), 'no liquid leaves');
  // The liquid the feed brings (3977.7 kg/h at the steady state, the initial liquid outflow) now stays.
  const m = d.vessel.mass_kg;
  const gasOut = d.transmitters['FT-HP Sep-gas'].values;
  const gained = m.at(-1) - m[0];
  t.ok(gained > 0.9 * (10000 - Math.max(...gasOut)) * 60 / 3600 && gained < 1.1 * (10000 - Math.min(...gasOut)) * 60 / 3600, `the vessel gains what the gas valve does not take (${gained.toFixed(2)} kg in 60 s)`);
  const Lv = d.transmitters['LT-HP Sep'].values;
  t.ok(Lv.at(-1) > Lv[0] + 0.01, `the level rises (${Lv[0].toFixed(4)} → ${Lv.at(-1).toFixed(4)})`);

  const sp = await call({ processJson: PROCESS, duration_seconds: 600, timeStep_seconds: 2, events: [{ time_seconds: 0, type: 'SETPOINT', target: 'PC-HP Sep', value: 48 }] });
  t.equal(sp.status, 'success');
  const P = sp.data.transmitters['PT-HP Sep'].values;
  t.ok(Math.abs(P.at(-1) - 48) < 0.05, `pressure follows the new setpoint 48 bara (${P.at(-1).toFixed(4)})`);
});

t.test("the original's example: its fields, a gas-only vessel at rest", async (t) => {
  const ex = RUN_DYNAMIC_EXAMPLES[0];
  const env = await call(ex.input);
  t.equal(env.status, 'success');
  const d = env.data;
  t.equal(d.duration_seconds, 60);
  t.equal(d.timeStep_seconds, 5);
  t.equal(d.totalSteps, 12);
  t.same(d.time_seconds, Array.from({ length: 13 }, (_, k) => 5 * k));
  t.same(d.transmitters['PT-HP Sep'].unit, 'bara');
  t.ok(d.transmitters['PT-HP Sep'].values.every((p: number) => Math.abs(p - 50) < 1e-6), 'pressure stays at 50 bara (the original drops to 25 bara in 5 s)');
  t.ok(d.transmitters['LT-HP Sep'].values.every((l: number) => l === 0), 'no liquid');
  t.same(d.controllers.map((c: any) => c.tag), ['PC-HP Sep'], 'a pressure controller only: no liquid, no level loop');
  t.ok(env.warnings.some((w: any) => /No liquid at the steady state/.test(w.message)), 'says there is no level loop');
});

t.test('(d) refusals are structured', async (t) => {
  const codeOf = (env: any) => env.errors?.map((e: any) => e.code);
  const missing = await call({ duration_seconds: 10 });
  t.equal(missing.status, 'error');
  t.same(codeOf(missing), ['MISSING_PROCESS']);
  const bad = await call({ processJson: PROCESS, duration_seconds: 10, timeStep_seconds: 20 });
  t.same(codeOf(bad), ['INVALID_TIME_STEP']);
  const many = await call({ processJson: PROCESS, duration_seconds: 1e6, timeStep_seconds: 1 });
  t.same(codeOf(many), ['TOO_MANY_STEPS']);
  t.match(many.errors[0].fix, /at least 100 s/);
  const neg = await call({ processJson: PROCESS, timeStep_seconds: -1 });
  t.equal(neg.status, 'error', 'a negative step is refused by the schema');

  const noSep = await call({ processJson: { fluid: FLUID, process: [{ type: 'Stream', name: 'feed', properties: { flowRate: [1000, 'kg/hr'] } }, { type: 'Heater', name: 'H', inlet: 'feed', properties: { outTemperature: [40, 'C'] } }] } });
  t.same(codeOf(noSep), ['UNSUPPORTED_DYNAMIC_TOPOLOGY']);
  const downstream = await call({ processJson: { ...PROCESS, process: [...PROCESS.process, { type: 'Compressor', name: 'K-1', inlet: 'PV-101', properties: { outletPressure: [60, 'bara'] } }] } });
  t.same(codeOf(downstream), ['UNSUPPORTED_DYNAMIC_TOPOLOGY']);
  t.equal(downstream.errors[0].field, 'unit:K-1', 'names the unit');
  const recycle = await call({
    processJson: {
      fluid: FLUID,
      process: [
        { type: 'Stream', name: 'feed', properties: { flowRate: [1000, 'kg/hr'] } },
        { type: 'Mixer', name: 'M', inlets: ['feed', 'R'] },
        { type: 'Separator', name: 'S', inlet: 'M' },
        { type: 'Splitter', name: 'SP', inlet: 'S.liquidOut', properties: { splitFactors: [0.5, 0.5] } },
        { type: 'Recycle', name: 'R', inlet: 'SP.splitStream_1' },
      ],
    },
  });
  t.same(codeOf(recycle), ['UNSUPPORTED_DYNAMIC_TOPOLOGY']);

  const upstream = await call({ processJson: { fluid: { ...FLUID, components: { unobtainium: 1 } }, process: PROCESS.process } });
  t.equal(upstream.status, 'error');
  t.equal(upstream.tool, 'runDynamic');
  t.equal(upstream.upstreamTool, 'runProcess', 'steady-state failure is runProcess\'s');
  t.equal(upstream.validation.phase, 'steady-state');

  const flowLoop = await call({ processJson: PROCESS, tuning: { flow: { kp: 1, ti: 10 } } });
  t.same(codeOf(flowLoop), ['NOT_IMPLEMENTED_CONTROLLER']);
  const unknownEvent = await call({ processJson: PROCESS, events: [{ time_seconds: 1, type: 'COMPRESSOR_TRIP', target: 'K', value: 0 }] });
  t.same(codeOf(unknownEvent), ['UNKNOWN_EVENT_TYPE']);
  const unknownTarget = await call({ processJson: PROCESS, duration_seconds: 10, events: [{ time_seconds: 1, type: 'SETPOINT', target: 'TC-1', value: 3 }] });
  t.same(codeOf(unknownTarget), ['UNKNOWN_EVENT_TARGET']);
  const badValve = await call({ processJson: PROCESS, duration_seconds: 10, valves: { gas: { outletPressure_bara: 60 } } });
  t.same(codeOf(badValve), ['INVALID_VALVE'], 'a downstream pressure above the vessel pressure');
  const liquidFull = await call({ processJson: { fluid: { model: 'SRK', temperature: 298.15, pressure: 50, components: { 'n-heptane': 1 } }, process: PROCESS.process.slice(0, 2) }, duration_seconds: 10 });
  t.same(codeOf(liquidFull), ['UNSUPPORTED_DYNAMIC_STATE'], 'a vessel with no gas phase');
});
