/**
 * The HAZOP failure-mode catalogue: for each mode, the equipment it applies to (decided from the
 * unit's type and its service in the baseline run: a Heater that removes heat is a cooler), the
 * IEC 61882 guide word and parameter of the deviation it causes, and how it is represented in a
 * steady-state flowsheet — an edit of a copy of the process JSON — or why it cannot be.
 *
 * Guide words: IEC 61882:2016, Table 3 (NO, MORE, LESS, AS WELL AS, PART OF, REVERSE, OTHER THAN).
 */
import type { UnitReport } from '../../process/runProcess/report.js';

export type GuideWord = 'NO' | 'MORE' | 'LESS' | 'AS WELL AS' | 'PART OF' | 'REVERSE' | 'OTHER THAN';
export type Parameter = 'TEMPERATURE' | 'PRESSURE' | 'FLOW';

/** How a mode is put into the flowsheet. */
export type Perturbation =
  /** Heater/Cooler: the temperature or duty specification replaced by duty 0 (pressure spec kept). */
  | 'ZERO_DUTY'
  /** HeatExchanger: UA = 0, no heat crosses; both sides leave as they entered. */
  | 'ZERO_UA'
  /** Machine or valve replaced by an adiabatic pass-through (a zero-duty Heater of the same name): no pressure change, no work. */
  | 'PASS_THROUGH';

export interface FailureMode {
  id: string;
  title: string;
  /** Deviation parameter and the guide word expected when the simulated change has that sign. */
  parameter: Parameter;
  expectedGuideWord: GuideWord;
  /** Unit types the mode can apply to (engine names). */
  types: readonly string[];
  /** Further condition on the baseline unit report; a reason when it does not apply. */
  serviceCheck?: (rep: UnitReport) => string | undefined;
  perturbation?: Perturbation;
  /** For modes without a steady-state representation: why the row is qualitative. */
  notRunReason?: string;
  /** What the representation assumes (shown in the row's simulation block). */
  representation: string;
}

const duty = (rep: UnitReport): number | undefined => (typeof rep.duty_kW === 'number' ? rep.duty_kW : undefined);

const coolingService = (rep: UnitReport): string | undefined => {
  const d = duty(rep);
  if (rep.type === 'HeatExchanger') return d !== undefined && d > 0 ? undefined : 'the heat exchanger transfers no heat in the baseline';
  return d !== undefined && d < 0 ? undefined : `the ${rep.type.toLowerCase()} removes no heat in the baseline (duty ${d ?? 0} kW)`;
};
const heatingService = (rep: UnitReport): string | undefined => {
  const d = duty(rep);
  if (rep.type === 'HeatExchanger') return d !== undefined && d > 0 ? undefined : 'the heat exchanger transfers no heat in the baseline';
  return d !== undefined && d > 0 ? undefined : `the ${rep.type.toLowerCase()} adds no heat in the baseline (duty ${d ?? 0} kW)`;
};

const STEADY_STATE_NO_FLOW =
  'The steady-state flowsheet runs fixed feed rates: it cannot make the flow stop, and the pressure that builds up behind the blockage is an accumulation in time (a dynamic or relief study: runDynamic, runRelief)';

export const FAILURE_MODES: readonly FailureMode[] = [
  {
    id: 'COOLING_LOSS',
    title: 'Loss of cooling',
    parameter: 'TEMPERATURE',
    expectedGuideWord: 'MORE',
    types: ['Cooler', 'Heater', 'HeatExchanger'],
    serviceCheck: coolingService,
    perturbation: 'ZERO_DUTY',
    representation: 'Cooling duty lost entirely: a cooler runs at duty 0 (its pressure specification kept); a heat exchanger at UA = 0',
  },
  {
    id: 'HEATING_LOSS',
    title: 'Loss of heating',
    parameter: 'TEMPERATURE',
    expectedGuideWord: 'LESS',
    types: ['Heater', 'Cooler', 'HeatExchanger'],
    serviceCheck: heatingService,
    perturbation: 'ZERO_DUTY',
    representation: 'Heating duty lost entirely: a heater runs at duty 0 (its pressure specification kept); a heat exchanger at UA = 0',
  },
  {
    id: 'VALVE_STUCK_OPEN',
    title: 'Valve stuck open',
    parameter: 'PRESSURE',
    expectedGuideWord: 'MORE',
    types: ['ThrottlingValve'],
    perturbation: 'PASS_THROUGH',
    representation:
      'Bounding case of a fully open valve with negligible pressure drop: the outlet at the inlet pressure, isenthalpic. The flow stays at the design rate (a real stuck-open valve passes more, set by its Cv and the downstream system, which the model does not have)',
  },
  {
    id: 'VALVE_STUCK_CLOSED',
    title: 'Valve stuck closed',
    parameter: 'FLOW',
    expectedGuideWord: 'NO',
    types: ['ThrottlingValve'],
    notRunReason: STEADY_STATE_NO_FLOW,
    representation: 'Qualitative: no flow through the valve; the upstream side is blocked in',
  },
  {
    id: 'COMPRESSOR_TRIP',
    title: 'Compressor trip',
    parameter: 'PRESSURE',
    expectedGuideWord: 'LESS',
    types: ['Compressor'],
    perturbation: 'PASS_THROUGH',
    representation:
      'No pressure rise and no work: the machine passes the gas at suction pressure (as through a bypass); the feed rate is kept, so downstream units see the design flow at suction pressure. Loss of flow itself (NO FLOW) is not a steady state',
  },
  {
    id: 'PUMP_TRIP',
    title: 'Pump trip',
    parameter: 'PRESSURE',
    expectedGuideWord: 'LESS',
    types: ['Pump'],
    perturbation: 'PASS_THROUGH',
    representation: 'No pressure rise and no work: the liquid passes at suction pressure; the feed rate is kept (loss of flow itself is not a steady state)',
  },
  {
    id: 'BLOCKED_OUTLET',
    title: 'Blocked outlet',
    parameter: 'FLOW',
    expectedGuideWord: 'NO',
    types: ['Separator', 'ThreePhaseSeparator', 'Compressor', 'Pump', 'PipeBeggsAndBrills'],
    notRunReason: STEADY_STATE_NO_FLOW,
    representation: 'Qualitative: no flow out of the equipment; it is blocked in against its upstream source',
  },
];

export const FAILURE_MODE_IDS = FAILURE_MODES.map((m) => m.id);

/** "valve-stuck open" → "VALVE_STUCK_OPEN". */
export function normalizeModeId(raw: string): string {
  return raw.trim().toUpperCase().replace(/[\s-]+/g, '_');
}

export function findMode(id: string): FailureMode | undefined {
  return FAILURE_MODES.find((m) => m.id === id);
}

/** Why `mode` does not apply to a unit with this baseline report, or undefined when it does. */
export function notApplicableReason(mode: FailureMode, rep: UnitReport): string | undefined {
  if (!mode.types.includes(rep.type)) return `${mode.id} applies to ${mode.types.join(', ')}, not to ${rep.type}`;
  if (rep.noFlow) return `the ${rep.type.toLowerCase()} receives no material in the baseline`;
  return mode.serviceCheck?.(rep);
}
