/**
 * runOperationalStudy: response metrics against first- and second-order step responses in closed
 * form, envelope margins and trends by hand, scenarios and field data against the automation
 * tools on the same process, tag-map findings and refusals.
 */
import t from 'tap';
import { runTool } from '../../src/index.js';
import { AUTOMATION_PROCESS } from '../../src/tools/process/automation/examples.js';
import { getTool } from '../../src/tools/registry.js';

type Data = Record<string, any>;
const call = async (input: Record<string, unknown>) => (await runTool('runOperationalStudy', input)) as unknown as { status: string; data: Data; errors?: { code: string; field?: string }[] };
const grid = (T: number, n: number) => Array.from({ length: n + 1 }, (_, i) => (T * i) / n);

t.test('first-order step response', async (t) => {
  const tau = 20;
  const sp = 50;
  const time = grid(300, 30000);
  const y = time.map((x) => sp * (1 - Math.exp(-x / tau)));
  const r = await call({ action: 'evaluateControllerResponse', setPoint: sp, timeSeconds: time, processValue: y });
  t.equal(r.status, 'success', JSON.stringify(r.errors));
  const d = r.data;
  const decay = Math.exp(-300 / tau);
  t.ok(Math.abs(d.riseTime - tau * Math.log(9)) < 1e-4, `rise time ${d.riseTime} vs τ ln 9`);
  t.ok(Math.abs(d.settlingTime - tau * Math.log(50)) < 1e-4, `2 % settling ${d.settlingTime} vs τ ln 50`);
  t.equal(d.overshootPercent, 0);
  t.ok(Math.abs(d.iae - sp * tau * (1 - decay)) < 1e-5 * sp * tau, `IAE ${d.iae}`);
  t.ok(Math.abs(d.ise - ((sp * sp * tau) / 2) * (1 - decay * decay)) < 1e-5 * sp * sp * tau, `ISE ${d.ise}`);
  t.ok(Math.abs(d.itae - sp * tau * tau) < 1e-4 * sp * tau * tau, `ITAE ${d.itae} vs SP τ²`);
  t.ok(Math.abs(d.steadyStateError - sp * decay) < 1e-12);
  t.equal(d.settled, true);
  const short = await call({ action: 'evaluateControllerResponse', setPoint: sp, timeSeconds: time.slice(0, 5001), processValue: y.slice(0, 5001) });
  t.equal(short.data.settled, false, 'still outside the band at 50 s');
  t.equal(short.data.settlingTime, null);
});

t.test('second-order underdamped response and saturation', async (t) => {
  const zeta = 0.3;
  const wn = 0.5;
  const wd = wn * Math.sqrt(1 - zeta * zeta);
  const phi = Math.acos(zeta);
  const time = grid(80, 80000);
  const y = time.map((x) => 1 - (Math.exp(-zeta * wn * x) / Math.sqrt(1 - zeta * zeta)) * Math.sin(wd * x + phi));
  const u = time.map((x) => (x < 24 ? 100 : 40));
  const r = await call({ action: 'evaluateControllerResponse', setPoint: 1, timeSeconds: time, processValue: y, controllerOutput: u, outputMin: 0, outputMax: 100 });
  const d = r.data;
  const os = 100 * Math.exp((-Math.PI * zeta) / Math.sqrt(1 - zeta * zeta));
  t.ok(Math.abs(d.overshootPercent - os) < 1e-5, `overshoot ${d.overshootPercent} vs ${os}`);
  t.ok(Math.abs(d.peakTime - Math.PI / wd) < 2e-3, `peak time ${d.peakTime} vs π/ωd`);
  t.ok(Math.abs(d.outputSaturationFraction - 24 / 80) < 1e-3, `saturated ${d.outputSaturationFraction}`);
  t.ok(d.errorSignChanges >= 3, 'it oscillates');
});

t.test('operating envelope by hand, trends, and values read from the model', async (t) => {
  const r = await call({
    action: 'evaluateOperatingEnvelope',
    designCapacities: [
      { name: 'a', value: 80, limit: 100 },
      { name: 'b', value: 95, limit: 100 },
      { name: 'c', value: 12, limit: 10, kind: 'min' },
      { name: 'd', value: 105, limit: 100 },
    ],
    marginHistory: [
      { name: 'falling', timeSeconds: [0, 100, 200, 300], marginPercent: [20, 18, 16, 14] },
      { name: 'rising', timeSeconds: [0, 100], marginPercent: [10, 12] },
    ],
    predictionHorizonSeconds: 600,
  });
  t.equal(r.status, 'success', JSON.stringify(r.errors));
  const by = Object.fromEntries((r.data.capacities as Data[]).map((c) => [c.name, c]));
  t.same([by.a.marginPercent, by.b.nearLimit, by.c.marginPercent, by.d.exceeded], [20, true, 20, true]);
  t.equal(r.data.bottleneck, 'd');
  t.equal(r.data.exceededCount, 1);
  const [falling, rising] = r.data.marginTrends as Data[];
  t.ok(Math.abs(falling.secondsToLimit - 700) < 1e-9, 'margin 14 % falling 0.02 %/s: 700 s to the limit');
  t.equal(falling.tripPredictedWithinHorizon, false);
  t.equal(rising.secondsToLimit, null);
  const m = await call({ action: 'evaluateOperatingEnvelope', processJson: AUTOMATION_PROCESS, designCapacities: [{ name: 'power', address: 'Export Compressor.power', unit: 'kW', limit: 500 }] });
  const direct = (await runTool('getSimulationVariable', { processJson: AUTOMATION_PROCESS, address: 'Export Compressor.power', unit: 'kW' })).data as Data;
  t.equal(m.data.capacities[0].value, direct.value, 'the value the automation read gives');
  t.ok(Math.abs(m.data.capacities[0].utilizationPercent - (100 * direct.value) / 500) < 1e-10);
});

t.test('scenario and field data against the automation tools', async (t) => {
  const before = JSON.stringify(AUTOMATION_PROCESS);
  const s = await call({ action: 'runScenario', processJson: AUTOMATION_PROCESS, actions: [{ type: 'SET_VARIABLE', target: 'feed.flowRate', value: 12000, unit: 'kg/hr' }, { type: 'RUN_STEADY_STATE' }, { type: 'SET_VARIABLE', target: 'Export Compressor.outletPressure', value: 100, unit: 'bara' }, { type: 'RUN_STEADY_STATE' }], reads: [{ address: 'Export Compressor.power', unit: 'kW' }] });
  t.equal(s.status, 'success', JSON.stringify(s.errors));
  t.equal(JSON.stringify(AUTOMATION_PROCESS), before, "the caller's process is not changed");
  const set1 = (await runTool('setSimulationVariable', { processJson: AUTOMATION_PROCESS, address: 'feed.flowRate', value: 12000, unit: 'kg/hr' })).data as Data;
  const p1 = (await runTool('getSimulationVariable', { processJson: set1.processJson, address: 'Export Compressor.power', unit: 'kW' })).data as Data;
  const set2 = (await runTool('setSimulationVariable', { processJson: set1.processJson, address: 'Export Compressor.outletPressure', value: 100, unit: 'bara' })).data as Data;
  const p2 = (await runTool('getSimulationVariable', { processJson: set2.processJson, address: 'Export Compressor.power', unit: 'kW' })).data as Data;
  t.equal(s.data.runs[0].values[0].value, p1.value);
  t.equal(s.data.runs[1].values[0].value, p2.value);
  t.same(s.data.processJson, set2.processJson, 'the returned copy is the two writes');

  const bindings = [
    { logicalTag: 'FI-100', historianTag: 'PLANT.FI100.PV', automationAddress: 'feed.flowRate', unit: 'kg/hr', role: 'INPUT' },
    { logicalTag: 'JI-200', automationAddress: 'Export Compressor.power', unit: 'kW', role: 'BENCHMARK' },
    { logicalTag: 'TI-201', automationAddress: 'Export Compressor.outletStream.temperature', unit: 'C', role: 'BENCHMARK' },
    { logicalTag: 'V-TI', automationAddress: 'Aftercooler.duty', unit: 'kW', role: 'VIRTUAL' },
  ];
  const f = await call({ action: 'applyFieldData', processJson: AUTOMATION_PROCESS, tagBindings: bindings, fieldData: { 'PLANT.FI100.PV': 12000, 'JI-200': p1.value * 1.03, 'TI-201': 200 }, benchmarkToleranceFraction: 0.05 });
  t.equal(f.status, 'success', JSON.stringify(f.errors));
  const [power, temp] = f.data.benchmarks as Data[];
  t.equal(power.model, p1.value, 'field flow written through the historian tag');
  t.ok(Math.abs(power.deviation - (1 / 1.03 - 1)) < 1e-12 && power.withinTolerance === true);
  t.equal(temp.withinTolerance, false);
  t.equal(f.data.benchmarksCompared, 2);
  t.equal(f.data.virtualTags[0].logicalTag, 'V-TI');
});

t.test('transients through runDynamic', async (t) => {
  const dyn = getTool('runDynamic')!.examples.find((e) => e.name === 'separator-feed-step')!.input as Data;
  const doc = dyn.processJson;
  const s = await call({ action: 'runScenario', processJson: doc, actions: [{ type: 'SET_VARIABLE', target: 'feed.flowRate', value: 11000, unit: 'kg/hr' }, { type: 'SET_VALVE_OPENING', target: 'liquid', value: 0.3 }, { type: 'RUN_TRANSIENT', value: 120 }] });
  t.equal(s.status, 'success', JSON.stringify(s.errors));
  const written = (await runTool('setSimulationVariable', { processJson: doc, address: 'feed.flowRate', value: 11000, unit: 'kg/hr' })).data as Data;
  const direct = (await runTool('runDynamic', { processJson: written.processJson, duration_seconds: 120, timeStep_seconds: 1, events: [{ time_seconds: 0, type: 'VALVE_OPENING', target: 'liquid', value: 0.3 }] })).data as Data;
  const tr = s.data.transients[0];
  for (const [tag, v] of Object.entries(direct.transmitters as Record<string, { values: number[] }>)) t.equal((tr.finalTransmitters as Data)[tag].value, v.values[v.values.length - 1], `${tag} equals runDynamic's`);
  const pc = (tr.loops as Data[]).find((l) => l.kind === 'pressure')!;
  const pt = direct.transmitters[Object.keys(direct.transmitters).find((k) => k.startsWith('PT-'))!].values as number[];
  t.equal(pc.metrics.iae, (await call({ action: 'evaluateControllerResponse', setPoint: pc.setpoint, timeSeconds: direct.time_seconds, processValue: pt })).data.iae, 'loop metrics are evaluateControllerResponse on the series');
  t.ok(tr.maxMassBalanceRelativeError < 1e-9);
});

t.test('tag-map findings and refusals', async (t) => {
  const v = await call({
    action: 'validateTagMap',
    processJson: AUTOMATION_PROCESS,
    tagBindings: [
      { logicalTag: 'X', automationAddress: 'No Such Unit.power', role: 'BENCHMARK' },
      { logicalTag: 'Y', automationAddress: 'Export Compressor.power', role: 'INPUT' },
      { logicalTag: 'Y', automationAddress: 'feed.flowRate', unit: 'furlongs', role: 'INPUT' },
      { logicalTag: 'Z', automationAddress: 'feed.flowRate', unit: 'kg/hr', role: 'INPUT' },
    ],
  });
  t.equal(v.data.valid, false);
  t.same((v.data.findings as Data[]).map((f) => [f.logicalTag, f.code]), [['X', 'UNIT_NOT_FOUND'], ['Y', 'READ_ONLY_VARIABLE'], ['Y', 'DUPLICATE_TAG'], ['Y', 'UNKNOWN_UNIT']]);
  const code = async (input: Record<string, unknown>) => (await call(input)).errors?.[0]?.code;
  t.equal(await code({ action: 'dance' }), 'UNKNOWN_ACTION');
  t.equal(await code({ action: 'runEvidencePackage' }), 'NOT_IMPLEMENTED_ACTION');
  t.equal(await code({ action: 'runScenario', processJson: AUTOMATION_PROCESS, actions: [{ type: 'RUN_TRANSIENT' }] }), 'UNSUPPORTED_DYNAMIC_TOPOLOGY', "runDynamic's refusal: a compressor after the separator");
  t.equal(await code({ action: 'runScenario', processJson: AUTOMATION_PROCESS, actions: [{ type: 'SET_VALVE_OPENING', target: 'gas', value: 0.4 }, { type: 'RUN_STEADY_STATE' }] }), 'UNUSED_ACTION');
  t.equal(await code({ action: 'runScenario', processJson: AUTOMATION_PROCESS, actions: [{ type: 'SET_VALVE_OPENING', target: 'gas', value: 1.4 }] }), 'INVALID_INPUT');
  t.equal(await code({ action: 'runScenario', processJson: AUTOMATION_PROCESS, actions: [{ type: 'SET_VARIABLE', target: 'feed.flowRate', value: 1 }] }), 'NO_RUN');
  t.equal(await code({ action: 'runScenario', processJson: AUTOMATION_PROCESS, actions: [{ type: 'SET_VARIABLE', target: 'Export Compressor.power', value: 1 }, { type: 'RUN_STEADY_STATE' }] }), 'READ_ONLY_VARIABLE');
  t.equal(await code({ action: 'evaluateControllerResponse', setPoint: 1, timeSeconds: [0, 1, 2], processValue: [0, 1] }), 'LENGTH_MISMATCH');
  t.equal(await code({ action: 'evaluateControllerResponse', setPoint: 1, timeSeconds: [0, 2, 1], processValue: [0, 1, 1] }), 'INVALID_SERIES');
  t.equal(await code({ action: 'evaluateOperatingEnvelope', designCapacities: [{ name: 'p', address: 'x.y', limit: 1 }] }), 'MISSING_PROCESS');
  t.equal(await code({ action: 'applyFieldData', tagBindings: [{ logicalTag: 'a', role: 'INPUT' }] }), 'MISSING_PROCESS');
});
