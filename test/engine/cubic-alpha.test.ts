/**
 * Alpha-function options of the cubic EOS (src/engine/eos/alpha.ts):
 * - α, dα/dT and d²α/dT² of Mathias–Copeman (below and above Tc) and Twu against central
 *   differences, the residual-Helmholtz T derivatives of a model using them, and Cp = (∂H/∂T)_P
 *   of such fluids through the property report;
 * - water vapour pressure of SRK classic, SRK-MC, SRK-Twu and PR-MC against IAPWS-95, through the
 *   IAPWS saturation-pressure equation (Wagner & Pruss, J. Phys. Chem. Ref. Data 22 (1993) 783,
 *   IAPWS Revised Supplementary Release SR1-86(1992), which reproduces IAPWS-95 within 0.025 %
 *   over 273–647 K), 280–600 K; water at 100 °C and 1 atm;
 * - CO2 vapour pressure and saturated-liquid density against the Span & Wagner ancillary
 *   equations (J. Phys. Chem. Ref. Data 25 (1996) 1509, eqs. 3.13 and 3.14), 220–303 K;
 * - fallback to the classic alpha for components without parameters, and Twu refused with PR.
 */
import t, { type Test } from 'tap';
import { createCubicFluid, flashReport, flashTP, pureSaturationPressure, resolveComponents, DerivLevel, ResidualDerivatives, mathiasCopemanAlpha, twuAlpha, type AlphaFunctionName, type CubicKind } from '../../src/engine/index.js';

const comps = (names: string[]) => {
  const r = resolveComponents(names);
  if (!r.ok) throw new Error(`unknown ${r.unknown.join(', ')}`);
  return r.components;
};
const pure = (name: string, kind: CubicKind, alpha: AlphaFunctionName) => createCubicFluid(kind, comps([name]), [1], alpha);

/** IAPWS saturation pressure of water (Pa), Wagner & Pruss (1993) eq. 2.5. */
function iapwsPsat(T: number): number {
  const tau = 1 - T / 647.096;
  const a = [-7.85951783, 1.84408259, -11.7866497, 22.6807411, -15.9618719, 1.80122502];
  const s = a[0] * tau + a[1] * tau ** 1.5 + a[2] * tau ** 3 + a[3] * tau ** 3.5 + a[4] * tau ** 4 + a[5] * tau ** 7.5;
  return 22.064e6 * Math.exp((647.096 / T) * s);
}
/** CO2 vapour pressure (Pa) and saturated-liquid density (kg/m3), Span & Wagner (1996) eqs. 3.13, 3.14. */
function co2Psat(T: number): number {
  const x = 1 - T / 304.1282;
  return 7.3773e6 * Math.exp((304.1282 / T) * (-7.0602087 * x + 1.9391218 * x ** 1.5 - 1.6463597 * x ** 2 - 3.2995634 * x ** 4));
}
function co2LiquidDensity(T: number): number {
  const x = 1 - T / 304.1282;
  return 467.6 * Math.exp(1.9245108 * x ** 0.34 - 0.62385555 * x ** 0.5 - 0.32731127 * x ** (10 / 6) + 0.39245142 * x ** (11 / 6));
}

function closeRel(t: Test, got: number, exp: number, rel: number, what: string): void {
  t.ok(Math.abs(got - exp) <= rel * Math.max(Math.abs(exp), 1e-12), `${what}: ${got} vs ${exp}`);
}

t.test('reference equations reproduce their anchor values', (t) => {
  closeRel(t, iapwsPsat(373.124), 101325, 2e-5, 'IAPWS-95 normal boiling point 373.124 K');
  closeRel(t, iapwsPsat(273.16), 611.655, 5e-5, 'IAPWS-95 triple-point pressure');
  // CoolProp/Span–Wagner values of the reference set (physical/saturation.json S-04, SG-035).
  closeRel(t, co2Psat(302), 70.2679917215e5, 2e-4, 'CO2 Psat 302 K');
  closeRel(t, co2Psat(260.4), 24.4714230403e5, 2e-4, 'CO2 Psat 260.4 K');
  closeRel(t, co2LiquidDensity(260.4), 996.893616905, 2e-3, 'CO2 ρL 260.4 K');
  t.end();
});

t.test('alpha derivatives equal central differences', (t) => {
  const v = { alpha: 0, dT: 0, dTT: 0 };
  const at = (f: (T: number) => number, T: number) => {
    const h = T * 1e-5;
    return { d1: (f(T + h) - f(T - h)) / (2 * h), d2: (f(T + h) - 2 * f(T) + f(T - h)) / (h * h) };
  };
  const cases: [string, (T: number) => typeof v][] = [
    ['MC water (SRK)', (T) => mathiasCopemanAlpha(T, 647.3, 1.087, -0.638, 0.635, { ...v })],
    ['MC CO2 (SRK)', (T) => mathiasCopemanAlpha(T, 304.19, 0.88173893, -0.856255022, 3.094939327, { ...v })],
    ['Twu water', (T) => twuAlpha(T, 647.3, [0.168272437, 0.908482584, 5.240427372], { ...v })],
    ['Twu CO2 (M < 0)', (T) => twuAlpha(T, 304.19, [1.413601068, -0.605965449, 1.101814948], { ...v })],
  ];
  for (const [name, f] of cases) {
    for (const T of [250, 300, 450, 700]) {
      const r = f(T);
      const fd = at((x) => f(x).alpha, T);
      const fd1 = at((x) => f(x).dT, T);
      closeRel(t, r.dT, fd.d1, 1e-8, `${name} dα/dT at ${T} K`);
      closeRel(t, r.dTT, fd1.d1, 1e-7, `${name} d²α/dT² at ${T} K`);
    }
  }
  // The MC form is continuous with its supercritical branch at Tc in value and slope.
  const below = mathiasCopemanAlpha(304.19 * (1 - 1e-9), 304.19, 0.88, -0.86, 3.09, { ...v });
  const above = mathiasCopemanAlpha(304.19 * (1 + 1e-9), 304.19, 0.88, -0.86, 3.09, { ...v });
  closeRel(t, below.alpha, above.alpha, 1e-8, 'MC α continuous at Tc');
  closeRel(t, below.dT, above.dT, 1e-6, 'MC dα/dT continuous at Tc');
  t.end();
});

t.test('residual T derivatives of a model with MC and Twu alphas', (t) => {
  for (const [kind, alpha] of [['SRK', 'mathias-copeman'], ['PR', 'mathias-copeman'], ['SRK', 'twu']] as const) {
    const f = createCubicFluid(kind, comps(['methane', 'CO2', 'water', 'n-heptane']), [0.5, 0.2, 0.2, 0.1], alpha);
    const n = [0.5, 0.2, 0.2, 0.1];
    const V = 1.5e-4;
    const F = (T: number) => {
      const out = new ResidualDerivatives(4);
      f.model.atTemperature(T).residual(V, n, DerivLevel.Composition, out);
      return out;
    };
    for (const T of [280, 350]) {
      const h = T * 1e-5;
      const b = F(T);
      const p = F(T + h);
      const m = F(T - h);
      closeRel(t, b.F_T, (p.F - m.F) / (2 * h), 1e-7, `${kind}-${alpha} F_T at ${T} K`);
      closeRel(t, b.F_TT, (p.F_T - m.F_T) / (2 * h), 1e-6, `${kind}-${alpha} F_TT at ${T} K`);
      closeRel(t, b.F_TV, (p.F_V - m.F_V) / (2 * h), 1e-6, `${kind}-${alpha} F_TV at ${T} K`);
      for (let i = 0; i < 4; i++) closeRel(t, b.F_nT[i], (p.F_n[i] - m.F_n[i]) / (2 * h), 1e-6, `${kind}-${alpha} F_nT[${i}] at ${T} K`);
    }
  }
  t.end();
});

const WATER_T = [280, 300, 325, 350, 373.15, 400, 450, 500, 550, 600];

t.test('water vapour pressure against IAPWS-95, 280–600 K', (t) => {
  const variants: [CubicKind, AlphaFunctionName, number][] = [
    // Bound: the measured worst deviation, rounded up; classic SRK is listed to document its deficit.
    ['SRK', 'classic', 0.33],
    ['SRK', 'mathias-copeman', 0.008],
    ['SRK', 'twu', 0.095],
    ['PR', 'classic', 0.2],
    ['PR', 'mathias-copeman', 0.025],
  ];
  for (const [kind, alpha, bound] of variants) {
    const w = pure('water', kind, alpha);
    t.same(w.alphaFallbacks ?? [], [], `${kind} ${alpha}: water has its own parameters`);
    const devs: string[] = [];
    let worst = 0;
    for (const T of WATER_T) {
      const s = pureSaturationPressure(w.model, T, iapwsPsat(T));
      if (!s.ok) {
        t.fail(`${kind} ${alpha}: no saturation at ${T} K`);
        continue;
      }
      const d = s.value / iapwsPsat(T) - 1;
      worst = Math.max(worst, Math.abs(d));
      devs.push(`${T}:${(100 * d).toFixed(2)}%`);
    }
    t.comment(`water Psat ${kind} ${alpha} vs IAPWS-95: ${devs.join(' ')}`);
    t.ok(worst <= bound, `${kind} ${alpha}: worst |ΔPsat| ${(100 * worst).toFixed(2)} % ≤ ${100 * bound} %`);
  }
  // The known weakness the option fixes: classic SRK is 8–9 % low at the normal boiling point.
  const classic = pureSaturationPressure(pure('water', 'SRK', 'classic').model, 373.15, 1e5);
  t.ok(classic.ok && classic.value / iapwsPsat(373.15) - 1 < -0.08, 'classic SRK water Psat(373.15 K) more than 8 % low');
  t.end();
});

t.test('water at 100 °C and 1.01325 bar: liquid with classic SRK, vapour with SRK-MC', (t) => {
  // IAPWS-95: Psat(373.15 K) = 101.418 kPa > 101.325 kPa, so the stable state is (just) vapour.
  const phaseOf = (alpha: AlphaFunctionName) => {
    const w = pure('water', 'SRK', alpha);
    const r = flashTP(w.model, 373.15, 101325, w.z);
    if (!r.ok) throw new Error(r.message);
    return r.result.phases.map((p) => p.label).join('+');
  };
  t.equal(phaseOf('classic'), 'aqueous', 'classic SRK');
  t.equal(phaseOf('mathias-copeman'), 'gas', 'SRK-MC');
  t.end();
});

t.test('CO2 vapour pressure and saturated-liquid density against Span–Wagner, 220–303 K', (t) => {
  const temps = [220, 240, 260, 280, 290, 300, 303];
  const variants: [CubicKind, AlphaFunctionName, number][] = [
    ['SRK', 'classic', 0.01],
    ['SRK', 'mathias-copeman', 0.003],
    ['SRK', 'twu', 0.01],
    ['PR', 'classic', 0.02],
    ['PR', 'mathias-copeman', 0.003],
  ];
  for (const [kind, alpha, bound] of variants) {
    const f = pure('CO2', kind, alpha);
    const M = f.components[0].molarMass;
    const ps: string[] = [];
    const rs: string[] = [];
    let worstP = 0;
    for (const T of temps) {
      const s = pureSaturationPressure(f.model, T, co2Psat(T));
      if (!s.ok) {
        t.fail(`${kind} ${alpha}: no saturation at ${T} K`);
        continue;
      }
      const dP = s.value / co2Psat(T) - 1;
      worstP = Math.max(worstP, Math.abs(dP));
      const V = f.model.atTemperature(T).molarVolume(s.value, [1], 'liquid') - f.model.volumeShift(0, T);
      const dRho = M / V / co2LiquidDensity(T) - 1;
      ps.push(`${T}:${(100 * dP).toFixed(2)}%`);
      rs.push(`${T}:${(100 * dRho).toFixed(1)}%`);
      // Liquid density is set by b and the Peneloux shift, not by α: every variant is within 5 %
      // up to 260 K and falls to about −20 % (SRK) / −17 % (PR) at 303 K, next to the critical point.
      const rhoBound = T <= 260 ? 0.05 : 0.21;
      t.ok(Math.abs(dRho) < rhoBound, `${kind} ${alpha} ρL(${T} K) within ${100 * rhoBound} % (${(100 * dRho).toFixed(1)} %)`);
    }
    t.comment(`CO2 ${kind} ${alpha}: Psat ${ps.join(' ')}; ρL (Peneloux) ${rs.join(' ')}`);
    t.ok(worstP <= bound, `${kind} ${alpha}: worst |ΔPsat| ${(100 * worstP).toFixed(2)} % ≤ ${100 * bound} %`);
  }
  t.end();
});

t.test('components without parameters keep the classic alpha and are named', (t) => {
  const f = createCubicFluid('SRK', comps(['methane', 'ammonia', 'water']), [0.8, 0.1, 0.1], 'mathias-copeman');
  t.same(f.alphaFallbacks, ['ammonia'], 'ammonia has no (consistent) SRK Mathias–Copeman set');
  const classic = createCubicFluid('SRK', comps(['ammonia']), [1]);
  const mc = createCubicFluid('SRK', comps(['ammonia']), [1], 'mathias-copeman');
  const a = classic.model.atTemperature(300);
  const b = mc.model.atTemperature(300);
  t.equal((b as unknown as { a: Float64Array }).a[0], (a as unknown as { a: Float64Array }).a[0], 'fallback α is exactly the classic one');
  t.equal(createCubicFluid('SRK', comps(['methane']), [1]).alphaFallbacks, undefined, 'classic: no fallback list');
  t.throws(() => createCubicFluid('PR', comps(['water']), [1], 'twu'), /fitted for SRK/, 'Twu with PR is refused');
  t.end();
});

t.test('Cp of a Mathias–Copeman / Twu fluid equals dH/dT at constant pressure (single phase)', (t) => {
  for (const [kind, alpha, T, P] of [['SRK', 'mathias-copeman', 320, 60e5], ['PR', 'mathias-copeman', 300, 10e5], ['SRK', 'twu', 320, 60e5]] as const) {
    const f = createCubicFluid(kind, comps(['methane', 'CO2', 'n-butane']), [0.7, 0.2, 0.1], alpha);
    const H = (x: number) => {
      const r = flashTP(f.model, x, P, f.z);
      if (!r.ok || r.result.phases.length !== 1) throw new Error(`not single-phase at ${x} K`);
      return flashReport(f.model, r.result, { skipTransport: true }).phases[0].thermo;
    };
    const h = 0.01;
    const cpFd = (H(T + h).enthalpy - H(T - h).enthalpy) / (2 * h);
    closeRel(t, H(T).cp, cpFd, 1e-6, `${kind}-${alpha} Cp at ${T} K, ${P / 1e5} bar`);
  }
  t.end();
});
