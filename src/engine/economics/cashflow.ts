/**
 * Field cash flow under a parametrised fiscal regime: gross revenue, royalty, tariffs, opex and
 * capex per year; an ordinary (corporate) income tax and an optional special (petroleum) tax, each
 * on its own base with its own depreciation of capex, losses carried forward without interest;
 * then NPV (end-of-year cash flows discounted to the start of the first year), IRR and payback.
 * Money in any one currency unit (the tool uses million USD); pure and allocation-light.
 */

export interface FiscalTerms {
  /** Fraction of gross revenue paid as royalty. */
  royaltyRate: number;
  /** Ordinary (corporate) income tax rate. */
  corporateTaxRate: number;
  /** Straight-line depreciation of each year's capex in the ordinary base, from the year of spend (0: expensed). */
  corporateDepreciationYears: number;
  /** Special (petroleum, supplementary) tax rate; 0 when the regime has none. */
  specialTaxRate: number;
  /** Depreciation of capex in the special base (0: expensed in the year of spend). */
  specialDepreciationYears: number;
  /** Extra deduction in the special base, as a fraction of capex, in the year of spend. */
  specialUplift: number;
  /** The ordinary tax of the year is deductible in the special base (the NCS rule since 2022). */
  corporateTaxDeductibleInSpecial: boolean;
}

export interface CashFlowCase {
  years: number[];
  grossRevenue: number[];
  tariffs: number[];
  opex: number[];
  capex: number[];
  discountRate: number;
  terms: FiscalTerms;
}

export interface CashFlowYear {
  year: number;
  grossRevenue: number;
  royalty: number;
  tariffs: number;
  opex: number;
  capex: number;
  depreciation: number;
  corporateTaxableIncome: number;
  corporateTax: number;
  specialTaxableIncome: number;
  specialTax: number;
  totalTax: number;
  afterTaxCashFlow: number;
  cumulativeCashFlow: number;
  discountedCashFlow: number;
}

export interface CashFlowResult {
  years: CashFlowYear[];
  npv: number;
  /** Undefined when the cash flow never changes sign or no rate in (−99 %, 1000 %) zeroes the NPV. */
  irr?: number;
  /** More than one sign change: more than one IRR may exist (the lowest is reported). */
  irrAmbiguous: boolean;
  /** Whole years from the start to the end of the first year whose cumulative cash flow is ≥ 0 (after it was negative). */
  paybackYears?: number;
  totals: { grossRevenue: number; royalty: number; capex: number; opex: number; tariffs: number; tax: number; afterTaxCashFlow: number };
}

/** Straight-line allowance in year k of capex spent in earlier years (years = 0: expensed at once). */
function allowances(capex: readonly number[], years: number): number[] {
  const out = new Array<number>(capex.length).fill(0);
  capex.forEach((c, k) => {
    if (c === 0) return;
    if (years <= 0) {
      out[k]! += c;
      return;
    }
    for (let j = k; j < Math.min(capex.length, k + years); j++) out[j]! += c / years;
  });
  return out;
}

/** Tax on a base with losses carried forward (no interest): returns the tax and the new loss pool. */
function taxWithLosses(base: number, losses: number, rate: number): { tax: number; taxable: number; losses: number } {
  const net = base - losses;
  if (net <= 0) return { tax: 0, taxable: 0, losses: -net };
  return { tax: rate * net, taxable: net, losses: 0 };
}

/** Present value of end-of-year flows discounted to the start of the first year. */
export function presentValue(flows: readonly number[], rate: number): number {
  let pv = 0;
  let factor = 1;
  for (const f of flows) {
    factor /= 1 + rate;
    pv += f * factor;
  }
  return pv;
}

function signChanges(flows: readonly number[]): number {
  let n = 0;
  let last = 0;
  for (const f of flows) {
    if (f === 0) continue;
    const s = Math.sign(f);
    if (last !== 0 && s !== last) n++;
    last = s;
  }
  return n;
}

/** The lowest rate in (−0.99, 10) where the NPV crosses zero, to 1e-12 by bisection; undefined if none. */
export function internalRateOfReturn(flows: readonly number[]): number | undefined {
  if (signChanges(flows) === 0) return undefined;
  // Scan a grid fine enough to separate roots, then bisect the first bracket.
  const grid: number[] = [];
  for (let r = -0.99; r < 10; r += r < 1 ? 0.005 : 0.05) grid.push(r);
  grid.push(10);
  let lo = grid[0]!;
  let fLo = presentValue(flows, lo);
  for (let i = 1; i < grid.length; i++) {
    const hi = grid[i]!;
    const fHi = presentValue(flows, hi);
    if (fLo === 0) return lo;
    if (Math.sign(fLo) !== Math.sign(fHi)) {
      let a = lo;
      let b = hi;
      let fa = fLo;
      for (let it = 0; it < 200 && b - a > 1e-12; it++) {
        const m = 0.5 * (a + b);
        const fm = presentValue(flows, m);
        if (Math.sign(fm) === Math.sign(fa)) {
          a = m;
          fa = fm;
        } else b = m;
      }
      return 0.5 * (a + b);
    }
    lo = hi;
    fLo = fHi;
  }
  return undefined;
}

export function cashFlow(c: CashFlowCase): CashFlowResult {
  const t = c.terms;
  const n = c.years.length;
  const corpAllow = allowances(c.capex, t.corporateDepreciationYears);
  const specAllow = allowances(c.capex, t.specialDepreciationYears);
  let corpLosses = 0;
  let specLosses = 0;
  let cumulative = 0;
  let factor = 1;
  let everNegative = false;
  let payback: number | undefined;
  const years: CashFlowYear[] = [];
  const totals = { grossRevenue: 0, royalty: 0, capex: 0, opex: 0, tariffs: 0, tax: 0, afterTaxCashFlow: 0 };
  for (let k = 0; k < n; k++) {
    const revenue = c.grossRevenue[k]!;
    const royalty = t.royaltyRate * revenue;
    const operating = revenue - royalty - c.tariffs[k]! - c.opex[k]!;
    const corp = taxWithLosses(operating - corpAllow[k]!, corpLosses, t.corporateTaxRate);
    corpLosses = corp.losses;
    let specialTax = 0;
    let specialTaxable = 0;
    if (t.specialTaxRate > 0) {
      const base = operating - specAllow[k]! - t.specialUplift * c.capex[k]! - (t.corporateTaxDeductibleInSpecial ? corp.tax : 0);
      const spec = taxWithLosses(base, specLosses, t.specialTaxRate);
      specLosses = spec.losses;
      specialTax = spec.tax;
      specialTaxable = spec.taxable;
    }
    const totalTax = corp.tax + specialTax;
    const cf = operating - c.capex[k]! - totalTax;
    cumulative += cf;
    factor /= 1 + c.discountRate;
    if (cumulative < 0) everNegative = true;
    else if (everNegative && payback === undefined) payback = k + 1;
    years.push({
      year: c.years[k]!,
      grossRevenue: revenue,
      royalty,
      tariffs: c.tariffs[k]!,
      opex: c.opex[k]!,
      capex: c.capex[k]!,
      depreciation: corpAllow[k]!,
      corporateTaxableIncome: corp.taxable,
      corporateTax: corp.tax,
      specialTaxableIncome: specialTaxable,
      specialTax,
      totalTax,
      afterTaxCashFlow: cf,
      cumulativeCashFlow: cumulative,
      discountedCashFlow: cf * factor,
    });
    totals.grossRevenue += revenue;
    totals.royalty += royalty;
    totals.capex += c.capex[k]!;
    totals.opex += c.opex[k]!;
    totals.tariffs += c.tariffs[k]!;
    totals.tax += totalTax;
    totals.afterTaxCashFlow += cf;
  }
  const flows = years.map((y) => y.afterTaxCashFlow);
  const irr = internalRateOfReturn(flows);
  return {
    years,
    npv: presentValue(flows, c.discountRate),
    ...(irr !== undefined ? { irr } : {}),
    irrAmbiguous: signChanges(flows) > 1,
    ...(payback !== undefined ? { paybackYears: payback } : {}),
    totals,
  };
}

/**
 * The value of x in [lo, hi] at which f crosses zero (f monotonic there), by bisection to a
 * relative 1e-10; undefined when f has the same sign at both ends.
 */
export function breakeven(f: (x: number) => number, lo: number, hi: number): number | undefined {
  let a = lo;
  let b = hi;
  let fa = f(a);
  const fb = f(b);
  if (Math.sign(fa) === Math.sign(fb)) return undefined;
  for (let it = 0; it < 200 && b - a > 1e-10 * Math.max(1, Math.abs(b)); it++) {
    const m = 0.5 * (a + b);
    const fm = f(m);
    if (Math.sign(fm) === Math.sign(fa)) {
      a = m;
      fa = fm;
    } else b = m;
  }
  return 0.5 * (a + b);
}
