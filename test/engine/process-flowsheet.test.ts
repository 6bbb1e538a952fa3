/**
 * Sequential-modular flowsheet solver (src/engine/process/flowsheet.ts): a straight sequence,
 * a recycle loop solved to its tolerances, a loop that accumulates and must be reported as not
 * converged (not hang), empty ports, unit failures and the flowsheet's product ports.
 */
import t from 'tap';
import {
  createProcessFluid,
  massFlow,
  productPorts,
  resolveComponents,
  solveFlowsheet,
  type FlowsheetResult,
  type ProcessFluid,
  type StreamState,
  type UnitResult,
  type UnitSpec,
} from '../../src/engine/index.js';

function fluidOf(comp: Record<string, number>): { fluid: ProcessFluid; z: Float64Array } {
  const names = Object.keys(comp);
  const r = resolveComponents(names);
  if (!r.ok) throw new Error(`unknown components ${r.unknown.join(', ')}`);
  return { fluid: createProcessFluid('SRK', r.components, false), z: Float64Array.from(names.map((n) => comp[n])) };
}

const RICH = fluidOf({ methane: 0.7, ethane: 0.1, propane: 0.08, 'n-butane': 0.05, 'n-pentane': 0.04, 'n-hexane': 0.03 });
const LEAN = fluidOf({ methane: 0.9, ethane: 0.06, propane: 0.03, nitrogen: 0.01 });

const feedUnit = (name: string, f: typeof RICH, molarFlow: number, T: number, P: number): UnitSpec => ({ type: 'Stream', name, feed: { ...f, molarFlow, T, P } });
const port = (unit: string, p = 'out') => ({ unit, port: p });

function unit(r: FlowsheetResult, name: string): UnitResult {
  const u = r.units.find((x) => x.name === name);
  if (!u) throw new Error(`no unit ${name}`);
  return u;
}

function componentFlows(s: StreamState): Map<string, number> {
  const m = new Map<string, number>();
  s.fluid.model.components.forEach((c, i) => m.set(c.name, (m.get(c.name) ?? 0) + s.molarFlow * s.z[i]));
  return m;
}

t.test('sequential flowsheet: one pass, outlets feed the next unit, products and balances', (t) => {
  const specs: UnitSpec[] = [
    feedUnit('feed', RICH, 20, 300, 60e5),
    { type: 'Cooler', name: 'chiller', inlet: port('feed'), heater: { outletTemperature: 265 } },
    { type: 'Separator', name: 'sep', inlets: [port('chiller')], pressureDrop: 0 },
    { type: 'ThrottlingValve', name: 'lv', inlet: port('sep', 'liquidOut'), outletPressure: 10e5 },
    { type: 'Compressor', name: 'comp', inlet: port('sep', 'gasOut'), machine: { outletPressure: 90e5, isentropicEfficiency: 0.8 } },
  ];
  const r = solveFlowsheet(specs);
  if (!r.ok) return t.fail(`${r.code}: ${r.message}`), t.end();
  t.equal(r.iterations, 1, 'no recycle: one pass');
  t.same(r.recycles, []);
  t.same(r.units.map((u) => u.name), ['feed', 'chiller', 'sep', 'lv', 'comp'], 'units in the order given');
  const sep = unit(r, 'sep');
  t.equal(unit(r, 'lv').inlets[0], sep.outlets.liquidOut, 'valve reads the separator liquid');
  t.equal(unit(r, 'comp').inlets[0], sep.outlets.gasOut, 'compressor reads the separator gas');
  t.equal(unit(r, 'chiller').values.duty < 0, true, 'chiller duty is negative');
  t.ok(unit(r, 'comp').values.power > 0, 'compressor power positive');
  const products = productPorts(specs);
  t.same(products, [port('lv'), port('comp')], 'products: the valve and compressor outlets');
  const feed = unit(r, 'feed').outlets.out as StreamState;
  const out = products.map((p) => unit(r, p.unit).outlets[p.port] as StreamState);
  const mIn = massFlow(feed);
  const mOut = out.reduce((a, s) => a + massFlow(s), 0);
  t.ok(Math.abs(mOut - mIn) <= 1e-12 * mIn, `mass in ${mIn} = out ${mOut} kg/s`);
  // Energy: feed enthalpy + shaft + heat = products enthalpy, to the PH flashes' tolerance.
  const hIn = feed.molarFlow * feed.enthalpy + unit(r, 'comp').values.power + unit(r, 'chiller').values.duty;
  const hOut = out.reduce((a, s) => a + s.molarFlow * s.enthalpy, 0);
  t.ok(Math.abs(hOut - hIn) <= 1e-9 * feed.molarFlow * 3 * Math.max(Math.abs(feed.enthalpy), 1000), `enthalpy flow in ${hIn.toFixed(3)} W = out ${hOut.toFixed(3)} W`);
  t.end();
});

/** Feed + recycle → cooler → separator; 30 % of the gas goes back. */
function recycleLoop(): UnitSpec[] {
  return [
    feedUnit('feed', RICH, 20, 300, 50e5),
    { type: 'Mixer', name: 'mix', inlets: [port('feed'), port('R')] },
    { type: 'Cooler', name: 'cool', inlet: port('mix'), heater: { outletTemperature: 270 } },
    { type: 'Separator', name: 'sep', inlets: [port('cool')], pressureDrop: 0 },
    { type: 'Splitter', name: 'split', inlet: port('sep', 'gasOut'), fractions: [0.7, 0.3] },
    { type: 'Compressor', name: 'boost', inlet: port('split', 'split1'), machine: { outletPressure: 55e5, isentropicEfficiency: 0.75 } },
    { type: 'Recycle', name: 'R', inlet: port('boost') },
  ];
}

t.test('recycle loop converges; the tear stream equals its source; the flowsheet balances', (t) => {
  const specs = recycleLoop();
  const r = solveFlowsheet(specs);
  if (!r.ok) return t.fail(`${r.code}: ${r.message}`), t.end();
  t.ok(r.iterations > 1, `${r.iterations} passes`);
  t.equal(r.recycles.length, 1);
  const rep = r.recycles[0];
  t.equal(rep.name, 'R');
  t.equal(rep.converged, true);
  t.ok(rep.flowError <= 1e-6 && rep.temperatureError <= 1e-4 && rep.compositionError <= 1e-7, `reported changes within tolerance (${rep.flowError.toExponential(2)}, ${rep.temperatureError.toExponential(2)} K, ${rep.compositionError.toExponential(2)})`);
  // What the mixer read (the last pass's recycle) against what the recycle now carries.
  const read = unit(r, 'mix').inlets[1];
  const now = unit(r, 'R').outlets.out as StreamState;
  t.ok(read && now, 'the mixer saw a recycle stream');
  t.ok(Math.abs(read.molarFlow - now.molarFlow) <= 1e-6 * now.molarFlow, `tear flow ${read.molarFlow} vs ${now.molarFlow} mol/s`);
  t.ok(Math.abs(read.flash.T - now.flash.T) <= 1e-4, `tear T ${read.flash.T} vs ${now.flash.T} K`);
  let dz = 0;
  for (let i = 0; i < now.z.length; i++) dz += Math.abs(read.z[i] - now.z[i]);
  t.ok(dz <= 1e-7, `tear composition Σ|Δz| ${dz.toExponential(2)}`);
  t.ok(now.molarFlow > 0.5, `recycle carries material (${now.molarFlow.toFixed(3)} mol/s)`);
  // Products and the whole-flowsheet balances.
  const products = productPorts(specs);
  t.same(products, [port('sep', 'liquidOut'), port('split', 'split0')], 'products: separator liquid and the kept gas (the loop is internal)');
  const feed = unit(r, 'feed').outlets.out as StreamState;
  const outs = products.map((p) => unit(r, p.unit).outlets[p.port] as StreamState);
  const mIn = massFlow(feed);
  const mOut = outs.reduce((a, s) => a + massFlow(s), 0);
  t.ok(Math.abs(mOut - mIn) <= 1e-6 * mIn, `mass balance ${((mOut - mIn) / mIn).toExponential(2)} ≤ 1e-6`);
  const cf = componentFlows(feed);
  const co = outs.map(componentFlows);
  for (const [name, n] of cf) {
    const sum = co.reduce((a, c) => a + (c.get(name) ?? 0), 0);
    t.ok(Math.abs(sum - n) <= 1e-6 * n, `${name}: out ${sum.toFixed(8)} = in ${n.toFixed(8)} mol/s`);
  }
  // Tighter tolerances take more passes and close the balance further.
  const tight = solveFlowsheet(specs, { flowTolerance: 1e-10, temperatureTolerance: 1e-8, compositionTolerance: 1e-11 });
  if (tight.ok) {
    t.ok(tight.iterations > r.iterations, `tighter tolerances: ${tight.iterations} > ${r.iterations} passes`);
    const o2 = products.map((p) => unit(tight, p.unit).outlets[p.port] as StreamState);
    const m2 = o2.reduce((a, s) => a + massFlow(s), 0);
    t.ok(Math.abs(m2 - mIn) <= 1e-9 * mIn, `tight mass balance ${((m2 - mIn) / mIn).toExponential(2)}`);
  } else t.fail(`tight: ${tight.code}`);
  t.end();
});

t.test('an accumulating loop is reported as RECYCLE_NOT_CONVERGED, not a hang', (t) => {
  // Everything leaving the mixer goes back into it: the recycle grows by the feed every pass.
  const specs: UnitSpec[] = [
    feedUnit('feed', LEAN, 5, 300, 30e5),
    { type: 'Mixer', name: 'mix', inlets: [port('feed'), port('loop')] },
    { type: 'Splitter', name: 'split', inlet: port('mix'), fractions: [1, 0] },
    { type: 'Recycle', name: 'loop', inlet: port('split', 'split0') },
  ];
  const r = solveFlowsheet(specs, { maxIterations: 15 });
  t.equal(r.ok, false, 'not converged');
  if (!r.ok) {
    t.equal(r.code, 'RECYCLE_NOT_CONVERGED');
    t.equal(r.unit, 'loop', 'names the recycle');
    t.match(r.message, /not converged after 15 passes/);
    t.match(r.message, /loop \(flow change/);
  }
  const passes: number[] = [];
  const stopped = solveFlowsheet(specs, { onPass: (p) => (passes.push(p), p < 3) });
  t.same(passes, [1, 2, 3], 'onPass sees every pass and can stop the solver');
  t.equal(stopped.ok, false);
  if (!stopped.ok) {
    t.equal(stopped.code, 'RECYCLE_NOT_CONVERGED');
    t.match(stopped.message, /stopped after 3 of 100 passes/, 'the message gives the passes actually made');
  }
  const defaults = solveFlowsheet(specs);
  t.equal(defaults.ok, false, 'default limit (100 passes) ends too');
  if (!defaults.ok) t.match(defaults.message, /100 passes/);
  t.end();
});

t.test('empty ports: a gas-only separator has no liquid; units downstream report noFlow', (t) => {
  const specs: UnitSpec[] = [
    feedUnit('gas', LEAN, 10, 300, 50e5),
    { type: 'Separator', name: 'scrubber', inlets: [port('gas')], pressureDrop: 0 },
    { type: 'ThrottlingValve', name: 'drain', inlet: port('scrubber', 'liquidOut'), outletPressure: 5e5 },
    { type: 'Mixer', name: 'drains', inlets: [port('drain')] },
    { type: 'HeatExchanger', name: 'hx', inlets: [port('scrubber', 'gasOut'), port('drains')], UA: 1000 },
    { type: 'Compressor', name: 'comp', inlet: port('hx', 'hx0'), machine: { outletPressure: 80e5, isentropicEfficiency: 0.8 } },
  ];
  const r = solveFlowsheet(specs);
  if (!r.ok) return t.fail(`${r.code}: ${r.message}`), t.end();
  const sep = unit(r, 'scrubber');
  t.ok(sep.outlets.gasOut, 'gas outlet');
  t.equal(sep.outlets.liquidOut, undefined, 'no liquid outlet');
  t.ok('liquidOut' in sep.outlets, 'the empty port is listed (undefined), not dropped');
  const drain = unit(r, 'drain');
  t.equal(drain.noFlow, true, 'valve on the empty port: noFlow');
  t.equal(drain.outlets.out, undefined);
  t.same(drain.inlets, []);
  t.equal(unit(r, 'drains').noFlow, true, 'mixer of empty streams: noFlow');
  const hx = unit(r, 'hx');
  t.equal(hx.values.duty, 0, 'exchanger with one empty side transfers nothing');
  t.equal(hx.outlets.hx0, sep.outlets.gasOut, 'the other side passes unchanged');
  t.not(hx.noFlow, true, 'the exchanger still has flow');
  t.ok(unit(r, 'comp').values.power > 0, 'downstream of the pass-through the compressor runs');
  t.end();
});

t.test('a failing unit stops the solve with its name', (t) => {
  const specs: UnitSpec[] = [
    feedUnit('feed', LEAN, 10, 300, 50e5),
    { type: 'ThrottlingValve', name: 'bad valve', inlet: port('feed'), outletPressure: 70e5 },
  ];
  let r: ReturnType<typeof solveFlowsheet> | undefined;
  t.doesNotThrow(() => (r = solveFlowsheet(specs)));
  t.equal(r?.ok, false);
  if (r && !r.ok) {
    t.equal(r.code, 'PROCESS_ERROR');
    t.equal(r.unit, 'bad valve');
    t.match(r.message, /^bad valve: A valve cannot raise the pressure/);
  }
  t.end();
});

t.test('productPorts: unconsumed outlets of every unit type; recycles are internal', (t) => {
  const specs: UnitSpec[] = [
    feedUnit('a', LEAN, 1, 300, 50e5),
    feedUnit('b', LEAN, 1, 350, 50e5),
    { type: 'ThreePhaseSeparator', name: '3p', inlets: [port('a')], pressureDrop: 0 },
    { type: 'HeatExchanger', name: 'hx', inlets: [port('3p', 'gasOut'), port('b')], UA: 100 },
    { type: 'Splitter', name: 's', inlet: port('hx', 'hx1'), fractions: [0.5, 0.25, 0.25] },
    { type: 'Recycle', name: 'r', inlet: port('s', 'split2') },
  ];
  t.same(productPorts(specs), [port('3p', 'oilOut'), port('3p', 'waterOut'), port('hx', 'hx0'), port('s', 'split0'), port('s', 'split1')]);
  t.end();
});
