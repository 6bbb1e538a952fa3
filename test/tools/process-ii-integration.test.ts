/**
 * Issue 22 units through the other tools: two flowsheets (a gas train with a saturator, scrubber,
 * filter, component splitter, valve on Cv, adiabatic pipe, tank and a chart compressor; a
 * deethaniser column feeding a separator) go through listUnitVariables/getSimulationVariable
 * (every readable variable equals runProcess's report), setSimulationVariable (chart speed, valve
 * Cv and opening re-run to the same numbers as an edited runProcess), an Adjuster on the chart
 * speed, runHAZOP, generateVisualization (flowsheet) and sizeEquipment (the scrubber feed as a
 * vertical separator, the chart compressor's operating point as a compressor).
 */
import t from 'tap';
import { Value } from '@sinclair/typebox/value';
import { getTool } from '../../src/tools/registry.js';
import type { Envelope } from '../../src/tools/contract/envelope.js';
import { runProcess } from '../../src/tools/process/runProcess/runProcess.js';

const ctx = { subject: 'test', profile: 'DESKTOP_ENGINEER', progress: () => {} };
const call = async (name: string, input: unknown) => (await getTool(name)!.run(input as never, ctx)) as Envelope<any>;
const run = (doc: unknown) => runProcess(doc as never) as Envelope<any>;
const rel = (a: number, b: number) => Math.abs(a - b) / Math.max(Math.abs(b), 1e-300);

const chart = { headUnit: 'kJ/kg', speeds: [8000, 10000], flows: [[300, 450, 600, 750], [375, 560, 750, 940]], heads: [[60, 56, 48, 35], [94, 87, 75, 55]], polytropicEfficiencies: [[72, 78, 77, 68], [72, 78, 77, 68]] };
const GAS_TRAIN = {
  fluid: { model: 'SRK', temperature: 303.15, pressure: 30, components: { methane: 0.85, ethane: 0.07, propane: 0.04, 'n-butane': 0.02, CO2: 0.015, water: 0.005 } },
  process: [
    { type: 'Stream', name: 'feed', properties: { flowRate: [20000, 'kg/hr'] } },
    { type: 'Saturator', name: 'sat', inlet: 'feed' },
    { type: 'Scrubber', name: 'scrub', inlet: 'sat' },
    { type: 'Filter', name: 'filt', inlet: 'scrub.gasOut', properties: { deltaP: 0.2 } },
    { type: 'ComponentSplitter', name: 'cs', inlet: 'filt', properties: { splitFactors: [1, 1, 1, 1, 0, 0] } },
    { type: 'Compressor', name: 'K', inlet: 'cs.split0', properties: { compressorChart: chart, speed: 10500 } },
    { type: 'Valve', name: 'v', inlet: 'K', properties: { Cv: 400, percentValveOpening: 50 } },
    { type: 'Pipe', name: 'line', inlet: 'v', properties: { length: 500, diameter: 0.2 } },
    { type: 'Tank', name: 'tank', inlet: 'line' },
  ],
};
const COLUMN = {
  fluid: { model: 'PR', temperature: 300, pressure: 25, components: { methane: 0.02, ethane: 0.18, propane: 0.4, 'n-butane': 0.25, 'n-pentane': 0.15 } },
  process: [
    { type: 'Stream', name: 'feed', properties: { flowRate: [20000, 'kg/hr'] } },
    { type: 'DistillationColumn', name: 'Deethaniser', inlet: 'feed', properties: { numberOfTrays: 10, feedTray: 5, topPressure: [24, 'bara'], bottomPressure: [24.5, 'bara'], refluxRatio: 2, bottomProductFlowRate: [325, 'kmol/hr'] } },
    { type: 'Separator', name: 'C3+ product', inlet: 'Deethaniser.liquidOut' },
  ],
};
const TEG = {
  fluid: { model: 'CPA', temperature: 303.15, pressure: 70, components: { methane: 0.9, ethane: 0.05, water: 0.002, TEG: 0.048 } },
  process: [
    { type: 'Stream', name: 'wet gas', properties: { flowRate: [10000, 'kg/hr'], composition: { methane: 0.92, ethane: 0.0779, water: 0.002, TEG: 0.0001 } } },
    { type: 'Stream', name: 'lean TEG', properties: { flowRate: [300, 'kg/hr'], temperature: [35, 'C'], composition: { methane: 1e-6, ethane: 1e-6, water: 0.01, TEG: 0.98998 } } },
    { type: 'SimpleTEGAbsorber', name: 'Contactor', inlets: ['wet gas', 'lean TEG'], properties: { numberOfStages: 4 } },
    { type: 'ThrottlingValve', name: 'Flash valve', inlet: 'Contactor.liquidOut', properties: { outletPressure: [1.2, 'bara'] } },
    { type: 'WaterStripperColumn', name: 'Regenerator', inlets: ['Flash valve'], properties: { numberOfStages: 3, pressure: [1.2, 'bara'], reboilerTemperature: [200, 'C'] } },
  ],
};
const ALL: { process: { name: string; type: string; inlet?: string; inlets?: string[] }[] }[] = [GAS_TRAIN, COLUMN, TEG];

t.test('the three flowsheets run', async (t) => {
  for (const doc of ALL) {
    const env = run(doc);
    t.equal(env.status, 'success', JSON.stringify(env.errors ?? ''));
  }
});

t.test('every listed variable of every unit reads what runProcess reports', async (t) => {
  for (const doc of ALL) {
    const report = run(doc).data;
    for (const u of doc.process) {
      const list = await call('listUnitVariables', { processJson: doc, unitName: u.name });
      t.equal(list.status, 'success', `${u.name}: ${JSON.stringify(list.errors ?? '')}`);
      const vars = (list.data?.variables ?? []) as any[];
      t.ok(vars.length > 0, `${u.name} (${u.type}) has variables`);
      if (u.type === 'SimpleTEGAbsorber') t.notOk(vars.some((v) => /Duty$/.test(v.address)), 'an absorber offers no condenser or reboiler duty');
      if (u.type === 'WaterStripperColumn') t.same(vars.filter((v) => /Duty$/.test(v.address)).map((v) => v.address), ['Regenerator.reboilerDuty'], 'a stripper offers its reboiler duty only');
      for (const v of vars) {
        const env = await call('getSimulationVariable', { processJson: doc, address: v.address });
        if (env.status !== 'success') {
          t.equal(env.errors?.[0]?.code, 'VALUE_NOT_AVAILABLE', `${v.address}: ${JSON.stringify(env.errors)}`);
          continue;
        }
        t.ok(Number.isFinite(env.data.value), `${v.address} = ${env.data.value}`);
        if (v.type === 'INPUT') t.equal(env.data.value, v.value, `${v.address}: listed value = read value`);
      }
    }
    void report;
  }
  // Named results against the report, to 1e-12.
  const g = run(GAS_TRAIN).data;
  const c = run(COLUMN).data;
  const tg = run(TEG).data;
  const read = async (doc: unknown, address: string, unit?: string) => (await call('getSimulationVariable', { processJson: doc, address, ...(unit ? { unit } : {}) })).data.value as number;
  for (const [doc, address, unit, expected] of [
    [GAS_TRAIN, 'K.power', 'kW', g.units.K.power_kW],
    [GAS_TRAIN, 'K.outletPressure', 'bara', g.units.K.outletPressure_bara],
    [GAS_TRAIN, 'K.speed', undefined, 10500],
    [GAS_TRAIN, 'K.surgeMargin', undefined, g.units.K.surgeMargin],
    [GAS_TRAIN, 'K.polytropicEfficiency', undefined, g.units.K.polytropicEfficiency],
    [GAS_TRAIN, 'v.requiredCv', undefined, g.units.v.requiredCv],
    [GAS_TRAIN, 'v.requiredOpening', undefined, g.units.v.requiredOpening_percent],
    [GAS_TRAIN, 'v.outletStream.pressure', 'bara', g.streams.v.pressure_bara],
    [GAS_TRAIN, 'sat.waterMoleFraction', undefined, g.units.sat.waterMoleFraction],
    [GAS_TRAIN, 'scrub.gasOutStream.flowRate', 'kg/hr', g.streams['scrub.gasOut'].massFlow_kg_hr],
    [GAS_TRAIN, 'cs.splitStream_0.flowRate', 'kg/hr', g.streams['cs.split0'].massFlow_kg_hr],
    [GAS_TRAIN, 'line.outletStream.pressure', 'bara', g.streams.line.pressure_bara],
    [GAS_TRAIN, 'tank.gasOutStream.flowRate', 'kg/hr', g.streams['tank.gasOut'].massFlow_kg_hr],
    [COLUMN, 'Deethaniser.condenserDuty', 'kW', c.units.Deethaniser.condenserDuty_kW],
    [COLUMN, 'Deethaniser.reboilerDuty', 'kW', c.units.Deethaniser.reboilerDuty_kW],
    [COLUMN, 'Deethaniser.liquidOutStream.flowRate', 'kg/hr', c.streams['Deethaniser.liquidOut'].massFlow_kg_hr],
    [TEG, 'Contactor.gasOutStream.flowRate', 'kg/hr', tg.streams['Contactor.gasOut'].massFlow_kg_hr],
    [TEG, 'Regenerator.liquidOutStream.temperature', 'K', tg.streams['Regenerator.liquidOut'].temperature_C + 273.15],
  ] as const) {
    const value = await read(doc, address, unit);
    t.ok(rel(value, expected) < 1e-12, `${address} = ${value} vs report ${expected}`);
  }
});

/** The flowsheet with one unit's properties edited, run by runProcess. */
const edited = (doc: typeof GAS_TRAIN, unit: string, props: Record<string, unknown>) => ({ ...doc, process: doc.process.map((u) => (u.name === unit ? { ...u, properties: { ...u.properties, ...props } } : u)) });

t.test('setSimulationVariable: chart speed, valve Cv and opening re-run as the edited flowsheet', async (t) => {
  for (const [address, value, unit, key] of [['K.speed', 10200, 'K', 'speed'], ['v.Cv', 300, 'v', 'Cv'], ['v.percentValveOpening', 35, 'v', 'percentValveOpening']] as const) {
    const env = await call('setSimulationVariable', { processJson: GAS_TRAIN, address, value });
    t.equal(env.status, 'success', `${address}: ${JSON.stringify(env.errors ?? '')}`);
    if (env.status !== 'success') continue;
    t.equal(env.data.value, value, `${address} reads back`);
    const byHand = run(edited(GAS_TRAIN, unit, { [key]: value })).data;
    const rep = env.data.simulationReport;
    t.ok(rel(rep.units.K.power_kW, byHand.units.K.power_kW) < 1e-12, `${address}: compressor power ${rep.units.K.power_kW} kW`);
    t.ok(rel(rep.streams['tank.gasOut'].pressure_bara, byHand.streams['tank.gasOut'].pressure_bara) < 1e-12, `${address}: tank pressure`);
    t.ok(rel(rep.units.v.requiredOpening_percent, byHand.units.v.requiredOpening_percent) < 1e-9, `${address}: valve opening ${rep.units.v.requiredOpening_percent}`);
    const again = run(env.data.processJson).data;
    t.ok(rel(again.units.K.power_kW, rep.units.K.power_kW) < 1e-12, `${address}: the returned processJson re-runs to the report`);
  }
  const slower = await call('setSimulationVariable', { processJson: GAS_TRAIN, address: 'K.speed', value: 9000 });
  t.ok(slower.data.simulationReport.units.K.outletPressure_bara < run(GAS_TRAIN).data.units.K.outletPressure_bara, 'a slower machine gives a lower discharge pressure');
  const ro = await call('setSimulationVariable', { processJson: GAS_TRAIN, address: 'K.outletPressure', value: 50, unit: 'bara' });
  t.equal(ro.errors?.[0]?.code, 'READ_ONLY_VARIABLE', 'the chart outlet pressure at a set speed is a result');
  // An outlet pressure written on a Cv valve sets the outlet; the Cv then gives the required opening (said in a warning).
  const op = await call('setSimulationVariable', { processJson: GAS_TRAIN, address: 'v.outletPressure', value: 50, unit: 'bara' });
  t.equal(op.status, 'success', JSON.stringify(op.errors ?? ''));
  t.ok(Math.abs(op.data.simulationReport.units.v.outletPressure_bara - 50) < 1e-9, 'outlet at 50 bara');
  const vr = op.data.simulationReport.units.v;
  t.ok(vr.requiredOpening_percent < 50, `the larger drop needs a smaller opening: ${vr.requiredOpening_percent} %`);
  t.ok(Math.abs(vr.requiredOpening_percent - (100 * vr.requiredCv) / 400) < 1e-9, 'linear characteristic: opening = requiredCv / Cv');
  t.ok(op.warnings?.some((w: any) => /outletPressure sets the outlet/.test(w.message)), 'warned that the outlet pressure wins');
});

t.test('an Adjuster varies the chart speed to reach a discharge pressure', async (t) => {
  const target = 50;
  const adj = { type: 'Adjuster', name: 'Discharge', properties: { adjustedEquipment: 'K', adjustedVariable: 'speed', targetEquipment: 'K', targetVariable: 'outletPressure', targetValue: target, targetUnit: 'bara' } };
  const env = run({ ...GAS_TRAIN, process: [...GAS_TRAIN.process, adj] });
  t.equal(env.status, 'success', JSON.stringify(env.errors ?? ''));
  const [a] = env.data.adjusters;
  t.equal(a.converged, true, 'converged');
  t.ok(Math.abs(a.achievedValue - target) <= target * 1e-6, `achieved ${a.achievedValue} bara`);
  t.ok(a.adjustedValue < 10500, `speed ${a.adjustedValue} below the 55 bara one`);
  const plain = run(edited(GAS_TRAIN, 'K', { speed: a.adjustedValue })).data;
  t.ok(Math.abs(plain.units.K.outletPressure_bara - target) <= target * 1e-6, `plain run at that speed: ${plain.units.K.outletPressure_bara} bara`);
});

t.test('runHAZOP: trip and stuck-open rows are simulated for the chart compressor and the Cv valve', async (t) => {
  const env = await call('runHAZOP', { studyId: 'I22', processDefinition: GAS_TRAIN, nodes: [{ nodeId: 'N1', designIntent: 'compress and let down', equipment: ['K', 'v', 'scrub', 'tank'] }] });
  t.equal(env.status, 'success', JSON.stringify(env.errors ?? ''));
  const rows = env.data.hazopRows as any[];
  const row = (mode: string, eq: string) => rows.find((r) => r.failureMode === mode && r.equipment === eq);
  for (const [mode, eq] of [['COMPRESSOR_TRIP', 'K'], ['VALVE_STUCK_OPEN', 'v']]) {
    const r = row(mode, eq);
    t.equal(r?.simulation.status, 'success', `${mode} ${eq}`);
    const byHand = run({ ...GAS_TRAIN, process: GAS_TRAIN.process.map((u) => (u.name === eq ? r.simulation.perturbation.to : u)) }).data;
    for (const v of r.simulation.values) {
      const at = v.source.reduce((o: any, k: string) => o?.[k], byHand);
      t.ok(Math.abs(v.deviated - at) <= 1e-12 * Math.max(1, Math.abs(at)), `${mode}: ${v.source.join('.')} deviated ${v.deviated}`);
    }
  }
  const trip = row('COMPRESSOR_TRIP', 'K').simulation.values.find((v: any) => v.variable === 'pressure');
  t.ok(trip && trip.deviated < trip.baseline, 'a tripped compressor lowers the discharge pressure');
  for (const doc of [COLUMN, TEG]) {
    const col = await call('runHAZOP', { studyId: 'I22-col', processDefinition: doc, nodes: [{ nodeId: 'N1', designIntent: 'separate', equipment: doc.process.slice(2).map((u) => u.name) }] });
    t.equal(col.status, 'success', JSON.stringify(col.errors ?? ''));
    for (const r of col.data?.hazopRows ?? []) t.not(r.simulation.status, 'error', `${r.failureMode} ${r.equipment}: ${r.simulation.reason ?? ''}`);
  }
});

t.test('generateVisualization draws both flowsheets: a node per unit, an edge per inlet', async (t) => {
  for (const doc of ALL) {
    const env = await call('generateVisualization', { type: 'flowsheet', processJson: doc });
    t.equal(env.status, 'success', JSON.stringify(env.errors ?? ''));
    const m: string = env.data.mermaid;
    for (const u of doc.process) t.ok(m.includes(`"${u.name}"`), `${u.name} drawn`);
    const inlets = doc.process.reduce((n, u) => n + (u.inlets?.length ?? (u.inlet ? 1 : 0)), 0);
    t.equal((m.match(/-->/g) ?? []).length, inlets, 'one edge per inlet');
  }
});

t.test('sizeEquipment: the scrubber feed as a vertical separator, the chart machine as a compressor', async (t) => {
  const g = run(GAS_TRAIN).data;
  const feed = g.streams.sat;
  const comps = g.streams.sat.composition;
  const sep = await call('sizeEquipment', { equipmentType: 'separator', model: 'SRK', temperature_C: feed.temperature_C, pressure_bara: feed.pressure_bara, components: comps, flowRate: { value: feed.massFlow_kg_hr, unit: 'kg/hr' }, orientation: 'vertical' });
  t.ok(sep.status === 'success' || sep.errors?.[0]?.code === 'SINGLE_PHASE_FEED', `scrubber feed: ${JSON.stringify(sep.errors ?? '')}`);
  const k = g.units.K;
  const suction = g.streams['cs.split0'];
  const comp = await call('sizeEquipment', { equipmentType: 'compressor', model: 'SRK', temperature_C: suction.temperature_C, pressure_bara: suction.pressure_bara, components: suction.composition, flowRate: { value: suction.massFlow_kg_hr, unit: 'kg/hr' }, outletPressure_bara: k.outletPressure_bara, polytropicEfficiency: k.polytropicEfficiency });
  t.equal(comp.status, 'success', JSON.stringify(comp.errors ?? ''));
  t.ok(rel(comp.data.sizing.power_kW, k.power_kW) < 1e-6, `power at the chart's operating point: ${comp.data.sizing.power_kW} vs ${k.power_kW} kW`);
  // A unit type the tool does not size is refused by its schema (HTTP 400, naming the allowed types).
  t.notOk(Value.Check(getTool('sizeEquipment')!.input, { equipmentType: 'GasScrubber', components: comps }), 'equipmentType GasScrubber is outside the schema');
});
