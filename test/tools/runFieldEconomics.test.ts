/**
 * runFieldEconomics: Arps decline volumes against their closed forms and a numerical integral;
 * a GENERIC cash flow computed by hand; the Norwegian regime's 78 % marginal rate and its base
 * identities; NPV, IRR and breakeven prices that zero what they claim to; the original's example
 * (revenue and capex agree; opex is charged in producing years only, where the original charges it
 * from the capex year); and the refusals.
 */
import t from 'tap';
import { runTool } from '../../src/index.js';
import { arpsCumulative, arpsRate, DAYS_PER_YEAR } from '../../src/engine/economics/decline.js';
import { presentValue } from '../../src/engine/economics/cashflow.js';
import { loadReference } from '../helpers/reference.js';

type Data = Record<string, any>;
async function run(input: Record<string, unknown>): Promise<{ status: string; data: Data; errors?: { code: string; field?: string }[]; warnings: { message: string }[] }> {
  return (await runTool('runFieldEconomics', input)) as never;
}
const close = (a: number, b: number, rel: number) => Math.abs(a - b) <= rel * Math.max(1, Math.abs(b));

t.test('exponential decline after a plateau: exact yearly integrals', async (t) => {
  const r = await run({ mode: 'productionProfile', declineType: 'EXPONENTIAL', initialRate_bblPerDay: 15000, annualDeclineRate: 0.1, startYear: 2027, totalYears: 20, plateauYears: 3, economicLimit_bblPerDay: 500 });
  t.equal(r.status, 'success');
  const v = r.data.annualVolumes_bbl as number[];
  t.same(r.data.years.slice(0, 2), [2027, 2028]);
  for (let y = 0; y < 3; y++) t.equal(v[y], 15000 * DAYS_PER_YEAR, `plateau year ${y + 1}`);
  // First decline year: qi/D (1 − e^−D) days-weighted.
  t.ok(close(v[3]!, ((15000 * DAYS_PER_YEAR) / 0.1) * (1 - Math.exp(-0.1)), 1e-12), `year 4 ${v[3]}`);
  // Each decline year is e^−D times the one before.
  for (let y = 4; y < 20; y++) t.ok(close(v[y]! / v[y - 1]!, Math.exp(-0.1), 1e-12));
  const total = 3 * 15000 * DAYS_PER_YEAR + ((15000 * DAYS_PER_YEAR) / 0.1) * (1 - Math.exp(-0.1 * 17));
  t.ok(close(r.data.totalVolume_bbl, total, 1e-12));
  t.equal(r.data.totalVolume_MMbbl, r.data.totalVolume_bbl / 1e6);
  t.equal(r.data.economicLimitReachedAfter_years, undefined, 'the 500 bbl/d limit is 34 years into the decline');
});

t.test('the economic limit ends production inside a year', async (t) => {
  const r = await run({ mode: 'productionProfile', initialRate_bblPerDay: 15000, annualDeclineRate: 0.1, totalYears: 12, plateauYears: 3, economicLimit_bblPerDay: 8000 });
  const tLimit = 3 + Math.log(15000 / 8000) / 0.1; // 9.286 years
  t.ok(close(r.data.economicLimitReachedAfter_years, tLimit, 1e-12));
  const v = r.data.annualVolumes_bbl as number[];
  t.ok(close(v[9]!, ((15000 * DAYS_PER_YEAR) / 0.1) * (Math.exp(-0.1 * 6) - Math.exp(-0.1 * (tLimit - 3))), 1e-12), 'the tenth year stops at the limit');
  t.same(v.slice(10), [0, 0]);
  t.same(r.data.endOfYearRate_bblPerDay.slice(9), [0, 0, 0]);
  t.ok(close(r.data.endOfYearRate_bblPerDay[8], 15000 * Math.exp(-0.6), 1e-12));
});

t.test('hyperbolic and harmonic volumes equal the integral of their rate', async (t) => {
  for (const [declineType, b] of [['HYPERBOLIC', 0.5], ['HYPERBOLIC', 1.5], ['HARMONIC', 1]] as const) {
    const r = await run({ mode: 'productionProfile', declineType, bFactor: b, initialRate_bblPerDay: 10000, annualDeclineRate: 0.4, totalYears: 10 });
    t.equal(r.data.bFactor, b);
    const v = r.data.annualVolumes_bbl as number[];
    v.forEach((vol, y) => {
      // Composite Simpson over the year, 2000 intervals (error ~1e-12 relative for these smooth rates).
      const n = 2000;
      let s = 0;
      for (let i = 0; i <= n; i++) s += (i === 0 || i === n ? 1 : i % 2 === 1 ? 4 : 2) * arpsRate(10000, 0.4, b, y + i / n);
      const simpson = ((s / (3 * n)) * DAYS_PER_YEAR);
      t.ok(close(vol, simpson, 1e-9), `${declineType} b=${b} year ${y + 1}: ${vol} vs ${simpson}`);
    });
  }
  t.ok(close(arpsCumulative(1000, 0.3, 1, 5), ((1000 * DAYS_PER_YEAR) / 0.3) * Math.log(1 + 1.5), 1e-14), 'harmonic closed form');
  t.ok(close(arpsCumulative(1000, 0.3, 1e-7, 5), arpsCumulative(1000, 0.3, 0, 5), 1e-6), 'b → 0 is exponential');
});

t.test('GENERIC cash flow by hand: a loss carried forward, zero IRR, payback in year 3', async (t) => {
  const r = await run({
    country: 'GENERIC',
    fiscalTerms: { corporateTaxRate: 0.25 },
    capex: { totalMusd: 100, year: 2025 },
    oilPrice_usdPerBbl: 50,
    production: { oil: { '2026': 1e6, '2027': 1e6 } },
    discountRate: 0.08,
  });
  t.equal(r.status, 'success', JSON.stringify(r.errors));
  const cf = (r.data.annualCashFlows as Data[]).map((y) => y.afterTaxCashFlow_Musd);
  // 2025: −100 expensed (loss 100); 2026: 50 − 100 loss → no tax, loss 50 left; 2027: 50 − 50 → no tax.
  t.same(cf, [-100, 50, 50]);
  t.same((r.data.annualCashFlows as Data[]).map((y) => y.corporateTax_Musd), [0, 0, 0]);
  t.ok(close(r.data.npv_Musd, -100 / 1.08 + 50 / 1.08 ** 2 + 50 / 1.08 ** 3, 1e-12));
  t.ok(Math.abs(r.data.irr) < 1e-9, `IRR ${r.data.irr}`);
  t.equal(r.data.paybackYears, 3);
  // A third year of production is taxed in full: 25 % of 50.
  const more = await run({ country: 'GENERIC', fiscalTerms: { corporateTaxRate: 0.25, royaltyRate: 0.1 }, capex: { totalMusd: 100, year: 2025 }, oilPrice_usdPerBbl: 50, production: { oil: { '2026': 1e6, '2027': 1e6, '2028': 1e6 } } });
  const rows = more.data.annualCashFlows as Data[];
  t.same(rows.map((y) => y.royalty_Musd), [0, 5, 5, 5]);
  // Bases 45, 45, 45 after royalty; the 100 loss absorbs 90 → 2028 taxable 35 of 45.
  t.ok(close(rows[3]!.corporateTax_Musd, 0.25 * (135 - 100), 1e-12));
  t.ok(close(more.data.totalTax_Musd, 8.75, 1e-12));
});

t.test('Norwegian shelf: 78 % marginal tax and the base identities', async (t) => {
  // No capex: every dollar of operating income is taxed 22 % + 71.8 % × (1 − 0.22).
  const pure = await run({ country: 'NO', capex: { schedule: {} }, oilPrice_usdPerBbl: 80, production: { oil: { '2030': 1e6 } }, opex: { fixedPerYearMusd: 10 } });
  t.equal(pure.status, 'success', JSON.stringify(pure.errors));
  const row = pure.data.annualCashFlows[0];
  t.ok(close(row.totalTax_Musd, (80 - 10) * (0.22 + 0.718 * 0.78), 1e-12), `tax ${row.totalTax_Musd}`);
  t.same(pure.data.fiscalTerms, { royaltyRate: 0, corporateTaxRate: 0.22, corporateDepreciationYears: 6, specialTaxRate: 0.718, specialDepreciationYears: 0, specialUplift: 0, corporateTaxDeductibleInSpecial: true });

  // A field long enough to use every loss: over its life the ordinary base is operating income
  // less capex (6-year depreciation sums to capex) and the special base also less the ordinary tax.
  const oil: Record<string, number> = {};
  for (let y = 2027; y <= 2040; y++) oil[String(y)] = 8e6;
  const r = await run({ country: 'NO', capex: { schedule: { '2025': 1200, '2026': 800 } }, opex: { percentOfCapex: 0.03, variablePerBoe_usd: 4 }, oilPrice_usdPerBbl: 70, gasPrice_usdPerSm3: 0.2, production: { oil, gas: { '2030': 2e9 } }, calculateBreakeven: true });
  const rows = r.data.annualCashFlows as Data[];
  const operating = rows.reduce((s, y) => s + y.grossRevenue_Musd - y.royalty_Musd - y.tariffs_Musd - y.opex_Musd, 0);
  const corp = rows.reduce((s, y) => s + y.corporateTax_Musd, 0);
  const special = rows.reduce((s, y) => s + y.petroleumTax_Musd, 0);
  t.ok(close(corp, 0.22 * (operating - 2000), 1e-9), 'ordinary tax over the life');
  t.ok(close(special, 0.718 * (operating - 2000 - corp), 1e-9), 'special tax over the life');
  t.ok(close(rows.reduce((s, y) => s + y.depreciation_Musd, 0), 2000, 1e-12), 'depreciation sums to capex');
  t.ok(close(rows[0]!.depreciation_Musd, 200, 1e-12) && close(rows[1]!.depreciation_Musd, 200 + 800 / 6, 1e-12), 'straight line over 6 years from each year of spend');
  // Variable opex: 4 USD/boe with 1000 Sm3 gas = 6.29 boe.
  const y2030 = rows.find((y) => y.year === 2030)!;
  t.ok(close(y2030.opex_Musd, 0.03 * 2000 + (4 * (8e6 + 2e9 * 0.00629)) / 1e6, 1e-12));
  // The figures are what they claim.
  const flows = rows.map((y) => y.afterTaxCashFlow_Musd);
  t.ok(close(r.data.npv_Musd, presentValue(flows, 0.08), 1e-12));
  t.ok(close(r.data.npv_Musd, rows.reduce((s, y) => s + y.discountedCashFlow_Musd, 0), 1e-9));
  t.ok(Math.abs(presentValue(flows, r.data.irr)) < 1e-6, `NPV at the IRR ${r.data.irr}`);
  const atBreakeven = await run({ country: 'NO', capex: { schedule: { '2025': 1200, '2026': 800 } }, opex: { percentOfCapex: 0.03, variablePerBoe_usd: 4 }, oilPrice_usdPerBbl: r.data.breakevenOilPrice_usdPerBbl, gasPrice_usdPerSm3: 0.2, production: { oil, gas: { '2030': 2e9 } } });
  t.ok(Math.abs(atBreakeven.data.npv_Musd) < 1e-6, `NPV at the breakeven oil price ${r.data.breakevenOilPrice_usdPerBbl}: ${atBreakeven.data.npv_Musd}`);
});

t.test('the original\'s Norwegian example: same revenue and capex; opex only while producing', async (t) => {
  const ref = loadReference(t, 'neqsim-responses/outputs/runFieldEconomics__economics__norwegian-ncs.out.json');
  const input = loadReference(t, 'neqsim-responses/catalog-inputs/economics__norwegian-ncs.json');
  if (ref === undefined || input === undefined) return;
  const r = await run(input);
  t.equal(r.status, 'success');
  t.ok(close(r.data.totalRevenue_Musd, ref.data.totalRevenue_Musd, 1e-12), `revenue ${r.data.totalRevenue_Musd}`);
  t.equal(r.data.totalCapex_Musd, ref.data.totalCapex_Musd);
  t.equal(r.data.projectDuration_years, ref.data.projectDuration_years);
  t.same(r.data.annualCashFlows.map((y: Data) => y.grossRevenue_Musd), ref.data.annualCashFlows.map((y: Data) => y.grossRevenue_Musd));
  t.same(r.data.annualCashFlows.map((y: Data) => y.depreciation_Musd), ref.data.annualCashFlows.map((y: Data) => y.depreciation_Musd), 'same 6-year depreciation');
  t.same(r.data.annualCashFlows.map((y: Data) => y.opex_Musd), [0, 0, 80, 80, 80, 80], 'the original also charges 80 in 2025 and 2026, before production');
});

t.test('refusals', async (t) => {
  const base = { capex: { totalMusd: 100, year: 2025 }, oilPrice_usdPerBbl: 50, production: { oil: { '2026': 1e6 } } };
  const cases: [Record<string, unknown>, string, string | undefined][] = [
    [{ ...base, country: 'UK' }, 'UNSUPPORTED_FISCAL_REGIME', 'country'],
    [{ ...base, country: 'GENERIC' }, 'MISSING_FIELD', 'fiscalTerms.corporateTaxRate'],
    [{ ...base, production: { oil: { y2026: 1e6 } } }, 'INVALID_YEAR', 'production.oil'],
    [{ capex: base.capex, production: base.production }, 'MISSING_FIELD', 'oilPrice_usdPerBbl'],
    [{ oilPrice_usdPerBbl: 50, production: base.production }, 'MISSING_FIELD', 'capex'],
    [{ ...base, mode: 'monteCarlo' }, 'UNKNOWN_MODE', 'mode'],
    [{ mode: 'productionProfile', declineType: 'LINEAR', initialRate_bblPerDay: 1000 }, 'UNKNOWN_DECLINE_TYPE', 'declineType'],
    [{ mode: 'productionProfile' }, 'MISSING_FIELD', 'initialRate_bblPerDay'],
  ];
  for (const [input, code, field] of cases) {
    const r = await run(input);
    t.equal(r.status, 'error', code);
    t.equal(r.errors?.[0]?.code, code);
    t.equal(r.errors?.[0]?.field, field);
  }
});
