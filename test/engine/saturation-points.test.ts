/**
 * Bubble and dew points (T and P) of our SRK/PR: against the original's saturation flashes
 * (reference/neqsim/saturation.json: tight parity, and NO_SATURATION_POINT exactly where the spec
 * lies beyond the envelope and the original still answered), against reference-EOS values
 * (physical/dew-point.json, physical/binary-vle.json: the cubic model's own accuracy, stated
 * below, not equality), and for internal consistency (fugacity equality, TP flash at the point,
 * round trips, one component).
 */
import t from 'tap';
import { loadReference, withinTolerance } from '../helpers/reference.js';
import { DeviationLedger } from '../helpers/deviation-ledger.js';

/** Parity keys in K (|ΔT|) or relative (|ΔP/P|); reference keys likewise per quantity. */
const ledger = new DeviationLedger('saturation-points');
import {
  bubblePointPressure,
  bubblePointTemperature,
  createCubicFluid,
  dewPointPressure,
  dewPointTemperature,
  flashTP,
  resolveComponents,
  saturationFlashResult,
  INCIPIENT_PHASE_FRACTION,
  type SaturationOutcome,
} from '../../src/engine/index.js';
import type { ThermoModel } from '../../src/engine/eos/types.js';

type Model = 'SRK' | 'PR';
type FlashType = 'dewPointT' | 'dewPointP' | 'bubblePointT' | 'bubblePointP';

function fluidOf(model: Model, composition: Record<string, number>) {
  const names = Object.keys(composition);
  const r = resolveComponents(names);
  if (!r.ok) throw new Error(`unknown components ${r.unknown.join(', ')}`);
  return { ...createCubicFluid(model, r.components, names.map((n) => composition[n])), names };
}

/** The four saturation types: spec is P (Pa) for the T types and T (K) for the P types. */
function solve(type: FlashType, model: ThermoModel, spec: number, z: ArrayLike<number>, guess: number): SaturationOutcome {
  switch (type) {
    case 'dewPointT':
      return dewPointTemperature(model, spec, z, guess);
    case 'bubblePointT':
      return bubblePointTemperature(model, spec, z, guess);
    case 'dewPointP':
      return dewPointPressure(model, spec, z, guess);
    case 'bubblePointP':
      return bubblePointPressure(model, spec, z, guess);
  }
}

function kelvin(q: { value: number; unit: string }): number {
  if (q.unit === 'C') return q.value + 273.15;
  if (q.unit === 'K') return q.value;
  throw new Error(`unit ${q.unit}`);
}

function pascal(q: { value: number; unit: string }): number {
  if (q.unit === 'bara') return q.value * 1e5;
  throw new Error(`unit ${q.unit}`);
}

/** Largest |ln f_i(feed) − ln f_i(incipient)| of the reported saturation state. */
function fugacityGap(model: ThermoModel, kind: 'bubble' | 'dew', r: Extract<SaturationOutcome, { ok: true }>, z: Float64Array): number {
  const state = saturationFlashResult(model, kind, r.T, r.P, z, r.incipient, r.iterations);
  const [a, b] = state.phases;
  let gap = 0;
  for (let i = 0; i < model.nc; i++) gap = Math.max(gap, Math.abs(Math.log(a.x[i]) + a.lnPhi[i] - Math.log(b.x[i]) - b.lnPhi[i]));
  return gap;
}

t.test('parity with the original (neqsim/saturation.json)', (t) => {
  const ref = loadReference<{ cases: any[] }>(t, 'neqsim/saturation.json');
  if (!ref) return t.end();
  const worst: Record<string, number> = {};
  let compared = 0;
  let refused = 0;
  for (const c of ref.cases) {
    const type = c.input.flashType as FlashType;
    const byT = type.endsWith('T');
    const f = fluidOf(c.input.model, c.input.components);
    const T = kelvin(c.input.temperature);
    const P = pascal(c.input.pressure);
    const r = byT ? solve(type, f.model, P, f.z, T) : solve(type, f.model, T, f.z, P);
    const flags: string[] = c.flags ?? [];
    if (c.target === 'beyond') {
      // The original answered "success" here although the spec lies outside the envelope.
      t.equal(r.ok ? 'ok' : r.code, 'NO_SATURATION_POINT', `${c.id}: spec beyond the envelope gives NO_SATURATION_POINT`);
      refused++;
      continue;
    }
    if (flags.length > 0) continue; // the original's answer is not credible there (see flags)
    t.ok(r.ok, `${c.id} converges`);
    if (!r.ok) continue;
    compared++;
    const kind = type.startsWith('dew') ? 'dew' : 'bubble';
    if (byT) {
      const d = Math.abs(r.T - c.expected.temperature_K);
      worst[type] = Math.max(worst[type] ?? 0, d);
      t.ok(d < 0.01, `${c.id} T ${r.T.toFixed(4)} K vs ${c.expected.temperature_K.toFixed(4)} K (|ΔT| ${d.toExponential(2)})`);
      ledger.record(t, `${c.id} ΔT (K)`, d, d < 0.01, 1e-5);
    } else {
      const d = Math.abs(r.P / 1e5 / c.expected.pressure_bara - 1);
      worst[type] = Math.max(worst[type] ?? 0, d);
      t.ok(d < 1e-4, `${c.id} P ${(r.P / 1e5).toFixed(5)} vs ${c.expected.pressure_bara.toFixed(5)} bara (rel ${d.toExponential(2)})`);
      ledger.record(t, `${c.id} ΔP/P`, d, d < 1e-4);
    }
    // The incipient phase: the original's 'oil' of a dew point, 'gas' of a bubble point.
    const inc = c.expected.phaseCompositions[kind === 'dew' ? 'oil' : 'gas'];
    let dx = 0;
    f.names.forEach((n, i) => (dx = Math.max(dx, Math.abs(r.incipient[i] - inc[n]))));
    t.ok(dx < 1e-4, `${c.id} incipient composition within 1e-4 (max |Δx| ${dx.toExponential(2)})`);
    t.ok(fugacityGap(f.model, kind, r, f.z) < 1e-8, `${c.id} fugacities of feed and incipient phase agree`);
    // Far initial guesses end at the same point (the scan along the spec line finds it; for a
    // CO2-rich feed with a two-phase band a few bar wide, sat-dewPointP-17, only by halving).
    for (const guess of byT ? [100, 600] : [1e4, 5e7]) {
      const g = byT ? solve(type, f.model, P, f.z, guess) : solve(type, f.model, T, f.z, guess);
      t.ok(g.ok && Math.abs(g.value / r.value - 1) < 1e-7, `${c.id} same point from the initial guess ${guess}`);
    }
  }
  t.ok(compared >= 14, `${compared} unflagged cases compared`);
  t.ok(refused >= 5, `${refused} beyond-envelope cases refused`);
  t.comment(`worst |ΔT| (K) / |ΔP/P| vs the original: ${JSON.stringify(worst)}`);
  t.end();
});

t.test('NeqSim parity DP-01 and reference-EOS values (physical/dew-point.json)', (t) => {
  const ref = loadReference<{ cases: any[] }>(t, 'physical/dew-point.json');
  if (!ref) return t.end();
  for (const c of ref.cases) {
    const i = c.inputs;
    for (const model of ['SRK', 'PR'] as const) {
      const f = fluidOf(model, i.composition);
      let got: number | undefined;
      let key: string;
      if (i.type === 'dew point temperature') {
        const r = dewPointTemperature(f.model, i.P_bar * 1e5, f.z, 250);
        key = 'dewT_K';
        got = r.ok ? r.T : undefined;
        if (r.ok && model === 'SRK' && c.parity?.SRK) {
          const p = c.parity.SRK;
          t.equal(withinTolerance(r.T - 273.15, p.expected.dewT_C, p.tolerance.dewT_C), undefined, `${c.id} SRK parity with NeqSim's test: ${(r.T - 273.15).toFixed(6)} °C`);
        }
      } else if (i.type === 'bubble point temperature') {
        const r = bubblePointTemperature(f.model, i.P_bar * 1e5, f.z, 150);
        key = 'bubbleT_K';
        got = r.ok ? r.T : undefined;
      } else {
        const r = bubblePointPressure(f.model, i.T_K, f.z, 10e5);
        key = 'bubbleP_bar';
        got = r.ok ? r.P / 1e5 : undefined;
      }
      t.ok(got !== undefined, `${c.id} ${model} converges`);
      if (got === undefined) continue;
      // The reference tolerance is the reference's own uncertainty class; a cubic model is not
      // expected to be inside it in general. Measured here: dew T within 0.63 K (SRK) / 0.35 K
      // (PR), LNG bubble P within 0.45 %, bubble T within 0.47 K. Asserted: 1 K, 1 %, 0.75 K.
      const bound = key === 'dewT_K' ? { abs: 1 } : key === 'bubbleP_bar' ? { rel: 0.01 } : { abs: 0.75 };
      t.equal(withinTolerance(got, c.expected[key], bound), undefined, `${c.id} ${model} ${key} ${got.toFixed(4)} vs ${c.expected[key]}`);
      const dev = key === 'bubbleP_bar' ? Math.abs(got / c.expected[key] - 1) : Math.abs(got - c.expected[key]);
      ledger.record(t, `${c.id} ${model} ${key}`, dev, withinTolerance(got, c.expected[key], c.tolerance[key]) === undefined, key === 'bubbleP_bar' ? 1e-6 : 1e-4);
    }
  }
  t.end();
});

t.test('binary bubble points against reference-EOS values (physical/binary-vle.json)', (t) => {
  const ref = loadReference<{ cases: any[] }>(t, 'physical/binary-vle.json');
  if (!ref) return t.end();
  for (const c of ref.cases) {
    const i = c.inputs;
    if (i.type !== 'bubble point pressure') continue;
    for (const model of ['SRK', 'PR'] as const) {
      const f = fluidOf(model, { [i.components[0]]: i.x1, [i.components[1]]: 1 - i.x1 });
      const r = bubblePointPressure(f.model, i.T_K, f.z, 10e5);
      t.ok(r.ok, `${c.id} ${model} converges`);
      if (!r.ok) continue;
      // Cubic with the database kij vs the multiparameter mixture model: measured P within 6.8 %
      // (CH4–CO2 at 230 K, both models; the hydrocarbon pairs within 2.9 %) and y1 within 0.0099.
      // Asserted: 7.5 % and 0.012.
      t.equal(withinTolerance(r.P / 1e5, c.expected.P_bar, { rel: 0.075 }), undefined, `${c.id} ${model} bubble P ${(r.P / 1e5).toFixed(4)} vs ${c.expected.P_bar} bar`);
      t.equal(withinTolerance(r.incipient[0], c.expected.y1, { abs: 0.012 }), undefined, `${c.id} ${model} y1 ${r.incipient[0].toFixed(4)} vs ${c.expected.y1}`);
      ledger.record(t, `${c.id} ${model} bubble P`, Math.abs(r.P / 1e5 / c.expected.P_bar - 1), withinTolerance(r.P / 1e5, c.expected.P_bar, c.tolerance.P_bar) === undefined);
      ledger.record(t, `${c.id} ${model} y1`, Math.abs(r.incipient[0] - c.expected.y1), withinTolerance(r.incipient[0], c.expected.y1, c.tolerance.y1) === undefined, 1e-5);
    }
  }
  t.end();
});

const GAS = { methane: 0.85, ethane: 0.07, propane: 0.04, 'n-butane': 0.02, 'n-pentane': 0.01, nitrogen: 0.01 };
const OIL = { methane: 0.35, ethane: 0.08, propane: 0.07, 'n-butane': 0.06, 'n-hexane': 0.14, 'n-heptane': 0.16, 'n-decane': 0.14 };

t.test('internal consistency: TP flash at the point, fugacities, round trips', (t) => {
  for (const model of ['SRK', 'PR'] as const) {
    const gas = fluidOf(model, GAS);
    const oil = fluidOf(model, OIL);
    for (const P of [5e5, 20e5, 40e5]) {
      const dewT = dewPointTemperature(gas.model, P, gas.z, 280);
      t.ok(dewT.ok, `${model} gas dew T at ${P / 1e5} bar`);
      if (!dewT.ok) continue;
      t.ok(fugacityGap(gas.model, 'dew', dewT, gas.z) < 1e-8, `${model} dew T ${dewT.T.toFixed(3)} K: fugacities agree`);
      // A hair inside the envelope the TP flash splits off a trace of liquid; a hair outside it is one phase.
      const inside = flashTP(gas.model, dewT.T - 0.05, P, gas.z);
      const outside = flashTP(gas.model, dewT.T + 0.05, P, gas.z);
      t.ok(inside.ok && inside.result.phases.length === 2 && inside.result.phases[0].beta > 0.99, `${model} 0.05 K below the dew T: two phases, almost all gas`);
      t.ok(outside.ok && outside.result.phases.length === 1, `${model} 0.05 K above the dew T: one phase`);
      // Round trip: the dew pressure at that temperature is the spec pressure (the lower dew point).
      const back = dewPointPressure(gas.model, dewT.T, gas.z, 2 * P);
      t.ok(back.ok && Math.abs(back.P / P - 1) < 1e-7, `${model} dewP(dewT(${P / 1e5} bar)) = ${back.ok ? (back.P / 1e5).toFixed(7) : back.code} bar`);
    }
    for (const T of [300, 350, 400]) {
      const bubP = bubblePointPressure(oil.model, T, oil.z, 50e5);
      t.ok(bubP.ok, `${model} oil bubble P at ${T} K`);
      if (!bubP.ok) continue;
      t.ok(fugacityGap(oil.model, 'bubble', bubP, oil.z) < 1e-8, `${model} bubble P ${(bubP.P / 1e5).toFixed(3)} bar: fugacities agree`);
      const inside = flashTP(oil.model, T, bubP.P * 0.995, oil.z);
      const outside = flashTP(oil.model, T, bubP.P * 1.005, oil.z);
      t.ok(inside.ok && inside.result.phases.length === 2 && inside.result.phases[1].beta > 0.99, `${model} 0.5 % below the bubble P: two phases, almost all liquid`);
      t.ok(outside.ok && outside.result.phases.length === 1, `${model} 0.5 % above the bubble P: one phase`);
      const back = bubblePointTemperature(oil.model, bubP.P, oil.z, T + 30);
      t.ok(back.ok && Math.abs(back.T - T) < 1e-6, `${model} bubbleT(bubbleP(${T} K)) = ${back.ok ? back.T.toFixed(7) : back.code} K`);
    }
    // The reported state: feed phase first or second by density, the incipient one at ε.
    const d = dewPointTemperature(gas.model, 20e5, gas.z, 280);
    if (d.ok) {
      const s = saturationFlashResult(gas.model, 'dew', d.T, d.P, gas.z, d.incipient, d.iterations);
      t.same(s.phases.map((p) => p.label), ['gas', 'oil'], `${model} dew point state: gas (feed) then oil (incipient)`);
      t.equal(s.phases[1].beta, INCIPIENT_PHASE_FRACTION);
      t.same(Array.from(s.phases[0].x), Array.from(gas.z), 'feed phase has the feed composition');
    }
  }
  t.end();
});

t.test('two dew pressures: the lower one is returned, from either side', (t) => {
  const gas = fluidOf('SRK', GAS);
  const T = 250;
  const low = dewPointPressure(gas.model, T, gas.z, 5e5);
  const high = dewPointPressure(gas.model, T, gas.z, 90e5);
  t.ok(low.ok && high.ok, 'both starts converge');
  if (low.ok && high.ok) {
    t.ok(Math.abs(high.P / low.P - 1) < 1e-8, `same (lower) dew point from 5 and 90 bar: ${(low.P / 1e5).toFixed(4)} bar`);
    // Just above it the feed is two-phase, so it is the lower (normal) dew point.
    const above = flashTP(gas.model, T, low.P * 1.02, gas.z);
    t.ok(above.ok && above.result.phases.length === 2, 'two phases just above the returned dew pressure');
  }
  t.end();
});

t.test('no saturation point: above the cricondenbar / cricondentherm, above Tc, one component', (t) => {
  const gas = fluidOf('SRK', GAS);
  const oil = fluidOf('PR', OIL);
  for (const [what, r] of [
    ['dew T at 300 bar (above the cricondenbar)', dewPointTemperature(gas.model, 300e5, gas.z, 250)],
    ['dew P at 400 K (above the cricondentherm)', dewPointPressure(gas.model, 400, gas.z, 50e5)],
    ['bubble T at 500 bar', bubblePointTemperature(oil.model, 500e5, oil.z, 350)],
    ['bubble P at 900 K', bubblePointPressure(oil.model, 900, oil.z, 50e5)],
  ] as const) {
    t.equal(r.ok ? `ok ${r.value}` : r.code, 'NO_SATURATION_POINT', what);
  }
  const methane = fluidOf('PR', { methane: 1 });
  const tsat = dewPointTemperature(methane.model, 10e5, methane.z, 300);
  t.ok(tsat.ok, 'methane saturation temperature at 10 bar');
  if (tsat.ok) {
    const psat = bubblePointPressure(methane.model, tsat.T, methane.z, 5e5);
    t.ok(psat.ok && Math.abs(psat.P / 10e5 - 1) < 1e-9, `methane Psat(Tsat(10 bar)) = ${psat.ok ? psat.P / 1e5 : psat.code} bar`);
    const b = bubblePointTemperature(methane.model, 10e5, methane.z, 100);
    t.ok(b.ok && Math.abs(b.T - tsat.T) < 1e-9, 'pure component: bubble T = dew T');
    // NIST (Setzmann & Wagner): methane boils at 149.1 K at 10 bar; PR within 1 K.
    t.ok(Math.abs(tsat.T - 149.1) < 1, `methane Tsat(10 bar) = ${tsat.T.toFixed(3)} K`);
  }
  t.equal((dewPointTemperature(methane.model, 50e5, methane.z, 300) as { code?: string }).code, 'NO_SATURATION_POINT', 'methane above its critical pressure');
  t.equal((dewPointPressure(methane.model, 200, methane.z, 30e5) as { code?: string }).code, 'NO_SATURATION_POINT', 'methane above its critical temperature');
  t.end();
});

t.test('per-case deviations have not grown (test/fixtures/deviations/saturation-points.json)', (t) => {
  ledger.finish(t);
  t.end();
});
