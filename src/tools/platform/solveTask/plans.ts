/**
 * The task types solveTask knows and the plan of each: a deterministic composeWorkflow input
 * built from the task's fluid and parameters (no search, no language model: the same task gives
 * the same plan), plus which step's response becomes results.json and which handoff it gives.
 */
type Obj = Record<string, any>;

export const TASK_TYPES = ['fluid_characterisation', 'separation_train', 'hydrate_margin', 'relief_sizing', 'gas_quality'] as const;
export type TaskType = (typeof TASK_TYPES)[number];

/** Keywords of each type, tried on the lower-cased task text (the first type that matches alone wins). */
const KEYWORDS: Record<TaskType, RegExp> = {
  relief_sizing: /\b(relief|psv|safety valve|api 520|orifice area)\b/,
  hydrate_margin: /\bhydrates?\b/,
  gas_quality: /\b(gas quality|calorific|heating value|wobbe|iso ?6976|sales gas)\b/,
  separation_train: /\b(separation|separators?|separator train|stage separation|stages)\b/,
  fluid_characterisation: /\b(characteri[sz]\w*|phase envelope|fluid properties|phase behaviou?r)\b/,
};

export type Classification = { ok: true; type: TaskType; matched: string } | { ok: false; matches: TaskType[] };

export function classify(task: string): Classification {
  const text = task.toLowerCase();
  const matches = TASK_TYPES.filter((t) => KEYWORDS[t].test(text));
  if (matches.length === 1) return { ok: true, type: matches[0]!, matched: KEYWORDS[matches[0]!].exec(text)![0] };
  return { ok: false, matches };
}

export interface Plan {
  workflow: { workflow: string; steps: { name: string; tool: string; input: Obj }[] };
  /** Step whose response gives results.json. */
  resultStep: string;
  /** Step whose response gives the handoff (bridgeTaskWorkflow toHandoff), if the type has one. */
  handoffStep?: string;
}

export type PlanOutcome = { ok: true; plan: Plan } | { ok: false; code: string; message: string; fix: string; field: string };

const need = (what: string, fix: string, field: string): PlanOutcome => ({ ok: false, code: 'MISSING_TASK_INPUT', message: what, fix, field });

export function planFor(type: TaskType, input: Obj): PlanOutcome {
  const f: Obj | undefined = input.fluid;
  const model = f?.model ?? 'SRK';
  switch (type) {
    case 'fluid_characterisation': {
      if (f === undefined || f.temperature_C === undefined || f.pressure_bara === undefined) return need('Fluid characterisation needs a fluid with components, temperature_C and pressure_bara', 'Give "fluid": {"components": {…}, "temperature_C": 25, "pressure_bara": 50}', 'fluid');
      return {
        ok: true,
        plan: {
          workflow: {
            workflow: 'fluid_characterisation',
            steps: [
              { name: 'flash', tool: 'runFlash', input: { model, components: f.components, temperature: { value: f.temperature_C, unit: 'C' }, pressure: { value: f.pressure_bara, unit: 'bara' } } },
              { name: 'envelope', tool: 'getPhaseEnvelope', input: { model, components: f.components } },
            ],
          },
          resultStep: 'flash',
          handoffStep: 'flash',
        },
      };
    }
    case 'separation_train': {
      const stages: Obj[] | undefined = input.stages;
      if (f === undefined || stages === undefined || input.flowRate_kg_hr === undefined) return need('A separation train needs a fluid, "stages" and "flowRate_kg_hr"', 'Give "fluid": {"components": {…}}, "stages": [{"temperature_C": 60, "pressure_bara": 70}, {"temperature_C": 40, "pressure_bara": 10}], "flowRate_kg_hr": 100000', 'stages');
      for (let i = 1; i < stages.length; i++) {
        if (!(stages[i]!.pressure_bara < stages[i - 1]!.pressure_bara)) return { ok: false, code: 'INVALID_TASK_INPUT', message: `Stage ${i + 1} pressure ${stages[i]!.pressure_bara} bara is not below stage ${i}'s ${stages[i - 1]!.pressure_bara} bara`, fix: 'Give the stages from high to low pressure: the liquid flows down through a valve', field: `stages.${i}.pressure_bara` };
      }
      const first = stages[0]!;
      const process: Obj[] = [{ type: 'Stream', name: 'feed', properties: { flowRate: [input.flowRate_kg_hr, 'kg/hr'] } }, { type: 'Separator', name: 'Stage 1', inlet: 'feed' }];
      for (let i = 1; i < stages.length; i++) {
        const s = stages[i]!;
        process.push({ type: 'ThrottlingValve', name: `Valve ${i + 1}`, inlet: `Stage ${i}.liquidOut`, properties: { outletPressure: [s.pressure_bara, 'bara'] } });
        process.push({ type: 'Heater', name: `Heater ${i + 1}`, inlet: `Valve ${i + 1}`, properties: { outTemperature: [s.temperature_C, 'C'] } });
        process.push({ type: 'Separator', name: `Stage ${i + 1}`, inlet: `Heater ${i + 1}` });
      }
      const definition = { fluid: { model, temperature: first.temperature_C + 273.15, pressure: first.pressure_bara, mixingRule: 'classic', components: f.components }, process };
      return { ok: true, plan: { workflow: { workflow: 'separation_train', steps: [{ name: 'train', tool: 'runProcess', input: definition }] }, resultStep: 'train', handoffStep: 'train' } };
    }
    case 'hydrate_margin': {
      if (f === undefined || f.temperature_C === undefined || f.pressure_bara === undefined) return need('A hydrate margin needs a fluid (with water) at its temperature_C and pressure_bara', 'Give "fluid": {"components": {…, "water": 0.05}, "temperature_C": 8, "pressure_bara": 95} (a whole line profile: runFlowAssurance hydrateRiskMap)', 'fluid');
      const points = [{ km: 0, pressure_bara: f.pressure_bara, temperature_C: f.temperature_C }];
      return { ok: true, plan: { workflow: { workflow: 'hydrate_margin', steps: [{ name: 'hydrate', tool: 'runFlowAssurance', input: { analysis: 'hydrateRiskMap', model, components: f.components, profilePoints: points } }] }, resultStep: 'hydrate', handoffStep: 'hydrate' } };
    }
    case 'relief_sizing': {
      if (input.relief === undefined) return need('Relief sizing needs "relief": the runRelief input (case, flows, set pressure, …)', 'Give "relief": {"case": "gas", "massFlowRate_kg_s": 10, "setPressure_bara": 50, "temperature_K": 350, …} (getExample run_relief)', 'relief');
      return { ok: true, plan: { workflow: { workflow: 'relief_sizing', steps: [{ name: 'relief', tool: 'runRelief', input: input.relief }] }, resultStep: 'relief', ...(input.relief.case !== 'fireHeatInput' ? { handoffStep: 'relief' } : {}) } };
    }
    case 'gas_quality': {
      if (f === undefined) return need('Gas quality needs a fluid composition', 'Give "fluid": {"components": {"methane": 0.9, …}}', 'fluid');
      const standard = input.standard ?? 'ISO6976_2016';
      return { ok: true, plan: { workflow: { workflow: 'gas_quality', steps: [{ name: 'quality', tool: 'calculateStandard', input: { standard, components: f.components } }] }, resultStep: 'quality' } };
    }
  }
}
