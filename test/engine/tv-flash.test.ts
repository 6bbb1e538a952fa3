/**
 * TV flash (src/engine/flash/tv-flash.ts): round trips through the TP flash (the reported,
 * Peneloux-shifted molar volume of a TP state gives that state back), the pure-component
 * two-phase region (vapour pressure and lever rule on volume), random states of a rich gas, and
 * specs no pressure reaches.
 */
import t from 'tap';
import fc from 'fast-check';
import { flashTP, flashTV, flashReport, feedVolumeShift, pureSaturationPressure, TV_FLASH_P_MAX } from '../../src/engine/index.js';
import type { FlashOutcome, FlashResult, ThermoModel } from '../../src/engine/index.js';
import { cubicFluid as fluid, mustFlash as must } from '../helpers/fluids.js';

/** Reported molar volume of a state, m3/mol of feed (what runFlash reports as overall molarVolume). */
const volumeOf = (model: ThermoModel, r: FlashResult) => flashReport(model, r).overall.molarVolume;

const RICH = { methane: 0.7, ethane: 0.1, propane: 0.08, 'n-butane': 0.05, 'n-pentane': 0.04, 'n-hexane': 0.03 };
const CASES: { name: string; f: ReturnType<typeof fluid>; T: number; P: number; phases: number; multi?: boolean }[] = [
  { name: 'natural gas (one phase)', f: fluid('SRK', { methane: 0.9, ethane: 0.06, propane: 0.03, nitrogen: 0.01 }), T: 300, P: 50e5, phases: 1 },
  { name: 'natural gas near vacuum', f: fluid('SRK', { methane: 0.9, ethane: 0.06, propane: 0.03, nitrogen: 0.01 }), T: 300, P: 100, phases: 1 },
  { name: 'rich gas (two phases)', f: fluid('SRK', RICH), T: 260, P: 40e5, phases: 2 },
  {
    name: '10-component condensate (two phases)',
    f: fluid('PR', { nitrogen: 0.01, CO2: 0.02, methane: 0.6, ethane: 0.09, propane: 0.07, 'i-butane': 0.03, 'n-butane': 0.04, 'n-pentane': 0.04, 'n-heptane': 0.05, 'n-decane': 0.05 }),
    T: 320,
    P: 60e5,
    phases: 2,
  },
  { name: 'n-decane (compressed liquid)', f: fluid('PR', { 'n-decane': 1 }), T: 300, P: 50e5, phases: 1 },
  { name: 'CO2 (dense, supercritical)', f: fluid('PR', { CO2: 1 }), T: 310, P: 100e5, phases: 1 },
  { name: 'gas + oil + water (three phases, multiphase check)', f: fluid('SRK', { methane: 0.5, 'n-heptane': 0.2, water: 0.3 }), T: 303.15, P: 20e5, phases: 3, multi: true },
];

t.test('TP → reported molar volume → TV gives back the same state', (t) => {
  for (const c of CASES) {
    const opts = { multiPhaseCheck: c.multi ?? false };
    const tp = must(t, flashTP(c.f.model, c.T, c.P, c.f.z, opts), `${c.name} TP`);
    if (!tp) continue;
    t.equal(tp.phases.length, c.phases, `${c.name}: ${c.phases} phase(s) at the TP state`);
    const v = volumeOf(c.f.model, tp);
    const tv = must(t, flashTV(c.f.model, c.T, v, c.f.z, opts), `${c.name} TV`);
    if (!tv) continue;
    // The solve stops at |ln V − ln V_spec| ≤ 1e-10; a liquid's pressure moves ~1e3 times more
    // than its volume, so P is held to 1e-6 and the volume to 1e-9.
    t.ok(Math.abs(volumeOf(c.f.model, tv) / v - 1) <= 1e-9, `${c.name}: volume equals the spec (${volumeOf(c.f.model, tv)} vs ${v})`);
    t.ok(Math.abs(tv.P / c.P - 1) <= 1e-6, `${c.name}: pressure ${tv.P} Pa back to ${c.P} Pa`);
    t.equal(tv.T, c.T, `${c.name}: temperature is the spec`);
    t.equal(tv.phases.length, tp.phases.length, `${c.name}: same number of phases`);
    for (let j = 0; j < tp.phases.length && j < tv.phases.length; j++) {
      t.ok(Math.abs(tv.phases[j].beta - tp.phases[j].beta) <= 1e-6, `${c.name}: phase ${j} fraction ${tv.phases[j].beta} vs ${tp.phases[j].beta}`);
    }
    t.match(tv.method, /^TV: /, `${c.name}: method says TV`);
    t.ok(tv.iterations >= 1 && tv.iterations <= 40, `${c.name}: ${tv.iterations} TP flashes`);
  }
  t.end();
});

t.test('the spec is the reported (shifted) volume: the EOS volume differs by Σ z_i c_i', (t) => {
  const c = CASES[4];
  const tp = flashTP(c.f.model, c.T, c.P, c.f.z);
  if (!tp.ok) return t.fail(tp.message);
  const shift = feedVolumeShift(c.f.model, c.T, c.f.z);
  t.ok(Math.abs(shift) > 1e-7, `n-decane has a Peneloux shift (${shift} m3/mol)`);
  t.ok(Math.abs(tp.result.phases[0].V - shift - volumeOf(c.f.model, tp.result)) <= 1e-15, 'reported volume = EOS volume − shift');
  // Feeding the EOS volume instead is a different (lower-pressure) state.
  const eos = flashTV(c.f.model, c.T, tp.result.phases[0].V, c.f.z);
  t.ok(eos.ok && eos.result.P < 0.9 * c.P, 'the untranslated volume is another state');
  t.end();
});

t.test('one component below its critical temperature: inside the dome at the vapour pressure, outside on the right side', (t) => {
  const m = fluid('SRK', { methane: 1 });
  const T = 150;
  const sat = pureSaturationPressure(m.model, T, 1e6);
  if (!sat.ok) return t.fail(sat.message);
  const liquid = flashTP(m.model, T, sat.P * 1.001, m.z);
  const vapour = flashTP(m.model, T, sat.P * 0.999, m.z);
  if (!liquid.ok || !vapour.ok) return t.fail('TP flashes either side of the vapour pressure');
  const vL = volumeOf(m.model, liquid.result);
  const vV = volumeOf(m.model, vapour.result);
  let lastBeta = -1;
  for (const w of [0.05, 0.3, 0.6, 0.95]) {
    const v = vL + w * (vV - vL);
    const tv = must(t, flashTV(m.model, T, v, m.z), `inside the dome at ${w}`);
    if (!tv) continue;
    t.equal(tv.P, sat.P, `at ${w}: the vapour pressure`);
    t.equal(tv.phases.length, 2, `at ${w}: two phases`);
    t.ok(Math.abs(volumeOf(m.model, tv) / v - 1) <= 1e-12, `at ${w}: the β-weighted volume is the spec`);
    const beta = tv.phases.find((p) => p.label === 'gas')?.beta ?? NaN;
    t.ok(beta > lastBeta && beta > 0 && beta < 1, `at ${w}: vapour fraction ${beta} in (0, 1), growing with the volume`);
    lastBeta = beta;
  }
  for (const [what, P] of [
    ['vapour side', 0.5 * sat.P],
    ['liquid side', 3 * sat.P],
  ] as const) {
    const tp = flashTP(m.model, T, P, m.z);
    if (!tp.ok) return t.fail(tp.message);
    const tv = must(t, flashTV(m.model, T, volumeOf(m.model, tp.result), m.z), what);
    if (tv) t.ok(Math.abs(tv.P / P - 1) <= 1e-6 && tv.phases.length === 1, `${what}: one phase at ${tv.P} Pa (TP at ${P} Pa)`);
  }
  t.end();
});

t.test('random states of a rich gas (fast-check): TV of the TP volume gives P back', (t) => {
  const f = fluid('PR', RICH);
  fc.assert(
    fc.property(fc.double({ min: 200, max: 450, noNaN: true }), fc.double({ min: Math.log(0.05e5), max: Math.log(300e5), noNaN: true }), (T, lnP) => {
      const P = Math.exp(lnP);
      const tp = flashTP(f.model, T, P, f.z);
      if (!tp.ok) return true; // the TP flash's own failures are tested elsewhere
      const tv = flashTV(f.model, T, volumeOf(f.model, tp.result), f.z);
      return tv.ok && Math.abs(tv.result.P / P - 1) <= 1e-6 && tv.result.phases.length === tp.result.phases.length;
    }),
    { numRuns: 40, seed: 20261201 },
  );
  t.pass('40 random (T, P) round trips');
  t.end();
});

t.test('specs no pressure reaches, and bad input: an error that says why, never a made-up state', (t) => {
  const m = fluid('SRK', { methane: 1 });
  const cases: [string, FlashOutcome, RegExp][] = [
    ['below the co-volume', flashTV(m.model, 300, 1e-6, m.z), /co-volume/],
    ['denser than at 10 000 bar', flashTV(m.model, 150, 3e-5, m.z), /below the volume at the highest pressure/],
    ['more dilute than at 1 Pa', flashTV(m.model, 300, 1e5, m.z), /above the volume at the lowest pressure/],
    ['zero volume', flashTV(m.model, 300, 0, m.z), /positive finite/],
    ['NaN volume', flashTV(m.model, 300, NaN, m.z), /positive finite/],
    ['negative temperature', flashTV(m.model, -5, 1e-3, m.z), /temperature/],
    ['composition length', flashTV(m.model, 300, 1e-3, [0.5, 0.5]), /entries/],
  ];
  for (const [what, out, pattern] of cases) {
    t.notOk(out.ok, `${what}: fails`);
    if (!out.ok) {
      t.equal(out.code, 'FLASH_ERROR', `${what}: FLASH_ERROR`);
      t.match(out.message, pattern, `${what}: ${out.message}`);
    }
  }
  t.ok(TV_FLASH_P_MAX === 1e9, 'upper pressure limit 10 000 bar, as the messages say');
  t.end();
});
