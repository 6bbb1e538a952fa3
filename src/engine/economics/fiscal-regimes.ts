/**
 * Fiscal terms the economics tool offers by name. Only regimes whose rules the cash-flow model
 * can represent are listed; others are refused (use GENERIC with your own terms).
 *
 * NO (Norwegian continental shelf, income year 2022 onwards), per the Petroleum Taxation Act
 * (petroleumsskatteloven) as amended by the 2022 reform, summarised by the Norwegian Ministry of
 * Finance / Norwegian Offshore Directorate at norskpetroleum.no, "The petroleum tax system":
 * - ordinary company tax 22 %, with offshore production facilities and pipelines depreciated
 *   straight-line over 6 years from the year the cost is incurred (§ 3 b);
 * - special tax 71.8 %, on a base in which investments are expensed in the year incurred and the
 *   ordinary tax is deductible (marginal rate 22 + 71.8 × 0.78 = 78 %);
 * - no royalty; no uplift for investments outside the 2020–2022 temporary rules.
 */
import type { FiscalTerms } from './cashflow.js';

export const NORWAY_NCS: FiscalTerms = {
  royaltyRate: 0,
  corporateTaxRate: 0.22,
  corporateDepreciationYears: 6,
  specialTaxRate: 0.718,
  specialDepreciationYears: 0,
  specialUplift: 0,
  corporateTaxDeductibleInSpecial: true,
};

/** GENERIC: everything the caller does not give is zero / expensed. */
export const GENERIC_DEFAULTS: FiscalTerms = {
  royaltyRate: 0,
  corporateTaxRate: 0,
  corporateDepreciationYears: 0,
  specialTaxRate: 0,
  specialDepreciationYears: 0,
  specialUplift: 0,
  corporateTaxDeductibleInSpecial: false,
};

export const FISCAL_REGIMES: Readonly<Record<string, FiscalTerms>> = { NO: NORWAY_NCS, GENERIC: GENERIC_DEFAULTS };

/** 1000 Sm3 of gas = 1 Sm3 oil equivalent = 6.29 bbl (Norwegian Offshore Directorate convention). */
export const BOE_PER_SM3_GAS = 6.29 / 1000;
