/**
 * AGA 3 orifice equations: the RG discharge coefficient against the independent ISO 5167-2:2003
 * Reader-Harris/Gallagher equation, the flow equation identity, and the range checks.
 */
import t from 'tap';
import { aga3DischargeCoefficient, aga3Orifice, type Aga3Input } from '../../src/engine/standards/aga3.js';
import { StandardsError } from '../../src/engine/standards/errors.js';

/** ISO 5167-2:2003 eq. (4), flange tappings (L1 = L2' = 25.4 mm / D), with the D < 71.12 mm term. */
function iso5167FlangeC(beta: number, D: number, Re: number): number {
  const L1 = 0.0254 / D;
  const M2 = (2 * L1) / (1 - beta);
  const A = Math.pow((19000 * beta) / Re, 0.8);
  let C =
    0.5961 +
    0.0261 * beta ** 2 -
    0.216 * beta ** 8 +
    0.000521 * Math.pow((1e6 * beta) / Re, 0.7) +
    (0.0188 + 0.0063 * A) * Math.pow(beta, 3.5) * Math.pow(1e6 / Re, 0.3) +
    (0.043 + 0.08 * Math.exp(-10 * L1) - 0.123 * Math.exp(-7 * L1)) * (1 - 0.11 * A) * (beta ** 4 / (1 - beta ** 4)) -
    0.031 * (M2 - 0.8 * Math.pow(M2, 1.1)) * Math.pow(beta, 1.3);
  if (D < 0.07112) C += 0.011 * (0.75 - beta) * (2.8 - D / 0.0254);
  return C;
}

t.test('RG discharge coefficient agrees with ISO 5167-2 within 0.3 % for D ≥ 71.12 mm (no small-pipe terms)', async (t) => {
  for (const D of [0.1023, 0.1541, 0.3048]) {
    for (const beta of [0.2, 0.35, 0.5, 0.6, 0.7]) {
      for (const Re of [5e4, 5e5, 5e6]) {
        const a = aga3DischargeCoefficient(beta, D, Re);
        const b = iso5167FlangeC(beta, D, Re);
        t.ok(Math.abs(a / b - 1) < 3e-3, `D ${D} β ${beta} Re ${Re}: AGA3 ${a.toFixed(5)} ISO ${b.toFixed(5)}`);
      }
    }
  }
  // Cd falls towards its infinite-Re limit as Re grows.
  const lim = aga3DischargeCoefficient(0.5, 0.2, Number.POSITIVE_INFINITY);
  t.ok(aga3DischargeCoefficient(0.5, 0.2, 1e5) > aga3DischargeCoefficient(0.5, 0.2, 1e7) && aga3DischargeCoefficient(0.5, 0.2, 1e7) > lim);
  t.ok(Math.abs(aga3DischargeCoefficient(0.5, 0.2, 1e14) - lim) < 1e-5);
});

const BASE: Aga3Input = {
  orificeDiameter: 0.1,
  pipeDiameter: 0.2,
  orificeExpansion: 1.665e-5,
  pipeExpansion: 1.116e-5,
  referenceTemperature: 293.15,
  temperature: 283.15,
  upstreamPressure: 50e5,
  differentialPressure: 25e3,
  density: 44.35,
  isentropicExponent: 1.35,
  viscosity: 1.0268e-5,
};

t.test('flow equation: qm = π/4·Cd·Ev·Y·d²·√(2ρΔP) at the converged Reynolds number', async (t) => {
  const r = aga3Orifice(BASE);
  const d = 0.1 * (1 + 1.665e-5 * -10);
  const D = 0.2 * (1 + 1.116e-5 * -10);
  t.ok(Math.abs(r.d - d) < 1e-15 && Math.abs(r.D - D) < 1e-15, 'thermal contraction from 20 °C to 10 °C');
  const beta = d / D;
  const Y = 1 - ((0.41 + 0.35 * beta ** 4) * (25e3 / 50e5)) / 1.35;
  t.ok(Math.abs(r.expansionFactor - Y) < 1e-15);
  const qm = (Math.PI / 4) * r.dischargeCoefficient * (1 / Math.sqrt(1 - beta ** 4)) * Y * d * d * Math.sqrt(2 * 44.35 * 25e3);
  t.ok(Math.abs(r.massFlow / qm - 1) < 1e-14);
  t.ok(Math.abs(r.reynoldsNumber - (4 * r.massFlow) / (Math.PI * 1.0268e-5 * D)) / r.reynoldsNumber < 1e-12);
  t.ok(Math.abs(r.dischargeCoefficient - aga3DischargeCoefficient(beta, D, r.reynoldsNumber)) < 1e-12, 'Cd consistent with Re');
  // Mass flow scales with Cd·Y·√ΔP.
  const r4 = aga3Orifice({ ...BASE, differentialPressure: 4 * 25e3 });
  const ratio = 2 * (r4.dischargeCoefficient / r.dischargeCoefficient) * (r4.expansionFactor / r.expansionFactor);
  t.ok(Math.abs(r4.massFlow / r.massFlow / ratio - 1) < 1e-13);
  t.ok(r4.expansionFactor < r.expansionFactor, 'a larger ΔP/P lowers Y');
});

t.test('range checks give OUT_OF_RANGE, invalid numbers INVALID_INPUT', async (t) => {
  const code = (i: Aga3Input) => {
    try {
      aga3Orifice(i);
      return 'no error';
    } catch (e) {
      return e instanceof StandardsError ? e.code : String(e);
    }
  };
  t.equal(code({ ...BASE, orificeDiameter: 0.19 }), 'OUT_OF_RANGE', 'β 0.95');
  t.equal(code({ ...BASE, pipeDiameter: 0.04, orificeDiameter: 0.02 }), 'OUT_OF_RANGE', 'D < 2 in');
  t.equal(code({ ...BASE, differentialPressure: 2e6 }), 'OUT_OF_RANGE', 'ΔP/P > 0.2');
  t.equal(code({ ...BASE, differentialPressure: 1e-3, viscosity: 1 }), 'OUT_OF_RANGE', 'Re < 4000');
  t.equal(code({ ...BASE, density: Number.NaN }), 'INVALID_INPUT');
  t.equal(code({ ...BASE, viscosity: -1 }), 'INVALID_INPUT');
});
