/**
 * runFlowAssurance: each analysis against its published formula written out independently here
 * (API RP 14E in field units, de Waard–Lotz–Milliams 1991, lumped cool-down), the flash density
 * route against runFlash, and the refusals (the contract's analyses without a model here).
 */
import t from 'tap';
import { Value } from '@sinclair/typebox/value';
import { getTool } from '../../src/tools/registry.js';
import type { Envelope } from '../../src/tools/contract/envelope.js';
import { runFlash } from '../../src/tools/thermo/runFlash/runFlash.js';

const tool = getTool('runFlowAssurance')!;
async function call(input: unknown): Promise<Envelope<any>> {
  const env = (await tool.run(input as never, { subject: 't', profile: 'DESKTOP_ENGINEER', progress: () => {} })) as Envelope<any>;
  if (env.status === 'success') t.ok(Value.Check(tool.output, env.data), 'output schema');
  return env;
}

t.test('registered; examples run', async (t) => {
  t.same([tool.tier, tool.category, tool.autoValidation], ['advanced', 'CALCULATION', 'pipeline']);
  for (const ex of tool.examples) t.equal((await call(ex.input)).status, 'success', ex.name);
});

t.test('erosion: API RP 14E in field units; density from runFlash', async (t) => {
  const r = (await call({ analysis: 'erosion', mixtureDensity_kg_m3: 60, mixtureVelocity_m_s: 20, cFactor: 125, pipeDiameter_m: 0.2 })).data.results;
  const rhoLb = 60 / (0.45359237 / 0.3048 ** 3);
  const VeFt = 125 / Math.sqrt(rhoLb);
  t.ok(Math.abs(r.erosionalVelocity_m_s - VeFt * 0.3048) < 1e-9, `V_e ${r.erosionalVelocity_m_s} m/s = ${VeFt} ft/s`);
  t.equal(r.withinLimit, 20 <= r.erosionalVelocity_m_s);
  t.ok(Math.abs(r.maximumVolumeFlow_m3_s - (r.erosionalVelocity_m_s * Math.PI * 0.04) / 4) < 1e-12);
  const comps = { methane: 0.85, ethane: 0.07, propane: 0.03, 'n-heptane': 0.05 };
  const viaFlash = (await call({ analysis: 'erosion', components: comps, temperature_C: 40, pressure_bara: 60, mixtureVelocity_m_s: 12 })).data.results;
  const f = runFlash({ model: 'SRK', temperature: { value: 40, unit: 'C' }, pressure: { value: 60, unit: 'bara' }, components: comps, flashType: 'TP' }).data as any;
  t.ok(Math.abs(viaFlash.mixtureDensity_kg_m3 / f.fluid.properties.overall.density.value - 1) < 1e-9, 'mixture density = runFlash overall density');
  const fast = await call({ analysis: 'erosion', mixtureDensity_kg_m3: 60, mixtureVelocity_m_s: 40 });
  t.ok(fast.warnings.some((w) => w.code === 'EXTRAPOLATION'), 'above V_e is flagged');
  const sand = await call({ analysis: 'erosion', mixtureDensity_kg_m3: 60, mixtureVelocity_m_s: 5, sandRate_kg_day: 10 });
  t.ok(sand.warnings.some((w) => w.code === 'MODEL_LIMITATION'), 'sand is outside API RP 14E and says so');
});

t.test('CO2 corrosion: de Waard–Lotz–Milliams 1991 written out', async (t) => {
  for (const [Tc, P, y] of [[60, 50, 0.02], [20, 10, 0.1], [120, 5, 0.2]] as const) {
    const r = (await call({ analysis: 'CO2Corrosion', temperature_C: Tc, pressure_bara: P, CO2MoleFraction: y, inhibitorEfficiency: 0.5, H2SMoleFraction: 0.001 })).data.results;
    const T = Tc + 273.15;
    const f = y * P * Math.pow(10, (0.0031 - 1.4 / T) * P);
    const V = Math.pow(10, 5.8 - 1710 / T + 0.67 * Math.log10(f));
    const F = Math.min(1, Math.pow(10, 2400 / T - 0.6 * Math.log10(f) - 6.7));
    t.ok(Math.abs(r.co2Fugacity_bar / f - 1) < 1e-12 && Math.abs(r.baselineRate_mmyr / V - 1) < 1e-12 && Math.abs(r.scaleFactor - F) < 1e-12, `${Tc} °C, ${P} bara: V ${V.toFixed(3)} mm/y, F ${F.toFixed(3)}`);
    t.ok(Math.abs(r.inhibitedRate_mmyr - 0.5 * V * F) < 1e-12);
    t.equal(r.isSourService, 0.001 * P >= 0.0034474);
  }
  const hot = (await call({ analysis: 'CO2Corrosion', temperature_C: 120, pressure_bara: 5, CO2MoleFraction: 0.2 })).data.results;
  t.ok(hot.scaleFactor < 1, 'protective scale at 120 °C');
});

t.test('cool-down: τ, T(τ) = Ta + (T0 − Ta)/e and the time to a target', async (t) => {
  const input = { analysis: 'pipelineCooldown', internalDiameter_m: 0.254, wallThickness_m: 0.0127, overallUValue_W_m2K: 3, initialFluidTemperature_C: 60, ambientTemperature_C: 4, fluidDensity_kg_m3: 150, fluidSpecificHeat_J_kgK: 2500, targetTemperature_C: 20 };
  const d = (await call(input)).data;
  const D = 0.254;
  const tau = ((150 * 2500 * Math.PI * D * D) / 4 + (7850 * 500 * Math.PI * ((D + 0.0254) ** 2 - D * D)) / 4) / (3 * Math.PI * D);
  t.ok(Math.abs(d.results.timeConstant_hours - tau / 3600) < 1e-12, `τ ${d.results.timeConstant_hours} h`);
  t.ok(Math.abs(d.results.timeToTargetTemperature_hours - (tau * Math.log(56 / 16)) / 3600) < 1e-12, 'time to 20 °C');
  const atTau = (await call({ ...input, totalTimeHours: (48 * tau) / 3600 })).data.profile[1];
  t.ok(Math.abs(atTau.fluidTemperature_C - (4 + 56 / Math.E)) < 1e-9, 'T(τ)');
  const never = (await call({ ...input, targetTemperature_C: 2 })).data.results;
  t.equal(never.targetReached, false, 'below the ambient: never reached');
});

t.test('hydrate risk map: each point is the hydrateTP formation temperature at its pressure; risk by subcooling and margin', async (t) => {
  const components = { methane: 0.8, ethane: 0.1, propane: 0.05, water: 0.05 };
  const profilePoints = [
    { km: 0, pressure_bara: 120, temperature_C: 60 },
    { km: 10, pressure_bara: 105, temperature_C: 20 },
    { km: 20, pressure_bara: 95, temperature_C: 8 },
    { km: 25, pressure_bara: 3, temperature_C: 2 },
  ];
  const env = await call({ analysis: 'hydrateRiskMap', model: 'PR', components, profilePoints, safetyMargin_C: 3 });
  t.equal(env.status, 'success', JSON.stringify(env.errors ?? []));
  const d = env.data;
  for (const pt of d.profile) {
    const flash = runFlash({ model: 'PR', flashType: 'hydrateTP', temperature: { value: pt.actualTemperature_C, unit: 'C' }, pressure: { value: pt.pressure_bara, unit: 'bara' }, components });
    const h = (flash.data as any).hydrate;
    if (pt.hydrateTemperature_C === undefined) {
      t.equal(h.hydrateFormationTemperature_C, undefined, `km ${pt.distance_km}: no hydrate temperature in either tool`);
      t.equal(pt.riskLevel, 'LOW');
      continue;
    }
    t.ok(Math.abs(pt.hydrateTemperature_C - h.hydrateFormationTemperature_C) < 1e-6, `km ${pt.distance_km}: ${pt.hydrateTemperature_C} °C as runFlash hydrateTP`);
    t.ok(Math.abs(pt.subcooling_C - (pt.hydrateTemperature_C - pt.actualTemperature_C)) < 1e-12);
    const expected = pt.subcooling_C > 0 ? 'HIGH' : pt.subcooling_C > -3 ? 'MEDIUM' : 'LOW';
    t.equal(pt.riskLevel, expected, `km ${pt.distance_km}: ${pt.riskLevel} at subcooling ${pt.subcooling_C.toFixed(2)} K`);
    t.equal(h.hydratePhasePresent, pt.subcooling_C > 0, `km ${pt.distance_km}: the hydrate flash agrees`);
  }
  t.equal(d.results.totalPoints, 4);
  t.equal(d.results.criticalPointCount, d.profile.filter((p: any) => p.riskLevel === 'HIGH').length);
  t.equal(d.results.overallRisk, d.results.criticalPointCount > 0 ? 'HIGH' : 'MEDIUM');
  t.ok(env.warnings.some((w) => w.code === 'HYDRATE_APPROXIMATE'));
  // A wider margin turns a LOW point close to the curve into MEDIUM.
  const near = d.profile[1];
  const wide = await call({ analysis: 'hydrateRiskMap', model: 'PR', components, temperature_C: near.hydrateTemperature_C + 4, pressure_bara: near.pressure_bara, safetyMargin_C: 5 });
  t.equal(wide.data.profile[0].riskLevel, 'MEDIUM', 'within a 5 K margin');
  const narrow = await call({ analysis: 'hydrateRiskMap', model: 'PR', components, temperature_C: near.hydrateTemperature_C + 4, pressure_bara: near.pressure_bara });
  t.equal(narrow.data.profile[0].riskLevel, 'LOW', 'outside the default 3 K margin');
});

t.test('refusals', async (t) => {
  const cases: [unknown, string, string][] = [
    [{ analysis: 'waxAppearance' }, 'NOT_IMPLEMENTED_ANALYSIS', 'analysis'],
    [{ analysis: 'hydrateRiskMap', temperature_C: 5, pressure_bara: 100 }, 'MISSING_COMPONENTS', 'components'],
    [{ analysis: 'hydrateRiskMap', components: { methane: 0.9, water: 0.1 } }, 'MISSING_FIELD', 'profilePoints'],
    [{ analysis: 'hydrateRiskMap', components: { methane: 0.9, ethane: 0.1 }, temperature_C: 5, pressure_bara: 100 }, 'NO_HYDRATE_SYSTEM', 'components'],
    [{ analysis: 'magic' }, 'UNKNOWN_ANALYSIS', 'analysis'],
    [{ analysis: 'erosion', mixtureVelocity_m_s: 3 }, 'MISSING_FIELD', 'mixtureDensity_kg_m3'],
    [{ analysis: 'CO2Corrosion', temperature_C: 60, pressure_bara: 50 }, 'MISSING_FIELD', 'CO2MoleFraction'],
    [{ analysis: 'pipelineCooldown', internalDiameter_m: 0.2 }, 'MISSING_FIELD', 'overallUValue_W_m2K'],
  ];
  for (const [input, code, field] of cases) {
    const env = await call(input);
    t.equal(env.errors?.[0]?.code, code, code);
    t.equal(env.errors?.[0]?.field, field, `${code}: field`);
  }
});
