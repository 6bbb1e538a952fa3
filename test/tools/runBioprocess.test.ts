/**
 * runBioprocess: gasifier balances (elements against the biomass worked by hand, the heat
 * balance of complete combustion equal to the LHV, the adiabatic temperature), the chemostat and
 * batch closed forms, the Buswell stoichiometry of cellulose and the digester arithmetic, refusals.
 */
import t from 'tap';
import { runTool } from '../../src/index.js';
import { GAS_SPECIES } from '../../src/engine/reaction/ideal-gas-species.js';
import { gasify } from '../../src/engine/bioprocess/gasifier.js';

type Data = Record<string, any>;
const call = async (input: Record<string, unknown>) => (await runTool('runBioprocess', input)) as unknown as { status: string; data: Data; errors?: { code: string; field?: string }[]; warnings: { code: string }[] };
const rel = (a: number, b: number) => Math.abs(a - b) / Math.abs(b);

const wood = { carbon: 50, hydrogen: 6, oxygen: 43.4, nitrogen: 0.5, sulfur: 0, ash: 0.1 };

t.test('gasifier: complete combustion releases the LHV', async (t) => {
  // At 25 °C with excess oxygen the products are CO2, H2O(g), O2 and N2, so the heat demand is −LHV.
  const r = await call({ reactorType: 'gasifier', biomass: wood, moisture: 20, agentType: 'oxygen', equivalenceRatio: 1.5, temperature_C: 300, feedRate_kgPerHr: 3600 });
  t.equal(r.status, 'success', JSON.stringify(r.errors));
  // Channiwala & Parikh by hand: 0.3491·50 + 1.1783·6 − 0.1034·43.4 − 0.0151·0.5 − 0.0211·0.1 MJ/kg dry.
  const hhv = 0.3491 * 50 + 1.1783 * 6 - 0.1034 * 43.4 - 0.0151 * 0.5 - 0.0211 * 0.1;
  t.ok(rel(r.data.biomassHHV_MjPerKgDry, hhv) < 1e-12, `HHV ${r.data.biomassHHV_MjPerKgDry}`);
  t.ok(r.data.dryGasComposition_molPercent.CO < 1e-6 && r.data.dryGasComposition_molPercent.H2 < 1e-6, 'nothing left to burn');
  // 3600 kg/h = 1 kg/s: heat demand (kW) = heat per kg (kJ) = the sensible heat of the products to 300 °C − LHV.
  t.ok(r.data.heatDemand_kW < 0, 'heat is released');
  // The engine at exactly 25 °C (below the tool's range): the heat released is the LHV as received.
  const at25 = gasify({ biomass: wood, moisture: 20, agent: 'oxygen', equivalenceRatio: 1.5, steamToBiomass: 0, steamTemperature: 423.15, carbonConversion: 1, P: 1e5 }, 298.15);
  t.ok(rel(-at25.heatDemand, at25.lhvAsReceived) < 1e-9, `−Q ${-at25.heatDemand} J/kg vs LHV ${at25.lhvAsReceived} J/kg`);
  // LHV as received by hand: HHV·dry − latent heat of the water formed and the moisture (44.0 kJ/mol at 25 °C).
  const water = (0.8 * 0.06) / 1.008e-3 / 2 + 0.2 / 18.01528e-3;
  t.ok(Math.abs(at25.lhvAsReceived - (0.8 * hhv * 1e6 - 44004 * water)) < 2 * water, 'LHV from HHV and a 44.00 kJ/mol latent heat');
  t.equal(r.data.coldGasEfficiency < 1e-6, true, 'a burnt gas holds no chemical energy');
});

t.test('gasifier: element balances by hand and the equilibrium gas', async (t) => {
  const r = await call({ reactorType: 'gasifier', biomass: wood, moisture: 10, agentType: 'air', equivalenceRatio: 0.3, temperature_C: 850, pressure_bara: 1.01325, feedRate_kgPerHr: 1000 });
  t.equal(r.status, 'success', JSON.stringify(r.errors));
  const d = r.data;
  t.ok(d.elementBalanceError < 1e-12);
  // Per kg as received: 0.9 kg dry; C 0.45 kg = 37.4657 mol; O2 for combustion C + H/4 − O/2.
  const molC = (0.9 * 0.5) / 12.011e-3;
  const molH = (0.9 * 0.06) / 1.008e-3;
  const molO = (0.9 * 0.434) / 15.999e-3;
  const o2 = 0.3 * (molC + molH / 4 - molO / 2);
  t.ok(rel(d.oxygenSupplied_kgPerKg, o2 * 31.9988e-3) < 1e-12, 'oxygen supplied');
  t.ok(rel(d.airSupplied_kgPerKg, o2 * 31.9988e-3 + o2 * (79 / 21) * 28.0134e-3) < 1e-12, 'air supplied');
  // Carbon in the dry gas (CO + CO2 + CH4) equals the biomass carbon.
  const dryMol = d.syngasYield_Nm3PerKg / ((8.31446261815324 * 273.15) / 101325);
  const carbon = (dryMol * (d.dryGasComposition_molPercent.CO + d.dryGasComposition_molPercent.CO2 + d.dryGasComposition_molPercent.CH4)) / 100;
  t.ok(rel(carbon, molC) < 1e-12, `carbon ${carbon} vs ${molC}`);
  const sum = Object.values(d.dryGasComposition_molPercent as Record<string, number>).reduce((s, x) => s + x, 0);
  t.ok(Math.abs(sum - 100) < 1e-10, 'dry composition sums to 100');
  t.ok(d.dryGasComposition_molPercent.H2 > 15 && d.dryGasComposition_molPercent.CO > 15, 'a combustible syngas');
  t.ok(d.coldGasEfficiency > 0.5 && d.coldGasEfficiency < 1, `cold-gas efficiency ${d.coldGasEfficiency}`);
  t.ok(rel(d.syngasFlow_Nm3PerHr, d.syngasYield_Nm3PerKg * 1000) < 1e-14);
  t.equal(Object.keys(d.wetGasComposition_molPercent).sort().join(), [...GAS_SPECIES.map((s) => s.formula), 'H2S'].sort().join());
});

t.test('gasifier: adiabatic temperature balances the heat, char and steam', async (t) => {
  const base = { reactorType: 'gasifier', biomass: wood, moisture: 10, agentType: 'air', equivalenceRatio: 0.3 };
  const a = await call({ ...base, adiabatic: true });
  t.equal(a.status, 'success', JSON.stringify(a.errors));
  const at = await call({ ...base, temperature_C: a.data.temperature_C });
  t.ok(Math.abs(at.data.heatDemand_kW) < 1e-3, `heat demand at the adiabatic temperature ${at.data.heatDemand_kW} kW`);
  const hotter = await call({ ...base, temperature_C: a.data.temperature_C + 50 });
  t.ok(hotter.data.heatDemand_kW > 0, 'above it heat must be supplied');
  const char = await call({ ...base, temperature_C: 850, carbonConversionEfficiency: 0.9 });
  t.ok(rel(char.data.charYieldFraction, 0.1 * 0.9 * 0.5 + 0.9 * 0.001) < 1e-12, 'char = unconverted carbon + ash');
  t.ok(char.warnings.some((w) => w.code === 'MODEL_LIMITATION'));
  const steam = await call({ reactorType: 'gasifier', biomass: wood, agentType: 'steam', steamToBiomassRatio: 0.8, temperature_C: 800 });
  t.equal(steam.status, 'success', JSON.stringify(steam.errors));
  t.ok(steam.data.dryGasComposition_molPercent.N2 < 0.5, 'steam gasification: only the fuel nitrogen');
  t.ok(steam.data.heatDemand_kW > 0, 'steam gasification is endothermic');
  t.ok(steam.data.h2ToCoRatio > 1, 'steam raises H2/CO');
});

t.test('fermentation: chemostat and batch closed forms', async (t) => {
  const base = { reactorType: 'fermentation', maxSpecificGrowthRate: 0.5, monodConstant: 2, yieldBiomass: 0.4, yieldProduct: 0.3, substrateConcentration_gPerL: 20 };
  const c = await call({ ...base, residenceTime_hr: 4, volume_m3: 10 });
  // D = 0.25: S = Ks D / (μmax − D) = 2, X = 0.4·18, P = 0.3·18.
  t.ok(rel(c.data.substrate_gPerL, 2) < 1e-14 && rel(c.data.biomass_gPerL, 7.2) < 1e-14 && rel(c.data.product_gPerL, 5.4) < 1e-14);
  t.ok(rel(c.data.productRate_kgPerHr, 0.25 * 5.4 * 10) < 1e-14);
  const w = await call({ ...base, residenceTime_hr: 2.1 });
  t.equal(w.data.washout, true, 'D = 0.476 > μmax S0/(Ks+S0) = 0.4545: washout');
  t.equal(w.data.biomass_gPerL, 0);
  const k = await call({ ...base, kineticModel: 'CONTOIS', monodConstant: 0.5, residenceTime_hr: 4 });
  // Contois steady state: S = D K Y S0 / (μmax − D + D K Y) = 0.25·0.5·0.4·20 / (0.25 + 0.05) = 10/3.
  t.ok(rel(k.data.substrate_gPerL, 1 / 0.3) < 1e-14, `Contois S ${k.data.substrate_gPerL}`);
  // Batch Monod, implicit closed form (X = X0 + Y(S0 − S)):
  // μmax t = (1 + Ks Y/(X0 + Y S0)) ln(X/X0) − (Ks Y/(X0 + Y S0)) ln(S/S0).
  const X0 = 0.5;
  const b = await call({ ...base, operationMode: 'BATCH', biomassConcentration_gPerL: X0, residenceTime_hr: 8 });
  t.equal(b.status, 'success', JSON.stringify(b.errors));
  const S = b.data.substrate_gPerL;
  const X = b.data.biomass_gPerL;
  const a = (2 * 0.4) / (X0 + 0.4 * 20);
  const tCalc = ((1 + a) * Math.log(X / X0) - a * Math.log(S / 20)) / 0.5;
  t.ok(Math.abs(tCalc - 8) < 1e-6, `batch time from the closed form ${tCalc} h`);
  t.ok(rel(X, X0 + 0.4 * (20 - S)) < 1e-14, 'yield holds');
  const long = await call({ ...base, operationMode: 'BATCH', biomassConcentration_gPerL: X0, residenceTime_hr: 200 });
  t.equal(long.data.substrate_gPerL, 0, 'the substrate runs out, never negative');
});

t.test('anaerobic digester: Buswell for cellulose and the balances', async (t) => {
  const r = await call({ reactorType: 'anaerobicDigester', feedRate_kgPerHr: 1000, totalSolidsFraction: 0.1, volatileSolidsFraction: 0.8, substrateFormula: { C: 6, H: 10, O: 5 }, vsDestruction: 0.5, volume_m3: 800, temperature_C: 37, feedTemperature_C: 12 });
  t.equal(r.status, 'success', JSON.stringify(r.errors));
  const d = r.data;
  // C6H10O5 + H2O → 3 CH4 + 3 CO2: 3 mol CH4 per 162.14 g = 0.4147 Nm3/kg, 50 % methane.
  t.same([d.buswell.methane_molPerMol, d.buswell.carbonDioxide_molPerMol, d.buswell.water_molPerMol], [3, 3, 1]);
  const vm = (8.31446261815324 * 273.15) / 101325;
  const mass = 6 * 12.011e-3 + 10 * 1.008e-3 + 5 * 15.999e-3;
  t.ok(rel(d.buswell.theoreticalMethane_Nm3PerKgVSDestroyed, (3 * vm) / mass) < 1e-14);
  t.ok(Math.abs(d.buswell.theoreticalMethane_Nm3PerKgVSDestroyed - 0.4147) < 1e-4, 'the textbook 415 NL CH4/kg cellulose');
  t.ok(rel(d.volatileSolidsFed_kgPerDay, 1000 * 24 * 0.1 * 0.8) < 1e-14);
  t.ok(rel(d.methaneFlowRate_Nm3PerDay, 1920 * 0.5 * d.buswell.theoreticalMethane_Nm3PerKgVSDestroyed) < 1e-14);
  t.ok(rel(d.biogasFlowRate_Nm3PerDay, d.methaneFlowRate_Nm3PerDay * 2) < 1e-14);
  t.ok(rel(d.hydraulicRetentionTime_days, 800 / 24) < 1e-14);
  t.ok(rel(d.heatingDuty_kW, (1000 / 3600) * 4.18 * 25) < 1e-12);
  t.ok(Math.abs(d.methaneEnergy_kW / (d.methaneFlowRate_Nm3PerDay / 86400) / 1000 - 35.8) < 0.05, 'about 35.8 MJ/Nm3 of methane');
  // Nitrogen and sulfur per Boyle: protein-like C5H7O2N.
  const p = await call({ reactorType: 'anaerobicDigester', feedRate_kgPerHr: 10, totalSolidsFraction: 0.1, volatileSolidsFraction: 1, substrateFormula: { C: 5, H: 7, O: 2, N: 1 } });
  t.same([p.data.buswell.methane_molPerMol, p.data.buswell.carbonDioxide_molPerMol, p.data.buswell.water_molPerMol, p.data.buswell.ammonia_molPerMol], [2.5, 2.5, 3, 1]);
  const given = await call({ reactorType: 'anaerobicDigester', feedRate_kgPerHr: 100, totalSolidsFraction: 0.2, volatileSolidsFraction: 0.9, specificMethaneYield_Nm3PerKgVS: 0.3, methaneFraction: 0.6 });
  t.ok(rel(given.data.methaneFlowRate_Nm3PerDay, 100 * 24 * 0.18 * 0.3) < 1e-14);
  t.equal(given.data.hydraulicRetentionTime_days, null);
});

t.test('refusals', async (t) => {
  const code = async (input: Record<string, unknown>) => (await call(input)).errors?.[0]?.code;
  t.equal(await code({ reactorType: 'pyrolysis' }), 'NOT_IMPLEMENTED_REACTOR');
  t.equal(await code({ reactorType: 'fermenter' }), 'UNKNOWN_REACTOR_TYPE', 'no silent fallback to digestion');
  t.equal(await code({ reactorType: 'gasifier', temperature_C: 800 }), 'MISSING_FIELD');
  t.equal(await code({ reactorType: 'gasifier', biomass: { carbon: 50, hydrogen: 6, oxygen: 20 }, temperature_C: 800 }), 'INVALID_COMPOSITION');
  t.equal(await code({ reactorType: 'gasifier', biomass: wood, temperature_C: 100 }), 'OUT_OF_RANGE');
  t.equal(await code({ reactorType: 'gasifier', biomass: wood, equivalenceRatio: 0, temperature_C: 800 }), 'INVALID_INPUT');
  t.equal(await code({ reactorType: 'fermentation', maxSpecificGrowthRate: 0.5 }), 'MISSING_FIELD');
  t.equal(await code({ reactorType: 'anaerobicDigester', feedRate_kgPerHr: 1, totalSolidsFraction: 0.1, volatileSolidsFraction: 0.8 }), 'MISSING_FIELD');
  t.equal(await code({ reactorType: 'gasifier', biomass: wood, agentType: 'plasma', temperature_C: 800 }), 'SCHEMA_VALIDATION');
});
