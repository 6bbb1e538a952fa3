/**
 * Parity of viscosity and thermal conductivity with the original, decoupled from our EOS: each
 * phase of reference/neqsim/flash-tp.json is fed with the original's own state (T, P,
 * composition, molar mass, Peneloux density, gas/oil label) and our result is compared with the
 * original's. Brief: within 5 % (viscosity) and 10 % (conductivity) for ≥ 98 % of phases.
 *
 * Measured on the visible set: all 148 phases pass both; viscosity agrees bit-for-bit (max 3e-13
 * relative) and conductivity to a median 6e-5 and max 2.6 % (tp-225, CO2-rich at 194.6 K — the
 * largest deviations are CO2-rich phases below ~230 K, through the ideal-gas Cp in the
 * conductivity's internal-energy term). So we also assert the tighter measured figures, which
 * catch any regression long before the brief's limits would.
 *
 * Outside the PFCT validity domain since issue 21 (methods.ts), so computed by Chung et al.
 * instead and left out of the parity figures: tp-390, a gas of 61.5 % H2 + 31 % N2 at 329 K, for
 * which the original reports λ = 0.0239 W/(m·K) — below pure nitrogen's 0.028 although hydrogen
 * conducts 7× better (pure H2 ≈ 0.19); Chung gives 0.083. The test asserts which phases leave the
 * domain, so a domain change that drops more ordinary fluids from parity fails here.
 *
 * Excluded: tp-303, flagged duplicate_phase_names — the original reports the first "oil" phase
 * twice and that entry mixes one phase's composition (CO2 0.99996) with the other phase's
 * molar mass (0.1166 kg/mol), so neither entry is a consistent phase state.
 */
import t from 'tap';
import { loadReference } from '../helpers/reference.js';
import { transportProperties, transportPropertiesChecked, type TransportPhaseInput } from '../../src/engine/properties/transport/index.js';
import { findComponent } from '../../src/engine/components/index.js';

interface FlashPhase {
  name: string;
  molarMass_kg_mol: number;
  density_kg_m3: number;
  viscosity_Pa_s: number;
  thermalConductivity_W_mK: number;
  composition: Record<string, number>;
  duplicateOfEarlierPhaseName?: boolean;
}
interface FlashCase {
  id: string;
  flags?: string[];
  expected: { status: string; temperature_K: number; pressure_bara: number; phaseProperties?: FlashPhase[] };
}

const EXCLUDED = new Set(['tp-303']);

t.test('PFCT viscosity and conductivity match the original on its own phase states', (t) => {
  const ref = loadReference<{ cases: FlashCase[] }>(t, 'neqsim/flash-tp.json');
  if (!ref) return t.end();
  const muErr: number[] = [];
  const kErr: number[] = [];
  const offenders: string[] = [];
  const outsidePfct: string[] = [];
  for (const c of ref.cases) {
    if (c.expected.status !== 'success' || EXCLUDED.has(c.id)) continue;
    for (const ph of c.expected.phaseProperties ?? []) {
      if (ph.duplicateOfEarlierPhaseName) continue;
      const names = Object.keys(ph.composition);
      const components = names.map((n) => {
        const comp = findComponent(n);
        if (!comp) throw new Error(`component ${n} missing from the database`);
        return comp;
      });
      const input: TransportPhaseInput = {
        temperature: c.expected.temperature_K,
        pressure: c.expected.pressure_bara * 1e5,
        components,
        x: names.map((n) => ph.composition[n]),
        molarMass: ph.molarMass_kg_mol,
        density: ph.density_kg_m3,
        kind: ph.name === 'gas' ? 'gas' : 'oil',
      };
      const checked = transportPropertiesChecked(input);
      if (!checked.viscosity.method?.startsWith('PFCT') || !checked.thermalConductivity.method?.startsWith('PFCT')) {
        outsidePfct.push(`${c.id}/${ph.name}`);
        continue;
      }
      const r = transportProperties(input);
      const dm = Math.abs(r.viscosity / ph.viscosity_Pa_s - 1);
      const dk = Math.abs(r.thermalConductivity / ph.thermalConductivity_W_mK - 1);
      muErr.push(dm);
      kErr.push(dk);
      if (dm > 0.05 || dk > 0.1) offenders.push(`${c.id}/${ph.name}: dμ ${(dm * 100).toFixed(2)} %, dλ ${(dk * 100).toFixed(2)} %`);
    }
  }
  t.same(outsidePfct, ['tp-390/gas'], 'only the hydrogen-majority phase leaves the PFCT domain');
  t.ok(muErr.length >= 140, `enough phases compared (${muErr.length})`);
  const muRate = muErr.filter((e) => e <= 0.05).length / muErr.length;
  const kRate = kErr.filter((e) => e <= 0.1).length / kErr.length;
  t.ok(muRate >= 0.98, `viscosity within 5 % for ${(muRate * 100).toFixed(1)} % of phases (need ≥ 98 %)`);
  t.ok(kRate >= 0.98, `conductivity within 10 % for ${(kRate * 100).toFixed(1)} % of phases (need ≥ 98 %)`);
  t.same(offenders, [], 'no phase outside the brief limits (measured: none)');
  const sorted = [...kErr].sort((a, b) => a - b);
  t.ok(Math.max(...muErr) < 1e-9, `viscosity agrees to round-off (max ${Math.max(...muErr).toExponential(2)})`);
  t.ok(sorted[Math.floor(sorted.length / 2)] < 1e-3, `median conductivity deviation ${sorted[Math.floor(sorted.length / 2)].toExponential(2)} < 0.1 %`);
  t.ok(sorted[sorted.length - 1] < 0.03, `max conductivity deviation ${(sorted[sorted.length - 1] * 100).toFixed(2)} % < 3 %`);
  t.end();
});
