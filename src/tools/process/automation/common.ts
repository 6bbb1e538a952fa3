/**
 * What the automation tools share: reading the process definition (and solving it when a value
 * is needed), reading a variable in the caller's unit, describing a variable the way the
 * original's SimulationVariable does, and the diagnostic error envelope.
 */
import { Type, type Static } from '@sinclair/typebox';
import { overallMolarMass, solveFlowsheet, type FlowsheetResult, type UnitSpec } from '../../../engine/index.js';
import { failure, issue, success, type Envelope, type Warning } from '../../contract/envelope.js';
import { readProcessDefinition, type ProcessDefinition } from '../runProcess/definition.js';
import { RunProcessInput } from '../runProcess/schema.js';
import { engineFailure } from '../runProcess/failure.js';
import type { ToolContext } from '../../contract/types.js';
import type { AutomationDiagnostic, Correction } from './address.js';
import { chooseUnit, familyOf } from './families.js';
import { addressOf, type UnitView, type VariableEntry } from './variables.js';

export const ProcessJsonField = Type.Unsafe<RunProcessInput>({
  ...RunProcessInput,
  description: 'The process definition, as runProcess takes it ({"fluid": {...}, "process": [units]}); a JSON string of it is accepted too',
});

export const CorrectionSchema = Type.Object({ from: Type.String(), to: Type.String(), reason: Type.String() }, { additionalProperties: false });

export const SimulationVariableSchema = Type.Object(
  {
    address: Type.String(),
    name: Type.String(),
    type: Type.Union([Type.Literal('INPUT'), Type.Literal('OUTPUT')]),
    defaultUnit: Type.String(),
    acceptedUnits: Type.Array(Type.String()),
    description: Type.String(),
    category: Type.String(),
    unitFamily: Type.String(),
    writable: Type.Boolean(),
    invalidatesProcess: Type.Boolean({ description: 'Writing it changes the simulation, which is re-run' }),
    minimumValue: Type.Optional(Type.Number({ description: 'Lowest value a write accepts, in defaultUnit' })),
    minimumExclusive: Type.Optional(Type.Boolean({ description: 'A write must be above minimumValue, not equal to it' })),
    maximumValue: Type.Optional(Type.Number({ description: 'Highest value a write accepts, in defaultUnit' })),
    value: Type.Optional(Type.Number({ description: 'Current specification in defaultUnit (INPUT variables; read results with getSimulationVariable)' })),
  },
  { additionalProperties: false },
);

export const AUTOMATION_ASSUMPTIONS = ['Addresses resolve against the process definition as given; unit, port and property names off by case, spacing, a NeqSim alias or a small typo are corrected and the correction reported'];

export type Loaded = { ok: true; definition: ProcessDefinition } | { ok: false; env: Envelope<never> };

/** `field` is the JSON pointer of the definition in the tool's input (for strictness findings). */
export function loadDefinition(tool: string, processJson: unknown, field = '/processJson'): Loaded {
  const def = readProcessDefinition((processJson ?? {}) as Record<string, unknown>, field);
  return def.ok ? { ok: true, definition: def.definition } : { ok: false, env: failure(tool, def.kind, def.issues) };
}

export type Solved = { ok: true; solved: FlowsheetResult } | { ok: false; env: Envelope<never> };

export function solveDefinition(tool: string, definition: ProcessDefinition, ctx?: ToolContext): Solved {
  const solved = solveFlowsheet(definition.units, { onPass: () => !ctx?.signal?.aborted });
  return solved.ok ? { ok: true, solved } : { ok: false, env: engineFailure(tool, solved) };
}

/** The automation view of unit `k`; results only when the flowsheet was solved. */
export function viewOf(definition: ProcessDefinition, unit: UnitSpec, solved?: FlowsheetResult): UnitView {
  const k = definition.units.indexOf(unit);
  return { spec: unit, result: solved?.units[k], recycle: solved?.recycles.find((r) => r.name === unit.name) };
}

/** Molar mass a flow-rate unit converts with: the stream's own. */
export function molarMassOf(view: UnitView, e: VariableEntry): number | undefined {
  if (e.port) return view.result?.outlets[e.port.key]?.molarMass;
  if (view.spec.type === 'Stream') return overallMolarMass(view.spec.feed.fluid.model, view.spec.feed.z);
  if (view.spec.type === 'Calculator') return view.result?.values.makeupMolarMass;
  return undefined;
}

export function describeVariable(view: UnitView, e: VariableEntry): Static<typeof SimulationVariableSchema> {
  const fam = familyOf(e.def.family);
  const unit = fam.defaultUnit;
  const M = molarMassOf(view, e);
  const inUnit = (si: number | undefined): number | undefined => {
    if (si === undefined) return undefined;
    const v = fam.fromSI(si, unit, M);
    return Number.isFinite(v) ? v : undefined;
  };
  const value = e.def.type === 'INPUT' ? inUnit(e.def.read(view)) : undefined;
  const min = inUnit(e.def.min);
  const max = inUnit(e.def.max);
  return {
    address: addressOf(view.spec.name, e),
    name: e.port ? `${e.port.name}.${e.def.property}` : e.def.property,
    type: e.def.type,
    defaultUnit: unit,
    acceptedUnits: [...fam.units],
    description: e.def.description,
    category: e.def.category,
    unitFamily: e.def.family,
    writable: e.def.json !== undefined,
    invalidatesProcess: e.def.json !== undefined,
    ...(min !== undefined ? { minimumValue: min } : {}),
    ...(min !== undefined && e.def.exclusiveMin ? { minimumExclusive: true } : {}),
    ...(max !== undefined ? { maximumValue: max } : {}),
    ...(value !== undefined ? { value } : {}),
  };
}

export type ValueRead = { ok: true; value: number; unit: string } | { ok: false; diagnostic: AutomationDiagnostic };

/** Reads a variable in the caller's unit (default unit when none). */
export function readVariable(view: UnitView, e: VariableEntry, typedUnit: string | undefined, address: string): ValueRead {
  const choice = chooseUnit(e.def.family, typedUnit);
  if (!choice.ok) {
    return {
      ok: false,
      diagnostic: {
        category: 'UNKNOWN_UNIT',
        originalInput: typedUnit ?? '',
        errorMessage: `'${typedUnit}' is not a unit of ${e.def.family} (${address})`,
        suggestions: choice.accepted.slice(0, 3),
        remediation: `Use one of: ${choice.accepted.filter((u) => u !== '').join(', ')}, or omit the unit for ${familyOf(e.def.family).defaultUnit || 'a plain number'}`,
      },
    };
  }
  const si = e.def.read(view);
  const v = si === undefined ? NaN : familyOf(e.def.family).fromSI(si, choice.unit, molarMassOf(view, e));
  if (!Number.isFinite(v)) {
    return {
      ok: false,
      diagnostic: {
        category: 'VALUE_NOT_AVAILABLE',
        originalInput: address,
        errorMessage: view.result?.noFlow
          ? `${view.spec.type} '${view.spec.name}' receives no material, so ${address} was not computed`
          : e.port && view.result && view.result.outlets[e.port.key] === undefined
            ? `No material leaves through ${e.port.name} of '${view.spec.name}', so ${address} has no value`
            : `${address} is not computed under the unit's current specification`,
        suggestions: [],
        remediation: e.def.json ? `Set it with setSimulationVariable to make it the specification, or read another variable of '${view.spec.name}' (listUnitVariables)` : `Read another variable of '${view.spec.name}' (listUnitVariables)`,
      },
    };
  }
  return { ok: true, value: v, unit: choice.unit };
}

/** Error envelope of a failed automation operation: the diagnostic as the error, and in full beside it. */
export function diagnosticFailure(tool: string, d: AutomationDiagnostic, corrections: Correction[] = []): Envelope<never> {
  const fix = d.suggestions.length ? `${d.remediation}. Did you mean: ${d.suggestions.join(', ')}?` : d.remediation;
  const env = failure(tool, 'compute', [issue(d.category, d.errorMessage, fix)], 'automation');
  return { ...env, diagnostic: d, ...(corrections.length ? { corrections } : {}) };
}

/** Success envelope of an automation tool. */
export function automationSuccess<D>(tool: string, calculationType: string, data: D, started: number, message: string, opts: { warnings?: Warning[]; iterations?: number; model?: string; limitations?: string[] } = {}): Envelope<D> {
  return success({
    tool,
    data,
    warnings: opts.warnings ?? [],
    provenance: {
      ...(opts.model ? { model: opts.model } : {}),
      calculationType,
      convergence: { converged: true, iterations: opts.iterations ?? 0 },
      assumptions: AUTOMATION_ASSUMPTIONS,
      limitations: opts.limitations ?? [],
      computationTimeMs: performance.now() - started,
    },
    validationPhase: 'automation',
    validationMessage: message,
  });
}

/** The cubic model(s) the process uses, as runProcess reports them. */
export function modelOf(definition: ProcessDefinition): string {
  return [...new Set(definition.units.flatMap((u) => (u.type === 'Stream' ? [u.feed.fluid.kind] : [])))].join('+');
}

/** The first error of a failed envelope as {code, message}, for studies that record a case's failure and go on. */
export function firstError(env: Envelope, fallbackCode: string, fallbackMessage: string): { code: string; message: string } {
  const e = env.errors?.[0];
  return { code: e?.code ?? fallbackCode, message: e?.message ?? fallbackMessage };
}
