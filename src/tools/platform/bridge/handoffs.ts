/**
 * Seed 002's agent handoffs built from our tool responses: fluid_definition (runFlash),
 * process_simulation (runProcess), flow_assurance (runFlowAssurance hydrate risk map) and
 * safety_analysis (runRelief). Every value is copied from the response with the unit its field
 * name states (converted only where the schema's unit differs, e.g. mm2 → cm2); a field the
 * response does not give is null, never guessed. The java_code of a fluid definition is the
 * original NeqSim library's construction of the same fluid, for agents that run it there.
 */

type Obj = Record<string, any>;
export type Handoff = Record<string, unknown>;
export type HandoffOutcome = { ok: true; handoff: Handoff } | { ok: false; code: string; message: string; fix: string };

const isObj = (v: unknown): v is Obj => v !== null && typeof v === 'object' && !Array.isArray(v);
const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);

export const HANDOFF_TOOLS = ['runFlash', 'runProcess', 'runFlowAssurance', 'runRelief'] as const;

/** NeqSim's class for each model name we report. */
const EOS_CLASS: Record<string, string> = { SRK: 'SystemSrkEos', PR: 'SystemPrEos', CPA: 'SystemSrkCPAstatoil', GERG2008: 'SystemGERG2008Eos' };

function javaCode(eosClass: string, model: string, T: number, P: number, components: { name: string; mole_fraction: number }[], multiPhase: boolean): string {
  const lines = [`SystemInterface fluid = new ${eosClass}(${T}, ${P});`];
  for (const c of components) lines.push(`fluid.addComponent(${JSON.stringify(c.name)}, ${c.mole_fraction});`);
  // NeqSim: "classic" for the cubics; rule 10 (classic with temperature-dependent kij) for CPA.
  if (model === 'CPA') lines.push('fluid.setMixingRule(10);');
  else if (model !== 'GERG2008') lines.push('fluid.setMixingRule("classic");');
  if (multiPhase) lines.push('fluid.setMultiPhaseCheck(true);');
  return lines.join('\n');
}

/** Schema 1 from a runFlash response (its reported state and overall composition). */
export function fluidDefinition(env: Obj, input: Obj | undefined, sourceAgent: string, assumptions: string[]): HandoffOutcome {
  const d = env.data;
  const overall = d?.fluid?.conditions?.overall;
  const comp = d?.fluid?.composition?.overall;
  const model = (env.provenance?.model ?? d?.flash?.model) as string | undefined;
  if (!isObj(overall) || !isObj(comp) || model === undefined) return { ok: false, code: 'UNRECOGNISED_OUTPUT', message: 'toolOutput is not a runFlash response with a state and an overall composition', fix: 'Pass the whole runFlash response (envelope) as toolOutput' };
  const eos = EOS_CLASS[model];
  if (eos === undefined) return { ok: false, code: 'UNRECOGNISED_OUTPUT', message: `Unknown model ${model}`, fix: 'Pass a runFlash response' };
  const components = Object.entries(comp).map(([name, v]) => ({ name, mole_fraction: num((v as Obj).value) ?? 0 }));
  const T = num(overall.temperature)!;
  const P = num(overall.pressure)!;
  const multi = input?.multiPhaseCheck === true;
  const mixing = model === 'GERG2008' ? null : ((env.provenance?.mixingRule as string | undefined) ?? (model === 'CPA' ? 'CLASSIC_TX_CPA' : 'classic'));
  return {
    ok: true,
    handoff: {
      handoff_type: 'fluid_definition',
      source_agent: sourceAgent,
      eos_class: eos,
      mixing_rule: mixing,
      temperature_K: T,
      pressure_bara: P,
      components,
      multi_phase_check: multi,
      characterization: null,
      ...(Number.isInteger(d?.flash?.numberOfPhases) ? { number_of_phases: d.flash.numberOfPhases } : {}),
      java_code: javaCode(eos, model, T, P, components, multi),
      assumptions: [...(Array.isArray(env.provenance?.assumptions) ? env.provenance.assumptions : []), ...assumptions],
    },
  };
}

/** Schema 1 from a runProcess input's fluid (the process response does not restate it). */
function fluidOfProcessInput(fluid: Obj | undefined, sourceAgent: string): Handoff | null {
  if (!isObj(fluid) || !isObj(fluid.components)) return null;
  const model = String(fluid.model ?? 'SRK').toUpperCase();
  const eos = EOS_CLASS[model];
  if (eos === undefined || typeof fluid.temperature !== 'number' || typeof fluid.pressure !== 'number') return null;
  const total = Object.values(fluid.components as Record<string, number>).reduce((a, b) => a + b, 0);
  const components = Object.entries(fluid.components as Record<string, number>).map(([name, x]) => ({ name, mole_fraction: x / total }));
  return {
    handoff_type: 'fluid_definition',
    source_agent: sourceAgent,
    eos_class: eos,
    mixing_rule: fluid.mixingRule ?? 'classic',
    temperature_K: fluid.temperature,
    pressure_bara: fluid.pressure,
    components,
    multi_phase_check: fluid.multiPhaseCheck === true,
    characterization: null,
    java_code: javaCode(eos, model, fluid.temperature, fluid.pressure, components, fluid.multiPhaseCheck === true),
    assumptions: [],
  };
}

/** Schema 2 from a runProcess response: each unit's inlet and outlets as the report gives them. */
export function processSimulation(env: Obj, input: Obj | undefined, sourceAgent: string, assumptions: string[]): HandoffOutcome {
  const d = env.data;
  if (!isObj(d?.units) || !isObj(d?.streams)) return { ok: false, code: 'UNRECOGNISED_OUTPUT', message: 'toolOutput is not a runProcess response with units and streams', fix: 'Pass the whole runProcess response (envelope) as toolOutput' };
  const streams = d.streams as Obj;
  const equipment = Object.entries(d.units as Obj).map(([name, u]) => {
    const unit = u as Obj;
    const outlets: Obj = isObj(unit.outlets) ? unit.outlets : {};
    const outletStream = (port: string): Obj | undefined => {
      const ref = outlets[port];
      const key = typeof ref === 'string' ? ref : `${name}.${port}`;
      return isObj(streams[key]) ? streams[key] : undefined;
    };
    const feed: Obj | undefined = isObj(unit.feed) ? unit.feed : undefined;
    const e: Obj = { name, type: unit.type ?? null, inlet_temperature_C: num(feed?.temperature_C), inlet_pressure_bara: num(feed?.pressure_bara) };
    // The feed report is the unit's whole inlet only for a one-inlet unit (a heat exchanger's is one side):
    // only then are its flow and phase count stated, so the receiver's mass-balance check compares like with like.
    const outletStreams = Object.keys(outlets).map(outletStream).filter((x): x is Obj => x !== undefined);
    if (feed !== undefined && Array.isArray(unit.inlets) && unit.inlets.length === 1) {
      e.inlet_flow_rate_kg_hr = num(feed.massFlow_kg_hr);
      e.inlet_number_of_phases = Number.isInteger(feed.numberOfPhases) ? feed.numberOfPhases : null;
      e.outlet_total_flow_rate_kg_hr = outletStreams.reduce((a, x) => a + (num(x.massFlow_kg_hr) ?? 0), 0);
    }
    const gas = outletStream('gasOut');
    const liquid = outletStream('liquidOut');
    if (gas !== undefined || liquid !== undefined) {
      Object.assign(e, {
        outlet_gas_temperature_C: num(gas?.temperature_C),
        outlet_gas_pressure_bara: num(gas?.pressure_bara),
        outlet_liquid_temperature_C: num(liquid?.temperature_C),
        outlet_liquid_pressure_bara: num(liquid?.pressure_bara),
        gas_flow_rate_kg_hr: gas === undefined ? null : num(gas.massFlow_kg_hr),
        liquid_flow_rate_kg_hr: liquid === undefined ? null : num(liquid.massFlow_kg_hr),
        gas_density_kg_m3: num(gas?.density_kg_m3),
        liquid_density_kg_m3: num(liquid?.density_kg_m3),
      });
    } else {
      const out = outletStream('out') ?? outletStream(Object.keys(outlets)[0] ?? 'out');
      Object.assign(e, { outlet_temperature_C: num(out?.temperature_C), outlet_pressure_bara: num(out?.pressure_bara), flow_rate_kg_hr: num(out?.massFlow_kg_hr) });
    }
    for (const key of ['power_kW', 'duty_kW']) if (num(unit[key]) !== null) e[key] = unit[key];
    return e;
  });
  const massErr = num(d.massBalance?.massBalanceRelativeError);
  const energyErr = num(d.energyBalance?.relativeImbalance);
  return {
    ok: true,
    handoff: {
      handoff_type: 'process_simulation',
      source_agent: sourceAgent,
      fluid_definition: fluidOfProcessInput(input?.fluid, sourceAgent),
      equipment,
      mass_balance_error_pct: massErr === null ? null : Math.abs(massErr) * 100,
      energy_balance_error_pct: energyErr === null ? null : Math.abs(energyErr) * 100,
      assumptions: [...(Array.isArray(env.provenance?.assumptions) ? env.provenance.assumptions : []), ...assumptions],
    },
  };
}

/** Schema 4 from runFlowAssurance's hydrate risk map: the most critical point of the profile. */
export function flowAssurance(env: Obj, sourceAgent: string, assumptions: string[]): HandoffOutcome {
  const d = env.data;
  const profile: Obj[] = Array.isArray(d?.profile) ? d.profile : [];
  if (d?.analysis !== 'hydrateRiskMap' || profile.length === 0) return { ok: false, code: 'UNSUPPORTED_HANDOFF', message: 'A flow_assurance handoff is built from a runFlowAssurance hydrate risk map', fix: 'Run runFlowAssurance with "analysis": "hydrateRiskMap" and pass its response' };
  // The point with the largest subcooling (least margin) is the one the schema's single values describe.
  const worst = profile.reduce((a, b) => ((num(b.subcooling_C) ?? -Infinity) > (num(a.subcooling_C) ?? -Infinity) ? b : a));
  return {
    ok: true,
    handoff: {
      handoff_type: 'flow_assurance',
      source_agent: sourceAgent,
      hydrate_temperature_C: num(worst.hydrateTemperature_C),
      operating_temperature_C: num(worst.actualTemperature_C),
      subcooling_margin_C: num(worst.actualTemperature_C) !== null && num(worst.hydrateTemperature_C) !== null ? worst.actualTemperature_C - worst.hydrateTemperature_C : null,
      hydrate_risk: d.results?.overallRisk ?? null,
      wax_appearance_temperature_C: null,
      pipeline_pressure_drop_bar: null,
      arrival_temperature_C: num(profile.at(-1)?.actualTemperature_C),
      assumptions: [`Most critical point at ${worst.distance_km} km, ${worst.pressure_bara} bara`, ...assumptions],
    },
  };
}

/** Schema 5 from a runRelief response (the PSV sizing; blowdown fields are not computed by it). */
export function safetyAnalysis(env: Obj, sourceAgent: string, assumptions: string[]): HandoffOutcome {
  const d = env.data;
  const area = num(d?.sizing?.requiredArea_mm2);
  if (area === null) return { ok: false, code: 'UNRECOGNISED_OUTPUT', message: 'toolOutput is not a runRelief response with a required area', fix: 'Pass the whole runRelief response as toolOutput' };
  return {
    ok: true,
    handoff: {
      handoff_type: 'safety_analysis',
      source_agent: sourceAgent,
      scenario: `${d.case} relief (${d.standard})`,
      initial_pressure_bara: num(d.relievingPressure_bara),
      final_pressure_bara: null,
      blowdown_time_minutes: null,
      minimum_temperature_C: null,
      mdmt_C: null,
      mdmt_margin_C: null,
      psv_required_area_cm2: area / 100,
      assumptions: [`Orifice ${d.sizing.recommendedOrifice} × ${d.sizing.numberOfValves}`, ...(Array.isArray(env.provenance?.assumptions) ? env.provenance.assumptions : []), ...assumptions],
    },
  };
}
