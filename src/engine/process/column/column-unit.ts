/**
 * A column as a flowsheet unit: resolves the column fluid from its inlets, names in component
 * specifications, and the pressure profile (the lowest inlet pressure when none is given), runs
 * solveColumn and exposes the products as ports: gasOut (top vapour), liquidOut (bottom liquid),
 * sideDraw<i> (side draws in the order given).
 */
import { mapComposition, type ProcessFailure, type ProcessFluid, type StreamState } from '../stream.js';
import { solveColumn, type ColumnResult, type ColumnSideDraw, type EndSpecification } from './column.js';

/** Equipment types simulated by the stage-by-stage column. */
export const COLUMN_TYPES = ['DistillationColumn', 'SimpleAbsorber', 'SimpleTEGAbsorber', 'WaterStripperColumn'] as const;
export type ColumnType = (typeof COLUMN_TYPES)[number];

/** An end specification whose component (recovery, purity) is named, resolved against the fluid. */
export type NamedEndSpecification = Exclude<EndSpecification, { component: number }> | { kind: 'recovery' | 'purity'; componentName: string; value: number };

export interface ColumnUnitSpec {
  stages: number;
  condenser?: NamedEndSpecification;
  totalCondenser?: boolean;
  reboiler?: NamedEndSpecification;
  /** Stage of each inlet, 0-based from the top, in inlet order. */
  feedStages: number[];
  sideDraws: ColumnSideDraw[];
  /** Pa: top and bottom (linear between), or one per stage from the top; undefined = the lowest inlet pressure on every stage. */
  pressure?: { top: number; bottom: number } | { stages: number[] };
}

export function columnPorts(spec: ColumnUnitSpec): string[] {
  return ['gasOut', 'liquidOut', ...spec.sideDraws.map((_, i) => `sideDraw${i}`)];
}

function resolveSpec(s: NamedEndSpecification | undefined, fluid: ProcessFluid): EndSpecification | undefined | string {
  if (!s || !('componentName' in s)) return s;
  const i = fluid.model.components.findIndex((c) => c.name === s.componentName);
  if (i < 0) return `the specification names ${s.componentName}, which the column's feed fluid does not contain`;
  return { kind: s.kind, component: i, value: s.value };
}

export type ColumnUnitOutcome = { inlets: StreamState[]; outlets: Record<string, StreamState | undefined>; values: Record<string, number>; result: ColumnResult } | { noFlow: true } | ProcessFailure;

export function runColumnUnit(spec: ColumnUnitSpec, inlets: (StreamState | undefined)[]): ColumnUnitOutcome {
  const present = inlets.map((s, k) => ({ s, stage: spec.feedStages[k] })).filter((f): f is { s: StreamState; stage: number } => f.s !== undefined && f.s.molarFlow > 0);
  if (present.length === 0) return { noFlow: true };
  // The column fluid: the first inlet's, which must hold every other inlet's components.
  const fluid = present[0].s.fluid;
  for (const f of present) {
    if (f.s.fluid !== fluid && (f.s.fluid.kind !== fluid.kind || !mapComposition(f.s, fluid))) {
      return { ok: false, code: 'INCOMPATIBLE_FLUIDS', message: 'Column inlets must share one equation of state and the first inlet\'s fluid must hold every component of the others' };
    }
  }
  const condenser = resolveSpec(spec.condenser, fluid);
  const reboiler = resolveSpec(spec.reboiler, fluid);
  if (typeof condenser === 'string' || typeof reboiler === 'string') return { ok: false, code: 'PROCESS_ERROR', message: `Column: ${typeof condenser === 'string' ? condenser : reboiler}` };
  const Pmin = Math.min(...present.map((f) => f.s.flash.P));
  const r = solveColumn({
    fluid,
    stages: spec.stages,
    condenser,
    totalCondenser: spec.totalCondenser,
    reboiler,
    feeds: present.map((f) => ({ stream: f.s, stage: f.stage })),
    sideDraws: spec.sideDraws,
    pressure: spec.pressure ?? { top: Pmin, bottom: Pmin },
  });
  if (!r.ok) return r;
  const outlets: Record<string, StreamState | undefined> = { gasOut: r.top, liquidOut: r.bottom };
  spec.sideDraws.forEach((d, i) => (outlets[`sideDraw${i}`] = r.draws.find((x) => x.stage === d.stage && x.phase === d.phase)?.stream));
  const values: Record<string, number> = { iterations: r.iterations, residual: r.residual, massBalanceError: r.massBalanceError, energyBalanceError: r.energyBalanceError };
  if (r.condenserDuty !== undefined) values.condenserDuty = r.condenserDuty;
  if (r.reboilerDuty !== undefined) values.reboilerDuty = r.reboilerDuty;
  return { inlets: present.map((f) => f.s), outlets, values, result: r };
}
