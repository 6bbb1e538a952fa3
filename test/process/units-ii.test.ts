/**
 * Issue 22 unit models: chart interpolation reproduces the chart at its own points; IEC
 * 60534-2-1:2011 Annex E worked examples 1 (non-choked) and 2 (choked) for incompressible flow;
 * the new unit types run in runProcess (scrubber, tank, filter, saturator, component splitter,
 * adiabatic pipe, valve with Cv, compressor on a chart with speed solved).
 */
import t from 'tap';
import { chartPoint, type MachineChart } from '../../src/engine/index.js';
import { KV_PER_CV, liquidRequiredCv } from '../../src/engine/dynamic/valves.js';
import { runProcess } from '../../src/tools/process/runProcess/runProcess.js';

const chart: MachineChart = {
  lines: [
    { speed: 8000, flow: [1000, 1500, 2000, 2500], head: [90e3, 84e3, 72e3, 52e3], efficiency: [0.72, 0.78, 0.77, 0.68] },
    { speed: 10000, flow: [1300, 1800, 2500, 3100], head: [140e3, 132e3, 112e3, 80e3], efficiency: [0.71, 0.79, 0.78, 0.66] },
  ],
};

t.test('the chart is reproduced at each of its points', (t) => {
  for (const l of chart.lines) {
    l.flow.forEach((q, i) => {
      const p = chartPoint(chart, q, l.speed);
      t.ok(Math.abs(p.head - l.head[i]) < 1e-9 * l.head[i], `head at ${l.speed}/${q}`);
      t.ok(Math.abs(p.efficiency - l.efficiency[i]) < 1e-12, `efficiency at ${l.speed}/${q}`);
    });
    const s = chartPoint(chart, l.flow[0], l.speed);
    t.ok(Math.abs(s.surgeMargin) < 1e-12, 'surge margin 0 on the first point');
    t.ok(chartPoint(chart, l.flow[0] * 0.9, l.speed).flowOutside, 'left of surge is outside');
  }
  // Between speed lines a fan-law-similar point of both lines is reproduced exactly.
  const similar: MachineChart = { lines: [chart.lines[0], { speed: 10000, flow: chart.lines[0].flow.map((q) => q * 1.25), head: chart.lines[0].head.map((h) => h * 1.5625), efficiency: chart.lines[0].efficiency }] };
  const p = chartPoint(similar, 1500 * 1.1, 8800);
  t.ok(Math.abs(p.head - 84e3 * 1.21) < 1e-6 * 84e3, 'fan-law chart reproduced between its lines');
  t.end();
});

t.test('IEC 60534-2-1:2011 Annex E, examples 1 and 2 (water at 363 K)', (t) => {
  // Q = 360 m3/h, p1 = 680 kPa, p2 = 220 kPa, ρ1 = 965.4 kg/m3, pv = 70.1 kPa, pc = 22120 kPa.
  const q = 360 / 3600;
  const ex1 = liquidRequiredCv(q, 0.9, 680e3, 220e3, 965.4, 70.1e3, 22120e3);
  t.notOk(ex1.choked, 'example 1 (globe valve, FL 0.90) is not choked');
  t.ok(Math.abs(ex1.cv * KV_PER_CV - 165) < 0.5, `example 1: Kv ${(ex1.cv * KV_PER_CV).toFixed(1)} = 165 m3/h`);
  const ex2 = liquidRequiredCv(q, 0.6, 680e3, 220e3, 965.4, 70.1e3, 22120e3);
  t.ok(ex2.choked, 'example 2 (ball valve, FL 0.60) is choked');
  t.ok(Math.abs(ex2.cv * KV_PER_CV - 238) < 1, `example 2: Kv ${(ex2.cv * KV_PER_CV).toFixed(1)} = 238 m3/h`);
  t.end();
});

const gas = { model: 'SRK', temperature: 303.15, pressure: 30, components: { methane: 0.85, ethane: 0.07, propane: 0.04, 'n-butane': 0.02, CO2: 0.015, water: 0.005 } };

t.test('the new unit types run in one flowsheet', (t) => {
  const env: any = runProcess({
    fluid: gas,
    process: [
      { type: 'Stream', name: 'feed', properties: { flowRate: [20000, 'kg/hr'] } },
      { type: 'Saturator', name: 'sat', inlet: 'feed' },
      { type: 'Scrubber', name: 'scrub', inlet: 'sat' },
      { type: 'Filter', name: 'filt', inlet: 'scrub.gasOut', properties: { deltaP: 0.2 } },
      { type: 'ComponentSplitter', name: 'cs', inlet: 'filt', properties: { splitFactors: [1, 1, 1, 1, 0, 0] } },
      { type: 'Valve', name: 'v', inlet: 'cs.split0', properties: { Cv: 400, percentValveOpening: 50 } },
      { type: 'Pipe', name: 'line', inlet: 'v', properties: { length: 500, diameter: 0.2 } },
      { type: 'Tank', name: 'tank', inlet: 'line' },
    ],
  } as any);
  t.equal(env.status, 'success', JSON.stringify(env.errors ?? '').slice(0, 500));
  const d = env.data;
  t.ok(d.units.sat.waterMoleFraction > 0.0005, 'saturated gas holds water');
  t.ok(d.streams['cs.split0'].composition.CO2 < 1e-12, 'CO2 removed by the component splitter');
  const v = d.units.v;
  t.ok(Math.abs(v.requiredOpening_percent - 50) < 1e-6, 'the Cv and opening set the outlet pressure: the required opening is the given one');
  t.ok(d.streams.line.pressure_bara < d.streams.v.pressure_bara, 'the pipe loses pressure');
  t.end();
});

t.test('compressor on a chart: speed solved for the outlet pressure, then the speed reproduces it', (t) => {
  const cc = { headUnit: 'kJ/kg', speeds: [8000, 10000], flows: [[300, 450, 600, 750], [375, 560, 750, 940]], heads: [[60, 56, 48, 35], [94, 87, 75, 55]], polytropicEfficiencies: [[72, 78, 77, 68], [72, 78, 77, 68]] };
  const base = (props: Record<string, unknown>) => ({ fluid: { ...gas, components: { methane: 0.9, ethane: 0.07, propane: 0.03 } }, process: [{ type: 'Stream', name: 'feed', properties: { flowRate: [20000, 'kg/hr'] } }, { type: 'Compressor', name: 'K', inlet: 'feed', properties: { compressorChart: cc, ...props } }] });
  const a: any = runProcess(base({ outletPressure: [55, 'bara'] }) as any);
  t.equal(a.status, 'success', JSON.stringify(a.errors ?? '').slice(0, 500));
  const speed = a.data.units.K.speed;
  t.ok(speed > 10000 && speed < 12000, `speed ${speed} (above the fastest line)`);
  t.equal(a.data.units.K.outsideChart, 1, 'flagged outside the chart');
  t.ok(a.warnings.some((w: any) => /outside the chart/.test(w.message)), 'warned');
  const b: any = runProcess(base({ speed }) as any);
  t.ok(Math.abs(b.data.streams.K.pressure_bara - 55) < 1e-4, 'fixed speed gives back the outlet pressure');
  const both: any = runProcess(base({ speed, outletPressure: [60, 'bara'] }) as any);
  t.ok(both.warnings.some((w: any) => /speed wins/.test(w.message)), 'speed wins over a given outlet pressure, said in a warning');
  const frac: any = runProcess(base({ speed, compressorChart: { ...cc, polytropicEfficiencies: [[0.72, 0.78, 0.77, 0.68], [0.72, 0.78, 0.77, 0.68]] } }) as any);
  t.equal(frac.status, 'error', 'fractional chart efficiencies are refused');
  t.end();
});
