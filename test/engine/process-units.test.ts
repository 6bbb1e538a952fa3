/**
 * Unit operations of the process engine (src/engine/process): internal consistency at tight
 * tolerances. The bounds follow from the state flashes' convergence criterion (flashPH stops at
 * |ΔH| ≤ 1e-9·max(|H|, 1000 J/mol), flashPS at |ΔS| ≤ 1e-9·max(|S|, 10 J/(mol·K))), so a
 * balance that depends on one PH flash per stream closes to 1e-9 of the streams' enthalpy flow.
 */
import t, { type Test } from 'tap';
import {
  compress,
  counterflowEffectiveness,
  createProcessFluid,
  exchangeHeat,
  expand,
  heat,
  massFlow,
  mixStreams,
  phaseThermo,
  resolveComponents,
  separate,
  splitStream,
  streamAtTP,
  throttle,
  type CubicKind,
  type ProcessFluid,
  type StreamState,
} from '../../src/engine/index.js';

interface Feed {
  fluid: ProcessFluid;
  z: Float64Array;
}

function feed(kind: CubicKind, comp: Record<string, number>, multiPhaseCheck = false): Feed {
  const names = Object.keys(comp);
  const r = resolveComponents(names);
  if (!r.ok) throw new Error(`unknown components ${r.unknown.join(', ')}`);
  const sum = names.reduce((a, n) => a + comp[n], 0);
  return { fluid: createProcessFluid(kind, r.components, multiPhaseCheck), z: Float64Array.from(names.map((n) => comp[n] / sum)) };
}

function at(f: Feed, T: number, P: number, molarFlow = 10, z = f.z): StreamState {
  const r = streamAtTP(f.fluid, z, molarFlow, T, P);
  if (!r.ok) throw new Error(`TP flash failed at ${T} K, ${P} Pa: ${r.message}`);
  return r.stream;
}

/** Bound of one PH flash's enthalpy error (J/mol), from its convergence criterion. */
const hTol = (H: number) => 1e-9 * Math.max(Math.abs(H), 1000);

/** mol/s of each component, by name. */
function componentFlows(s: StreamState): Map<string, number> {
  const m = new Map<string, number>();
  s.fluid.model.components.forEach((c, i) => m.set(c.name, (m.get(c.name) ?? 0) + s.molarFlow * s.z[i]));
  return m;
}

function must<T extends { ok: boolean }>(t: Test, r: T | { ok: false; code: string; message: string }, what: string): Extract<T, { ok: true }> | undefined {
  if (!r.ok) {
    t.fail(`${what}: ${(r as { code: string }).code} ${(r as { message: string }).message}`);
    return undefined;
  }
  return r as Extract<T, { ok: true }>;
}

const GAS = feed('SRK', { methane: 0.88, ethane: 0.07, propane: 0.03, nitrogen: 0.01, CO2: 0.01 });
const RICH = feed('PR', { methane: 0.7, ethane: 0.1, propane: 0.08, 'n-butane': 0.05, 'n-pentane': 0.04, 'n-hexane': 0.03 });

t.test('throttling valve: isenthalpic, Joule–Thomson cooling of a gas, flow and composition kept', (t) => {
  for (const [name, f, T, P1, P2] of [
    ['lean gas 100 → 30 bar', GAS, 300, 100e5, 30e5],
    ['rich gas into the two-phase region', RICH, 300, 80e5, 20e5],
  ] as const) {
    const inlet = at(f, T, P1);
    const out = must(t, throttle(inlet, P2), name);
    if (!out) continue;
    const s = out.stream;
    const dH = Math.abs(s.enthalpy - inlet.enthalpy);
    t.ok(dH <= hTol(inlet.enthalpy), `${name}: |ΔH| ${dH.toExponential(2)} J/mol ≤ 1e-9·max(|H|, 1000)`);
    t.ok(s.flash.T < inlet.flash.T - 1, `${name}: cools (${inlet.flash.T} → ${s.flash.T.toFixed(3)} K)`);
    t.equal(s.flash.P, P2, `${name}: outlet at the set pressure`);
    t.equal(s.molarFlow, inlet.molarFlow, `${name}: molar flow unchanged`);
    t.same(Array.from(s.z), Array.from(inlet.z), `${name}: composition unchanged`);
  }
  // Equal pressures: a valve that does nothing.
  const inlet = at(GAS, 300, 50e5);
  const same = must(t, throttle(inlet, 50e5), 'zero pressure drop');
  if (same) t.ok(Math.abs(same.stream.flash.T - 300) <= 1e-6, `no pressure drop, no temperature change (${same.stream.flash.T})`);
  t.end();
});

t.test('compressor: η = 1 is isentropic, η < 1 is hotter, power = F·ΔH', (t) => {
  const inlet = at(GAS, 303.15, 20e5, 25);
  const ideal = must(t, compress(inlet, { outletPressure: 60e5, isentropicEfficiency: 1 }), 'η = 1');
  const real = must(t, compress(inlet, { outletPressure: 60e5, isentropicEfficiency: 0.75 }), 'η = 0.75');
  if (!ideal || !real) return t.end();
  t.ok(Math.abs(ideal.outlet.entropy - inlet.entropy) <= 1e-6, `η = 1: outlet S ${ideal.outlet.entropy} = inlet S ${inlet.entropy} (|ΔS| ${Math.abs(ideal.outlet.entropy - inlet.entropy).toExponential(2)} ≤ 1e-6 J/(mol·K))`);
  t.ok(Math.abs(ideal.outlet.flash.T - ideal.isentropicOutletTemperature) <= 1e-6, 'η = 1: outlet T is the isentropic outlet T');
  t.ok(real.outlet.flash.T > ideal.outlet.flash.T + 5, `η = 0.75: outlet ${real.outlet.flash.T.toFixed(2)} K above the isentropic ${ideal.outlet.flash.T.toFixed(2)} K`);
  t.ok(real.outlet.entropy > inlet.entropy, 'η < 1 generates entropy');
  for (const [name, r] of [['η = 1', ideal], ['η = 0.75', real]] as const) {
    const fdh = inlet.molarFlow * (r.outlet.enthalpy - inlet.enthalpy);
    t.ok(Math.abs(r.power - fdh) <= inlet.molarFlow * hTol(r.outlet.enthalpy), `${name}: power ${r.power.toFixed(3)} W = F·ΔH ${fdh.toFixed(3)} W`);
    t.ok(Math.abs(r.specificWork - r.power / massFlow(inlet)) <= 1e-9 * Math.abs(r.specificWork), `${name}: specific work = power / mass flow`);
    t.equal(r.outlet.flash.P, 60e5);
  }
  t.ok(Math.abs(real.isentropicHead - ideal.isentropicHead) <= 1e-12 * Math.abs(ideal.isentropicHead), 'the isentropic head does not depend on η');
  t.ok(Math.abs(real.power * 0.75 - ideal.power) <= 1e-6 * ideal.power, `power(η) = power(1)/η (${real.power.toFixed(1)} W vs ${(ideal.power / 0.75).toFixed(1)} W)`);
  t.end();
});

for (const method of ['detailed', 'schultz'] as const) {
  t.test(`polytropic (${method}): ηp = 1 reproduces the isentropic compressor; ηp < 1 lies between`, (t) => {
    const inlet = at(GAS, 303.15, 20e5, 25);
    const isen = must(t, compress(inlet, { outletPressure: 80e5, isentropicEfficiency: 1 }), 'isentropic');
    const poly1 = must(t, compress(inlet, { outletPressure: 80e5, isentropicEfficiency: 1, polytropicEfficiency: 1, polytropicMethod: method }), 'ηp = 1');
    const poly = must(t, compress(inlet, { outletPressure: 80e5, isentropicEfficiency: 1, polytropicEfficiency: 0.8, polytropicMethod: method }), 'ηp = 0.8');
    if (!isen || !poly1 || !poly) return t.end();
    // Schultz's factor makes ηp = 1 exactly isentropic; the 40-step path approaches it.
    const tolT = method === 'schultz' ? 1e-6 : 0.05;
    const dT = Math.abs(poly1.outlet.flash.T - isen.outlet.flash.T);
    t.ok(dT <= tolT, `ηp = 1: outlet T ${poly1.outlet.flash.T.toFixed(5)} K vs isentropic ${isen.outlet.flash.T.toFixed(5)} K (|ΔT| ${dT.toExponential(2)} ≤ ${tolT} K)`);
    t.ok(Math.abs(poly1.power / isen.power - 1) <= 1e-4, `ηp = 1: power ${poly1.power.toFixed(1)} W vs ${isen.power.toFixed(1)} W`);
    t.ok(Math.abs((poly1.polytropicHead ?? NaN) / isen.isentropicHead - 1) <= 1e-4, 'ηp = 1: polytropic head = isentropic head');
    t.equal(poly.polytropicEfficiency, 0.8);
    // Reheat: the isentropic efficiency of a polytropic machine is below its ηp.
    t.ok(poly.isentropicEfficiency < 0.8 && poly.isentropicEfficiency > 0.7, `ηs ${poly.isentropicEfficiency.toFixed(4)} < ηp 0.8`);
    // Polytropic head = ηp × the actual work (per step for "detailed", by definition for Schultz),
    // to the PH flashes' tolerance.
    t.ok(Math.abs((poly.polytropicHead ?? NaN) / 0.8 - poly.specificWork) <= 1e-7 * poly.specificWork, `polytropic head / ηp = specific work (${((poly.polytropicHead ?? NaN) / 0.8).toFixed(6)} vs ${poly.specificWork.toFixed(6)} J/kg)`);
    t.end();
  });
}

t.test('polytropic methods agree for a near-ideal gas (Schultz vs the 40-step path)', (t) => {
  const inlet = at(GAS, 303.15, 5e5, 25);
  const a = must(t, compress(inlet, { outletPressure: 15e5, isentropicEfficiency: 1, polytropicEfficiency: 0.78, polytropicMethod: 'detailed' }), 'detailed');
  const b = must(t, compress(inlet, { outletPressure: 15e5, isentropicEfficiency: 1, polytropicEfficiency: 0.78, polytropicMethod: 'schultz' }), 'schultz');
  if (a && b) {
    const dT = Math.abs(a.outlet.flash.T - b.outlet.flash.T);
    t.ok(dT < 0.5, `outlet T ${a.outlet.flash.T.toFixed(3)} vs ${b.outlet.flash.T.toFixed(3)} K (|ΔT| ${dT.toFixed(3)} < 0.5 K)`);
    t.ok(Math.abs(a.power / b.power - 1) < 0.005, `power ${a.power.toFixed(0)} vs ${b.power.toFixed(0)} W within 0.5 %`);
  }
  t.end();
});

t.test('expander produces work and cools; pump raises the pressure of a liquid with ≈ v·ΔP', (t) => {
  const inlet = at(GAS, 280, 80e5, 20);
  const ex = must(t, expand(inlet, { outletPressure: 40e5, isentropicEfficiency: 0.85 }), 'expander');
  const valve = must(t, throttle(inlet, 40e5), 'valve for comparison');
  if (ex && valve) {
    t.ok(ex.power < 0, `expander power ${ex.power.toFixed(0)} W < 0`);
    t.ok(ex.outlet.flash.T < valve.stream.flash.T - 1, `expander outlet ${ex.outlet.flash.T.toFixed(2)} K colder than the valve's ${valve.stream.flash.T.toFixed(2)} K`);
    t.ok(Math.abs(ex.power - inlet.molarFlow * (ex.outlet.enthalpy - inlet.enthalpy)) <= inlet.molarFlow * hTol(inlet.enthalpy), 'expander power = F·ΔH');
    t.ok(Math.abs(ex.specificWork / ex.isentropicHead - 0.85) <= 1e-12, 'expander: actual drop = η · isentropic drop');
  }
  const oil = feed('PR', { 'n-decane': 1 });
  const liquid = at(oil, 300, 2e5, 5);
  t.equal(liquid.flash.phases[0].label, 'oil', 'n-decane at 300 K, 2 bar is a liquid');
  const pump = must(t, compress(liquid, { outletPressure: 52e5, isentropicEfficiency: 0.7 }, 'pump'), 'pump');
  if (pump) {
    const v = liquid.flash.phases[0].V / liquid.molarMass; // m3/kg of the model's liquid
    const vdp = v * 50e5;
    t.ok(Math.abs(pump.isentropicHead / vdp - 1) <= 0.02, `isentropic head ${pump.isentropicHead.toFixed(1)} J/kg ≈ v·ΔP ${vdp.toFixed(1)} J/kg (2 %)`);
    t.ok(pump.power > 0 && Math.abs(pump.specificWork - pump.isentropicHead / 0.7) <= 1e-9 * pump.specificWork, 'pump power > 0, work = head/η');
    // The isentropic rise of a liquid is small (T·α·v·ΔP/cp); the 30 % lost work heats it further.
    const Ts = pump.isentropicOutletTemperature;
    t.ok(Ts > liquid.flash.T && Ts < liquid.flash.T + 1, `isentropic outlet ${Ts.toFixed(3)} K a fraction of a kelvin above the inlet`);
    t.ok(pump.outlet.flash.T > Ts && pump.outlet.flash.T < liquid.flash.T + 5, `actual outlet ${pump.outlet.flash.T.toFixed(3)} K above the isentropic one, by a few K at most`);
  }
  t.end();
});

t.test('heater/cooler: duty there and back returns the inlet; outlet-T spec duty = F·ΔH', (t) => {
  for (const [name, s] of [
    ['gas', at(GAS, 300, 50e5, 12)],
    ['two-phase rich gas', at(RICH, 280, 40e5, 12)],
  ] as const) {
    const up = must(t, heat(s, { duty: 5e4 }), `${name} +duty`);
    if (!up) continue;
    t.ok(Math.abs(up.duty - 5e4) <= s.molarFlow * hTol(up.outlet.enthalpy), `${name}: reported duty ${up.duty} W is the duty given`);
    t.ok(up.outlet.flash.T > s.flash.T + 1, `${name}: heating raises T (${up.outlet.flash.T.toFixed(3)} K)`);
    const back = must(t, heat(up.outlet, { duty: -5e4 }), `${name} −duty`);
    if (back) t.ok(Math.abs(back.outlet.flash.T - s.flash.T) <= 1e-6, `${name}: back to ${back.outlet.flash.T} K (|ΔT| ${Math.abs(back.outlet.flash.T - s.flash.T).toExponential(2)} ≤ 1e-6 K)`);
    const cool = must(t, heat(s, { outletTemperature: 260, pressureDrop: 1e5 }), `${name} to 260 K`);
    if (cool) {
      t.equal(cool.outlet.flash.T, 260);
      t.equal(cool.outlet.flash.P, s.flash.P - 1e5, 'pressure drop applied');
      const fdh = s.molarFlow * (cool.outlet.enthalpy - s.enthalpy);
      t.ok(Math.abs(cool.duty - fdh) <= 1e-12 * Math.abs(fdh), `${name}: duty ${cool.duty.toFixed(2)} W = F·ΔH`);
      t.ok(cool.duty < 0, 'cooling duty is negative');
    }
  }
  const s = at(GAS, 300, 50e5);
  const byP = must(t, heat(s, { outletTemperature: 320, outletPressure: 45e5 }), 'outlet pressure');
  if (byP) t.equal(byP.outlet.flash.P, 45e5, 'outletPressure wins over the inlet pressure');
  t.end();
});

t.test('heat exchanger: energy balance, ε bounds and limits', (t) => {
  const hot = at(GAS, 370, 50e5, 20);
  const cold = at(GAS, 280, 26e5, 30);
  const r = must(t, exchangeHeat(hot, cold, 800), 'UA = 800');
  if (r) {
    const [hOut, cOut] = r.outlets;
    const qHot = hot.molarFlow * (hot.enthalpy - hOut.enthalpy);
    const qCold = cold.molarFlow * (cOut.enthalpy - cold.enthalpy);
    const scale = hot.molarFlow * Math.max(Math.abs(hot.enthalpy), 1000) + cold.molarFlow * Math.max(Math.abs(cold.enthalpy), 1000);
    t.ok(Math.abs(qHot - qCold) <= 1e-9 * scale, `hot side loses ${qHot.toFixed(3)} W, cold side gains ${qCold.toFixed(3)} W`);
    t.ok(Math.abs(qHot - r.duty) <= 1e-9 * scale, 'duty = heat lost by the hot side');
    t.ok(r.effectiveness > 0 && r.effectiveness < 1, `0 < ε ${r.effectiveness.toFixed(4)} < 1`);
    t.equal(r.hotSide, 0);
    t.ok(hOut.flash.T < hot.flash.T && cOut.flash.T > cold.flash.T, 'hot side cools, cold side warms');
    t.ok(hOut.flash.T > cold.flash.T && cOut.flash.T < hot.flash.T, 'no temperature cross');
    t.equal(hOut.flash.P, hot.flash.P, 'no pressure drop');
  }
  // Inlets in the other order: the same exchanger, mirrored.
  const swapped = must(t, exchangeHeat(cold, hot, 800), 'swapped');
  if (r && swapped) {
    t.equal(swapped.hotSide, 1);
    t.ok(Math.abs(swapped.duty - r.duty) <= 1e-9 * r.duty, 'inlet order does not change the duty');
  }
  // UA → ∞ with Cr < 1: ε → 1, the C_min side leaves at the other side's inlet temperature.
  const big = must(t, exchangeHeat(hot, cold, 1e9), 'UA = 1e9');
  if (big) {
    t.ok(Math.abs(1 - big.effectiveness) <= 1e-9, `ε ${big.effectiveness} → 1`);
    const hotIsMin = hot.molarFlow < cold.molarFlow; // same gas: capacity rates scale with the flows
    const minOut = hotIsMin ? big.outlets[0] : big.outlets[1];
    const target = hotIsMin ? cold.flash.T : hot.flash.T;
    t.ok(Math.abs(minOut.flash.T - target) <= 1e-5, `C_min side leaves at ${minOut.flash.T.toFixed(6)} K = other inlet ${target} K`);
  }
  const none = must(t, exchangeHeat(hot, cold, 0), 'UA = 0');
  if (none) {
    t.equal(none.duty, 0);
    t.equal(none.effectiveness, 0);
    t.equal(none.outlets[0], hot, 'UA = 0: hot stream passes unchanged');
    t.equal(none.outlets[1], cold, 'UA = 0: cold stream passes unchanged');
  }
  const bad = exchangeHeat(hot, cold, -1);
  t.equal(bad.ok, false, 'negative UA refused');
  if (!bad.ok) t.equal(bad.code, 'PROCESS_ERROR');
  t.end();
});

t.test('counterflowEffectiveness against the closed forms', (t) => {
  // Counter-current ε-NTU (e.g. Incropera & DeWitt, Table 11.3): ε = (1 − e^{−N(1−Cr)}) / (1 − Cr e^{−N(1−Cr)}).
  const analytic = (N: number, Cr: number) => (1 - Math.exp(-N * (1 - Cr))) / (1 - Cr * Math.exp(-N * (1 - Cr)));
  for (const N of [0.1, 0.5, 1, 2, 5]) {
    for (const Cr of [0.25, 0.5, 0.75, 0.9]) {
      t.ok(Math.abs(counterflowEffectiveness(N, Cr) - analytic(N, Cr)) <= 1e-14, `NTU ${N}, Cr ${Cr}`);
    }
    t.ok(Math.abs(counterflowEffectiveness(N, 0) - (1 - Math.exp(-N))) <= 1e-15, `Cr = 0 is 1 − e^−NTU (NTU ${N})`);
    t.ok(Math.abs(counterflowEffectiveness(N, 1) - N / (1 + N)) <= 1e-15, `Cr = 1 is NTU/(1+NTU) (NTU ${N})`);
    // The general form tends to the Cr = 1 limit continuously.
    t.ok(Math.abs(counterflowEffectiveness(N, 1 - 1e-6) - N / (1 + N)) <= 1e-6, `continuous at Cr → 1 (NTU ${N})`);
  }
  t.ok(Math.abs(counterflowEffectiveness(2, 0.5) - 0.7746) <= 5e-5, 'NTU 2, Cr 0.5: ε = 0.7746 (hand value)');
  t.equal(counterflowEffectiveness(0, 0.5), 0, 'NTU 0: no heat transferred');
  t.ok(Math.abs(counterflowEffectiveness(50, 0.5) - 1) <= 1e-10, 'NTU → ∞: ε → 1 for Cr < 1');
  t.end();
});

t.test('mixer: mass, component moles and enthalpy conserved; lowest inlet pressure', (t) => {
  const a = at(GAS, 320, 60e5, 8);
  const b = at(GAS, 280, 50e5, 5, Float64Array.from([0.8, 0.1, 0.06, 0.02, 0.02]));
  const r = must(t, mixStreams([a, b]), 'same fluid');
  if (r) {
    const m = r.stream;
    t.equal(m.flash.P, 50e5, 'outlet at the lowest inlet pressure');
    t.ok(Math.abs(massFlow(m) - massFlow(a) - massFlow(b)) <= 1e-9 * massFlow(m), 'mass conserved');
    const H = a.molarFlow * a.enthalpy + b.molarFlow * b.enthalpy;
    t.ok(Math.abs(m.molarFlow * m.enthalpy - H) <= m.molarFlow * hTol(m.enthalpy), `enthalpy flow ${(m.molarFlow * m.enthalpy).toFixed(4)} W = ${H.toFixed(4)} W`);
    const ca = componentFlows(a);
    const cb = componentFlows(b);
    for (const [name, n] of componentFlows(m)) t.ok(Math.abs(n - (ca.get(name) ?? 0) - (cb.get(name) ?? 0)) <= 1e-9 * n, `${name} moles conserved`);
    t.ok(m.flash.T > 280 && m.flash.T < 320, `mixed temperature ${m.flash.T.toFixed(3)} K between the inlets'`);
  }
  const single = must(t, mixStreams([a]), 'one inlet');
  if (single) t.equal(single.stream, a, 'one inlet passes unchanged');
  const empty = mixStreams([]);
  t.equal(empty.ok, false);
  if (!empty.ok) t.equal(empty.code, 'NO_FLOW');
  t.end();
});

t.test('mixer: streams of two different fluids (same EOS) mix in the union of their components', (t) => {
  const f1 = feed('SRK', { methane: 0.9, ethane: 0.1 });
  const f2 = feed('SRK', { methane: 0.6, propane: 0.3, 'n-butane': 0.1 });
  const a = at(f1, 300, 40e5, 6);
  const b = at(f2, 330, 45e5, 3);
  const r = must(t, mixStreams([a, b]), 'two fluids');
  if (r) {
    const m = r.stream;
    t.same(m.fluid.model.components.map((c) => c.name).sort(), ['ethane', 'methane', 'n-butane', 'propane'], 'union of the component lists');
    const ca = componentFlows(a);
    const cb = componentFlows(b);
    const cm = componentFlows(m);
    for (const name of ['methane', 'ethane', 'propane', 'n-butane']) {
      const want = (ca.get(name) ?? 0) + (cb.get(name) ?? 0);
      t.ok(Math.abs((cm.get(name) ?? 0) - want) <= 1e-12 * want, `${name}: ${cm.get(name)} mol/s = ${want}`);
    }
    const H = a.molarFlow * a.enthalpy + b.molarFlow * b.enthalpy;
    t.ok(Math.abs(m.molarFlow * m.enthalpy - H) <= m.molarFlow * hTol(m.enthalpy), 'enthalpy conserved across fluids (same ideal-gas datum)');
    t.equal(m.flash.P, 40e5);
  }
  const pr = at(feed('PR', { methane: 1 }), 300, 40e5, 1);
  const bad = mixStreams([a, pr]);
  t.equal(bad.ok, false, 'SRK and PR streams are not mixed');
  if (!bad.ok) t.equal(bad.code, 'INCOMPATIBLE_FLUIDS');
  t.end();
});

t.test('splitter: normalised fractions, state unchanged, zero fraction gives no stream', (t) => {
  const s = at(GAS, 300, 50e5, 12);
  const outs = splitStream(s, [0.2, 0.3, 0.5]);
  t.same(outs.map((o) => o?.molarFlow), [12 * 0.2, 12 * 0.3, 12 * 0.5]);
  for (const o of outs) {
    t.equal(o?.flash, s.flash, 'same equilibrium state');
    t.equal(o?.enthalpy, s.enthalpy);
  }
  const unnormalised = splitStream(s, [1, 3]);
  t.same(unnormalised.map((o) => o?.molarFlow), [3, 9], 'fractions normalised to their sum');
  const withZero = splitStream(s, [1, 0]);
  t.equal(withZero[0]?.molarFlow, 12);
  t.equal(withZero[1], undefined, 'zero fraction: no stream');
  t.end();
});

t.test('two-phase separator: outlets are single phases that add up to the feed', (t) => {
  const inlet = at(RICH, 270, 40e5, 15);
  t.equal(inlet.flash.phases.length, 2, 'feed is two-phase');
  const r = must(t, separate([inlet], { threePhase: false, pressureDrop: 0 }), 'separator');
  if (!r || !r.gas || !r.liquid) {
    t.fail('both outlets expected');
    return t.end();
  }
  t.equal(r.gas.flash.phases.length, 1, 'gas outlet is one phase');
  t.equal(r.gas.flash.phases[0].label, 'gas');
  t.equal(r.liquid.flash.phases.length, 1, 'liquid outlet is one phase');
  t.not(r.liquid.flash.phases[0].label, 'gas');
  const cf = componentFlows(inlet);
  const cg = componentFlows(r.gas);
  const cl = componentFlows(r.liquid);
  for (const [name, n] of cf) {
    const sum = (cg.get(name) ?? 0) + (cl.get(name) ?? 0);
    t.ok(Math.abs(sum - n) <= 1e-12 * n, `${name}: gas + liquid = feed (${Math.abs(sum - n).toExponential(2)} mol/s)`);
  }
  const H = r.gas.molarFlow * r.gas.enthalpy + r.liquid.molarFlow * r.liquid.enthalpy;
  t.ok(Math.abs(H - inlet.molarFlow * inlet.enthalpy) <= 1e-9 * inlet.molarFlow * Math.max(Math.abs(inlet.enthalpy), 1000), 'enthalpy flows add up');
  t.ok(r.gas.z[0] > inlet.z[0] && r.liquid.z[0] < inlet.z[0], 'methane goes to the gas');
  // Single-phase gas feed: no liquid outlet.
  const gasOnly = must(t, separate([at(GAS, 300, 50e5)], { threePhase: false, pressureDrop: 0 }), 'gas feed');
  if (gasOnly) {
    t.ok(gasOnly.gas, 'gas outlet present');
    t.equal(gasOnly.liquid, undefined, 'no liquid outlet');
  }
  // Pressure drop: isothermal at the lower pressure.
  const dropped = must(t, separate([inlet], { threePhase: false, pressureDrop: 5e5 }), 'with pressure drop');
  if (dropped) {
    t.equal(dropped.feed.flash.P, 35e5);
    t.equal(dropped.feed.flash.T, 270);
  }
  t.end();
});

t.test('three-phase separator: water gives an aqueous outlet', (t) => {
  const wet = feed('SRK', { methane: 0.6, propane: 0.05, 'n-heptane': 0.15, water: 0.2 }, true);
  const inlet = at(wet, 310, 30e5, 10);
  const r = must(t, separate([inlet], { threePhase: true, pressureDrop: 0 }), 'three-phase');
  if (!r || !r.gas || !r.oil || !r.water) {
    t.fail('gas, oil and water outlets expected');
    return t.end();
  }
  const iw = wet.fluid.model.components.findIndex((c) => c.name === 'water');
  t.equal(r.water.flash.phases[0].label, 'aqueous');
  t.ok(r.water.z[iw] > 0.99, `aqueous outlet is nearly pure water (x_w ${r.water.z[iw].toFixed(5)})`);
  t.ok(r.oil.z[iw] < 0.05, 'oil outlet is mostly hydrocarbon');
  const cf = componentFlows(inlet);
  const outs = [r.gas, r.oil, r.water].map(componentFlows);
  for (const [name, n] of cf) {
    const sum = outs.reduce((a, c) => a + (c.get(name) ?? 0), 0);
    t.ok(Math.abs(sum - n) <= 1e-12 * n, `${name}: gas + oil + water = feed`);
  }
  // Without multiPhaseCheck on the fluid the three-phase separator still finds the water.
  const dry = feed('SRK', { methane: 0.6, propane: 0.05, 'n-heptane': 0.15, water: 0.2 }, false);
  const r2 = must(t, separate([at(dry, 310, 30e5, 10)], { threePhase: true, pressureDrop: 0 }), 'three-phase, check off');
  if (r2) t.ok(r2.water && r2.water.molarFlow > 0, 'aqueous outlet found even with multiPhaseCheck off');
  t.end();
});

t.test('error paths return ok:false with a code and never throw', (t) => {
  const s = at(GAS, 300, 50e5);
  const cases: [string, () => { ok: boolean; code?: string }][] = [
    ['valve raising the pressure', () => throttle(s, 60e5)],
    ['compressor lowering the pressure', () => compress(s, { outletPressure: 40e5, isentropicEfficiency: 0.8 })],
    ['compressor at equal pressure', () => compress(s, { outletPressure: 50e5, isentropicEfficiency: 0.8 })],
    ['compressor η = 0', () => compress(s, { outletPressure: 80e5, isentropicEfficiency: 0 })],
    ['compressor η = 1.5', () => compress(s, { outletPressure: 80e5, isentropicEfficiency: 1.5 })],
    ['compressor ηp = 1.5', () => compress(s, { outletPressure: 80e5, isentropicEfficiency: 1, polytropicEfficiency: 1.5 })],
    ['compressor η NaN', () => compress(s, { outletPressure: 80e5, isentropicEfficiency: NaN })],
    ['expander raising the pressure', () => expand(s, { outletPressure: 60e5, isentropicEfficiency: 0.8 })],
    ['expander η = 0', () => expand(s, { outletPressure: 20e5, isentropicEfficiency: 0 })],
    ['heater pressure drop above inlet P', () => heat(s, { outletTemperature: 320, pressureDrop: 60e5 })],
    ['heater with both T and duty', () => heat(s, { outletTemperature: 320, duty: 1e4 })],
    ['heater with neither T nor duty', () => heat(s, {})],
    ['separator pressure drop above inlet P', () => separate([s], { threePhase: false, pressureDrop: 60e5 })],
    ['heat exchanger UA = Infinity', () => exchangeHeat(s, at(GAS, 280, 50e5), Infinity)],
  ];
  for (const [name, run] of cases) {
    let r: { ok: boolean; code?: string; message?: string } | undefined;
    t.doesNotThrow(() => (r = run()), `${name}: no exception`);
    t.equal(r?.ok, false, `${name}: ok false`);
    t.equal(r?.code, 'PROCESS_ERROR', `${name}: code PROCESS_ERROR`);
    t.ok(typeof r?.message === 'string' && r.message.length > 10, `${name}: message "${r?.message}"`);
  }
  t.end();
});
