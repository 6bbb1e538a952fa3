/** langmuirInhibitor: coverage/efficiency at a dose, and the dose for a target efficiency. */
import type { Static } from '@sinclair/typebox';
import { issue, warning, type DiagnosticIssue, type Warning } from '../../contract/envelope.js';
import { adsorptionConstant, concentrationForCoverage, doseToMolar, langmuirCoverage, type LangmuirIsotherm } from '../../../engine/chemistry/langmuir-inhibitor.js';
import type { ChemistryInput, InhibitorOutput } from './schemas.js';
import type { AnalysisOutcome } from './result.js';

const DEFAULT_TREF_C = 25;

export function runInhibitor(input: ChemistryInput): AnalysisOutcome<Static<typeof InhibitorOutput>> {
  const issues: DiagnosticIssue[] = [];
  if (input.isotherm === undefined) issues.push(issue('MISSING_FIELD', 'langmuirInhibitor needs the isotherm of the inhibitor', 'Add "isotherm": {"kAdsRef", "dHads_kJmol", "thetaMax", "molarMass_gmol"} fitted to inhibition data', 'isotherm'));
  if (input.temperature_C === undefined) issues.push(issue('MISSING_FIELD', 'langmuirInhibitor needs temperature_C', 'Add "temperature_C" (°C)', 'temperature_C'));
  if (input.dose_mgL === undefined && input.targetEfficiency === undefined) issues.push(issue('MISSING_FIELD', 'langmuirInhibitor needs dose_mgL, targetEfficiency or both', 'Add "dose_mgL" for the efficiency at a dose, or "targetEfficiency" for the dose', 'dose_mgL'));
  if (issues.length > 0) return { ok: false, issues };
  const iso0 = input.isotherm!;
  const TrefC = iso0.referenceTemperature_C ?? DEFAULT_TREF_C;
  const iso: LangmuirIsotherm = { kAdsRef_L_mol: iso0.kAdsRef, dHads_J_mol: iso0.dHads_kJmol * 1000, thetaMax: iso0.thetaMax, molarMass_g_mol: iso0.molarMass_gmol, Tref: TrefC + 273.15 };
  const T = input.temperature_C! + 273.15;
  const K = adsorptionConstant(iso, T);
  if (!(K > 0 && Number.isFinite(K)))
    return { ok: false, issues: [issue('OUT_OF_RANGE', `The adsorption constant at ${input.temperature_C} °C is not a finite positive number (K_ref ${iso0.kAdsRef} L/mol, ΔH ${iso0.dHads_kJmol} kJ/mol)`, 'Check dHads_kJmol and the reference temperature', 'isotherm.dHads_kJmol')] };
  const target = input.targetEfficiency;
  if (target !== undefined && !(target < iso.thetaMax))
    return { ok: false, issues: [issue('UNREACHABLE_TARGET', `Target efficiency ${target} is not below the maximum coverage thetaMax ${iso.thetaMax}: no dose reaches it on a Langmuir isotherm`, `Choose targetEfficiency < ${iso.thetaMax}`, 'targetEfficiency')] };
  let dose: number | undefined;
  if (target !== undefined) {
    dose = concentrationForCoverage(iso, K, target) * iso.molarMass_g_mol * 1000;
    if (!Number.isFinite(dose)) return { ok: false, issues: [issue('OUT_OF_RANGE', 'The dose for this target is not a finite number', 'Lower the target efficiency', 'targetEfficiency')] };
  }
  const warnings: Warning[] = [];
  if (Math.abs(input.temperature_C! - TrefC) > 40) warnings.push(warning('EXTRAPOLATION', `K is moved ${Math.abs(input.temperature_C! - TrefC).toFixed(0)} K from its reference temperature with a constant ΔH_ads`));
  const c = input.dose_mgL !== undefined ? doseToMolar(iso, input.dose_mgL) : undefined;
  const theta = c !== undefined ? langmuirCoverage(iso, K, c) : undefined;
  return {
    ok: true,
    iterations: 1,
    warnings,
    assumptions: [
      'Langmuir (1918) isotherm θ = θmax·K·c/(1 + K·c) with c the dissolved inhibitor, mol/L',
      `K(T) = K_ref·exp(−ΔH_ads/R·(1/T − 1/T_ref)), T_ref = ${TrefC} °C${iso0.referenceTemperature_C === undefined ? ' (default)' : ''}, constant ΔH_ads (van 't Hoff)`,
      'Inhibitor efficiency = surface coverage θ (blocked-area model)',
    ],
    limitations: ['The isotherm parameters must come from inhibition or adsorption data of the product at the conditions; partitioning into oil, adsorption on solids and film persistence under flow are not modelled'],
    data: {
      analysis: 'langmuirInhibitor',
      isotherm: { kAdsRef_Lmol: iso0.kAdsRef, dHads_kJmol: iso0.dHads_kJmol, thetaMax: iso0.thetaMax, molarMass_gmol: iso0.molarMass_gmol, referenceTemperature_C: TrefC },
      temperature_C: input.temperature_C!,
      kAds_Lmol_atTemp: K,
      ...(c !== undefined ? { dose_mgL: input.dose_mgL!, concentration_molL: c, coverage: theta!, efficiency: theta! } : {}),
      ...(target !== undefined ? { targetEfficiency: target, doseForTargetEfficiency_mgL: dose! } : {}),
    },
  };
}
