/** electrolyteScale: mg/L analysis → molalities → Davies free-ion saturation indices. */
import type { Static } from '@sinclair/typebox';
import { issue, warning, type DiagnosticIssue, type Warning } from '../../contract/envelope.js';
import { molalityFromMgPerL, MOLAR_MASS, scaleSaturation, type AnalysedIon, type CarbonateBasis } from '../../../engine/chemistry/electrolyte-scale.js';
import { DAVIES_MAX_IONIC_STRENGTH } from '../../../engine/chemistry/water-activity.js';
import type { ChemistryInput, ScaleOutput } from './schemas.js';
import type { AnalysisOutcome } from './result.js';

const ATM_BAR = 1.01325;
const FIELD: Record<AnalysedIon, keyof ChemistryInput> = {
  Ca: 'ca_mgL', Ba: 'ba_mgL', Sr: 'sr_mgL', Mg: 'mg_mgL', Na: 'na_mgL', K: 'k_mgL', Fe: 'fe_mgL',
  Cl: 'cl_mgL', SO4: 'so4_mgL', HCO3: 'hco3_mgL', CO3: 'co3_mgL',
};
/** Charge-balance error above which the analysis is flagged (a screening threshold, ±5 %). */
const CBE_WARN_PERCENT = 5;

export function runScale(input: ChemistryInput): AnalysisOutcome<Static<typeof ScaleOutput>> {
  const issues: DiagnosticIssue[] = [];
  if (input.temperature_C === undefined) issues.push(issue('MISSING_FIELD', 'electrolyteScale needs temperature_C', 'Add "temperature_C" (°C)', 'temperature_C'));
  if (input.pH === undefined) issues.push(issue('MISSING_FIELD', 'electrolyteScale needs the measured pH', 'Add "pH"', 'pH'));
  if (issues.length > 0) return { ok: false, issues };
  const mgL = Object.fromEntries((Object.keys(FIELD) as AnalysedIon[]).map((k) => [k, (input[FIELD[k]] as number | undefined) ?? 0])) as Record<AnalysedIon, number>;
  const tdsDefaulted = input.tds_mgL === undefined;
  const tds = input.tds_mgL ?? Object.values(mgL).reduce((s, v) => s + v, 0);
  const density = input.solutionDensity_kgL ?? 1;
  const m = {} as Record<AnalysedIon, number>;
  for (const k of Object.keys(mgL) as AnalysedIon[]) m[k] = molalityFromMgPerL(mgL[k], MOLAR_MASS[k], density, tds);
  if (Object.values(m).some((v) => !Number.isFinite(v)))
    return { ok: false, issues: [issue('INPUT_ERROR', `The solution holds no water: density ${density} kg/L minus TDS ${tds} mg/L is not positive`, 'Give the measured solutionDensity_kgL (and tds_mgL)', 'solutionDensity_kgL')] };

  const requested = input.carbonateBasis ?? 'auto';
  const pCO2 = input.pCO2_bar ?? 0;
  let basis: CarbonateBasis;
  if (requested === 'auto') basis = mgL.CO3 > 0 ? 'measuredCO3' : mgL.HCO3 > 0 ? 'bicarbonate' : pCO2 > 0 ? 'pCO2' : 'none';
  else basis = requested;
  const need: Partial<Record<CarbonateBasis, [number, keyof ChemistryInput]>> = { measuredCO3: [mgL.CO3, 'co3_mgL'], bicarbonate: [mgL.HCO3, 'hco3_mgL'], pCO2: [pCO2, 'pCO2_bar'] };
  const req = need[basis];
  if (req && !(req[0] > 0)) return { ok: false, issues: [issue('MISSING_FIELD', `carbonateBasis ${basis} needs a positive ${req[1]}`, `Add "${req[1]}" or choose another carbonateBasis`, req[1])] };

  const T = input.temperature_C! + 273.15;
  const r = scaleSaturation({ T, pH: input.pH!, pCO2_atm: pCO2 / ATM_BAR, m, basis });
  if (!r.ok) return { ok: false, issues: [issue(r.code, r.message, 'Check pH, the carbonate data and the ion concentrations', r.code === 'INCONSISTENT_CARBONATE' ? 'pH' : undefined)] };

  const warnings: Warning[] = [];
  const tC = input.temperature_C!;
  if (r.ionicStrength > DAVIES_MAX_IONIC_STRENGTH)
    warnings.push(warning('EXTRAPOLATION', `Ionic strength ${r.ionicStrength.toPrecision(3)} mol/kg is above the ≈${DAVIES_MAX_IONIC_STRENGTH} mol/kg limit of the Davies equation: the saturation indices are indicative only (a Pitzer model is needed for brines)`));
  if (tC > 100) warnings.push(warning('EXTRAPOLATION', 'Above 100 °C the water permittivity (Malmberg & Maryott 1956, 0–100 °C) behind the Davies A parameter is extrapolated'));
  for (const mr of r.minerals)
    if ('validRange_C' in mr && mr.validRange_C && (tC < mr.validRange_C[0] || tC > mr.validRange_C[1]))
      warnings.push(warning('EXTRAPOLATION', `${mr.mineral}: ${tC} °C is outside the ${mr.validRange_C[0]}–${mr.validRange_C[1]} °C range of its Ksp correlation`));
  if (Math.abs(r.chargeBalanceError_percent) > CBE_WARN_PERCENT)
    warnings.push(warning('MISSING_REFERENCE_DATA', `Charge balance error ${r.chargeBalanceError_percent.toFixed(1)} %: the analysis is incomplete or inconsistent (no ion is adjusted to balance it)`));
  if (basis === 'none') warnings.push(warning('MISSING_REFERENCE_DATA', 'No carbonate data (hco3_mgL, co3_mgL or pCO2_bar): calcite and siderite are not computed'));
  if (input.pressure_bara !== undefined && input.pressure_bara > 5)
    warnings.push(warning('MODEL_LIMITATION', `Solubility products are at 1 atm: the pressure effect at ${input.pressure_bara} bara is not included`));
  if (pCO2 > 0 && basis !== 'pCO2') {
    const implied = r.impliedPCO2_atm * ATM_BAR;
    if (implied > 0 && Math.abs(Math.log10(implied / pCO2)) > 0.3)
      warnings.push(warning('MODEL_LIMITATION', `pCO2_bar ${pCO2} was not used (carbonate from ${basis}); the pH and HCO3- given imply ${implied.toPrecision(3)} bar`));
  }

  const assumptions = [
    'Free-ion model: each analysed ion is its own free species (no CaSO4°, NaSO4−, CaHCO3+ … ion pairs); this overstates the activities, and so the SI, of sulfate and carbonate minerals in concentrated brines',
    'Davies (1962) activity coefficients, A from the water density (Kell 1975) and permittivity (Malmberg & Maryott 1956); neutral CO2(aq) has γ = 1; water activity 1 − 0.017·Σm (Garrels & Christ 1965)',
    `mg/L → mol/kg water with density ${density} kg/L${input.solutionDensity_kgL === undefined ? ' (default)' : ''} and TDS ${tds} mg/L${tdsDefaulted ? ' (sum of the ions given)' : ''}`,
    `Carbonate basis ${basis}: ${basis === 'pCO2' ? 'HCO3− and CO3²− from pCO2 (ideal gas, fugacity = partial pressure), K_H, K1, K2 and pH' : basis === 'bicarbonate' ? 'CO3²− from HCO3−, K2 and pH' : basis === 'measuredCO3' ? 'CO3²− and HCO3− as analysed' : 'no carbonate'}`,
    'Measured pH is −log10 a_H+; all iron is Fe²⁺',
  ];
  const limitations = [
    'Solubility products at 1 atm (water saturation above 100 °C): no pressure correction (the molar-volume terms of phreeqc.dat are not used)',
    'Saturation index is a thermodynamic tendency, not a precipitation rate or mass; multiMineralScale (scale mass) is not implemented',
    'Davies is for I ≲ 0.5 mol/kg; the B-dot and Pitzer models are not offered',
  ];
  return {
    ok: true,
    iterations: r.iterations,
    warnings,
    assumptions,
    limitations,
    data: {
      analysis: 'electrolyteScale',
      temperature_C: tC,
      ...(input.pressure_bara !== undefined ? { pressure_bara: input.pressure_bara } : {}),
      pH: input.pH!,
      carbonateBasis: basis,
      activityModel: 'DAVIES',
      ionicStrength_molkg: r.ionicStrength,
      debyeHuckelA: r.debyeHuckelA,
      waterActivity: r.waterActivity,
      activityCoefficients: { monovalent: r.gamma1, divalent: r.gamma2 },
      molalities_molkg: r.molality,
      co2Aqueous_molkg: r.co2aq_molal,
      impliedPCO2_bar: r.impliedPCO2_atm * ATM_BAR,
      logK: { CO2Henry: r.logK.KH, K1: r.logK.K1, K2: r.logK.K2, Kw: r.logK.Kw },
      chargeBalance: { cations_eqkg: r.cationEq, anions_eqkg: r.anionEq, error_percent: r.chargeBalanceError_percent },
      minerals: r.minerals.map((x) => ({
        mineral: x.mineral,
        formula: x.formula,
        saturationIndex: x.saturationIndex,
        saturationRatio: x.saturationRatio,
        logIAP: x.logIAP,
        logKsp: x.logKsp,
        Ksp: x.Ksp,
        activityCoefficients: { cation: x.gammaCation, anion: x.gammaAnion },
        supersaturated: x.saturationIndex > 0,
        source: x.source,
        ...(x.validRange_C ? { validRange_C: [...x.validRange_C] } : {}),
      })),
      notComputed: r.skipped,
    },
  };
}
