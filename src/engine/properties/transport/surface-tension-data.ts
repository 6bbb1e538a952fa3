/**
 * Recommended surface-tension correlations of pure fluids (vapour–liquid, along saturation):
 *
 *   σ(T) = Σ aᵢ (1 − T/Tc)^nᵢ   [N/m]
 *
 * Coefficients: A. Mulero, I. Cachadiña, M. I. Parra, "Recommended correlations for the surface
 * tension of common fluids", J. Phys. Chem. Ref. Data 41 (2012) 043105 (Table 3; BibTeX key
 * Mulero-JPCRD-2012), as transcribed in the CoolProp fluid files dev/fluids/<Fluid>.json
 * ("surface_tension" block; CoolProp names in `coolPropFluid`). Mulero et al. give mean absolute
 * deviations from the selected experimental data of ≲ 1–3 % for these fluids (larger only very
 * close to Tc, where σ itself vanishes).
 *
 * Water uses the IAPWS release R1-76(2014), "Revised Release on Surface Tension of Ordinary Water
 * Substance": σ = B τ^μ (1 + b τ), B = 235.8 mN/m, b = −0.625, μ = 1.256, τ = 1 − T/Tc,
 * Tc = 647.096 K; valid from the triple point to Tc (uncertainty 0.5 % at 25 °C rising towards Tc).
 *
 * `tMin` is the triple-point temperature (the lower end of the saturation line, where the
 * correlations' data begin), from the reference equation of state of each fluid as listed in the
 * same CoolProp files (Ttriple); for helium it is the lambda point (2.1768 K), below which He II
 * is a superfluid outside the correlation's data.
 *
 * Keys are the component database's canonical names.
 */

export interface PureSurfaceTensionCorrelation {
  /** Critical temperature of the correlation (of the fluid's reference EOS), K. */
  tc: number;
  /** Lowest temperature of the validity domain, K. */
  tMin: number;
  /** [aᵢ (N/m), nᵢ] of σ = Σ aᵢ τ^nᵢ; empty for the IAPWS water form. */
  terms: readonly (readonly [number, number])[];
  /** 'mulero2012' or 'iapws1976'. */
  form: 'mulero2012' | 'iapws1976';
  coolPropFluid?: string;
  source: string;
}

const MULERO = 'Mulero, Cachadiña & Parra, J. Phys. Chem. Ref. Data 41 (2012) 043105, Table 3 (via CoolProp dev/fluids';
const m = (coolPropFluid: string, tc: number, tMin: number, terms: [number, number][]): PureSurfaceTensionCorrelation => ({
  tc,
  tMin,
  terms,
  form: 'mulero2012',
  coolPropFluid,
  source: `${MULERO}/${coolPropFluid}.json)`,
});

export const PURE_SURFACE_TENSION: Readonly<Record<string, PureSurfaceTensionCorrelation>> = {
  methane: m('Methane', 190.564, 90.6941, [[0.03825, 1.191], [-0.006024, 5.422], [-0.0007065, 0.6161]]),
  ethane: m('Ethane', 305.322, 90.368, [[0.07602, 1.32], [-0.02912, 1.676]]),
  propane: m('n-Propane', 369.89, 85.525, [[0.05334, 1.235], [-0.01748, 4.404]]),
  'n-butane': m('n-Butane', 425.125, 134.895, [[0.05138, 1.209]]),
  'i-butane': m('IsoButane', 407.81, 113.73, [[-0.01639, 2.102], [0.06121, 1.304]]),
  'n-pentane': m('n-Pentane', 469.7, 143.47, [[0.08015, 1.408], [0.004384, 1.031], [-0.03437, 1.818]]),
  'i-pentane': m('Isopentane', 460.35, 112.65, [[0.051, 1.209]]),
  'n-hexane': m('n-Hexane', 507.82, 177.83, [[0.210952, 1.0962], [-0.158485, 1.05893]]),
  'n-heptane': m('n-Heptane', 540.13, 182.55, [[0.07765, 1.319], [-0.02599, 1.6]]),
  'n-octane': m('n-Octane', 569.32, 216.37, [[0.34338, 1.6607], [-0.50634, 1.9632], [0.2238, 2.3547]]),
  'n-nonane': m('n-Nonane', 594.55, 219.7, [[0.05388, 1.262]]),
  nC10: m('n-Decane', 617.7, 243.5, [[0.05473, 1.29]]),
  nitrogen: m('Nitrogen', 126.192, 63.151, [[0.02898, 1.246]]),
  oxygen: m('Oxygen', 154.581, 54.361, [[0.03843, 1.225]]),
  argon: m('Argon', 150.687, 83.806, [[0.037, 1.25]]),
  hydrogen: m('Hydrogen', 33.145, 13.957, [[-1.4165, 0.63882], [0.746383, 0.659804], [0.675625, 0.619149]]),
  helium: m('Helium', 5.1953, 2.1768, [[0.0004656, 1.04], [0.001889, 2.468], [-0.002006, 2.661]]),
  neon: m('Neon', 44.4918, 24.56, [[0.012254, 1.4136], [0.02728, 1.4517], [-0.025715, 1.6567]]),
  CO: m('CarbonMonoxide', 132.86, 68.16, [[0.02843, 1.148]]),
  CO2: m('CarbonDioxide', 304.128, 216.592, [[0.07863, 1.254]]),
  H2S: m('HydrogenSulfide', 373.1, 187.7, [[0.078557, 1.2074]]),
  methanol: m('Methanol', 513.38, 175.61, [[0.22421, 1.3355], [-0.21408, 1.677], [0.083233, 4.4402]]),
  water: {
    tc: 647.096,
    tMin: 273.16,
    terms: [],
    form: 'iapws1976',
    source: 'IAPWS R1-76(2014), Revised Release on Surface Tension of Ordinary Water Substance: σ = 235.8 mN/m · τ^1.256 (1 − 0.625 τ)',
  },
};

/** σ (N/m) of a correlation at reduced distance τ = 1 − T/Tc ≥ 0 from the critical point. */
export function correlationSigma(c: PureSurfaceTensionCorrelation, tau: number): number {
  if (!(tau > 0)) return 0;
  if (c.form === 'iapws1976') return 0.2358 * Math.pow(tau, 1.256) * (1 - 0.625 * tau);
  let s = 0;
  for (const [a, n] of c.terms) s += a * Math.pow(tau, n);
  return s;
}
