/**
 * runPVT (advanced, CALCULATION, v1.0, auto-validated 'general'): laboratory PVT experiments on our
 * cubic EOS (src/engine/pvt/experiments.ts): saturation pressure and temperature, constant mass
 * expansion, constant volume depletion, differential liberation, separator test (GOR, Bo) and
 * phase viscosities against pressure. Unlike the original it reads `temperature_C`,
 * `pressure_bara` and `experimentConfig` (its own catalog example uses them), and reports the
 * pressure of every step.
 */
import { Type, type Static } from '@sinclair/typebox';
// Temperatures and pressures share the pressure limit: finite in any unit either way.
import { moleFraction, pressureValue } from '../contract/bounded.js';
import { createFluid } from '../../engine/index.js';
import {
  constantMassExpansion,
  constantVolumeDepletion,
  differentialLiberation,
  phaseViscosities,
  saturationPressure,
  saturationTemperature,
  separatorTest,
  swellingTest,
  type PvtFailure,
  type SaturationPoint,
} from '../../engine/pvt/experiments.js';
import { failure, issue, success, type DiagnosticIssue, type Envelope } from '../contract/envelope.js';
import { defineTool, type ToolContext } from '../contract/types.js';
import { parseFlashRequest } from './runFlash/request.js';
import { ALL_MODELS_DESCRIPTION, FLASH_MODELS, MIXING_RULE_DESCRIPTION } from '../contract/flash-models.js';
import { pressureField, temperatureField } from '../contract/units.js';
import { pcsaftQuantumGasRefusal } from '../../engine/pcsaft-fluid.js';

const TOOL = 'runPVT';
const EXPERIMENTS = ['CME', 'CVD', 'differentialLiberation', 'saturationPressure', 'saturationTemperature', 'separatorTest', 'GOR', 'swellingTest', 'viscosity'] as const;
const DEFAULT_T = 373.15;

const quantity = (what: string, bare: string) =>
  Type.Union([pressureValue(), Type.Object({ value: pressureValue(), unit: Type.Optional(Type.String()) }, { additionalProperties: false })], {
    description: `${what}: a bare number is ${bare}, or {"value": …, "unit": …}`,
  });
const Stage = Type.Object(
  { temperature_C: Type.Optional(Type.Number({ minimum: -273.15, maximum: 3000 })), temperature_K: Type.Optional(Type.Number({ exclusiveMinimum: 0, maximum: 3000 })), pressure_bara: Type.Number({ minimum: 0.01, maximum: 1e4 }) },
  { additionalProperties: false },
);
const Input = Type.Object(
  {
    experiment: Type.String({ description: `One of ${EXPERIMENTS.join(', ')}` }),
    components: Type.Record(Type.String(), moleFraction()),
    model: Type.Optional(Type.String({ description: ALL_MODELS_DESCRIPTION })),
    mixingRule: Type.Optional(Type.String({ description: MIXING_RULE_DESCRIPTION })),
    temperature: Type.Optional(quantity('Temperature (alternative to temperature_C / temperature_K)', 'K')),
    temperature_C: Type.Optional(Type.Number({ minimum: -273.15, maximum: 3000 })),
    temperature_K: Type.Optional(Type.Number({ exclusiveMinimum: 0, maximum: 3000 })),
    pressure: Type.Optional(quantity('Pressure (alternative to pressure_bara)', 'bara')),
    pressure_bara: Type.Optional(Type.Number({ minimum: 0.01, maximum: 1e4 })),
    pressures: Type.Optional(Type.Array(Type.Number({ minimum: 0.01, maximum: 1e4 }), { minItems: 1, maxItems: 200, description: 'Step pressures, bara' })),
    separatorConditions: Type.Optional(Type.Array(Stage, { minItems: 1, maxItems: 10 })),
    injectionGas: Type.Optional(Type.Record(Type.String(), moleFraction(), { description: 'Swelling test: composition of the injection gas' })),
    cumulativeMolePercInjected: Type.Optional(Type.Array(Type.Number({ minimum: 0, exclusiveMaximum: 100 }), { minItems: 1, maxItems: 50, description: 'Swelling test: moles of gas per 100 moles of mixture, per step' })),
    experimentConfig: Type.Optional(
      Type.Object({ pressures_bara: Type.Optional(Type.Array(Type.Number({ minimum: 0.01, maximum: 1e4 }), { minItems: 1, maxItems: 200 })), separatorConditions: Type.Optional(Type.Array(Stage, { minItems: 1, maxItems: 10 })) }, { additionalProperties: false }),
    ),
  },
  { additionalProperties: false },
);
const nums = Type.Array(Type.Union([Type.Number(), Type.Null()]));
const Output = Type.Object(
  {
    experiment: Type.String(),
    model: Type.String(),
    temperature_C: Type.Optional(Type.Number()),
    saturationPressure_bara: Type.Optional(Type.Number()),
    saturationType: Type.Optional(Type.Union([Type.Literal('bubble'), Type.Literal('dew')])),
    saturationTemperature_K: Type.Optional(Type.Number()),
    saturationTemperature_C: Type.Optional(Type.Number()),
    bubblePointTemperature_K: Type.Optional(Type.Number()),
    dewPointTemperature_K: Type.Optional(Type.Number()),
    pressures_bara: Type.Optional(Type.Array(Type.Number())),
    table: Type.Optional(Type.Record(Type.String(), nums, { description: 'One column per quantity, a row per pressure; null where a quantity does not apply' })),
    separator: Type.Optional(
      Type.Object(
        {
          stages: Type.Array(Type.Object({ temperature_C: Type.Number(), pressure_bara: Type.Number(), GOR_Sm3_Sm3: Type.Number(), gasGravity: Type.Number() }, { additionalProperties: false })),
          totalGOR_Sm3_Sm3: Type.Number(),
          Bo_m3_Sm3: Type.Number(),
        },
        { additionalProperties: false },
      ),
    ),
  },
  { additionalProperties: false },
);
type In = Static<typeof Input>;
type Out = Static<typeof Output>;

const col = <T>(rows: T[], f: (r: T) => number | undefined) => rows.map((r) => { const v = f(r); return v === undefined || !Number.isFinite(v) ? null : v; });

function run(input: In, ctx?: Pick<ToolContext, 'progress'>): Envelope<Out> {
  const started = performance.now();
  const issues: DiagnosticIssue[] = [];
  const experiment = EXPERIMENTS.find((e) => e.toLowerCase() === input.experiment.trim().toLowerCase());
  if (!experiment) issues.push(issue('UNKNOWN_EXPERIMENT', `Experiment ${JSON.stringify(input.experiment)} is unknown`, `Use one of: ${EXPERIMENTS.join(', ')}`, 'experiment'));
  if (experiment === 'swellingTest') {
    if (input.injectionGas === undefined) issues.push(issue('MISSING_INJECTION_GAS', 'A swelling test needs the injection gas', 'Give "injectionGas": {"methane": 0.9, "CO2": 0.1}', 'injectionGas'));
    else {
      const g = parseFlashRequest({ model: input.model, components: input.injectionGas, mixingRule: input.mixingRule, flashType: 'TP' }, FLASH_MODELS);
      if (!g.ok) issues.push(...g.issues.map((i) => ({ ...i, field: i.field?.replace(/^components/, 'injectionGas') ?? 'injectionGas' })));
    }
  }
  const parsed = parseFlashRequest({ model: input.model, components: input.components, mixingRule: input.mixingRule, flashType: 'TP' }, FLASH_MODELS);
  if (!parsed.ok) issues.push(...parsed.issues);
  const T = temperatureField(input, issues) ?? DEFAULT_T;
  if (!(T > 0)) issues.push(issue('TEMPERATURE_ERROR', 'The temperature is at or below absolute zero', 'Give "temperature_C"', 'temperature_C'));
  const P = pressureField(input, issues);
  if (experiment === 'saturationTemperature' && P === undefined) issues.push(issue('MISSING_PRESSURE', 'A saturation temperature needs the pressure', 'Give "pressure_bara"', 'pressure_bara'));
  const stagesIn = input.separatorConditions ?? input.experimentConfig?.separatorConditions;
  if ((experiment === 'separatorTest' || experiment === 'GOR') && stagesIn === undefined) issues.push(issue('MISSING_SEPARATOR_CONDITIONS', 'A separator test needs its stages', 'Give "separatorConditions": [{"temperature_C": 40, "pressure_bara": 30}, {"temperature_C": 15, "pressure_bara": 1.01325}]', 'separatorConditions'));
  if (issues.length > 0 || !parsed.ok || !experiment) return failure(TOOL, 'compute', issues);
  const req = parsed.request;
  if (req.model === 'PCSAFT') {
    // The temperatures the experiment flashes at (the saturation-temperature scan starts at 150 K).
    const temps = [T, ...(stagesIn ?? []).map((s) => s.temperature_K ?? (s.temperature_C ?? 15) + 273.15)];
    for (const at of temps) {
      const refused = pcsaftQuantumGasRefusal(req.components, req.z, at);
      if (refused !== undefined) return failure(TOOL, 'compute', [issue('UNSUPPORTED_COMPONENT', refused.message, `Use model GERG2008, SRK or PR for ${refused.component} at this temperature`, `components.${refused.component}`)]);
    }
  }
  const options = { umrAttraction: req.umrAttraction };
  const fluid = createFluid(req.model, req.components, req.z, req.alphaFunction, options);
  const model = fluid.model;
  const fail = (f: PvtFailure) => failure(TOOL, 'compute', [issue(f.code, f.message, 'Check the temperature, pressures and composition (getPhaseEnvelope shows where the fluid is two-phase)', 'experiment')], 'calculation');
  const base = { experiment, model: req.model, temperature_C: T - 273.15 };
  const done = (data: Out, assumptions: string[]) =>
    success({
      tool: TOOL,
      data,
      warnings: req.warnings,
      provenance: {
        model: req.model,
        calculationType: `PVT ${experiment}`,
        convergence: { converged: true, iterations: data.pressures_bara?.length ?? 1 },
        assumptions: [`${req.model} equation of state (as runFlash builds it); multiphase check on`, 'Standard conditions 15 °C and 1.01325 bara', ...assumptions],
        limitations: ['No plus-fraction characterisation: components from the database only', `${req.model} accuracy near the critical point (saturation pressure and liquid dropout of near-critical fluids) is limited`],
        computationTimeMs: performance.now() - started,
      },
      validationPhase: 'calculation',
      validationMessage: 'PVT experiment completed',
    });

  if (experiment === 'swellingTest') {
    const steps = input.cumulativeMolePercInjected ?? [0, 10, 20, 30, 40, 50];
    const comps = (c: Record<string, number>) => {
      const total = Object.values(c).reduce((a, b) => a + b, 0);
      return Object.fromEntries(Object.entries(c).filter(([, v]) => v > 0).map(([k, v]) => [k, v / total]));
    };
    const gasReq = parseFlashRequest({ model: input.model, components: input.injectionGas, mixingRule: input.mixingRule, flashType: 'TP' }, FLASH_MODELS);
    if (!gasReq.ok) return failure(TOOL, 'compute', gasReq.issues);
    const named = (r: typeof req) => Object.fromEntries(r.components.map((c, i) => [c.name, r.z[i]!]));
    const byName = new Map([...req.components, ...gasReq.request.components].map((c) => [c.name, c]));
    const r = swellingTest(T, comps(named(req)), comps(named(gasReq.request)), steps, (mix) => {
      const names = Object.keys(mix);
      const f = createFluid(req.model, names.map((n) => byName.get(n)!), names.map((n) => mix[n]!), req.alphaFunction, options);
      return { model: f.model, z: f.z };
    });
    if (!r.ok) return fail(r);
    return done(
      {
        experiment,
        model: req.model,
        temperature_C: T - 273.15,
        table: {
          injectedMolePercent: r.steps.map((x) => x.injectedMolePercent),
          saturationPressure_bara: r.steps.map((x) => x.P / 1e5),
          swollenVolumeFactor: r.steps.map((x) => x.swollenVolumeFactor),
          isDewPoint: r.steps.map((x) => (x.kind === 'dew' ? 1 : 0)),
        },
      },
      ['Swelling: mixture = (1 − x) oil + x gas on a molar basis; swollen volume = saturated mixture volume per mole of original oil over the oil\'s saturated volume'],
    );
  }
  if (experiment === 'saturationTemperature') {
    // The bubble point (lowest crossing, heating from 150 K) when there is one, as the original; else the dew point.
    const up = saturationTemperature(model, P!, fluid.z, 'up');
    const down = saturationTemperature(model, P!, fluid.z, 'down');
    const bubble = up.ok && up.kind === 'bubble' ? up : undefined;
    const dew = down.ok && down.kind === 'dew' ? down : undefined;
    const s = bubble ?? dew ?? (up.ok ? up : down);
    if (!s.ok) return fail(s);
    return done(
      { experiment, model: req.model, saturationTemperature_K: s.T, saturationTemperature_C: s.T - 273.15, saturationType: s.kind, ...(bubble ? { bubblePointTemperature_K: bubble.T } : {}), ...(dew ? { dewPointTemperature_K: dew.T } : {}) },
      ['Saturation temperature: the lowest temperature (heating from 150 K) and the highest (cooling from 1000 K) at which a stability-checked TP flash splits, bisected to 1e-9; the bubble point is reported first'],
    );
  }
  ctx?.progress(0.1, 'saturation pressure');
  const sat = saturationPressure(model, T, fluid.z);
  if (!sat.ok) return fail(sat);
  const satAssumption = `Saturation pressure: highest pressure at which a stability-checked TP flash splits (bisection to 1e-9), polished with the ${sat.kind}-point solver`;
  const Psat = sat.P;
  const given = input.pressures ?? input.experimentConfig?.pressures_bara;
  const defaults = [1.5, 1.25, 1.1, 1, 0.9, 0.75, 0.5, 0.25, 0.1].map((f) => f * Psat);
  const pressures = given ? given.map((p) => p * 1e5) : experiment === 'CME' || experiment === 'viscosity' ? defaults : defaults.filter((p) => p < Psat);
  const result: Out = { ...base, saturationPressure_bara: Psat / 1e5, saturationType: sat.kind };
  switch (experiment) {
    case 'saturationPressure':
      return done(result, [satAssumption]);
    case 'CME': {
      const r = constantMassExpansion(model, T, fluid.z, pressures, sat as SaturationPoint);
      if (!r.ok) return fail(r);
      const s = r.steps;
      result.pressures_bara = s.map((x) => x.P / 1e5);
      result.table = {
        relativeVolume: col(s, (x) => x.relativeVolume),
        liquidVolumePercentOfSaturationVolume: col(s, (x) => x.liquidVolumePercent),
        yFunction: col(s, (x) => x.yFunction),
        Zgas: col(s, (x) => x.Zgas),
        density_kg_m3: col(s, (x) => x.density),
        isothermalCompressibility_1_bar: col(s, (x) => (x.compressibility === undefined ? undefined : x.compressibility * 1e5)),
        Bg_m3_Sm3: col(s, (x) => x.Bg),
        viscosity_cP: col(s, (x) => (x.viscosity === undefined ? undefined : x.viscosity * 1000)),
        numberOfPhases: col(s, (x) => x.phases),
      };
      return done(result, [satAssumption, 'CME: relative volume V/V_sat; liquid volume in percent of V_sat; Y = (Psat − P)/(P (Vrel − 1)); single-phase compressibility from the EOS derivative']);
    }
    case 'CVD': {
      if (sat.kind !== 'dew') return fail({ ok: false, code: 'NOT_A_GAS_CONDENSATE', message: 'Constant volume depletion is run on a gas condensate (a dew point); this fluid has a bubble point here: use differentialLiberation' });
      const r = constantVolumeDepletion(model, T, fluid.z, pressures, sat as SaturationPoint);
      if (!r.ok) return fail(r);
      result.pressures_bara = r.steps.map((x) => x.P / 1e5);
      result.table = {
        liquidDropoutPercentOfCellVolume: col(r.steps, (x) => x.liquidDropoutPercent),
        cumulativeMolesProducedPercent: col(r.steps, (x) => x.cumulativeProducedPercent),
        Zgas: col(r.steps, (x) => x.Zgas),
        Ztwophase: col(r.steps, (x) => x.Ztwophase),
      };
      return done(result, [satAssumption, 'CVD: at each step gas is produced at cell conditions until the cell holds its saturation volume again']);
    }
    case 'differentialLiberation': {
      const r = differentialLiberation(model, T, fluid.z, pressures, sat as SaturationPoint);
      if (!r.ok) return fail(r);
      result.pressures_bara = r.steps.map((x) => x.P / 1e5);
      result.table = {
        Bo_m3_Sm3: col(r.steps, (x) => x.Bo),
        Rs_Sm3_Sm3: col(r.steps, (x) => x.Rs),
        Bg_m3_Sm3: col(r.steps, (x) => x.Bg),
        Zgas: col(r.steps, (x) => x.Zgas),
        gasGravity: col(r.steps, (x) => x.gasGravity),
        oilDensity_kg_m3: col(r.steps, (x) => x.oilDensity),
      };
      return done(result, [satAssumption, 'Differential liberation from the bubble point: the gas of each step is removed; Bo and Rs per residual oil volume at standard conditions (the residual oil flashed to 15 °C and 1.01325 bara)']);
    }
    case 'separatorTest':
    case 'GOR': {
      const stages = stagesIn!.map((s) => ({ T: s.temperature_K ?? (s.temperature_C ?? 15) + 273.15, P: s.pressure_bara * 1e5 }));
      const r = separatorTest(model, T, fluid.z, stages, sat as SaturationPoint);
      if (!r.ok) return fail(r);
      result.separator = {
        stages: r.stages.map((g) => ({ temperature_C: g.T - 273.15, pressure_bara: g.P / 1e5, GOR_Sm3_Sm3: g.GOR, gasGravity: g.gravity })),
        totalGOR_Sm3_Sm3: r.totalGOR,
        Bo_m3_Sm3: r.Bo,
      };
      return done(result, [satAssumption, 'Separator test from the saturated fluid at the given temperature; the last stage is the stock tank; GOR per stock-tank oil volume at the last stage\'s conditions']);
    }
    case 'viscosity': {
      const r = phaseViscosities(model, T, fluid.z, pressures);
      if (!r.ok) return fail(r);
      result.pressures_bara = r.steps.map((x) => x.P / 1e5);
      result.table = {
        gasViscosity_cP: col(r.steps, (x) => (x.gas === undefined ? undefined : x.gas * 1000)),
        oilViscosity_cP: col(r.steps, (x) => (x.oil === undefined ? undefined : x.oil * 1000)),
        aqueousViscosity_cP: col(r.steps, (x) => (x.aqueous === undefined ? undefined : x.aqueous * 1000)),
      };
      return done(result, [satAssumption]);
    }
  }
}

export const runPVTTool = defineTool({
  name: TOOL,
  tier: 'advanced',
  category: 'CALCULATION',
  since: 'v1.0',
  summary: 'PVT laboratory experiments (any runFlash model): CME, CVD, differential liberation, separator test, saturation pressure, swelling, viscosity.',
  description:
    `PVT laboratory experiments with any runFlash model (SRK, PR, CPA, GERG2008, UMRPRU, PCSAFT): {"experiment": ${EXPERIMENTS.join(' | ')}, "model", "components", "temperature_C", "pressures": [bara] (or "experimentConfig": {"pressures_bara"}), "separatorConditions": [{temperature_C, pressure_bara}]}. ` +
    'Returns the saturation pressure (bubble or dew) and a table per experiment: CME relative volume, liquid volume, Y-function, Z, compressibility, Bg; CVD liquid dropout and moles produced; differential liberation Bo, Rs, Bg, gas gravity; separator GOR and Bo.',
  input: Input,
  output: Output,
  exampleCategory: 'pvt',
  examples: [
    { name: 'cme-oil', description: 'CME of a volatile fluid at 100 °C', input: { experiment: 'CME', model: 'SRK', temperature_C: 100, components: { methane: 0.7, ethane: 0.1, propane: 0.05, 'n-heptane': 0.15 }, experimentConfig: { pressures_bara: [300, 250, 200, 150, 100, 50] } } },
    { name: 'saturation-pressure', description: 'Bubble point of a black oil at 90 °C', input: { experiment: 'saturationPressure', model: 'PR', temperature_C: 90, components: { methane: 0.35, ethane: 0.05, propane: 0.05, 'n-butane': 0.05, 'n-heptane': 0.2, 'n-decane': 0.3 } } },
    { name: 'cvd-condensate', description: 'CVD of a gas condensate at 100 °C', input: { experiment: 'CVD', model: 'PR', temperature_C: 100, components: { methane: 0.8, ethane: 0.07, propane: 0.04, 'n-butane': 0.02, 'n-heptane': 0.04, 'n-decane': 0.03 }, pressures: [200, 150, 100, 50] } },
    { name: 'differential-liberation', description: 'Differential liberation of a black oil at 90 °C', input: { experiment: 'differentialLiberation', model: 'PR', temperature_C: 90, components: { methane: 0.35, ethane: 0.05, propane: 0.05, 'n-butane': 0.05, 'n-heptane': 0.2, 'n-decane': 0.3 }, pressures: [100, 70, 40, 20, 5, 1.01325] } },
    { name: 'swelling-test', description: 'A black oil swollen with a CO2-rich gas at 90 °C', input: { experiment: 'swellingTest', model: 'PR', temperature_C: 90, components: { methane: 0.35, ethane: 0.05, propane: 0.05, 'n-butane': 0.05, 'n-heptane': 0.2, 'n-decane': 0.3 }, injectionGas: { methane: 0.6, CO2: 0.4 }, cumulativeMolePercInjected: [0, 10, 20, 30] } },
    { name: 'separator-test', description: 'Two-stage separation of a black oil', input: { experiment: 'separatorTest', model: 'PR', temperature_C: 90, components: { methane: 0.35, ethane: 0.05, propane: 0.05, 'n-butane': 0.05, 'n-heptane': 0.2, 'n-decane': 0.3 }, separatorConditions: [{ temperature_C: 40, pressure_bara: 20 }, { temperature_C: 15, pressure_bara: 1.01325 }] } },
  ],
  execution: 'pool',
  autoValidation: 'general',
  run: (input, ctx) => run(input, ctx),
});

export { run as runPVT };
