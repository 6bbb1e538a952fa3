/**
 * TypeBox schemas of runFieldEconomics: one input object for both modes (cash flow and Arps
 * production profile), the output with the fields of the mode that ran.
 */
import { Type, type Static } from '@sinclair/typebox';

const Musd = (description: string) => Type.Number({ minimum: 0, maximum: 1e7, description });
const Rate = (description: string) => Type.Number({ minimum: 0, maximum: 1, description });
/** Volumes (bbl, Sm³) or amounts (MUSD) per year; 1e13 is beyond any field (world gas output is ~4e12 Sm³/yr). */
const YearTable = (description: string) => Type.Record(Type.String(), Type.Number({ minimum: 0, maximum: 1e13 }), { description });

export const FiscalTermsSchema = Type.Object(
  {
    royaltyRate: Type.Optional(Rate('Fraction of gross revenue paid as royalty')),
    corporateTaxRate: Type.Optional(Rate('Ordinary (corporate) income tax rate')),
    corporateDepreciationYears: Type.Optional(Type.Integer({ minimum: 0, maximum: 50, description: 'Straight-line depreciation of capex in the ordinary base from the year of spend (0: expensed)' })),
    specialTaxRate: Type.Optional(Rate('Special (petroleum, supplementary) tax rate')),
    specialDepreciationYears: Type.Optional(Type.Integer({ minimum: 0, maximum: 50, description: 'Depreciation of capex in the special base (0: expensed)' })),
    specialUplift: Type.Optional(Type.Number({ minimum: 0, maximum: 2, description: 'Extra deduction in the special base, fraction of capex, in the year of spend' })),
    corporateTaxDeductibleInSpecial: Type.Optional(Type.Boolean({ description: 'The ordinary tax is deductible in the special base' })),
  },
  { additionalProperties: false },
);
export type FiscalInput = Static<typeof FiscalTermsSchema>;

export const EconomicsInput = Type.Object(
  {
    mode: Type.Optional(Type.String({ description: '"cashflow" (default) or "productionProfile"' })),
    country: Type.Optional(Type.String({ description: 'Fiscal regime: NO (default; Norwegian shelf) or GENERIC (give fiscalTerms)' })),
    fiscalTerms: Type.Optional(FiscalTermsSchema),
    capex: Type.Optional(
      Type.Object(
        {
          totalMusd: Type.Optional(Musd('Total capex, million USD, spent in "year"')),
          year: Type.Optional(Type.Integer({ minimum: 1900, maximum: 2200 })),
          schedule: Type.Optional(YearTable('Capex per year, million USD: {"2025": 1200, "2026": 800}')),
        },
        { additionalProperties: false },
      ),
    ),
    opex: Type.Optional(
      Type.Object(
        {
          percentOfCapex: Type.Optional(Rate('Yearly fixed opex as a fraction of total capex, in producing years')),
          fixedPerYearMusd: Type.Optional(Musd('Yearly fixed opex in producing years, million USD')),
          variablePerBoe_usd: Type.Optional(Type.Number({ minimum: 0, maximum: 1000, description: 'Variable opex, USD per barrel of oil equivalent' })),
        },
        { additionalProperties: false },
      ),
    ),
    oilPrice_usdPerBbl: Type.Optional(Type.Number({ minimum: 0, maximum: 1e4 })),
    gasPrice_usdPerSm3: Type.Optional(Type.Number({ minimum: 0, maximum: 100 })),
    nglPrice_usdPerBbl: Type.Optional(Type.Number({ minimum: 0, maximum: 1e4 })),
    gasTariff_usdPerSm3: Type.Optional(Type.Number({ minimum: 0, maximum: 100 })),
    oilTariff_usdPerBbl: Type.Optional(Type.Number({ minimum: 0, maximum: 1e4 })),
    production: Type.Optional(
      Type.Object(
        { oil: Type.Optional(YearTable('Oil, bbl per year')), gas: Type.Optional(YearTable('Gas, Sm3 per year')), ngl: Type.Optional(YearTable('NGL, bbl per year')) },
        { additionalProperties: false },
      ),
    ),
    discountRate: Type.Optional(Type.Number({ minimum: 0, maximum: 1, description: 'Real discount rate (default 0.08)' })),
    calculateBreakeven: Type.Optional(Type.Boolean({ description: 'Also solve the oil and gas prices that give NPV = 0' })),
    declineType: Type.Optional(Type.String({ description: 'EXPONENTIAL (default), HYPERBOLIC or HARMONIC' })),
    initialRate_bblPerDay: Type.Optional(Type.Number({ exclusiveMinimum: 0, maximum: 1e7 })),
    annualDeclineRate: Type.Optional(Type.Number({ exclusiveMinimum: 0, maximum: 10, description: 'Nominal initial decline D, 1/year (default 0.10)' })),
    bFactor: Type.Optional(Type.Number({ exclusiveMinimum: 0, maximum: 2, description: 'Arps b for HYPERBOLIC (default 0.5)' })),
    plateauYears: Type.Optional(Type.Integer({ minimum: 0, maximum: 100 })),
    startYear: Type.Optional(Type.Integer({ minimum: 1900, maximum: 2200 })),
    totalYears: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
    economicLimit_bblPerDay: Type.Optional(Type.Number({ minimum: 0, maximum: 1e7 })),
  },
  { additionalProperties: false },
);

const YearRow = Type.Object(
  {
    year: Type.Integer(),
    grossRevenue_Musd: Type.Number(),
    royalty_Musd: Type.Number(),
    tariffs_Musd: Type.Number(),
    opex_Musd: Type.Number(),
    capex_Musd: Type.Number(),
    depreciation_Musd: Type.Number({ description: 'Capex allowance in the ordinary tax base' }),
    corporateTax_Musd: Type.Number(),
    petroleumTax_Musd: Type.Number({ description: 'Special (petroleum) tax' }),
    totalTax_Musd: Type.Number(),
    afterTaxCashFlow_Musd: Type.Number(),
    cumulativeCashFlow_Musd: Type.Number(),
    discountedCashFlow_Musd: Type.Number(),
  },
  { additionalProperties: false },
);

const Num = Type.Optional(Type.Number());
export const EconomicsOutput = Type.Object(
  {
    mode: Type.String(),
    country: Type.Optional(Type.String()),
    fiscalTerms: Type.Optional(Type.Required(FiscalTermsSchema)),
    discountRate: Num,
    npv_Musd: Num,
    irr: Type.Optional(Type.Union([Type.Number(), Type.Null()], { description: 'null when no rate zeroes the NPV' })),
    paybackYears: Type.Optional(Type.Union([Type.Integer(), Type.Null()], { description: 'Whole years to the end of the first year with cumulative cash flow ≥ 0; null if never' })),
    totalRevenue_Musd: Num,
    totalRoyalty_Musd: Num,
    totalCapex_Musd: Num,
    totalOpex_Musd: Num,
    totalTariffs_Musd: Num,
    totalTax_Musd: Num,
    totalAfterTaxCashFlow_Musd: Num,
    projectDuration_years: Type.Optional(Type.Integer()),
    annualCashFlows: Type.Optional(Type.Array(YearRow)),
    breakevenOilPrice_usdPerBbl: Num,
    breakevenGasPrice_usdPerSm3: Num,
    declineType: Type.Optional(Type.String()),
    initialRate_bblPerDay: Num,
    annualDeclineRate: Num,
    bFactor: Num,
    plateauYears: Type.Optional(Type.Integer()),
    years: Type.Optional(Type.Array(Type.Integer())),
    annualVolumes_bbl: Type.Optional(Type.Array(Type.Number())),
    endOfYearRate_bblPerDay: Type.Optional(Type.Array(Type.Number())),
    totalVolume_bbl: Num,
    totalVolume_MMbbl: Num,
    economicLimitReachedAfter_years: Num,
  },
  { additionalProperties: false },
);
