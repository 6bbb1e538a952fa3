/**
 * Method-level checks of the transport module: pure-water sanity values, the original's special
 * cases (gas-labelled pure water and hydrogen), the heavy-oil branch of the PFCT viscosity,
 * aqueous mixing, error handling and robustness over random valid inputs.
 */
import t from 'tap';
import fc from 'fast-check';
import { loadReference } from '../helpers/reference.js';
import {
  TRANSPORT_ACCURACY,
  transportProperties,
  transportPropertiesChecked,
  TransportPropertyError,
  type TransportPhaseInput,
} from '../../src/engine/properties/transport/index.js';
import { srkMethaneMolarVolume } from '../../src/engine/properties/transport/methane-reference.js';
import { pureLiquidViscosityCp } from '../../src/engine/properties/transport/aqueous.js';
import { findComponent } from '../../src/engine/components/index.js';

const water = findComponent('water')!;
const methane = findComponent('methane')!;
const hydrogen = findComponent('hydrogen')!;
const nC20 = findComponent('nC20')!;
const nC10 = findComponent('nC10')!;

function pure(c: typeof water, T: number, Pbar: number, density: number, kind: TransportPhaseInput['kind']): TransportPhaseInput {
  return { temperature: T, pressure: Pbar * 1e5, components: [c], x: [1], molarMass: c.molarMass, density, kind };
}

t.test('liquid water: viscosity and conductivity sanity', (t) => {
  // IAPWS: μ(25 °C, 0.1 MPa) = 890.0 µPa·s (Huber et al., J. Phys. Chem. Ref. Data 38 (2009) 101);
  // λ(25 °C, 0.1 MPa) = 0.6065 W/(m·K) (Huber et al., J. Phys. Chem. Ref. Data 41 (2012) 033102).
  const r = transportProperties(pure(water, 298.15, 1.01325, 997, 'aqueous'));
  t.ok(Math.abs(r.viscosity / 890.0e-6 - 1) <= TRANSPORT_ACCURACY.viscosity.water, `μ(25 °C) ${(r.viscosity * 1e6).toFixed(1)} µPa·s vs 890.0`);
  t.ok(Math.abs(r.thermalConductivity / 0.6065 - 1) <= TRANSPORT_ACCURACY.thermalConductivity.water, `λ(25 °C) ${r.thermalConductivity.toFixed(4)} vs 0.6065`);
  const ref = loadReference<{ cases: { id: string; inputs: { T_K: number; P_bar: number }; expected: { mu_Pa_s: number; rho_kg_m3: number } }[] }>(
    t,
    'physical/pure-density.json',
  );
  if (ref) {
    const c = ref.cases.find((x) => x.id === 'PD-096');
    if (!c) t.fail('PD-096 (liquid water) missing');
    else {
      const w = transportProperties(pure(water, c.inputs.T_K, c.inputs.P_bar, c.expected.rho_kg_m3, 'aqueous'));
      const err = w.viscosity / c.expected.mu_Pa_s - 1;
      t.ok(Math.abs(err) <= TRANSPORT_ACCURACY.viscosity.water, `PD-096 water 453 K/121 bar μ ${(err * 100).toFixed(1)} %`);
    }
  }
  // Viscosity falls steeply with temperature (≈ factor 3.2 between 20 °C and 80 °C).
  const cold = transportProperties(pure(water, 293.15, 1, 998, 'aqueous')).viscosity;
  const hot = transportProperties(pure(water, 353.15, 1, 972, 'aqueous')).viscosity;
  t.ok(cold / hot > 2.8 && cold / hot < 3.6, `μ(20 °C)/μ(80 °C) = ${(cold / hot).toFixed(2)}`);
  t.end();
});

t.test('aqueous mixing is Grunberg–Nissan in mass fractions', (t) => {
  const meg = findComponent('MEG')!;
  const T = 300;
  // Pure water itself is IAPWS now; the mixing rule uses the original's pure-liquid correlations.
  const mw = pureLiquidViscosityCp(water, T, 1e5) / 1e3;
  const mm = transportProperties(pure(meg, T, 1, 1110, 'aqueous')).viscosity;
  const x = [0.7, 0.3];
  const M = x[0] * water.molarMass + x[1] * meg.molarMass;
  const w0 = (x[0] * water.molarMass) / M;
  const mix = transportProperties({ temperature: T, pressure: 1e5, components: [water, meg], x, molarMass: M, density: 1050, kind: 'aqueous' });
  const expected = Math.exp(w0 * Math.log(mw) + (1 - w0) * Math.log(mm));
  t.ok(Math.abs(mix.viscosity / expected - 1) < 1e-12, 'ln μ = Σ w_i ln μ_i');
  t.ok(mix.viscosity > mw && mix.viscosity < mm, 'between the pure-liquid values');
  t.end();
});

t.test("the original's single-component special cases", (t) => {
  // Pure water, any label: IAPWS 2008/2011 on the GERG-2008 water density (not the phase density).
  // Steam at 450 K, 5 bar (ρ ≈ 2.5 kg/m3), the releases' formulas worked by hand: λ0 = 30.94
  // mW/(m·K), λ1 = 1.055 -> 0.0326 W/(m·K); μ0 = 15.31 µPa·s, μ1 = 0.985 -> 15.08 µPa·s.
  const steam = transportProperties(pure(water, 450, 5, 2.5, 'gas'));
  t.ok(Math.abs(steam.thermalConductivity / 0.0326 - 1) < 0.005, `steam λ ${steam.thermalConductivity.toFixed(4)}`);
  t.ok(Math.abs(steam.viscosity / 15.08e-6 - 1) < 0.005, `steam μ ${(steam.viscosity * 1e6).toFixed(2)} µPa·s`);
  const eos = transportProperties({ ...pure(water, 450, 5, 200, 'gas'), eosDensity: 20 });
  t.equal(eos.thermalConductivity, steam.thermalConductivity, 'the phase density does not enter');
  // Gas-labelled pure hydrogen: the original's n-H2 fit; 300 K, 1 bar reference 0.1867 W/(m·K) (PD-099).
  const h2 = transportProperties(pure(hydrogen, 300, 1, 0.0808, 'gas'));
  t.ok(Math.abs(h2.thermalConductivity / 0.1867 - 1) < 0.03, `H2 λ ${h2.thermalConductivity.toFixed(4)}`);
  // The original's rule counts the phase's components, not the non-zero ones: a listed partner at
  // x = 0 leaves the fit (a hydrogen-majority phase then goes to Chung et al., ~0.18 W/(m·K)).
  const mix = transportProperties({ temperature: 300, pressure: 1e5, components: [hydrogen, methane], x: [1, 0], molarMass: hydrogen.molarMass, density: 0.08, kind: 'gas' });
  t.not(mix.thermalConductivity, h2.thermalConductivity, 'two listed components -> not the fit, as the original');
  t.ok(Math.abs(mix.thermalConductivity / 0.1867 - 1) < 0.03, `Chung H2 λ ${mix.thermalConductivity.toFixed(4)}`);
  // Oil-labelled (liquid) pure hydrogen is not a special case in the original either.
  const liq = transportProperties(pure(hydrogen, 300, 1, 0.08, 'oil'));
  t.equal(liq.thermalConductivity, mix.thermalConductivity, 'oil-labelled pure hydrogen: the same method as the two-component phase');
  t.end();
});

t.test('PFCT heavy-oil branch is continuous and physical', (t) => {
  // nC20 liquid: the reduced reference temperature T0 crosses 75 K and 65 K as T falls, switching
  // from corresponding states to the blend and to the heavy-oil formula alone.
  const mu: number[] = [];
  // From 310 K: below n-eicosane's melting point (309.6 K) no liquid correlation applies.
  for (let T = 310; T <= 620; T += 1) mu.push(transportProperties(pure(nC20, T, 10, 750, 'oil')).viscosity);
  let monotone = true;
  let maxJump = 0;
  for (let i = 1; i < mu.length; i++) {
    if (mu[i] > mu[i - 1]) monotone = false;
    maxJump = Math.max(maxJump, Math.abs(Math.log(mu[i] / mu[i - 1])));
  }
  t.ok(monotone, 'liquid viscosity decreases with temperature across the branches');
  t.ok(maxJump < 0.1, `no jump between branches (largest 1 K step ${(maxJump * 100).toFixed(2)} %)`);
  // At 313 K the reduced reference temperature of nC20 is ≈ 49 K < 65 K: the heavy-oil formula
  // alone (Pedersen & Fredenslund 1987), log10 μ[cP] = −0.07955 − 0.01101 M − 371.8/T + 6.215 M/T,
  // times 1 + 0.008 (P[bar] − 1). As in the original it gives ~18 mPa·s for pure n-eicosane,
  // several times the measured ~4 mPa·s: a known limitation kept for parity.
  const M = nC20.molarMass * 1e3;
  const hand = Math.pow(10, -0.07955 - 0.01101 * M - 371.8 / 313 + (6.215 * M) / 313) * 1e-3 * (1 + 0.008 * 9);
  const m313 = mu[313 - 310];
  t.ok(Math.abs(m313 / hand - 1) < 1e-12, `nC20 μ(313 K) ${(m313 * 1e3).toFixed(2)} mPa·s = heavy-oil formula`);
  t.end();
});

t.test('SRK methane reference: stable root and ideal-gas limit', (t) => {
  const V = srkMethaneMolarVolume(300, 1e-3);
  t.ok(Math.abs((V * 1e2) / (8.3144621 * 300) - 1) < 1e-5, 'Z → 1 at low pressure');
  // Below the SRK saturation pressure of methane at 150 K (≈ 10.4 bar) the vapour root is stable, above it the liquid.
  t.ok(srkMethaneMolarVolume(150, 5) > 1e-3, 'vapour at 150 K, 5 bar');
  t.ok(srkMethaneMolarVolume(150, 20) < 1e-4, 'liquid at 150 K, 20 bar');
  t.ok(Number.isNaN(srkMethaneMolarVolume(-1, 1)), 'NaN for a non-physical temperature');
  t.end();
});

t.test('bad input is a structured error, never NaN', (t) => {
  const ok = pure(methane, 300, 10, 7, 'gas');
  const cases: [string, TransportPhaseInput][] = [
    ['negative temperature', { ...ok, temperature: -5 }],
    ['NaN pressure', { ...ok, pressure: NaN }],
    ['zero density', { ...ok, density: 0 }],
    ['fraction count', { ...ok, x: [0.5, 0.5] }],
    ['negative fraction', { ...ok, x: [-1] }],
    ['all-zero fractions', { ...ok, x: [0] }],
    ['unknown kind', { ...ok, kind: 'solid' as TransportPhaseInput['kind'] }],
  ];
  for (const [what, input] of cases) {
    try {
      transportProperties(input);
      t.fail(`${what}: accepted`);
    } catch (e) {
      t.ok(e instanceof TransportPropertyError && e.code === 'TRANSPORT_INVALID_INPUT' && e.fix.length > 0, `${what}: ${(e as Error).message}`);
    }
  }
  t.end();
});

t.test('finite positive results over random valid phases', (t) => {
  const pool = ['methane', 'ethane', 'propane', 'n-butane', 'n-heptane', 'nC10', 'nC20', 'CO2', 'nitrogen', 'H2S', 'hydrogen', 'water']
    .map((n) => findComponent(n)!)
    .filter(Boolean);
  fc.assert(
    fc.property(
      fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { minLength: pool.length, maxLength: pool.length }),
      fc.double({ min: 150, max: 700, noNaN: true }),
      fc.double({ min: 0.1, max: 1000, noNaN: true }),
      fc.constantFrom<TransportPhaseInput['kind']>('gas', 'oil', 'aqueous'),
      (w, T, Pbar, kind) => {
        const sum = w.reduce((a, b) => a + b, 0);
        if (sum <= 1e-9) return true;
        const x = w.map((v) => v / sum);
        const M = x.reduce((a, xi, i) => a + xi * pool[i].molarMass, 0);
        const r = transportPropertiesChecked({ temperature: T, pressure: Pbar * 1e5, components: pool, x, molarMass: M, density: 300, kind });
        // Each property is a finite positive number, or withheld with the reason (outside every domain).
        return [r.viscosity, r.thermalConductivity].every((o) =>
          o.value === undefined ? typeof o.reason === 'string' && o.reason.length > 0 : Number.isFinite(o.value) && o.value > 0,
        );
      },
    ),
    { numRuns: 300, seed: 20261130 },
  );
  t.pass('300 random phases gave finite positive μ and λ or a reason');
  // Re-entrancy: interleaving calls on different phases does not change results.
  const a = pure(nC10, 400, 20, 600, 'oil');
  const b = pure(methane, 250, 80, 70, 'gas');
  const ra = transportProperties(a);
  transportProperties(b);
  t.same(transportProperties(a), ra, 'same input, same output after another call');
  t.end();
});
