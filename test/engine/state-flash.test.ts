/**
 * PH and PS flashes (src/engine/flash/state-flash.ts): round trips through the TP flash, enthalpy
 * conservation across a valve, the pure-component phase change (lever rule), parity with the
 * original (reference/neqsim/ph-ps.json) and bad input.
 */
import t from 'tap';
import { loadReference } from '../helpers/reference.js';
import { flashTP, flashPH, flashPS, flashEnthalpy, flashEntropy } from '../../src/engine/index.js';
import type { FlashOutcome } from '../../src/engine/index.js';
import { cubicFluid as fluid, mustFlash as must } from '../helpers/fluids.js';

const CASES: { name: string; f: ReturnType<typeof fluid>; T: number; P: number; phases: number; multi?: boolean }[] = [
  { name: 'natural gas (one phase)', f: fluid('SRK', { methane: 0.9, ethane: 0.06, propane: 0.03, nitrogen: 0.01 }), T: 300, P: 50e5, phases: 1 },
  {
    name: 'rich gas (two phases)',
    f: fluid('SRK', { methane: 0.7, ethane: 0.1, propane: 0.08, 'n-butane': 0.05, 'n-pentane': 0.04, 'n-hexane': 0.03 }),
    T: 260,
    P: 40e5,
    phases: 2,
  },
  {
    name: '10-component condensate (two phases)',
    f: fluid('PR', {
      nitrogen: 0.01, CO2: 0.02, methane: 0.6, ethane: 0.09, propane: 0.07, 'i-butane': 0.03, 'n-butane': 0.04,
      'n-pentane': 0.04, 'n-heptane': 0.05, 'n-decane': 0.05,
    }),
    T: 320,
    P: 60e5,
    phases: 2,
  },
  { name: 'CO2 (dense, one component)', f: fluid('PR', { CO2: 1 }), T: 310, P: 100e5, phases: 1 },
  { name: 'gas + oil + water (three phases, multiphase check)', f: fluid('SRK', { methane: 0.5, 'n-heptane': 0.2, water: 0.3 }), T: 303.15, P: 20e5, phases: 3, multi: true },
];

t.test('TP → H, S → PH and PS give back the same state', (t) => {
  for (const c of CASES) {
    const opts = { multiPhaseCheck: c.multi ?? false };
    const tp = must(t, flashTP(c.f.model, c.T, c.P, c.f.z, opts), `${c.name} TP`);
    if (!tp) continue;
    t.equal(tp.phases.length, c.phases, `${c.name}: ${c.phases} phase(s) at the TP state`);
    const H = flashEnthalpy(c.f.model, tp);
    const S = flashEntropy(c.f.model, tp);
    for (const [kind, out] of [
      ['PH', flashPH(c.f.model, c.P, H, c.f.z, opts)],
      ['PS', flashPS(c.f.model, c.P, S, c.f.z, opts)],
    ] as const) {
      const r = must(t, out, `${c.name} ${kind}`);
      if (!r) continue;
      t.ok(Math.abs(r.T - c.T) <= 1e-6, `${c.name} ${kind}: T ${r.T} vs ${c.T} (|ΔT| ${Math.abs(r.T - c.T).toExponential(2)} ≤ 1e-6 K)`);
      t.equal(r.phases.length, tp.phases.length, `${c.name} ${kind}: same number of phases`);
      r.phases.forEach((p, k) => t.ok(Math.abs(p.beta - tp.phases[k].beta) <= 1e-7, `${c.name} ${kind}: β of phase ${k} ${p.beta} vs ${tp.phases[k].beta}`));
      t.match(r.method, new RegExp(`^${kind}: `), `${c.name} ${kind}: method says ${r.method}`);
    }
    // Valve: same H at a third of the pressure.
    const v = must(t, flashPH(c.f.model, c.P / 3, H, c.f.z, { ...opts, T0: c.T }), `${c.name} valve`);
    if (v) {
      const Hv = flashEnthalpy(c.f.model, v);
      t.ok(Math.abs(Hv - H) <= 1e-8 * Math.max(1000, Math.abs(H)), `${c.name} valve: H conserved (${Hv} vs ${H})`);
      t.ok(v.T < c.T, `${c.name} valve: Joule–Thomson cooling (${v.T.toFixed(3)} K < ${c.T} K)`);
    }
  }
  t.end();
});

t.test('pure propane inside its two-phase region: the lever rule at the saturation temperature', (t) => {
  const f = fluid('PR', { propane: 1 });
  const P = 10e5;
  const liq = must(t, flashTP(f.model, 290, P, f.z), 'liquid');
  const vap = must(t, flashTP(f.model, 310, P, f.z), 'vapour');
  if (!liq || !vap) return t.end();
  const H = 0.3 * flashEnthalpy(f.model, liq) + 0.7 * flashEnthalpy(f.model, vap);
  const r = must(t, flashPH(f.model, P, H, f.z), 'PH inside the dome');
  if (!r) return t.end();
  t.same(r.phases.map((p) => p.label), ['gas', 'oil'], 'vapour and liquid');
  t.match(r.method, /lever rule/, r.method);
  t.ok(Math.abs(flashEnthalpy(f.model, r) - H) <= 1e-8 * Math.abs(H), 'β-weighted H equals the spec');
  // At T_sat the two roots have equal fugacity: the saturation condition.
  const dLnF = Math.abs(r.phases[0].lnPhi[0] - r.phases[1].lnPhi[0]);
  t.ok(dLnF < 1e-6, `ln φ of vapour and liquid equal at the solved T (|Δ| ${dLnF.toExponential(2)})`);
  t.ok(r.T > 290 && r.T < 310, `T_sat ${r.T.toFixed(3)} K between the liquid and vapour states`);
  const S = flashEntropy(f.model, r);
  const s = must(t, flashPS(f.model, P, S, f.z, { T0: 250 }), 'PS inside the dome');
  if (s) {
    t.ok(Math.abs(s.T - r.T) <= 1e-6, `PS gives the same T (|ΔT| ${Math.abs(s.T - r.T).toExponential(2)})`);
    t.ok(Math.abs(s.phases[0].beta - r.phases[0].beta) <= 1e-7, `PS gives the same vapour fraction (${s.phases[0].beta} vs ${r.phases[0].beta})`);
  }
  // Saturated liquid throttled: the valve flashes part of it.
  const v = must(t, flashPH(f.model, 3e5, flashEnthalpy(f.model, liq), f.z, { T0: 290 }), 'valve');
  if (v) {
    t.equal(v.phases.length, 2, 'throttled liquid is two-phase');
    t.ok(Math.abs(flashEnthalpy(f.model, v) - flashEnthalpy(f.model, liq)) <= 1e-8 * Math.abs(flashEnthalpy(f.model, liq)), 'H conserved across the valve');
  }
  t.end();
});

t.test('pure components from 0.5 to 2 Tc and 0.01 to 5 Pc: round trips, throttling and compression', (t) => {
  let runs = 0;
  let worst = 0;
  const misses: string[] = [];
  for (const name of ['methane', 'CO2', 'propane', 'water']) {
    for (const kind of ['SRK', 'PR'] as const) {
      const f = fluid(kind, { [name]: 1 });
      const { tc, pc } = f.components[0];
      for (const tr of [0.5, 0.9, 0.99, 1.01, 2]) {
        for (const pr of [0.01, 0.5, 0.95, 1.05, 5]) {
          const T = tr * tc;
          const P = pr * pc;
          const tp = flashTP(f.model, T, P, f.z);
          if (!tp.ok) continue;
          const H = flashEnthalpy(f.model, tp.result);
          const S = flashEntropy(f.model, tp.result);
          for (const [what, out, spec, back] of [
            ['PH', flashPH(f.model, P, H, f.z), H, flashEnthalpy],
            ['PS', flashPS(f.model, P, S, f.z), S, flashEntropy],
            ['valve', flashPH(f.model, P / 4, H, f.z), H, flashEnthalpy],
            ['compressor', flashPS(f.model, 3 * P, S, f.z), S, flashEntropy],
          ] as const) {
            runs++;
            const label = `${kind} ${name} ${T.toFixed(1)} K ${(P / 1e5).toFixed(2)} bar ${what}`;
            if (!out.ok) {
              misses.push(`${label}: ${out.message}`);
              continue;
            }
            const err = Math.abs(back(f.model, out.result) - spec);
            if (err > 1e-8 * Math.max(what === 'PH' || what === 'valve' ? 1000 : 10, Math.abs(spec))) misses.push(`${label}: spec missed by ${err}`);
            if (what === 'PH' || what === 'PS') worst = Math.max(worst, Math.abs(out.result.T - T));
          }
        }
      }
    }
  }
  for (const m of misses) t.comment(m);
  t.equal(misses.length, 0, `${runs} PH/PS flashes meet their spec`);
  t.ok(worst <= 1e-6, `same-pressure round trips give back T within ${worst.toExponential(2)} K`);
  t.end();
});

/**
 * Round trips over the 100 TP states of flash-tp.json (SRK and PR, lean gas to oil, −80…200 °C).
 * One known failure: tp-225 (CO2-rich, PR) throttled to 0.77 bar crosses a three-phase
 * region at 174.6 K where the two-phase TP flash jumps (H by 9 kJ/mol within 1e-9 K) and the
 * multiphase TP flash does not converge; the PH flash reports FLASH_NOT_CONVERGED there.
 */
t.test('round trips over the TP states of reference/neqsim/flash-tp.json', (t) => {
  const ref = loadReference<{ cases: { id: string; input: { model: 'SRK' | 'PR'; temperature: { value: number }; pressure: { value: number }; components: Record<string, number> } }[] }>(t, 'neqsim/flash-tp.json');
  if (!ref) return t.end();
  let runs = 0;
  let worst = 0;
  const failures: string[] = [];
  for (const c of ref.cases) {
    const f = fluid(c.input.model, c.input.components);
    const T = c.input.temperature.value + 273.15;
    const P = c.input.pressure.value * 1e5;
    const tp = flashTP(f.model, T, P, f.z);
    if (!tp.ok) continue;
    const H = flashEnthalpy(f.model, tp.result);
    const S = flashEntropy(f.model, tp.result);
    for (const [what, out, spec, back, sameP] of [
      ['PH', flashPH(f.model, P, H, f.z), H, flashEnthalpy, true],
      ['PS', flashPS(f.model, P, S, f.z), S, flashEntropy, true],
      ['valve', flashPH(f.model, P / 3, H, f.z, { T0: T }), H, flashEnthalpy, false],
      ['compressor', flashPS(f.model, 2 * P, S, f.z, { T0: T }), S, flashEntropy, false],
    ] as const) {
      runs++;
      if (!out.ok) {
        failures.push(`${c.id} ${what}: ${out.code} ${out.message}`);
        t.equal(out.code, 'FLASH_NOT_CONVERGED', `${c.id} ${what}: a failure is reported as non-convergence`);
        continue;
      }
      const err = Math.abs(back(f.model, out.result) - spec);
      t.ok(err <= 1e-8 * Math.max(what === 'PH' || what === 'valve' ? 1000 : 10, Math.abs(spec)), `${c.id} ${what}: spec met (|err| ${err.toExponential(2)})`);
      if (sameP) {
        worst = Math.max(worst, Math.abs(out.result.T - T));
        t.equal(out.result.phases.length, tp.result.phases.length, `${c.id} ${what}: same number of phases`);
      }
    }
  }
  for (const m of failures) t.comment(m);
  t.ok(failures.length <= 1, `${runs - failures.length}/${runs} flashes converge (known failure: tp-225 valve)`);
  t.ok(worst <= 1e-6, `same-pressure round trips give back T within ${worst.toExponential(2)} K`);
  t.end();
});

t.test('bad input gives ok:false, never an exception or a hang', (t) => {
  const f = CASES[0].f;
  const bad: [string, () => FlashOutcome][] = [
    ['negative pressure', () => flashPH(f.model, -1e5, 0, f.z)],
    ['NaN pressure', () => flashPS(f.model, NaN, 0, f.z)],
    ['NaN enthalpy', () => flashPH(f.model, 1e5, NaN, f.z)],
    ['infinite entropy', () => flashPS(f.model, 1e5, Infinity, f.z)],
    ['enthalpy above any state up to 2000 K', () => flashPH(f.model, 1e5, 1e9, f.z)],
    ['enthalpy below any state down to 20 K', () => flashPH(f.model, 1e5, -1e9, f.z)],
    ['entropy above any state', () => flashPS(f.model, 1e5, 1e6, f.z)],
    ['entropy below any state', () => flashPS(f.model, 1e5, -1e6, f.z)],
    ['wrong composition length', () => flashPH(f.model, 1e5, 0, [1, 0])],
    ['negative initial temperature', () => flashPH(f.model, 1e5, 0, f.z, { T0: -5 })],
  ];
  for (const [what, run] of bad) {
    const out = run();
    t.equal(out.ok, false, `${what}: ok:false`);
    if (!out.ok) t.ok(['FLASH_ERROR', 'FLASH_NOT_CONVERGED'].includes(out.code) && out.message.length > 10, `${what}: ${out.code} "${out.message}"`);
  }
  const above = flashPH(f.model, 1e5, 1e9, f.z);
  if (!above.ok) t.match(above.message, /above the enthalpy at the upper temperature limit/, 'out-of-range message names the limit');
  t.end();
});

interface RefCase {
  id: string;
  input: {
    model: 'SRK' | 'PR';
    flashType: 'PH' | 'PS';
    temperature: { value: number };
    pressure: { value: number };
    components: Record<string, number>;
    enthalpy?: { value: number; unit: string };
    entropy?: { value: number; unit: string };
  };
  expected: { status: string; temperature_K?: number; numberOfPhases?: number; phaseFractions?: Record<string, number> };
}

/**
 * Parity with the original. Measured on the visible cases (commit of this test): PH max |ΔT|
 * 0.029 K (ph-06, sour gas), PS max |ΔT| 0.21 K (ps-18 and ps-07, CO2-rich). The larger PS
 * differences are in CO2-rich gases; we attribute them (not confirmed) to our CO2 ideal-gas Cp0 differing from the
 * original's (see flash-neqsim-parity.test.ts); an entropy difference of a few mJ/(mol·K) moves an
 * isentropic temperature by ~0.2 K. Tolerances: PH 0.06 K, PS 0.3 K, β 0.005.
 * Cases with a mass-based spec unit (J/kg, kJ/kg, J/kgK, kJ/kgK) are skipped: the original divides
 * by the molar mass of an uninitialised fluid and solves for a spec of 0 (notes of ph-ps.json), so
 * its answer is not the state the spec describes.
 */
t.test('PH and PS against the original (reference/neqsim/ph-ps.json)', (t) => {
  const ref = loadReference<{ cases: RefCase[] }>(t, 'neqsim/ph-ps.json');
  if (!ref) return t.end();
  const TOL = { PH: 0.06, PS: 0.3, beta: 0.005 };
  const worst = { PH: 0, PS: 0 };
  let compared = 0;
  for (const c of ref.cases) {
    const spec = c.input.flashType === 'PH' ? c.input.enthalpy : c.input.entropy;
    if (!spec || (spec.unit !== 'J/mol' && spec.unit !== 'J/molK')) {
      t.comment(`${c.id}: spec unit ${spec?.unit} skipped (the original's mass-unit bug)`);
      continue;
    }
    const f = fluid(c.input.model, c.input.components);
    const P = c.input.pressure.value * 1e5;
    const run = c.input.flashType === 'PH' ? flashPH : flashPS;
    const out = run(f.model, P, spec.value, f.z, { T0: c.input.temperature.value + 273.15 });
    if (c.expected.status !== 'success') {
      t.equal(out.ok, false, `${c.id}: the original reports an error; so do we`);
      continue;
    }
    const r = must(t, out, c.id);
    if (!r || c.expected.temperature_K === undefined) continue;
    compared++;
    const dT = Math.abs(r.T - c.expected.temperature_K);
    worst[c.input.flashType] = Math.max(worst[c.input.flashType], dT);
    t.ok(dT <= TOL[c.input.flashType], `${c.id} ${c.input.flashType}: T ${r.T.toFixed(4)} vs ${c.expected.temperature_K.toFixed(4)} K (|ΔT| ${dT.toFixed(4)})`);
    t.equal(r.phases.length, c.expected.numberOfPhases, `${c.id}: ${c.expected.numberOfPhases} phase(s)`);
    const fr = c.expected.phaseFractions ?? {};
    if (r.phases.length === 2 && fr.gas !== undefined) {
      t.ok(Math.abs(r.phases[0].beta - fr.gas) <= TOL.beta, `${c.id}: gas fraction ${r.phases[0].beta.toFixed(5)} vs ${fr.gas.toFixed(5)}`);
    }
  }
  t.comment(`compared ${compared} cases; max |ΔT| PH ${worst.PH.toFixed(4)} K, PS ${worst.PS.toFixed(4)} K`);
  t.ok(compared >= 10, `at least 10 molar-unit cases compared (${compared})`);
  t.end();
});
