/**
 * runFieldEconomics (experimental, CALCULATION, v1.1): field development economics.
 * - mode "cashflow": yearly revenue from production volumes and prices, royalty, tariffs, opex and
 *   capex, the taxes of a fiscal regime (NO = the Norwegian shelf's 22 % + 71.8 % since 2022, or
 *   GENERIC with your own terms), NPV, IRR, payback and, on request, breakeven oil and gas prices;
 * - mode "productionProfile": an Arps decline (exponential, hyperbolic, harmonic) after a plateau,
 *   with exact yearly volumes and the economic limit.
 * Money in million USD (Musd), real terms (no escalation); volumes in bbl (oil, NGL) and Sm3 (gas).
 */
import { Type, type Static } from '@sinclair/typebox';
import { breakeven, cashFlow, type CashFlowCase, type FiscalTerms } from '../../../engine/economics/cashflow.js';
import { DAYS_PER_YEAR, declineProfile, type DeclineType } from '../../../engine/economics/decline.js';
import { BOE_PER_SM3_GAS, FISCAL_REGIMES } from '../../../engine/economics/fiscal-regimes.js';
import { failure, issue, success, warning, type DiagnosticIssue, type Envelope, type Warning } from '../../contract/envelope.js';
import { defineTool } from '../../contract/types.js';
import { EconomicsInput, EconomicsOutput, type FiscalInput } from './schema.js';

const TOOL = 'runFieldEconomics';
type In = Static<typeof EconomicsInput>;
type Out = Static<typeof EconomicsOutput>;

const YEAR = /^\d{4}$/;

/** A {year: value} table as sorted [year, value] pairs, or issues naming the field. */
function yearTable(v: Record<string, number> | undefined, field: string, issues: DiagnosticIssue[]): Map<number, number> {
  const out = new Map<number, number>();
  for (const [k, x] of Object.entries(v ?? {})) {
    if (!YEAR.test(k) || Number(k) < 1900 || Number(k) > 2200) issues.push(issue('INVALID_YEAR', `${field} has the key "${k}", not a year between 1900 and 2200`, 'Key each value by its calendar year, e.g. {"2027": 15000000}', field));
    else if (!Number.isFinite(x) || x < 0) issues.push(issue('INVALID_VALUE', `${field}.${k} = ${x} is not a non-negative number`, 'Give volumes and amounts as non-negative numbers', `${field}.${k}`));
    else out.set(Number(k), (out.get(Number(k)) ?? 0) + x);
  }
  return out;
}

function fiscalTermsOf(country: string, given: FiscalInput | undefined, issues: DiagnosticIssue[]): FiscalTerms | undefined {
  const base = FISCAL_REGIMES[country];
  if (base === undefined) {
    issues.push(issue('UNSUPPORTED_FISCAL_REGIME', `No fiscal regime "${country}" is modelled (NO and GENERIC are)`, 'Use "country": "GENERIC" with "fiscalTerms" {royaltyRate, corporateTaxRate, corporateDepreciationYears, specialTaxRate, …} for your regime', 'country'));
    return undefined;
  }
  if (country === 'GENERIC' && given?.corporateTaxRate === undefined) {
    issues.push(issue('MISSING_FIELD', 'GENERIC needs fiscalTerms.corporateTaxRate (and any royalty or special tax)', 'Add "fiscalTerms": {"corporateTaxRate": 0.25, "corporateDepreciationYears": 6}', 'fiscalTerms.corporateTaxRate'));
  }
  return { ...base, ...(given ?? {}) } as FiscalTerms;
}

function runCashflow(input: In, started: number): Envelope<Out> {
  const issues: DiagnosticIssue[] = [];
  const warnings: Warning[] = [];
  const country = (input.country ?? 'NO').toUpperCase();
  const terms = fiscalTermsOf(country, input.fiscalTerms, issues);
  const capex = input.capex?.schedule !== undefined ? yearTable(input.capex.schedule, 'capex.schedule', issues) : new Map<number, number>();
  if (input.capex?.schedule === undefined) {
    if (input.capex?.totalMusd === undefined || input.capex.year === undefined) issues.push(issue('MISSING_FIELD', 'capex needs {"totalMusd", "year"} or a "schedule" {year: Musd}', 'Add "capex": {"totalMusd": 2000, "year": 2025}', 'capex'));
    else capex.set(input.capex.year, input.capex.totalMusd);
  }
  const oil = yearTable(input.production?.oil, 'production.oil', issues);
  const gas = yearTable(input.production?.gas, 'production.gas', issues);
  const ngl = yearTable(input.production?.ngl, 'production.ngl', issues);
  if (oil.size + gas.size + ngl.size === 0) issues.push(issue('MISSING_FIELD', 'No production given', 'Add "production": {"oil": {"2027": 15000000}, "gas": {"2027": 5e8}} (bbl and Sm3 per year)', 'production'));
  const prices = { oil: input.oilPrice_usdPerBbl ?? 0, gas: input.gasPrice_usdPerSm3 ?? 0, ngl: input.nglPrice_usdPerBbl ?? 0 };
  for (const [stream, table, field] of [['oil', oil, 'oilPrice_usdPerBbl'], ['gas', gas, 'gasPrice_usdPerSm3'], ['ngl', ngl, 'nglPrice_usdPerBbl']] as const) {
    if (table.size > 0 && input[field] === undefined) issues.push(issue('MISSING_FIELD', `${stream} production is given without ${field}`, `Add "${field}"`, field));
  }
  const all = [...capex.keys(), ...oil.keys(), ...gas.keys(), ...ngl.keys()];
  const first = Math.min(...all);
  const last = Math.max(...all);
  if (all.length > 0 && last - first > 100) issues.push(issue('INVALID_YEAR', `The project spans ${last - first + 1} years`, 'Keep capex and production within 100 years', 'production'));
  if (issues.length > 0 || terms === undefined) return failure(TOOL, 'compute', issues);

  const years = Array.from({ length: last - first + 1 }, (_, k) => first + k);
  const at = (m: Map<number, number>) => years.map((y) => m.get(y) ?? 0);
  const oilV = at(oil);
  const gasV = at(gas);
  const nglV = at(ngl);
  const capexV = at(capex);
  const totalCapex = capexV.reduce((a, b) => a + b, 0);
  const producing = years.map((_, k) => oilV[k]! + gasV[k]! + nglV[k]! > 0);
  const opex = input.opex ?? {};
  const opexV = years.map((_, k) => {
    const boe = oilV[k]! + nglV[k]! + gasV[k]! * BOE_PER_SM3_GAS;
    const fixed = producing[k] ? (opex.percentOfCapex ?? 0) * totalCapex + (opex.fixedPerYearMusd ?? 0) : 0;
    return fixed + ((opex.variablePerBoe_usd ?? 0) * boe) / 1e6;
  });
  const tariffsV = years.map((_, k) => ((input.gasTariff_usdPerSm3 ?? 0) * gasV[k]! + (input.oilTariff_usdPerBbl ?? 0) * oilV[k]!) / 1e6);
  const revenueAt = (p: typeof prices) => years.map((_, k) => (p.oil * oilV[k]! + p.gas * gasV[k]! + p.ngl * nglV[k]!) / 1e6);
  const discountRate = input.discountRate ?? 0.08;
  const caseAt = (p: typeof prices): CashFlowCase => ({ years, grossRevenue: revenueAt(p), tariffs: tariffsV, opex: opexV, capex: capexV, discountRate, terms });
  const r = cashFlow(caseAt(prices));

  let breakevenOil: number | undefined;
  let breakevenGas: number | undefined;
  if (input.calculateBreakeven === true) {
    const npvAt = (p: typeof prices) => cashFlow(caseAt(p)).npv;
    if (oil.size > 0) breakevenOil = breakeven((x) => npvAt({ ...prices, oil: x }), 0, Math.max(1000, 10 * prices.oil));
    if (gas.size > 0) breakevenGas = breakeven((x) => npvAt({ ...prices, gas: x }), 0, Math.max(10, 10 * prices.gas));
    if (oil.size > 0 && breakevenOil === undefined) warnings.push(warning('MODEL_LIMITATION', 'No oil price between 0 and the search bound gives NPV = 0 (the project is profitable at any oil price, or at none)'));
    if (gas.size > 0 && breakevenGas === undefined) warnings.push(warning('MODEL_LIMITATION', 'No gas price between 0 and the search bound gives NPV = 0'));
  }
  if (r.irrAmbiguous) warnings.push(warning('MODEL_LIMITATION', 'The cash flow changes sign more than once: more than one IRR may exist; the lowest is reported'));

  const data: Out = {
    mode: 'cashflow',
    country,
    fiscalTerms: terms,
    discountRate,
    npv_Musd: r.npv,
    irr: r.irr ?? null,
    paybackYears: r.paybackYears ?? null,
    totalRevenue_Musd: r.totals.grossRevenue,
    totalRoyalty_Musd: r.totals.royalty,
    totalCapex_Musd: r.totals.capex,
    totalOpex_Musd: r.totals.opex,
    totalTariffs_Musd: r.totals.tariffs,
    totalTax_Musd: r.totals.tax,
    totalAfterTaxCashFlow_Musd: r.totals.afterTaxCashFlow,
    projectDuration_years: years.length,
    annualCashFlows: r.years.map((y) => ({
      year: y.year,
      grossRevenue_Musd: y.grossRevenue,
      royalty_Musd: y.royalty,
      tariffs_Musd: y.tariffs,
      opex_Musd: y.opex,
      capex_Musd: y.capex,
      depreciation_Musd: y.depreciation,
      corporateTax_Musd: y.corporateTax,
      petroleumTax_Musd: y.specialTax,
      totalTax_Musd: y.totalTax,
      afterTaxCashFlow_Musd: y.afterTaxCashFlow,
      cumulativeCashFlow_Musd: y.cumulativeCashFlow,
      discountedCashFlow_Musd: y.discountedCashFlow,
    })),
    ...(breakevenOil !== undefined ? { breakevenOilPrice_usdPerBbl: breakevenOil } : {}),
    ...(breakevenGas !== undefined ? { breakevenGasPrice_usdPerSm3: breakevenGas } : {}),
  };
  return done(data, warnings, started, 'field economics cash flow (NPV/IRR)', [
    'Real terms: prices, costs and tariffs as given in every year (no escalation or inflation)',
    'End-of-year cash flows discounted to the start of the first project year',
    'Fixed opex (percentOfCapex × total capex + fixedPerYearMusd) in producing years; variable opex per boe with 1000 Sm3 gas = 6.29 boe',
    'Tax losses carried forward without interest in each tax base',
  ], ['No decommissioning, abandonment or working-capital flows', ...(country === 'NO' ? ['NCS: the tax value of special-tax losses, paid out by the state since 2022, is carried forward instead (conservative)'] : [])]);
}

function runProfile(input: In, started: number): Envelope<Out> {
  const issues: DiagnosticIssue[] = [];
  const type = (input.declineType ?? 'EXPONENTIAL').toUpperCase() as DeclineType;
  if (!['EXPONENTIAL', 'HYPERBOLIC', 'HARMONIC'].includes(type)) issues.push(issue('UNKNOWN_DECLINE_TYPE', `Unknown decline type ${JSON.stringify(input.declineType)}`, 'Use EXPONENTIAL, HYPERBOLIC or HARMONIC', 'declineType'));
  if (input.initialRate_bblPerDay === undefined) issues.push(issue('MISSING_FIELD', 'initialRate_bblPerDay is required', 'Add "initialRate_bblPerDay": 15000', 'initialRate_bblPerDay'));
  if (issues.length > 0) return failure(TOOL, 'compute', issues);
  const b = type === 'HYPERBOLIC' ? (input.bFactor ?? 0.5) : type === 'HARMONIC' ? 1 : 0;
  const D = input.annualDeclineRate ?? 0.1;
  const spec = { type, initialRatePerDay: input.initialRate_bblPerDay!, nominalDecline: D, b, plateauYears: input.plateauYears ?? 0, totalYears: input.totalYears ?? 20, economicLimitPerDay: input.economicLimit_bblPerDay ?? 0 };
  const p = declineProfile(spec);
  const startYear = input.startYear ?? 2025;
  const data: Out = {
    mode: 'productionProfile',
    declineType: type,
    initialRate_bblPerDay: spec.initialRatePerDay,
    annualDeclineRate: D,
    bFactor: b,
    plateauYears: spec.plateauYears,
    years: p.annualVolumes.map((_, k) => startYear + k),
    annualVolumes_bbl: p.annualVolumes,
    endOfYearRate_bblPerDay: p.endOfYearRates,
    totalVolume_bbl: p.total,
    totalVolume_MMbbl: p.total / 1e6,
    ...(p.economicLimitReachedAt !== undefined ? { economicLimitReachedAfter_years: p.economicLimitReachedAt } : {}),
  };
  return done(data, [], started, 'production profile (Arps decline)', [
    `Arps decline q = qi/(1 + b·D·t)^(1/b) (b = 0: qi·e^(−D·t)) with nominal decline D = ${D} per year after ${spec.plateauYears} plateau year(s)`,
    `Yearly volumes are the exact integrals of the rate over each year of ${DAYS_PER_YEAR} days`,
  ], []);
}

function done(data: Out, warnings: Warning[], started: number, calculationType: string, assumptions: string[], limitations: string[]): Envelope<Out> {
  return success({
    tool: TOOL,
    data,
    warnings,
    provenance: { calculationType, convergence: { converged: true, iterations: 0 }, assumptions, limitations, computationTimeMs: performance.now() - started },
    validationPhase: 'calculation',
    validationMessage: calculationType,
  });
}

export const runFieldEconomicsTool = defineTool({
  name: TOOL,
  tier: 'experimental',
  category: 'CALCULATION',
  since: 'v1.1',
  summary: 'Field development economics: cash flow, NPV, IRR, payback and taxes (Norwegian shelf or generic terms), breakeven prices.',
  description:
    'Field development economics. "mode": "cashflow" (default): "capex" {totalMusd, year} or {schedule: {year: Musd}}, "production" {oil: {year: bbl}, gas: {year: Sm3}, ngl: {year: bbl}}, prices (oilPrice_usdPerBbl, gasPrice_usdPerSm3, nglPrice_usdPerBbl), ' +
    '"opex" {percentOfCapex, fixedPerYearMusd, variablePerBoe_usd}, tariffs, "discountRate" (0.08), "country" NO (Norwegian shelf: 22 % + 71.8 % special tax) or GENERIC with "fiscalTerms", "calculateBreakeven" → NPV, IRR, payback, taxes and yearly cash flows in million USD, real terms. ' +
    '"mode": "productionProfile": Arps decline ("declineType" EXPONENTIAL|HYPERBOLIC|HARMONIC, "initialRate_bblPerDay", nominal "annualDeclineRate", "bFactor", "plateauYears", "economicLimit_bblPerDay", "startYear", "totalYears") → exact yearly volumes.',
  input: EconomicsInput,
  output: EconomicsOutput,
  exampleCategory: 'economics',
  examples: [
    {
      name: 'norwegian-ncs',
      description: 'A 2000 Musd oil and gas development on the Norwegian shelf with breakeven prices',
      input: {
        mode: 'cashflow',
        country: 'NO',
        capex: { totalMusd: 2000, year: 2025 },
        opex: { percentOfCapex: 0.04 },
        oilPrice_usdPerBbl: 75,
        gasPrice_usdPerSm3: 0.25,
        production: { oil: { '2027': 15000000, '2028': 13500000, '2029': 12150000, '2030': 10935000 }, gas: { '2027': 5e8, '2028': 4.5e8, '2029': 4e8, '2030': 3.6e8 } },
        discountRate: 0.08,
        calculateBreakeven: true,
      },
    },
    { name: 'decline-curve', description: 'Exponential decline after a three-year plateau at 15 000 bbl/d', input: { mode: 'productionProfile', declineType: 'EXPONENTIAL', initialRate_bblPerDay: 15000, annualDeclineRate: 0.1, startYear: 2027, totalYears: 20, plateauYears: 3, economicLimit_bblPerDay: 500 } },
  ],
  execution: 'inline',
  run(input): Envelope<Out> {
    const started = performance.now();
    const mode = String(input.mode ?? 'cashflow').toLowerCase();
    if (mode === 'cashflow') return runCashflow(input, started);
    if (mode === 'productionprofile') return runProfile(input, started);
    return failure(TOOL, 'compute', [issue('UNKNOWN_MODE', `Unknown mode ${JSON.stringify(input.mode)}`, 'Use "cashflow" or "productionProfile"', 'mode')]);
  },
});
