/**
 * runChemistry through the dispatcher: registration, examples, output schema, refusals
 * (MISSING_ANALYSIS, UNKNOWN_ANALYSIS, NOT_IMPLEMENTED_ANALYSIS pointing at runFlowAssurance,
 * missing fields, unreachable targets, too-large grids), units at the tool edge by hand.
 */
import t from 'tap';
import { Value } from '@sinclair/typebox/value';
import { runTool } from '../../src/index.js';
import { getTool } from '../../src/tools/registry.js';
import { httpStatusFor } from '../../src/tools/contract/envelope.js';
import { logK, MINERALS } from '../../src/engine/chemistry/equilibrium-constants.js';

const tool = getTool('runChemistry')!;
const call = async (input: unknown) => {
  const env = (await runTool('runChemistry', input)) as any;
  if (env.status === 'success') t.ok(Value.Check(tool.output, env.data), `output schema ${JSON.stringify([...Value.Errors(tool.output, env.data)].slice(0, 2))}`);
  return env;
};

t.test('registered as advanced CALCULATION of v1.6; examples run', async (t) => {
  t.same([tool.tier, tool.category, tool.since, tool.execution], ['advanced', 'CALCULATION', 'v1.6', 'inline']);
  for (const ex of tool.examples) {
    const env = await call(ex.input);
    t.equal(env.status, 'success', ex.name);
    t.ok(JSON.stringify(env).match(/NaN|Infinity/) === null, `${ex.name}: finite`);
  }
});

t.test('analysis refusals', async (t) => {
  const miss = await call({ analysis: ' ' });
  t.equal(miss.errors[0].code, 'MISSING_ANALYSIS');
  t.equal(httpStatusFor(miss), 400);
  const unk = await call({ analysis: 'waxModel' });
  t.equal(unk.errors[0].code, 'UNKNOWN_ANALYSIS');
  for (const a of ['multiMineralScale', 'mechanisticCorrosion']) {
    const env = await call({ analysis: a });
    t.equal(env.errors[0].code, 'NOT_IMPLEMENTED_ANALYSIS', a);
    t.equal(httpStatusFor(env), 422);
  }
  const corr = await call({ analysis: 'mechanisticCorrosion' });
  t.match(corr.errors[0].fix, /runFlowAssurance/);
  t.ok(getTool('runFlowAssurance'), 'the tool the fix points to exists');
});

t.test('electrolyteScale: units by hand, calcite SI at 25 °C, warnings', async (t) => {
  // 1 mmol Ca, 10 mmol NaCl, 2 mmol HCO3 (12 meq each side); density 1, TDS default = sum of ions given.
  const ions = { ca_mgL: 40.078, na_mgL: 229.8976928, cl_mgL: 354.5, hco3_mgL: 122.032 };
  const tds = 40.078 + 229.8976928 + 354.5 + 122.032;
  const env = await call({ analysis: 'electrolyteScale', temperature_C: 25, pH: 7.5, ...ions });
  t.equal(env.status, 'success');
  const d = env.data;
  const w = 1 - tds * 1e-6;
  t.ok(Math.abs(d.molalities_molkg.Ca - 1e-3 / w) < 1e-15, `m_Ca ${d.molalities_molkg.Ca}`);
  t.ok(Math.abs(d.molalities_molkg.HCO3 - 2e-3 / w) < 1e-15, 'm_HCO3 (61.016 g/mol)');
  t.equal(d.carbonateBasis, 'bicarbonate');
  // SI by hand: a_CO3 = K2·γ1·m_HCO3/a_H; SI = log(γ2·m_Ca·a_CO3) − log Ksp(25 °C).
  const g1 = d.activityCoefficients.monovalent;
  const g2 = d.activityCoefficients.divalent;
  const aCO3 = (10 ** d.logK.K2 * g1 * d.molalities_molkg.HCO3) / 10 ** -7.5;
  const si = Math.log10(g2 * d.molalities_molkg.Ca * aCO3) - logK(MINERALS.calcite, 298.15);
  const calcite = d.minerals.find((m: any) => m.mineral === 'calcite');
  t.ok(Math.abs(calcite.saturationIndex - si) < 1e-12, `calcite SI ${calcite.saturationIndex}`);
  t.ok(Math.abs(calcite.saturationRatio - 10 ** si) < 1e-12 * 10 ** si);
  t.equal(calcite.logKsp.toFixed(2), '-8.48');
  t.ok(Math.abs(d.chargeBalance.error_percent) < 0.5, `balanced analysis: ${d.chargeBalance.error_percent} %`);
  t.same(d.notComputed.map((x: any) => x.mineral).sort(), ['barite', 'celestite', 'siderite', 'gypsum', 'anhydrite'].sort());
  t.equal(env.warnings.length, 0, 'dilute, 25 °C, balanced: no warnings');

  const brine = await call({ analysis: 'electrolyteScale', temperature_C: 95, pH: 6, pressure_bara: 100, na_mgL: 40000, cl_mgL: 61700, ca_mgL: 2000, so4_mgL: 1000, pCO2_bar: 2 });
  t.equal(brine.status, 'success');
  const codes = brine.warnings.map((x: any) => x.code + ':' + x.message.slice(0, 20));
  t.ok(brine.warnings.some((x: any) => /Davies/.test(x.message)), `I > 0.5 flagged: ${codes}`);
  t.ok(brine.warnings.some((x: any) => /calcite: 95/.test(x.message)), 'calcite beyond 90 °C flagged');
  t.ok(brine.warnings.some((x: any) => /1 atm/.test(x.message)), 'pressure not included flagged');
  t.equal(brine.data.carbonateBasis, 'pCO2');
});

t.test('electrolyteScale refusals', async (t) => {
  t.equal((await call({ analysis: 'electrolyteScale', pH: 7 })).errors[0].code, 'MISSING_FIELD');
  t.equal((await call({ analysis: 'electrolyteScale', temperature_C: 25, pH: 7, carbonateBasis: 'pCO2' })).errors[0].code, 'MISSING_FIELD');
  const noWater = await call({ analysis: 'electrolyteScale', temperature_C: 25, pH: 7, na_mgL: 400000, cl_mgL: 500000, solutionDensity_kgL: 0.8 });
  t.equal(noWater.status, 'error');
  t.equal(httpStatusFor(noWater), 422);
  const schema = await call({ analysis: 'electrolyteScale', temperature_C: 1e308, pH: 7 });
  t.equal(httpStatusFor(schema), 400);
});

t.test('langmuirInhibitor through the tool', async (t) => {
  const iso = { kAdsRef: 5000, dHads_kJmol: 0, thetaMax: 0.95, molarMass_gmol: 350 };
  // ΔH = 0, K = 5000 L/mol; 70 mg/L = 2e-4 mol/L → K·c = 1 → θ = 0.475.
  const env = await call({ analysis: 'langmuirInhibitor', isotherm: iso, temperature_C: 80, dose_mgL: 70, targetEfficiency: 0.855 });
  t.equal(env.status, 'success');
  t.ok(Math.abs(env.data.efficiency - 0.475) < 1e-14, `θ ${env.data.efficiency}`);
  // θ* = 0.855 = 0.9·θmax ↔ K·c = 9 → c = 1.8e-3 mol/L = 630 mg/L.
  t.ok(Math.abs(env.data.doseForTargetEfficiency_mgL - 630) < 1e-9, `dose ${env.data.doseForTargetEfficiency_mgL}`);
  const unreachable = await call({ analysis: 'langmuirInhibitor', isotherm: iso, temperature_C: 60, targetEfficiency: 0.95 });
  t.equal(unreachable.errors[0].code, 'UNREACHABLE_TARGET');
  t.equal((await call({ analysis: 'langmuirInhibitor', temperature_C: 60, dose_mgL: 10 })).errors[0].code, 'MISSING_FIELD');
});

t.test('packedBedScavenger through the tool', async (t) => {
  const base = { analysis: 'packedBedScavenger', diameter_m: 0.5, height_m: 2, voidage: 0.4, loading_mol_kg: 5, bulkDensity_kgm3: 1100, k_per_s: 5, cInlet_molm3: 1, flow_m3s: 0.005 };
  const env = await call(base);
  t.equal(env.status, 'success');
  const d = env.data;
  const mb = d.massBalance;
  t.ok(Math.abs(mb.residual_mol) / mb.fed_mol < 1e-9, 'mass balance');
  t.equal(d.outletHistory.length, 101, 'default 100 steps');
  t.ok(d.breakthroughReached && d.breakthroughTime_s < d.sharpFrontBreakthroughTime_s, 'breaks through before the sharp-front time (finite k)');
  t.ok(Math.abs(d.stoichiometricTime_s - (5 * 1100 * d.bed.volume_m3) / 0.005) < 1e-6, 'capacity/(Q·c_in)');
  t.ok(d.utilisationAtBreakthrough > 0.8 && d.utilisationAtBreakthrough <= 1);
  const big = await call({ ...base, nCells: 1000, nTimeSteps: 5000 });
  t.equal(big.errors[0].code, 'TOO_LARGE');
  const missing = await call({ analysis: 'packedBedScavenger', diameter_m: 1 });
  t.ok(missing.errors.length >= 7 && missing.errors.every((e: any) => e.code === 'MISSING_FIELD'));
  const extreme = await call({ ...base, stoichiometricRatio: 5e-324 });
  t.equal(extreme.status, 'error', 'infinite capacity refused');
});
