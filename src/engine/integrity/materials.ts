/**
 * Materials and degradation screening of one item at its operating conditions: CO2 corrosion of
 * carbon and low-alloy steel (de Waard, Lotz & Milliams 1991, shared with runFlowAssurance), sour
 * service (ISO 15156-2), corrosion under insulation and chloride stress-corrosion cracking
 * (API RP 571), remaining life from wall thickness (API 510 / API 570), and the minimum design
 * temperature. Each mechanism gives a finding with a verdict and the rule it applied.
 */
import { co2CorrosionRate } from '../flow-assurance/screening.js';

export type MaterialClass = 'carbon_steel' | 'low_alloy_steel' | 'martensitic_13Cr' | 'duplex_22Cr' | 'superduplex_25Cr' | 'austenitic_316' | 'austenitic_6Mo' | 'nickel_alloy_625' | 'titanium';

export const MATERIALS: readonly MaterialClass[] = ['carbon_steel', 'low_alloy_steel', 'martensitic_13Cr', 'duplex_22Cr', 'superduplex_25Cr', 'austenitic_316', 'austenitic_6Mo', 'nickel_alloy_625', 'titanium'];

const isCarbonSteel = (m: MaterialClass) => m === 'carbon_steel' || m === 'low_alloy_steel';
const isAustenitic = (m: MaterialClass) => m === 'austenitic_316' || m === 'austenitic_6Mo';

/** ISO 15156-2:2020 §7.2.1: below 0.3 kPa H2S partial pressure carbon steel needs no sour-service precautions. */
export const SOUR_H2S_PARTIAL_PRESSURE_KPA = 0.3;
/** API RP 571 (2nd ed. 2011) §4.3.3: CUI of carbon and low-alloy steel between 10 °F and 350 °F (−12 to 177 °C). */
export const CUI_CARBON_STEEL_C: readonly [number, number] = [-12, 177];
/** API RP 571 §4.5.1: external chloride SCC of insulated 300-series stainless, 140 °F to 400 °F (60 to 204 °C). */
export const ESCC_AUSTENITIC_C: readonly [number, number] = [60, 204];
/** API RP 571 §4.5.1: internal chloride SCC of 300-series stainless usually above 140 °F (60 °C). */
export const CLSCC_AUSTENITIC_MIN_C = 60;

export interface ItemConditions {
  material: MaterialClass;
  /** K */
  T: number;
  /** bar */
  P: number;
  /** bar, partial pressures in the gas (or bubble-point bound) */
  pCO2: number;
  pH2S: number;
  freeWater: boolean;
  chlorides: boolean;
  insulated: boolean;
  designLifeYears: number;
  ageYears?: number;
  /** mm */
  nominalThickness?: number;
  measuredThickness?: number;
  requiredThickness?: number;
  corrosionAllowance?: number;
  /** mm/y measured by inspection; replaces the predicted rate in the life calculation */
  inspectionRate?: number;
  /** °C */
  minimumDesignTemperature?: number;
}

export type Verdict = 'PASS' | 'WARNING' | 'FAIL';

export interface Finding {
  mechanism: string;
  verdict: Verdict;
  message: string;
  rule: string;
  recommendation?: string;
  values?: Record<string, number | null>;
}

export interface ItemReview {
  findings: Finding[];
  verdict: Verdict;
  predictedCorrosionRate_mmPerYear: number | null;
  corrosionRateUsed_mmPerYear: number | null;
  remainingLifeYears: number | null;
}

const worst = (vs: Verdict[]): Verdict => (vs.includes('FAIL') ? 'FAIL' : vs.includes('WARNING') ? 'WARNING' : 'PASS');

export function reviewItem(c: ItemConditions): ItemReview {
  const f: Finding[] = [];
  const tC = c.T - 273.15;
  let predicted: number | null = null;
  if (isCarbonSteel(c.material) && c.freeWater && c.pCO2 > 0) {
    predicted = co2CorrosionRate(c.T, c.P, c.pCO2).rate;
    const loss = predicted * c.designLifeYears;
    const ca = c.corrosionAllowance;
    if (ca === undefined) {
      f.push({ mechanism: 'CO2_CORROSION', verdict: 'WARNING', message: `Predicted CO2 corrosion ${predicted.toPrecision(3)} mm/y (${loss.toPrecision(3)} mm over ${c.designLifeYears} y); no corrosion allowance given to compare`, rule: 'de Waard, Lotz & Milliams (1991), uninhibited', recommendation: 'Give corrosionAllowance_mm', values: { rate: predicted, lossOverLife: loss } });
    } else {
      const verdict: Verdict = loss <= ca ? 'PASS' : 'FAIL';
      f.push({
        mechanism: 'CO2_CORROSION',
        verdict,
        message: `Predicted CO2 corrosion ${predicted.toPrecision(3)} mm/y: ${loss.toPrecision(3)} mm over ${c.designLifeYears} y against a ${ca} mm allowance`,
        rule: 'de Waard, Lotz & Milliams (1991), uninhibited; wall loss over the design life ≤ corrosion allowance',
        ...(verdict === 'FAIL' ? { recommendation: 'Corrosion inhibition with a qualified availability, a larger allowance, or a corrosion-resistant alloy (13Cr, 22Cr duplex)' } : {}),
        values: { rate: predicted, lossOverLife: loss, corrosionAllowance: ca },
      });
    }
  } else if (isCarbonSteel(c.material) && c.pCO2 > 0 && !c.freeWater) {
    f.push({ mechanism: 'CO2_CORROSION', verdict: 'PASS', message: 'No free water: CO2 corrosion needs a wetted wall', rule: 'Electrochemical corrosion requires an aqueous phase' });
  }
  const pH2SkPa = c.pH2S * 100;
  if (pH2SkPa >= SOUR_H2S_PARTIAL_PRESSURE_KPA) {
    f.push({ mechanism: 'SOUR_SERVICE', verdict: 'WARNING', message: `H2S partial pressure ${pH2SkPa.toPrecision(3)} kPa ≥ 0.3 kPa: sour service`, rule: 'ISO 15156-2 §7.2.1', recommendation: 'Materials, hardness and welding qualified to ISO 15156 (NACE MR0175)', values: { pH2S_kPa: pH2SkPa } });
  }
  if (c.insulated && isCarbonSteel(c.material) && tC >= CUI_CARBON_STEEL_C[0] && tC <= CUI_CARBON_STEEL_C[1]) {
    f.push({ mechanism: 'CORROSION_UNDER_INSULATION', verdict: 'WARNING', message: `Insulated carbon steel at ${tC.toFixed(1)} °C, inside the −12…177 °C CUI range`, rule: 'API RP 571 §4.3.3', recommendation: 'Coating under insulation and a CUI inspection programme' });
  }
  if (c.insulated && isAustenitic(c.material) && tC >= ESCC_AUSTENITIC_C[0] && tC <= ESCC_AUSTENITIC_C[1]) {
    f.push({ mechanism: 'EXTERNAL_CHLORIDE_SCC', verdict: 'WARNING', message: `Insulated austenitic stainless at ${tC.toFixed(1)} °C, inside the 60…204 °C external chloride SCC range`, rule: 'API RP 571 §4.5.1', recommendation: 'Coat under insulation; low-chloride insulation' });
  }
  if (isAustenitic(c.material) && c.chlorides && c.freeWater && tC > CLSCC_AUSTENITIC_MIN_C) {
    f.push({ mechanism: 'CHLORIDE_SCC', verdict: 'FAIL', message: `Austenitic stainless in chloride-bearing water at ${tC.toFixed(1)} °C (> 60 °C)`, rule: 'API RP 571 §4.5.1', recommendation: '22Cr duplex or higher alloy, or keep below 60 °C' });
  }
  if (c.minimumDesignTemperature !== undefined && tC < c.minimumDesignTemperature) {
    f.push({ mechanism: 'BELOW_MINIMUM_DESIGN_TEMPERATURE', verdict: 'FAIL', message: `Operating ${tC.toFixed(1)} °C is below the minimum design temperature ${c.minimumDesignTemperature} °C`, rule: 'Operation inside the design envelope (ASME VIII / B31.3)', recommendation: 'Re-rate for the low temperature (impact testing) or prevent the condition' });
  }
  // Remaining life, API 510 §7.1.1 / API 570 §7.1: (t_actual − t_required) / corrosion rate.
  let used: number | null = null;
  let remaining: number | null = null;
  if (c.measuredThickness !== undefined && c.requiredThickness !== undefined) {
    const longTerm = c.nominalThickness !== undefined && c.ageYears !== undefined && c.ageYears > 0 ? (c.nominalThickness - c.measuredThickness) / c.ageYears : undefined;
    used = c.inspectionRate ?? longTerm ?? predicted;
    const excess = c.measuredThickness - c.requiredThickness;
    if (excess < 0) {
      remaining = 0;
      f.push({ mechanism: 'REMAINING_LIFE', verdict: 'FAIL', message: `Measured ${c.measuredThickness} mm is below the required ${c.requiredThickness} mm`, rule: 'API 510 §7.1.1 / API 570 §7.1', recommendation: 'Repair, replace or re-rate before further operation', values: { excessThickness: excess } });
    } else if (used !== null && used > 0) {
      remaining = excess / used;
      const left = c.ageYears !== undefined ? c.designLifeYears - c.ageYears : c.designLifeYears;
      const verdict: Verdict = remaining >= left ? 'PASS' : 'WARNING';
      f.push({ mechanism: 'REMAINING_LIFE', verdict, message: `Remaining life ${remaining.toPrecision(3)} y at ${used.toPrecision(3)} mm/y against ${left} y of design life left`, rule: 'API 510 §7.1.1 / API 570 §7.1: (t_actual − t_required) / corrosion rate', ...(verdict === 'WARNING' ? { recommendation: 'Shorter inspection interval; plan repair or mitigation' } : {}), values: { remainingLife: remaining, rate: used, excessThickness: excess } });
    }
  }
  return { findings: f, verdict: worst(f.map((x) => x.verdict)), predictedCorrosionRate_mmPerYear: predicted, corrosionRateUsed_mmPerYear: used, remainingLifeYears: remaining };
}

export { worst as worstVerdict };
