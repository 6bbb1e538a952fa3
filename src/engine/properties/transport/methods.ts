/**
 * The transport methods and their validity domains. For each property the first method whose
 * domain covers the phase is used; the original's defaults come first wherever they are inside
 * their domain (parity), the general dense-fluid method (Chung et al.) last. A property no
 * method covers is not computed: the caller gets the reasons instead of a number.
 *
 * Domains (each also printed in `TRANSPORT_DOMAINS` for the documentation and the tests):
 *   IAPWS water      pure water; 253.15–1173.15 K; p ≤ 1000 MPa; any phase label (the density is
 *                    GERG-2008 water on the root matching the label)
 *   H2 fit           (conductivity) single-component hydrogen, gas label; 50–1000 K; ρ ≤ ρc
 *   PFCT             gas/oil labels; He+H2+Ne ≤ 50 mol-% (quantum gases do not follow methane
 *                    corresponding states); methane reference temperature T·Tc0/Tc,mix ≤ 700 K
 *                    (beyond it the methane dilute-gas series loses its shape: conductivity turns
 *                    negative for N2 at 1000 K); liquids not below their freezing point
 *   aqueous          aqueous label; T ≤ 0.9 Tc of every component with ≥ 2 % of the mass (the
 *                    pure-liquid correlations are subcritical-liquid fits); not below freezing
 *   IAPWS, water-rich aqueous label with ≥ 90 mol-% water outside the aqueous domain: pure-water
 *                    IAPWS at the phase T, p (solutes neglected, error of the order of their share)
 *   Chung            any components; 0.3 ≤ kT/ε ≤ 100 (collision-integral fit); reduced density
 *                    ρVc/6 ≤ 0.6; quantum gases above their classical limit (He 40 K, Ne 25 K,
 *                    H2 60 K: below, the de Broglie wavelength makes the classical LJ collision
 *                    integrals wrong, −24 % for H2 viscosity at 39.8 K); liquids not below freezing
 */
import { idealCpOutOfRange } from '../ideal-cp-range.js';
import { aqueousConductivity, aqueousViscosity, pureLiquidViscosityCp } from './aqueous.js';
import { chungConductivity, chungMixture, chungViscosity, type ChungMixture } from './chung.js';
import { weightedFreezingTemperature } from './freezing.js';
import { IAPWS_WATER_DOMAIN, iapwsWaterConductivity, iapwsWaterViscosity } from './iapws-water.js';
import { pfctHeavyOilOutOfRange, pfctProperties, pfctReferenceTemperature } from './pfct.js';
import { hydrogenConductivity } from './pure-fluid-conductivity.js';
import type { TransportPhaseInput } from './types.js';
import { waterStateForTransport } from './water-state.js';

export type TransportProperty = 'viscosity' | 'thermalConductivity';

/** Quantum gases and the temperature below which classical (LJ) kinetic theory fails for them, K. */
const QUANTUM_T_MIN: Readonly<Record<string, number>> = { helium: 40, neon: 25, hydrogen: 60 };
/** Freezing-point depression allowed for a mixture before the liquid counts as frozen, K. */
const MIXTURE_FREEZING_ALLOWANCE = 25;
/**
 * PFCT is kept up to an equal share of quantum gases (hydrogen-enriched natural gas: 25 mol-% H2
 * in methane stays at parity with the original); a majority of He/H2/Ne goes to Chung.
 */
const PFCT_MAX_QUANTUM_FRACTION = 0.5;
/** Share of one quantum gas above which its classical-limit temperature applies. */
const QUANTUM_SHARE = 0.1;
const PFCT_MAX_REFERENCE_T = 700;
const WATER_RICH_FRACTION = 0.9;
const CHUNG_MAX_Y = 0.6;
const H2_RHO_C = 31.26;

/** Per-phase quantities the domain checks share, computed once. */
class PhaseFacts {
  readonly xs: number;
  private chung?: ChungMixture;
  constructor(readonly p: TransportPhaseInput) {
    let s = 0;
    for (const xi of p.x) s += xi;
    this.xs = s;
  }
  fraction(name: string): number {
    let f = 0;
    this.p.components.forEach((c, i) => {
      if (c.name === name) f += this.p.x[i];
    });
    return f / this.xs;
  }
  get quantumFraction(): number {
    return this.fraction('helium') + this.fraction('hydrogen') + this.fraction('neon');
  }
  get isPureWater(): boolean {
    return this.fraction('water') >= 1 - 1e-12;
  }
  get soleName(): string | undefined {
    return this.p.components.length === 1 ? this.p.components[0].name : undefined;
  }
  get chungMix(): ChungMixture {
    return (this.chung ??= chungMixture(this.p));
  }
  /** Reason the liquid phase is below freezing, if it is. */
  frozen(): string | undefined {
    if (this.p.kind === 'gas') return undefined;
    let xMax = 0;
    for (const xi of this.p.x) xMax = Math.max(xMax, xi / this.xs);
    const tf = weightedFreezingTemperature(this.p.components, this.p.x) - (xMax >= 0.999 ? 0 : MIXTURE_FREEZING_ALLOWANCE);
    return this.p.temperature < tf
      ? `the liquid at ${this.p.temperature} K is below its freezing temperature (mole-weighted, less ${MIXTURE_FREEZING_ALLOWANCE} K for mixtures) ${tf.toFixed(1)} K, where no liquid correlation applies`
      : undefined;
  }
}

interface Method {
  id: string;
  /** Which properties the method gives. */
  gives: readonly TransportProperty[];
  /** Undefined when the phase is inside the domain, else why not. */
  outside(f: PhaseFacts): string | undefined;
  evaluate(f: PhaseFacts, prop: TransportProperty): number;
  /** The conductivity uses the ideal-gas Cp polynomials (internal-energy / Eucken term). */
  conductivityUsesCp0?: boolean;
}

function iapwsAt(f: PhaseFacts, prop: TransportProperty): number {
  const w = waterStateForTransport(f.p.temperature, f.p.pressure, f.p.kind);
  if (!w.ok) return NaN;
  return prop === 'viscosity' ? iapwsWaterViscosity(w.state) : iapwsWaterConductivity(w.state);
}

function iapwsRange(f: PhaseFacts): string | undefined {
  const { temperature: T, pressure: P } = f.p;
  if (T < IAPWS_WATER_DOMAIN.tMin || T > IAPWS_WATER_DOMAIN.tMax) return `T = ${T} K is outside 253.15–1173.15 K`;
  if (P > IAPWS_WATER_DOMAIN.pMax) return `p = ${P / 1e6} MPa is above 1000 MPa`;
  return undefined;
}

const IAPWS: Method = {
  id: 'IAPWS-2008/2011 water',
  gives: ['viscosity', 'thermalConductivity'],
  outside: (f) => (f.isPureWater ? iapwsRange(f) : 'not pure water'),
  evaluate: iapwsAt,
};

const H2_FIT: Method = {
  id: 'hydrogen conductivity fit (original)',
  gives: ['thermalConductivity'],
  outside: (f) => {
    if (f.soleName !== 'hydrogen' || f.p.kind !== 'gas') return 'not a single-component hydrogen gas';
    const T = f.p.temperature;
    if (T < 50 || T > 1000) return `T = ${T} K is outside the fit's 50–1000 K`;
    const rho = f.p.eosDensity ?? f.p.density;
    return rho > H2_RHO_C ? `density ${rho.toFixed(1)} kg/m3 is above the critical density the fit extends to` : undefined;
  },
  evaluate: (f) => hydrogenConductivity(f.p.temperature, f.p.eosDensity ?? f.p.density),
};

const PFCT: Method = {
  id: 'PFCT (Pedersen corresponding states, methane reference)',
  gives: ['viscosity', 'thermalConductivity'],
  outside: (f) => {
    if (f.p.kind === 'aqueous') return 'aqueous phase';
    const q = f.quantumFraction;
    if (q > PFCT_MAX_QUANTUM_FRACTION) return `${(q * 100).toFixed(1)} mol-% helium/hydrogen/neon (quantum gases are outside methane corresponding states)`;
    const t0 = pfctReferenceTemperature(f.p);
    if (t0 > PFCT_MAX_REFERENCE_T) return `methane reference temperature ${t0.toFixed(0)} K is above the ${PFCT_MAX_REFERENCE_T} K range of the reference correlations`;
    return f.frozen() ?? pfctHeavyOilOutOfRange(f.p);
  },
  conductivityUsesCp0: true,
  evaluate: (f, prop) => {
    const r = pfctProperties(f.p);
    return prop === 'viscosity' ? r.viscosity : r.thermalConductivity!;
  },
};

/** Liquid viscosities span about 0.03 cP (near-critical light liquids) to 1e5 cP (glycerol-like near freezing). */
const LIQUID_MU_MIN_CP = 0.01;
const LIQUID_MU_MAX_CP = 1e5;

const AQUEOUS: Method = {
  id: 'aqueous liquid correlations (original)',
  gives: ['viscosity', 'thermalConductivity'],
  outside: (f) => {
    if (f.p.kind !== 'aqueous') return 'not an aqueous phase';
    let mMean = 0;
    f.p.components.forEach((c, i) => (mMean += f.p.x[i] * c.molarMass));
    for (let i = 0; i < f.p.components.length; i++) {
      const c = f.p.components[i];
      const w = (f.p.x[i] * c.molarMass) / mMean;
      if (w >= 0.02 && f.p.temperature > 0.9 * c.tc)
        return `T = ${f.p.temperature} K is above 0.9 Tc of ${c.name}, beyond its subcritical liquid correlation`;
      // A table correlation that gives no liquid-like viscosity here is corrupt or extrapolated
      // (COMP.csv's sulfuric acid: 8e-12 cP at 368 K): outside, not mixed into the answer.
      const mu = w >= 0.02 ? pureLiquidViscosityCp(c, f.p.temperature, f.p.pressure) : 1;
      if (!(mu >= LIQUID_MU_MIN_CP && mu <= LIQUID_MU_MAX_CP))
        return `the pure-liquid viscosity correlation of ${c.name} gives ${mu.toExponential(2)} cP at ${f.p.temperature} K, outside the liquid range ${LIQUID_MU_MIN_CP}–${LIQUID_MU_MAX_CP} cP`;
    }
    return f.frozen();
  },
  evaluate: (f, prop) => (prop === 'viscosity' ? aqueousViscosity(f.p) : aqueousConductivity(f.p)),
};

const IAPWS_WATER_RICH: Method = {
  id: 'IAPWS-2008/2011 water (water-rich aqueous phase, solutes neglected)',
  gives: ['viscosity', 'thermalConductivity'],
  outside: (f) => {
    if (f.p.kind !== 'aqueous' || f.fraction('water') < WATER_RICH_FRACTION) return 'not a water-rich aqueous phase';
    return iapwsRange(f);
  },
  evaluate: iapwsAt,
};

const CHUNG: Method = {
  id: 'Chung et al. 1988 dense fluid',
  gives: ['viscosity', 'thermalConductivity'],
  outside: (f) => {
    const T = f.p.temperature;
    for (const [name, tMin] of Object.entries(QUANTUM_T_MIN)) {
      if (f.fraction(name) > QUANTUM_SHARE && T < tMin)
        return `${name} below ${tMin} K is a quantum fluid; classical kinetic theory does not apply`;
    }
    const m = f.chungMix;
    const tStar = T / m.eps;
    if (tStar < 0.3 || tStar > 100) return `reduced temperature kT/ε = ${tStar.toPrecision(3)} is outside 0.3–100`;
    const y = ((f.p.density / f.p.molarMass) * 1e-6 * m.vc) / 6;
    if (y > CHUNG_MAX_Y) return `reduced density ρVc/6 = ${y.toFixed(2)} is above ${CHUNG_MAX_Y}`;
    return f.frozen();
  },
  conductivityUsesCp0: true,
  evaluate: (f, prop) => (prop === 'viscosity' ? chungViscosity(f.p, f.chungMix) : chungConductivity(f.p, f.chungMix)),
};

const ORDER: readonly Method[] = [IAPWS, H2_FIT, PFCT, AQUEOUS, IAPWS_WATER_RICH, CHUNG];

export interface PropertyOutcome {
  value?: number;
  method?: string;
  /** Why the property was not computed (every method declined or failed). */
  reason?: string;
}

/** Viscosity and conductivity of a phase, each from the first method whose domain covers it. */
export function evaluateTransport(p: TransportPhaseInput): Record<TransportProperty, PropertyOutcome> {
  const f = new PhaseFacts(p);
  const out = {} as Record<TransportProperty, PropertyOutcome>;
  for (const prop of ['viscosity', 'thermalConductivity'] as const) {
    const declined: string[] = [];
    for (const m of ORDER) {
      if (!m.gives.includes(prop)) continue;
      let why = m.outside(f);
      if (why === undefined && prop === 'thermalConductivity' && m.conductivityUsesCp0) why = idealCpOutOfRange(p.components, p.x, p.temperature);
      if (why !== undefined) {
        declined.push(`${m.id}: ${why}`);
        continue;
      }
      const v = m.evaluate(f, prop);
      if (Number.isFinite(v) && v > 0) {
        out[prop] = { value: v, method: m.id };
        break;
      }
      declined.push(`${m.id}: no positive finite result`);
    }
    out[prop] ??= { reason: declined.filter((d) => !/: not (pure water|a single|an aqueous|a water-rich)|: aqueous phase$/.test(d)).join('; ') };
  }
  return out;
}
