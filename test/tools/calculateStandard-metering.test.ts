/**
 * calculateStandard for the metering and quality codes: ISO12213 and AGA7 (reference EOS),
 * ISO13443, GPA2145/GPA2172 and EN16726, each against independent numbers.
 */
import t from 'tap';
import { executeTool } from '../../src/tools/contract/execute.js';
import { httpStatusFor, type Envelope } from '../../src/tools/contract/envelope.js';
import { calculateStandardTool } from '../../src/tools/thermo/calculateStandard/calculateStandard.js';
import { iso6976 } from '../../src/engine/standards/iso6976/index.js';
import { aga8DetailState, gerg2008State } from '../../src/engine/reference-eos/index.js';
import { loadReference, withinTolerance } from '../helpers/reference.js';

const ctx = { subject: 'test', profile: 'DESKTOP_ENGINEER', progress: () => {} };
const call = async (input: unknown): Promise<{ env: Envelope; status: number; results: Record<string, any> }> => {
  const env = await executeTool(calculateStandardTool, input, ctx);
  return { env, status: httpStatusFor(env), results: (env.data as { results?: Record<string, any> } | undefined)?.results ?? {} };
};
const PIPELINE_GAS = { methane: 0.88, ethane: 0.06, propane: 0.02, nitrogen: 0.02, CO2: 0.02 };

t.test('ISO12213: Z and density equal the NIST AGA8-DETAIL values (physical/gerg-aga8.json)', async (t) => {
  const ref = loadReference<{ cases: { id: string; inputs: Record<string, any>; expected: Record<string, number>; tolerance: Record<string, { rel?: number }> }[] }>(t, 'physical/gerg-aga8.json');
  if (!ref) return;
  const cases = ref.cases.filter((c) => c.id.startsWith('DETAIL'));
  t.ok(cases.length >= 2);
  for (const c of cases) {
    const { status, results, env } = await call({ standard: 'ISO12213', components: c.inputs.composition, temperature: { value: c.inputs.T_K, unit: 'K' }, pressure: { value: c.inputs.P_kPa, unit: 'kPa' } });
    t.equal(status, 200, `${c.id} ${JSON.stringify(env.errors ?? [])}`);
    t.notOk(withinTolerance(results.compressionFactor, c.expected.Z, c.tolerance.Z), `${c.id} Z ${results.compressionFactor}`);
    t.notOk(withinTolerance(results.molarDensity_mol_m3 / 1000, c.expected.rho_mol_L, c.tolerance.rho_mol_L), `${c.id} density`);
    t.notOk(withinTolerance(results.molarMass_kg_kmol, c.expected.M_g_mol, c.tolerance.M_g_mol), `${c.id} M`);
    if (c.inputs.T_K > 338 || c.inputs.P_kPa > 12000) t.ok(env.warnings.some((w) => w.code === 'EXTRAPOLATION'), `${c.id} outside pipeline-quality range is flagged`);
  }
  const base = await call({ standard: 'ISO12213', components: PIPELINE_GAS, temperature_C: 26.85, pressure_bara: 100 });
  const zb = aga8DetailState(273.15, 101325, PIPELINE_GAS);
  t.ok(zb.ok && Math.abs(base.results.baseCompressionFactor - zb.Z) < 1e-15, 'base Z at 0 °C, 101.325 kPa');
  t.ok(Math.abs(base.results.volumeConversionFactor - (100e5 / 101325) * (273.15 / 300) * (base.results.baseCompressionFactor / base.results.compressionFactor)) < 1e-9);
  t.equal(base.env.warnings.length, 0, 'pipeline-quality gas at 300 K / 10 MPa raises no warning');
});

t.test('AGA7: Vb = Vf·(Pf/Pb)·(Tb/Tf)·(Zb/Zf) with AGA8 Z (and GERG-2008 on request)', async (t) => {
  const Tf = 283.15;
  const Pf = 50e5;
  for (const model of ['AGA8-DETAIL', 'GERG-2008'] as const) {
    const { status, results } = await call({ standard: 'AGA7', components: PIPELINE_GAS, temperature_C: 10, pressure_bara: 50, flowingVolume_m3: 1000, compressibilityModel: model });
    t.equal(status, 200);
    const state = model === 'GERG-2008' ? gerg2008State : aga8DetailState;
    const zf = state(Tf, Pf, PIPELINE_GAS);
    const zb = state(288.15, 101325, PIPELINE_GAS);
    if (!zf.ok || !zb.ok) return t.fail('reference EOS failed');
    const expected = 1000 * (Pf / 101325) * (288.15 / Tf) * (zb.Z / zf.Z);
    t.ok(Math.abs(results.baseVolume_m3 / expected - 1) < 1e-12, `${model}: ${results.baseVolume_m3} m³`);
    // Sanity against the ideal-gas estimate: real gas at 50 bar packs ~12 % more.
    t.ok(results.compressibilityFactorRatio > 1.05 && results.compressibilityFactorRatio < 1.2);
  }
  const missing = await call({ standard: 'AGA7', components: PIPELINE_GAS, temperature_C: 10, pressure_bara: 50 });
  t.equal(missing.status, 422);
  t.equal(missing.env.errors?.[0].code, 'MISSING_INPUT');
  const bad = await call({ standard: 'AGA7', components: { methane: 0.9, unobtainium: 0.1 }, pressure_bara: 50, flowingVolume_m3: 1 });
  t.equal(bad.status, 422);
  t.equal(bad.env.errors?.[0].code, 'UNKNOWN_COMPONENT');
});

t.test('ISO13443: conversion factors are consistent with ISO 6976 at both sets of conditions', async (t) => {
  const gas = { methane: 0.9247, ethane: 0.035, propane: 0.0098, nitrogen: 0.0175, CO2: 0.0068, 'n-butane': 0.0056, 'n-pentane': 0.0006 };
  const { results, status } = await call({ standard: 'ISO13443', components: gas, targetEnergyReferenceTemperature_C: 25, targetVolumeReferenceTemperature_C: 0 });
  t.equal(status, 200);
  const a = iso6976(gas, { edition: '2016', combustionTemperatureC: 15, meteringTemperatureC: 15 });
  const b = iso6976(gas, { edition: '2016', combustionTemperatureC: 25, meteringTemperatureC: 0 });
  const volume = (273.15 / 288.15) * (b.compressionFactor / a.compressionFactor);
  t.ok(Math.abs(results.conversionFactors.volume / volume - 1) < 1e-14);
  // Hv = Hc / Vm, so the calorific-value factor = (Hc ratio) / (volume ratio).
  const cv = b.molarGross_kJ_mol / a.molarGross_kJ_mol / volume;
  t.ok(Math.abs(results.conversionFactors.superiorCalorificValue / cv - 1) < 1e-13);
  t.ok(results.conversionFactors.volume < 1 && results.conversionFactors.superiorCalorificValue > 1, '0 °C volumes are smaller, their calorific value larger');
});

t.test('GPA2145 lookup and GPA2172 mixture values', async (t) => {
  const look = await call({ standard: 'GPA2145', components: { methane: 1, CO2: 0 } });
  t.equal(look.results.constants.methane.idealGrossHeatingValue_Btu_ft3, 1010.0);
  t.equal(look.results.constants.CO2.idealGrossHeatingValue_Btu_ft3, null);
  t.equal(look.results.constants.CO2.summationFactor, 0.0748);
  // GPA 2145 and ISO 6976:2016 agree on methane at 60 °F / 101.325 kPa (ideal gas) within 0.01 %.
  const iso = iso6976({ methane: 1 }, { edition: '2016', combustionTemperatureC: 15.55, meteringTemperatureC: 15.55 });
  t.ok(Math.abs(look.results.constants.methane.idealGrossHeatingValue_MJ_m3 / iso.idealVolumetricGross_MJ_m3 - 1) < 1e-4, `${look.results.constants.methane.idealGrossHeatingValue_MJ_m3} vs ISO ${iso.idealVolumetricGross_MJ_m3}`);

  const gas = { methane: 0.9, ethane: 0.06, nitrogen: 0.04 };
  const r = (await call({ standard: 'GPA2172', components: gas })).results;
  const sumS = 0.9 * 0.04438 + 0.06 * 0.0913 + 0.04 * 0.01696;
  const Z = 1 - sumS * sumS;
  const hvId = 0.9 * 1010.0 + 0.06 * 1769.7;
  const M = 0.9 * 16.0425 + 0.06 * 30.069 + 0.04 * 28.0134;
  t.ok(Math.abs(r.compressibilityFactor - Z) < 1e-15);
  t.ok(Math.abs(r.idealGrossHeatingValue_Btu_ft3 - hvId) < 1e-10);
  t.ok(Math.abs(r.grossHeatingValue_Btu_ft3 - hvId / Z) < 1e-10);
  t.ok(Math.abs(r.relativeDensity - ((M / 28.9625) * 0.99959) / Z) < 1e-14);
  t.ok(Math.abs(r.liquidContent_gal_per_Mcf - (0.06 * 1000) / 37.488) < 1e-12);
  // Real-gas heating value agrees with ISO 6976:2016 at 60 °F within 0.05 %.
  const iso2 = iso6976(gas, { edition: '2016', combustionTemperatureC: 15.55, meteringTemperatureC: 15.55 });
  t.ok(Math.abs(r.grossHeatingValue_MJ_m3 / iso2.volumetricGross_MJ_m3 - 1) < 5e-4, `GPA ${r.grossHeatingValue_MJ_m3} vs ISO ${iso2.volumetricGross_MJ_m3}`);
  const p = (await call({ standard: 'GPA2172', components: gas, basePressure_psia: 14.73 })).results;
  t.ok(Math.abs(p.idealGrossHeatingValue_Btu_ft3 - (hvId * 14.73) / 14.696) < 1e-10, 'ideal heating value scales with the base pressure');
  const he = await call({ standard: 'GPA2172', components: { methane: 0.99, helium: 0.01 } });
  t.equal(he.env.errors?.[0].code, 'UNKNOWN_COMPONENT', 'helium has no GPA summation factor here');
});

t.test('EN16726: limits of Table 1 pass and fail as they should', async (t) => {
  const base = { methane: 0.9247, ethane: 0.035, propane: 0.0098, 'n-butane': 0.0056, 'n-pentane': 0.0006, nitrogen: 0.0175, CO2: 0.0068 };
  const ok = await call({ standard: 'EN16726', components: base, waterDewPoint_C: -12, hydrocarbonDewPoint_C: -5, methaneNumber: 78 });
  t.equal(ok.results.isOnSpec, true);
  t.equal(ok.results.complete, true);
  const status = (r: Record<string, any>, p: string) => (r.checks as { parameter: string; status: string }[]).find((c) => c.parameter === p)?.status;

  const co2 = await call({ standard: 'EN16726', components: { ...base, methane: 0.9047, CO2: 0.0268 } });
  t.equal(status(co2.results, 'carbonDioxide'), 'FAIL');
  t.equal(co2.results.isOnSpec, false);
  t.equal(co2.results.complete, false, 'dew points and methane number were not given');
  t.ok(co2.env.warnings.some((w) => w.code === 'MISSING_REFERENCE_DATA'));

  const o2 = await call({ standard: 'EN16726', components: { ...base, methane: 0.9246, oxygen: 0.0001 } });
  t.equal(status(o2.results, 'oxygen'), 'FAIL', '0.01 mol% O2 > 0.001 mol%');

  const methane = await call({ standard: 'EN16726', components: { methane: 1 } });
  t.equal(status(methane.results, 'relativeDensity'), 'FAIL', 'pure methane (d = 0.5548) is below 0.555');

  // H2S: 5 ppm -> 5e-6·32.065 g/mol / Vm(15 °C) = 6.8 mg S/m³ > 5; 3 ppm -> 4.1 < 5.
  const r5 = iso6976({ ...base, methane: 0.9247 - 5e-6, H2S: 5e-6 }, { edition: '2016', combustionTemperatureC: 15, meteringTemperatureC: 15 });
  const h5 = await call({ standard: 'EN16726', components: { ...base, methane: 0.9247 - 5e-6, H2S: 5e-6 } });
  const check = (h5.results.checks as { parameter: string; value: number; status: string }[]).find((c) => c.parameter === 'hydrogenSulphidePlusCarbonylSulphide')!;
  t.ok(Math.abs(check.value - (5e-6 * 32.065 * 1000 * r5.density_kg_m3) / (r5.molarMass_kg_kmol / 1000)) < 1e-9, `H2S ${check.value} mg S/m³`);
  t.equal(check.status, 'FAIL');
  const h3 = await call({ standard: 'EN16726', components: { ...base, methane: 0.9247 - 3e-6, H2S: 3e-6 } });
  t.equal(status(h3.results, 'hydrogenSulphidePlusCarbonylSulphide'), 'PASS');
  const wet = await call({ standard: 'EN16726', components: base, waterDewPoint_C: -5 });
  t.equal(status(wet.results, 'waterDewPoint'), 'FAIL');
  const mn = await call({ standard: 'EN16726', components: base, methaneNumber: 60 });
  t.equal(status(mn.results, 'methaneNumber'), 'FAIL');
});

t.test('AGA3: orifice flow with AGA8 DETAIL densities, end to end', async (t) => {
  const input = { standard: 'AGA3', components: PIPELINE_GAS, temperature_C: 10, pressure_bara: 50, orificeDiameter_mm: 100, pipeDiameter_mm: 200, differentialPressure_kPa: 25 };
  const { status, results, env } = await call(input);
  t.equal(status, 200, JSON.stringify(env.errors ?? []));
  const rho = aga8DetailState(283.15, 50e5, PIPELINE_GAS);
  const rhoB = aga8DetailState(288.15, 101325, PIPELINE_GAS);
  if (!rho.ok || !rhoB.ok) return t.fail('reference EOS failed');
  t.ok(Math.abs(results.flowingDensity_kg_m3 - rho.massDensity) < 1e-12);
  t.equal(results.isentropicExponent, rho.kappa, 'isentropic exponent from DETAIL');
  const d = 0.1 * (1 + 1.665e-5 * -10);
  const D = 0.2 * (1 + 1.116e-5 * -10);
  const beta = d / D;
  const Y = 1 - ((0.41 + 0.35 * beta ** 4) * (25e3 / 50e5)) / rho.kappa;
  const qm = (Math.PI / 4) * results.dischargeCoefficient * Y * d * d * Math.sqrt((2 * rho.massDensity * 25e3) / (1 - beta ** 4));
  t.ok(Math.abs(results.massFlow_kg_s / qm - 1) < 1e-12, `qm ${results.massFlow_kg_s} kg/s`);
  t.ok(Math.abs(results.baseVolumeFlow_m3_h - (qm * 3600) / rhoB.massDensity) / results.baseVolumeFlow_m3_h < 1e-12);
  t.ok(results.dischargeCoefficient > 0.6 && results.dischargeCoefficient < 0.61);

  const down = await call({ ...input, pressureTap: 'downstream' });
  t.equal(down.env.data && (down.env.data as any).referenceConditions.upstreamPressure_Pa, 50e5 + 25e3, 'downstream tap: P1 = P2 + ΔP');
  const missing = await call({ standard: 'AGA3', components: PIPELINE_GAS, pressure_bara: 50 });
  t.equal(missing.status, 422);
  t.equal(missing.env.errors?.[0].code, 'MISSING_INPUT');
  const beta95 = await call({ ...input, orificeDiameter_mm: 190 });
  t.equal(beta95.env.errors?.[0].code, 'OUT_OF_RANGE');
});

t.test('ISO14687 Grade D: hydrogen fuel index and trace limits', async (t) => {
  const status = (r: Record<string, any>, p: string) => (r.checks as { parameter: string; status: string }[]).find((c) => c.parameter === p)?.status;
  const clean = await call({ standard: 'ISO14687', components: { hydrogen: 0.99995, water: 3e-6, oxygen: 2e-6, nitrogen: 45e-6 } });
  t.equal(clean.status, 200);
  t.equal(clean.results.isOnSpec, true);
  t.equal(clean.results.complete, false, 'formaldehyde etc. cannot be judged from a composition');
  const wet = await call({ standard: 'ISO14687', components: { hydrogen: 0.99999, water: 1e-5 } });
  t.equal(status(wet.results, 'water'), 'FAIL', '10 µmol/mol water > 5');
  t.equal(wet.results.isOnSpec, false);
  // Hydrocarbons on a C1 basis: 1 µmol/mol propane counts as 3.
  const thc = await call({ standard: 'ISO14687', components: { hydrogen: 0.999999, propane: 1e-6 } });
  const row = (thc.results.checks as { parameter: string; value: number; status: string }[]).find((c) => c.parameter === 'totalHydrocarbonsC1Basis')!;
  t.ok(Math.abs(row.value - 3) < 1e-9);
  t.equal(row.status, 'FAIL');
  const co = await call({ standard: 'ISO14687', components: { hydrogen: 0.9999995, CO: 5e-7 } });
  t.equal(status(co.results, 'carbonMonoxide'), 'FAIL', '0.5 > 0.2 µmol/mol CO');
  const h2s = await call({ standard: 'ISO14687', components: { hydrogen: 0.99999999, H2S: 1e-8 } });
  t.equal(status(h2s.results, 'totalSulfurS1Basis'), 'FAIL', '0.01 > 0.004 µmol/mol S');
  const impure = await call({ standard: 'ISO14687', components: { hydrogen: 0.999, nitrogen: 0.001 } });
  t.equal(status(impure.results, 'hydrogenFuelIndex'), 'FAIL');
  t.equal(status(impure.results, 'nitrogen'), 'FAIL');
});
