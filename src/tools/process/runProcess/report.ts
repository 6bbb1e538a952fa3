/**
 * Turns a solved flowsheet into the runProcess payload: one report per unit (engineering units
 * named in the field, e.g. power_kW), one per stream (every port with material), the
 * flowsheet's products, and mass and energy balances computed from the streams themselves.
 */
import { phaseThermo, productPorts, type FlowsheetResult, type PortRef, type StreamState, type UnitResult, type UnitSpec } from '../../../engine/index.js';
import { warning, type Warning } from '../../contract/envelope.js';
import { kelvinToCelsius, paToBara } from '../../contract/units.js';
import { STD_MOLAR_VOLUME } from './quantities.js';

export interface PhaseReport {
  moleFraction: number;
  massFlow_kg_hr: number;
  density_kg_m3: number;
  volumeFlow_m3_hr: number;
}

export interface StreamReport {
  temperature_C: number;
  pressure_bara: number;
  massFlow_kg_hr: number;
  molarFlow_mol_hr: number;
  /** Ideal-gas standard volume flow (15 °C, 1 atm) of the whole stream. */
  standardGasFlow_Sm3_hr: number;
  molarMass_kg_mol: number;
  enthalpy_J_kg: number;
  entropy_J_kgK: number;
  density_kg_m3: number;
  volumeFlow_m3_hr: number;
  numberOfPhases: number;
  phases: Record<string, PhaseReport>;
  composition: Record<string, number>;
}

/** Name of the stream leaving a port: the unit's name for a single outlet, "<unit>.<port>" otherwise. */
export function streamName(unit: UnitSpec | UnitResult | { name: string; type: string }, port: string): string {
  return port === 'out' ? unit.name : `${unit.name}.${port}`;
}

export function streamReport(s: StreamState): StreamReport {
  const { model } = s.fluid;
  const at = model.atTemperature(s.flash.T);
  const phases: Record<string, PhaseReport> = {};
  let volume = 0;
  const massFlow = s.molarFlow * s.molarMass * 3600;
  for (const p of s.flash.phases) {
    const th = phaseThermo(model, at, s.flash.P, p.x, p.V);
    const n = s.molarFlow * p.beta;
    volume += p.beta * th.molarVolume;
    const rep: PhaseReport = { moleFraction: p.beta, massFlow_kg_hr: n * th.molarMass * 3600, density_kg_m3: th.density, volumeFlow_m3_hr: n * th.molarVolume * 3600 };
    // Two liquid phases of one label (a liquid–liquid split) are reported as oil, oil2.
    let key: string = p.label;
    for (let k = 2; phases[key] !== undefined; k++) key = `${p.label}${k}`;
    phases[key] = rep;
  }
  const composition: Record<string, number> = {};
  model.components.forEach((c, i) => (composition[c.name] = s.z[i]));
  return {
    temperature_C: kelvinToCelsius(s.flash.T),
    pressure_bara: paToBara(s.flash.P),
    massFlow_kg_hr: massFlow,
    molarFlow_mol_hr: s.molarFlow * 3600,
    standardGasFlow_Sm3_hr: s.molarFlow * STD_MOLAR_VOLUME * 3600,
    molarMass_kg_mol: s.molarMass,
    enthalpy_J_kg: s.enthalpy / s.molarMass,
    entropy_J_kgK: s.entropy / s.molarMass,
    density_kg_m3: s.molarMass / volume,
    volumeFlow_m3_hr: s.molarFlow * volume * 3600,
    numberOfPhases: s.flash.phases.length,
    phases,
    composition,
  };
}

const kW = (w: number) => w / 1000;
const kJkg = (j: number) => j / 1000;

function inletOutlet(inlet: StreamState, outlet: StreamState | undefined): Record<string, number> {
  const r: Record<string, number> = {
    inletTemperature_C: kelvinToCelsius(inlet.flash.T),
    inletPressure_bara: paToBara(inlet.flash.P),
    massFlow_kg_hr: inlet.molarFlow * inlet.molarMass * 3600,
  };
  if (outlet) {
    r.outletTemperature_C = kelvinToCelsius(outlet.flash.T);
    r.outletPressure_bara = paToBara(outlet.flash.P);
  }
  return r;
}

/** Type-specific figures of one unit (engineering units in the names). */
function unitFigures(u: UnitResult): Record<string, unknown> {
  const v = u.values;
  const inlet = u.inlets[0];
  const out = u.outlets.out;
  switch (u.type) {
    case 'Separator':
    case 'GasScrubber':
    case 'Tank':
    case 'ThreePhaseSeparator':
      return u.feed ? { temperature_C: kelvinToCelsius(u.feed.flash.T), pressure_bara: paToBara(u.feed.flash.P), feedMassFlow_kg_hr: u.feed.molarFlow * u.feed.molarMass * 3600 } : {};
    case 'Mixer':
      return out ? { outletTemperature_C: kelvinToCelsius(out.flash.T), outletPressure_bara: paToBara(out.flash.P), outletMassFlow_kg_hr: out.molarFlow * out.molarMass * 3600 } : {};
    case 'ThrottlingValve': {
      if (!inlet) return {};
      const r: Record<string, number> = { ...inletOutlet(inlet, out), ...(out ? { pressureDrop_bar: paToBara(inlet.flash.P - out.flash.P), temperatureChange_K: out.flash.T - inlet.flash.T } : {}) };
      if (v.requiredCv !== undefined) Object.assign(r, { requiredCv: v.requiredCv, requiredKv_m3_hr: v.requiredKv, choked: v.choked });
      if (v.cv !== undefined) r.Cv = v.cv;
      if (v.opening !== undefined) r.percentValveOpening = v.opening * 100;
      if (v.requiredOpening !== undefined) r.requiredOpening_percent = v.requiredOpening * 100;
      return r;
    }
    case 'Filter':
      return inlet ? { ...inletOutlet(inlet, out), pressureDrop_bar: paToBara(v.pressureDrop) } : {};
    case 'StreamSaturatorUtil':
      return inlet ? { ...inletOutlet(inlet, out), waterAdded_kg_hr: v.waterAdded * 3600, waterMoleFraction: v.waterMoleFraction } : {};
    case 'ComponentSplitter':
      return inlet ? inletOutlet(inlet, undefined) : {};
    case 'AdiabaticPipe':
      return inlet && out ? { ...inletOutlet(inlet, out), pressureDrop_bar: paToBara(v.pressureDrop), frictionPressureDrop_bar: paToBara(v.frictionDrop), gravityPressureDrop_bar: paToBara(v.gravityDrop) } : {};
    case 'Heater':
    case 'Cooler':
      return inlet ? { ...inletOutlet(inlet, out), duty_kW: kW(v.duty) } : {};
    case 'Compressor':
    case 'Pump':
    case 'Expander': {
      if (!inlet || !out) return {};
      const r: Record<string, number> = {
        ...inletOutlet(inlet, out),
        pressureRatio: out.flash.P / inlet.flash.P,
        power_kW: kW(v.power),
        specificWork_kJ_kg: kJkg(v.specificWork),
        isentropicHead_kJ_kg: kJkg(v.isentropicHead),
        isentropicEfficiency: v.isentropicEfficiency,
        isentropicOutletTemperature_C: kelvinToCelsius(v.isentropicOutletTemperature),
      };
      if (v.polytropicHead !== undefined) r.polytropicHead_kJ_kg = kJkg(v.polytropicHead);
      if (v.polytropicEfficiency !== undefined) r.polytropicEfficiency = v.polytropicEfficiency;
      if (v.speed !== undefined) {
        Object.assign(r, { speed: v.speed, chartHead_kJ_kg: kJkg(v.chartHead), chartEfficiency: v.chartEfficiency, inletVolumeFlow_m3_hr: v.inletVolumeFlow * 3600, surgeFlow_m3_hr: v.surgeFlow * 3600, stonewallFlow_m3_hr: v.stonewallFlow * 3600, surgeMargin: v.surgeMargin, stonewallMargin: v.stonewallMargin, outsideChart: v.outsideChart });
      }
      return r;
    }
    case 'PipeBeggsAndBrills':
      return inlet && out
        ? {
            ...inletOutlet(inlet, out),
            pressureDrop_bar: paToBara(v.pressureDrop),
            frictionPressureDrop_bar: paToBara(v.frictionDrop),
            gravityPressureDrop_bar: paToBara(v.gravityDrop),
            heatExchanged_kW: kW(v.heat),
            averageLiquidHoldup: v.averageHoldup,
            liquidInventory_m3: v.liquidInventory,
          }
        : {};
    case 'HeatExchanger': {
      const r: Record<string, number> = { duty_kW: kW(v.duty ?? 0) };
      if (v.effectiveness !== undefined) Object.assign(r, { effectiveness: v.effectiveness, NTU: v.NTU, UA_W_K: v.UA, hotSide: v.hotSide });
      return r;
    }
    case 'Calculator':
      return { makeupMassFlow_kg_hr: v.calculatedMassFlow * 3600 };
    default:
      return u.column ? columnFigures(u) : {};
  }
}

/**
 * Column figures and its stage profile, ordered as the original reports trays: from the bottom
 * (tray 0, the reboiler when there is one) to the top (the condenser when there is one).
 */
function columnFigures(u: UnitResult): Record<string, unknown> {
  const c = u.column!;
  const names = u.inlets[0]?.fluid.model.components.map((k) => k.name) ?? [];
  const N = c.stages.length;
  const comp = (v: Float64Array) => Object.fromEntries(names.map((n, i) => [n, v[i]]));
  const r: Record<string, unknown> = {
    numberOfStages: N,
    iterations: c.iterations,
    continuationSteps: c.continuationSteps,
    ...(c.shorterColumns.length > 0 ? { startedFromShorterColumns_stages: c.shorterColumns } : {}),
    maxScaledResidual: c.residual,
    residualHistory: c.history,
    massBalanceRelativeError: c.massBalanceError,
    energyBalanceRelativeError: c.energyBalanceError,
    topTemperature_C: kelvinToCelsius(c.stages[0].T),
    bottomTemperature_C: kelvinToCelsius(c.stages[N - 1].T),
  };
  if (c.condenserDuty !== undefined) r.condenserDuty_kW = kW(c.condenserDuty);
  if (c.reboilerDuty !== undefined) r.reboilerDuty_kW = kW(c.reboilerDuty);
  r.stages = c.stages
    .slice()
    .reverse()
    .map((st) => ({
      tray: N - 1 - st.stage,
      temperature_C: kelvinToCelsius(st.T),
      pressure_bara: paToBara(st.P),
      liquidFlow_mol_hr: st.liquidFlow * 3600,
      vapourFlow_mol_hr: st.vapourFlow * 3600,
      feedFlow_mol_hr: st.feedFlow * 3600,
      duty_kW: kW(st.duty),
      ...(st.dry ? { dry: st.dry === 'liquid' ? 'no liquid (above the top feed without a condenser)' : 'no vapour (below the bottom feed without a reboiler)' } : {}),
      liquidComposition: st.dry === 'liquid' ? null : comp(st.x),
      vapourComposition: st.dry === 'vapour' ? null : comp(st.y),
    }));
  return r;
}

export interface UnitReport {
  type: string;
  /** Streams in (names) and out (port → stream name, null when nothing leaves). */
  inlets: string[];
  outlets: Record<string, string | null>;
  noFlow?: boolean;
  [figure: string]: unknown;
}

export interface ProcessPayload {
  units: Record<string, UnitReport>;
  streams: Record<string, StreamReport>;
  feeds: string[];
  products: string[];
  massBalance: { in_kg_hr: number; out_kg_hr: number; massBalanceRelativeError: number };
  energyBalance: { feedEnthalpyFlow_kW: number; productEnthalpyFlow_kW: number; shaftPower_kW: number; heatInput_kW: number; potentialEnergyGain_kW: number; imbalance_kW: number; relativeImbalance: number };
  iterations: number;
  recycles: { name: string; converged: boolean; flowError: number; temperatureError_K: number; compositionError: number }[];
}

function refName(specs: readonly UnitSpec[], r: PortRef): string {
  const spec = specs.find((s) => s.name === r.unit) as UnitSpec;
  return streamName(spec, r.port);
}

export function buildProcessPayload(specs: readonly UnitSpec[], solved: FlowsheetResult, feeds: readonly string[]): { payload: ProcessPayload; warnings: Warning[] } {
  const warnings: Warning[] = [];
  const streams: Record<string, StreamReport> = {};
  const units: Record<string, UnitReport> = {};
  let shaft = 0;
  let heatIn = 0;
  let potential = 0;
  solved.units.forEach((u, k) => {
    const spec = specs[k];
    const refs: PortRef[] = 'inlets' in spec ? spec.inlets : 'inlet' in spec ? [spec.inlet] : [];
    const outlets: Record<string, string | null> = {};
    for (const [port, s] of Object.entries(u.outlets)) {
      const name = streamName(u, port);
      outlets[port] = s ? name : null;
      if (s) streams[name] = streamReport(s);
    }
    const rep: UnitReport = { type: u.type, inlets: refs.map((r) => refName(specs, r)), outlets, ...unitFigures(u) };
    if (u.noFlow) {
      rep.noFlow = true;
      warnings.push(warning('MODEL_LIMITATION', `${u.type} '${u.name}' receives no material (an upstream port is empty); it was not computed`));
    }
    if (u.values.outsideChart === 1) warnings.push(warning('MODEL_LIMITATION', `${u.type} '${u.name}': the operating point lies outside the chart (surge margin ${(u.values.surgeMargin * 100).toFixed(1)} %, stonewall margin ${(u.values.stonewallMargin * 100).toFixed(1)} %, speed ${u.values.speed.toPrecision(5)}); the chart was extrapolated`));
    if (u.values.choked === 1) warnings.push(warning('MODEL_LIMITATION', `ThrottlingValve '${u.name}': the flow is choked (IEC 60534-2-1); a lower outlet pressure would not raise the flow`));
    if (u.values.requiredOpening !== undefined && u.values.requiredOpening > 1) warnings.push(warning('MODEL_LIMITATION', `ThrottlingValve '${u.name}': the given Cv is too small: it would need ${(u.values.requiredOpening * 100).toFixed(0)} % opening to pass the flow at this pressure drop`));
    if (u.type === 'Separator' || u.type === 'GasScrubber' || u.type === 'Tank' || u.type === 'ThreePhaseSeparator') {
      if (u.feed) rep.feed = streamReport(u.feed);
    }
    if (u.type === 'Recycle') rep.converged = solved.recycles.find((r) => r.name === u.name)?.converged ?? false;
    units[u.name] = rep;
    if (u.values.power !== undefined) shaft += u.values.power;
    // A heater fed by an empty port (noFlow) has no duty at all.
    if ((u.type === 'Heater' || u.type === 'Cooler') && u.values.duty !== undefined) heatIn += u.values.duty;
    if (u.type === 'AdiabaticPipe' && u.values.potentialEnergy !== undefined) potential += u.values.potentialEnergy;
    if (u.column) heatIn += (u.values.condenserDuty ?? 0) + (u.values.reboilerDuty ?? 0);
    if (u.type === 'PipeBeggsAndBrills' && u.values.heat !== undefined) {
      heatIn += u.values.heat;
      potential += u.values.potentialEnergy;
    }
    const inlet = u.inlets[0];
    if (inlet && (u.type === 'Compressor' || u.type === 'Expander') && inlet.flash.phases.some((p) => p.label !== 'gas' && p.beta > 1e-6)) {
      warnings.push(warning('TWO_PHASE_UNCERTAINTY', `${u.type} '${u.name}': the suction contains liquid; a real machine needs a scrubber upstream (the result treats the mixture as one fluid)`));
    }
    if (inlet && u.type === 'Pump' && inlet.flash.phases.some((p) => p.label === 'gas' && p.beta > 1e-6)) {
      warnings.push(warning('TWO_PHASE_UNCERTAINTY', `Pump '${u.name}': the suction contains gas; the pump would cavitate or gas-lock`));
    }
  });
  const products = productPorts(specs);
  const productNames = products.filter((r) => streams[refName(specs, r)] !== undefined).map((r) => refName(specs, r));
  const sum = (names: readonly string[], f: (s: StreamReport) => number) => names.reduce((a, n) => a + f(streams[n]), 0);
  // A make-up stream with nothing to make up carries no material.
  feeds = feeds.filter((n) => streams[n] !== undefined);
  const massIn = sum(feeds, (s) => s.massFlow_kg_hr);
  const massOut = sum(productNames, (s) => s.massFlow_kg_hr);
  const hIn = sum(feeds, (s) => (s.massFlow_kg_hr / 3600) * s.enthalpy_J_kg) / 1000;
  const hOut = sum(productNames, (s) => (s.massFlow_kg_hr / 3600) * s.enthalpy_J_kg) / 1000;
  const imbalance = hIn + kW(shaft) + kW(heatIn) - hOut - kW(potential);
  const scale = Math.max(Math.abs(hIn), Math.abs(hOut), Math.abs(kW(shaft)) + Math.abs(kW(heatIn)), 1e-12);
  const payload: ProcessPayload = {
    units,
    streams,
    feeds: [...feeds],
    products: productNames,
    massBalance: { in_kg_hr: massIn, out_kg_hr: massOut, massBalanceRelativeError: (massOut - massIn) / massIn },
    energyBalance: { feedEnthalpyFlow_kW: hIn, productEnthalpyFlow_kW: hOut, shaftPower_kW: kW(shaft), heatInput_kW: kW(heatIn), potentialEnergyGain_kW: kW(potential), imbalance_kW: imbalance, relativeImbalance: imbalance / scale },
    iterations: solved.iterations,
    recycles: solved.recycles.map((r) => ({ name: r.name, converged: r.converged, flowError: r.flowError, temperatureError_K: r.temperatureError, compositionError: r.compositionError })),
  };
  return { payload, warnings };
}
