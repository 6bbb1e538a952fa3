/**
 * runAgenticEngineering: the study ranking worked by hand (feasibility, min-max scores, weights,
 * Pareto set, infeasible order), its edge cases, and the trust rules on real responses.
 */
import t from 'tap';
import { runTool } from '../../src/index.js';
import { rankCandidates } from '../../src/tools/studies/runAgenticEngineering/study.js';
import { assessTrust } from '../../src/tools/studies/runAgenticEngineering/trust.js';

type Data = Record<string, any>;
const call = async (input: Record<string, unknown>) => (await runTool('runAgenticEngineering', input)) as unknown as { status: string; data: Data; errors?: { code: string; field?: string }[] };
const close = (a: number, b: number) => Math.abs(a - b) < 1e-12;

t.test('the catalog study by hand', async (t) => {
  const r = await call({
    action: 'study',
    candidates: [
      { name: '1-stage', metrics: { power_kW: 5600, capex_Musd: 30, dischargeTemperature_C: 190 } },
      { name: '2-stage', metrics: { power_kW: 5100, capex_Musd: 42, dischargeTemperature_C: 120 } },
      { name: '3-stage', metrics: { power_kW: 4950, capex_Musd: 55, dischargeTemperature_C: 95 } },
    ],
    objectives: [{ metric: 'power_kW', direction: 'minimize', weight: 2 }, { metric: 'capex_Musd', direction: 'minimize' }],
    constraints: [{ metric: 'dischargeTemperature_C', max: 150 }],
  });
  t.equal(r.status, 'success', JSON.stringify(r.errors));
  const [first, second, third] = r.data.ranking as Data[];
  // Feasible: 2- and 3-stage. Power 5100 → 0, 4950 → 1; capex 42 → 1, 55 → 0; weights 2:1.
  t.equal(first!.name, '3-stage');
  t.ok(close(first!.weightedScore, 2 / 3));
  t.equal(second!.name, '2-stage');
  t.ok(close(second!.weightedScore, 1 / 3));
  t.same(second!.normalizedScores, { power_kW: 0, capex_Musd: 1 });
  t.equal(third!.name, '1-stage');
  t.equal(third!.feasible, false);
  t.same(third!.violations, [{ metric: 'dischargeTemperature_C', value: 190, limit: 150, kind: 'above_max' }]);
  t.ok(close(third!.violationMeasure, 40 / 150));
  t.equal(r.data.recommended, '3-stage');
  t.same(r.data.paretoSet, ['3-stage', '2-stage'], 'neither dominates the other');
  t.equal(r.data.feasibleCount, 2);
});

t.test('ranking rules: dominance, equal values, missing metrics, infeasible order', (t) => {
  const objectives = [{ metric: 'cost', direction: 'minimize' as const }, { metric: 'yield', direction: 'maximize' as const }];
  const r = rankCandidates(
    [
      { name: 'A', metrics: { cost: 10, yield: 5 } },
      { name: 'B', metrics: { cost: 12, yield: 5 } },
      { name: 'C', metrics: { cost: 8, yield: 4 } },
      { name: 'D', metrics: { cost: 9 } },
    ],
    objectives,
    [],
  );
  const by = Object.fromEntries(r.map((x) => [x.name, x]));
  t.equal(by.B!.paretoOptimal, false, 'A dominates B: cheaper, same yield');
  t.equal(by.A!.paretoOptimal && by.C!.paretoOptimal, true);
  t.equal(by.D!.feasible, false, 'a missing objective metric cannot be scored');
  t.same(by.D!.violations, [{ metric: 'yield', value: null, limit: null, kind: 'missing' }], 'no limit: null (NaN made the envelope a 500)');
  t.equal(by.D!.rank, 4);
  const same = rankCandidates([{ name: 'x', metrics: { cost: 1 } }, { name: 'y', metrics: { cost: 1 } }], [{ metric: 'cost', direction: 'minimize' }], []);
  t.same(same.map((x) => x.weightedScore), [1, 1], 'all equal: every candidate scores 1');
  t.same(same.map((x) => x.rank), [1, 2], 'ties keep the given order');
  const infeasible = rankCandidates([{ name: 'far', metrics: { p: 300 } }, { name: 'near', metrics: { p: 110 } }], [], [{ metric: 'p', max: 100 }]);
  t.same(infeasible.sort((a, b) => a.rank - b.rank).map((x) => x.name), ['near', 'far'], 'the smaller violation ranks first');
  t.end();
});

t.test('study refusals and the no-feasible case', async (t) => {
  const none = await call({ action: 'study', candidates: [{ name: 'a', metrics: { p: 2 } }], constraints: [{ metric: 'p', max: 1 }] });
  t.equal(none.data.recommended, null);
  t.equal(none.data.feasibleCount, 0);
  t.equal((await call({ action: 'study' })).errors?.[0]?.code, 'MISSING_FIELD');
  t.equal((await call({ action: 'study', candidates: [{ name: 'a', metrics: {} }] })).errors?.[0]?.code, 'MISSING_FIELD');
  t.equal((await call({ action: 'study', candidates: [{ name: 'a', metrics: {} }, { name: 'a', metrics: {} }], constraints: [{ metric: 'p', max: 1 }] })).errors?.[0]?.code, 'DUPLICATE_CANDIDATE');
  t.equal((await call({ action: 'study', candidates: [{ name: 'a', metrics: {} }], constraints: [{ metric: 'p', min: 2, max: 1 }] })).errors?.[0]?.code, 'INVALID_CONSTRAINT');
  t.equal((await call({ action: 'study', candidates: [{ name: 'a', metrics: {} }], constraints: [{ metric: 'p' }] })).errors?.[0]?.code, 'INVALID_CONSTRAINT');
  t.equal((await call({ action: 'plan' })).status, 'error', 'plan is not offered');
});

t.test('trust: the rules on real responses', async (t) => {
  const flash = (await runTool('runFlash', { model: 'SRK', temperature: { value: 25, unit: 'C' }, pressure: { value: 50, unit: 'bara' }, components: { methane: 0.9, ethane: 0.1 } })) as Data;
  const r = await call({ action: 'trust', result: flash });
  t.equal(r.status, 'success', JSON.stringify(r.errors));
  t.equal(r.data.tool, 'runFlash');
  const bench = ((await runTool('getBenchmarkTrust', { action: 'getTool', toolName: 'runFlash' })).data as Data).trust;
  const expected = bench.measured && ['VALIDATED', 'TESTED'].includes(bench.maturityLevel) && bench.summary.failed === 0 ? 'HIGH' : 'MEDIUM';
  t.equal(r.data.trustLevel, expected, `runFlash measured ${bench.maturityLevel}: ${r.data.reasons.join('; ')}`);
  const failed = (await runTool('runFlash', { model: 'SRK', temperature: { value: 25, unit: 'C' }, pressure: { value: 50, unit: 'bara' }, components: { unobtainium: 1 } })) as Data;
  const low = await call({ action: 'trust', result: failed });
  t.equal(low.data.trustLevel, 'LOW');
  t.match(low.data.reasons[0], /^status/);
  // The rules themselves, on made-up responses.
  const good = { status: 'success', provenance: { convergence: { converged: true } }, validation: { valid: true }, qualityGate: { verdict: 'passed' }, warnings: [] };
  const measured = { maturityLevel: 'VALIDATED', measured: true, summary: { cases: 3, passed: 3, failed: 0 } };
  t.equal(assessTrust(good, measured).level, 'HIGH');
  t.equal(assessTrust({ ...good, warnings: [{ code: 'NEAR_CRITICAL', severity: 'CAUTION', message: 'x' }] }, measured).level, 'MEDIUM');
  t.equal(assessTrust(good, { maturityLevel: 'EXPERIMENTAL', measured: false }).level, 'MEDIUM');
  t.equal(assessTrust(good, { ...measured, summary: { cases: 3, passed: 2, failed: 1 } }).level, 'MEDIUM');
  t.equal(assessTrust({ ...good, provenance: { convergence: { converged: false } } }, measured).level, 'LOW');
  t.equal(assessTrust({ ...good, warnings: [{ code: 'MODEL_LIMITATION', severity: 'INFO', message: 'x' }] }, measured).level, 'HIGH', 'informational warnings do not lower trust');
  t.equal((await call({ action: 'trust' })).errors?.[0]?.code, 'MISSING_FIELD');
});
