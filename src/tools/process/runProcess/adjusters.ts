/**
 * Adjuster units of a process definition (seed 001, spec/neqsim-surface.md: adjustedEquipment,
 * adjustedVariable, targetEquipment, targetVariable, targetValue, targetUnit): "vary this input
 * until that result equals the target". They are taken out of the flowsheet and solved around it:
 * each trial writes the adjusted variable into the JSON (the automation write path, with its
 * checks and bounds), solves the flowsheet and reads the target (the automation read path).
 *
 * One adjuster: secant on target(x) − value from the current setting and a 1 % step, kept inside
 * the variable's bounds, bisection once the root is bracketed (regula falsi, Illinois). Several:
 * solved in turn, sweep after sweep, until every target holds (at most 20 sweeps). Tolerance:
 * |target − value| ≤ 1e-6·max(1, |value|) in the target's unit. A target the variable cannot reach
 * within its bounds is reported as not converged with the closest result, never as met.
 * The original reads `stepSize` but never uses it; we do not either, and say so.
 */
import { normalizeEquipmentType } from '../../contract/flash-models.js';
import { issue, warning, type DiagnosticIssue, type Warning } from '../../contract/envelope.js';
import { isPlainObject } from '../../platform/validation/issues.js';
import { resolveAddress } from '../automation/address.js';
import { loadDefinition, readVariable, solveDefinition, viewOf } from '../automation/common.js';
import { applyWrite, unitList } from '../automation/write.js';
import type { ProcessDefinition } from './definition.js';
import type { ToolContext } from '../../contract/types.js';

export interface AdjusterSpec {
  name: string;
  adjustedAddress: string;
  adjustedUnit: string | undefined;
  targetAddress: string;
  targetValue: number;
  targetUnit: string | undefined;
}

/** A SetPoint unit: target := multiplier·source + offset, each in its unit. */
export interface SetPointSpec {
  name: string;
  sourceAddress: string;
  sourceUnit: string | undefined;
  targetAddress: string;
  targetUnit: string | undefined;
  multiplier: number;
  offset: number;
}

export interface SetPointReport {
  name: string;
  sourceVariable: string;
  sourceValue: number;
  targetVariable: string;
  targetValue: number;
  converged: boolean;
}

export interface AdjusterReport {
  name: string;
  adjustedVariable: string;
  adjustedValue: number;
  adjustedUnit: string;
  targetVariable: string;
  targetValue: number;
  achievedValue: number;
  targetUnit: string;
  converged: boolean;
  iterations: number;
}

const MAX_ITERATIONS = 40;
const MAX_SWEEPS = 20;

const str = (v: unknown): string | undefined => (typeof v === 'string' && v.trim() !== '' ? v.trim() : undefined);

/** The adjusters of a definition and the definition without them; issues for malformed ones. */
export function extractAdjusters(doc: Record<string, unknown>): { specs: AdjusterSpec[]; setPoints: SetPointSpec[]; stripped: Record<string, unknown>; issues: DiagnosticIssue[] } {
  const issues: DiagnosticIssue[] = [];
  const specs: AdjusterSpec[] = [];
  const setPoints: SetPointSpec[] = [];
  const stripped = structuredClone(doc);
  const list = unitList(stripped);
  const keep: Record<string, unknown>[] = [];
  list.forEach((u, i) => {
    const kind = normalizeEquipmentType(u.type);
    if (kind !== 'Adjuster' && kind !== 'SetPoint') {
      keep.push(u);
      return;
    }
    const field = `process[${i}]`;
    const p = isPlainObject(u.properties) ? { ...u, ...u.properties } : u;
    if (kind === 'SetPoint') {
      const name = str(u.name) ?? `SetPoint ${i + 1}`;
      const f = { sourceEquipment: str(p.sourceEquipment), sourceVariable: str(p.sourceVariable), targetEquipment: str(p.targetEquipment), targetVariable: str(p.targetVariable) };
      const before = issues.length;
      for (const [k, v] of Object.entries(f)) if (v === undefined) issues.push(issue('MISSING_SETPOINT_FIELD', `SetPoint '${name}' needs ${k}`, `Give "${k}", e.g. ${k.startsWith('source') ? '"HP Sep" / "pressure"' : '"Valve" / "outletPressure"'}`, `${field}.${k}`));
      for (const k of ['multiplier', 'offset'] as const) if (p[k] !== undefined && (typeof p[k] !== 'number' || !Number.isFinite(p[k]))) issues.push(issue('MISSING_SETPOINT_FIELD', `SetPoint '${name}': ${k} must be a number`, `Give "${k}" as a number`, `${field}.${k}`));
      if (issues.length > before) return;
      setPoints.push({
        name,
        sourceAddress: `${f.sourceEquipment}.${f.sourceVariable}`,
        sourceUnit: str(p.sourceUnit) ?? str(p.targetUnit),
        targetAddress: `${f.targetEquipment}.${f.targetVariable}`,
        targetUnit: str(p.targetUnit),
        multiplier: typeof p.multiplier === 'number' ? p.multiplier : 1,
        offset: typeof p.offset === 'number' ? p.offset : 0,
      });
      return;
    }
    const name = str(u.name) ?? `Adjuster ${i + 1}`;
    const adjustedEquipment = str(p.adjustedEquipment);
    const adjustedVariable = str(p.adjustedVariable);
    const targetEquipment = str(p.targetEquipment);
    const targetVariable = str(p.targetVariable);
    const targetValue = p.targetValue;
    for (const [k, v] of [
      ['adjustedEquipment', adjustedEquipment],
      ['adjustedVariable', adjustedVariable],
      ['targetEquipment', targetEquipment],
      ['targetVariable', targetVariable],
    ] as const) {
      if (v === undefined) issues.push(issue('MISSING_ADJUSTER_FIELD', `Adjuster '${name}' needs ${k}`, `Give "${k}", e.g. ${k.startsWith('adjusted') ? '"Cooler" / "outTemperature"' : '"HP Sep.gasOut" / "temperature"'}`, `${field}.${k}`));
    }
    if (typeof targetValue !== 'number' || !Number.isFinite(targetValue)) issues.push(issue('MISSING_ADJUSTER_FIELD', `Adjuster '${name}' needs a numeric targetValue`, 'Give "targetValue": a number in targetUnit', `${field}.targetValue`));
    if (issues.length > 0) return;
    specs.push({
      name,
      adjustedAddress: `${adjustedEquipment}.${adjustedVariable}`,
      adjustedUnit: str(p.adjustedUnit),
      targetAddress: `${targetEquipment}.${targetVariable}`,
      targetValue: targetValue as number,
      targetUnit: str(p.targetUnit),
    });
  });
  const p = stripped.process;
  if (Array.isArray(p)) stripped.process = keep;
  else if (isPlainObject(p) && Array.isArray(p.equipment)) p.equipment = keep;
  return { specs, setPoints, stripped, issues };
}

type Trial = { ok: true; doc: Record<string, unknown>; definition: ProcessDefinition; target: number; unit: string } | { ok: false; code: string; message: string };

/** Writes x into the adjusted variable, solves, reads the target. */
function trial(tool: string, doc: Record<string, unknown>, definition: ProcessDefinition, spec: AdjusterSpec, x: number, ctx?: ToolContext): Trial {
  const w = applyWrite(tool, doc, definition, spec.adjustedAddress, x, spec.adjustedUnit);
  if (!w.ok) return { ok: false, code: w.code, message: `${spec.name}: ${w.message}` };
  const solved = solveDefinition(tool, w.definition, ctx);
  if (!solved.ok) return { ok: false, code: solved.env.errors?.[0]?.code ?? 'PROCESS_ERROR', message: `${spec.name} at ${x}: ${solved.env.errors?.[0]?.message ?? 'the flowsheet did not solve'}` };
  const hit = resolveAddress(w.definition.units, spec.targetAddress);
  if (!hit.ok) return { ok: false, code: hit.diagnostic.category, message: `${spec.name}: ${hit.diagnostic.errorMessage}` };
  const r = readVariable(viewOf(w.definition, hit.unit, solved.solved), hit.entry, spec.targetUnit, spec.targetAddress);
  if (!r.ok) return { ok: false, code: r.diagnostic.category, message: `${spec.name}: ${r.diagnostic.errorMessage}` };
  return { ok: true, doc: w.doc, definition: w.definition, target: r.value, unit: r.unit };
}

export type AdjustOutcome =
  | { ok: true; doc: Record<string, unknown>; reports: AdjusterReport[]; setPointReports: SetPointReport[]; warnings: Warning[] }
  | { ok: false; issues: DiagnosticIssue[] };

/** Solves every adjuster of `stripped` (its Adjuster units already removed). */
export function solveAdjusters(tool: string, stripped: Record<string, unknown>, specs: readonly AdjusterSpec[], setPoints: readonly SetPointSpec[], ctx?: ToolContext): AdjustOutcome {
  const loaded = loadDefinition(tool, stripped);
  if (!loaded.ok) return { ok: false, issues: loaded.env.errors ?? [] };
  let doc = stripped;
  let definition = loaded.definition;
  // Check every address once up front, with the automation layer's diagnostics; from here on the
  // resolved (self-healed) addresses are used and reported.
  const issues: DiagnosticIssue[] = [];
  const resolved: AdjusterSpec[] = [];
  for (const s of specs) {
    const addresses: string[] = [];
    for (const [what, address] of [
      ['adjusted', s.adjustedAddress],
      ['target', s.targetAddress],
    ] as const) {
      const hit = resolveAddress(definition.units, address);
      if (!hit.ok) issues.push(issue(hit.diagnostic.category, `Adjuster '${s.name}': ${hit.diagnostic.errorMessage}`, hit.diagnostic.suggestions.length ? `${hit.diagnostic.remediation}. Did you mean: ${hit.diagnostic.suggestions.join(', ')}?` : hit.diagnostic.remediation, `${s.name}.${what}Variable`));
      else if (what === 'adjusted' && hit.entry.def.json === undefined) issues.push(issue('READ_ONLY_VARIABLE', `Adjuster '${s.name}': ${hit.address} is a computed result, not a specification`, "Adjust one of the unit's specifications (getAdjustableParameters lists them)", `${s.name}.adjustedVariable`));
      else addresses.push(hit.address);
    }
    if (addresses.length === 2) resolved.push({ ...s, adjustedAddress: addresses[0]!, targetAddress: addresses[1]! });
  }
  const resolvedSetPoints: SetPointSpec[] = [];
  for (const sp of setPoints) {
    const src = resolveAddress(definition.units, sp.sourceAddress);
    const dst = resolveAddress(definition.units, sp.targetAddress);
    for (const [what, hit] of [
      ['source', src],
      ['target', dst],
    ] as const) {
      if (!hit.ok) issues.push(issue(hit.diagnostic.category, `SetPoint '${sp.name}': ${hit.diagnostic.errorMessage}`, hit.diagnostic.suggestions.length ? `${hit.diagnostic.remediation}. Did you mean: ${hit.diagnostic.suggestions.join(', ')}?` : hit.diagnostic.remediation, `${sp.name}.${what}Variable`));
    }
    if (dst.ok && dst.entry.def.json === undefined) issues.push(issue('READ_ONLY_VARIABLE', `SetPoint '${sp.name}': ${dst.address} is a computed result, not a specification`, "Set one of the unit's specifications (getAdjustableParameters lists them)", `${sp.name}.targetVariable`));
    else if (src.ok && dst.ok) resolvedSetPoints.push({ ...sp, sourceAddress: src.address, targetAddress: dst.address });
  }
  if (issues.length > 0) return { ok: false, issues };
  specs = resolved;
  setPoints = resolvedSetPoints;
  const setPointReports = setPoints.map((sp): SetPointReport => ({ name: sp.name, sourceVariable: sp.sourceAddress, sourceValue: NaN, targetVariable: sp.targetAddress, targetValue: NaN, converged: false }));
  /** Writes every setpoint's target from its source; true when any target moved. */
  const applySetPoints = (): { ok: true; changed: boolean } | { ok: false; issues: DiagnosticIssue[] } => {
    let changed = false;
    for (const [k, sp] of setPoints.entries()) {
      const solved = solveDefinition(tool, definition, ctx);
      if (!solved.ok) return { ok: false, issues: solved.env.errors ?? [] };
      const src = resolveAddress(definition.units, sp.sourceAddress);
      const dst = resolveAddress(definition.units, sp.targetAddress);
      if (!src.ok || !dst.ok) return { ok: false, issues: [issue('PROPERTY_NOT_FOUND', `SetPoint '${sp.name}': an address no longer resolves`, 'Check the setpoint addresses')] };
      const v = readVariable(viewOf(definition, src.unit, solved.solved), src.entry, sp.sourceUnit, sp.sourceAddress);
      if (!v.ok) return { ok: false, issues: [issue(v.diagnostic.category, `SetPoint '${sp.name}': ${v.diagnostic.errorMessage}`, v.diagnostic.remediation)] };
      const target = sp.multiplier * v.value + sp.offset;
      const now = readVariable(viewOf(definition, dst.unit), dst.entry, sp.targetUnit, sp.targetAddress);
      setPointReports[k] = { ...setPointReports[k]!, sourceValue: v.value, targetValue: target };
      if (now.ok && Math.abs(now.value - target) <= 1e-9 * Math.max(1, Math.abs(target))) continue;
      const w = applyWrite(tool, doc, definition, sp.targetAddress, target, sp.targetUnit);
      if (!w.ok) return { ok: false, issues: [issue(w.code, `SetPoint '${sp.name}': ${w.message}`, 'Check the multiplier and offset against the target variable and its unit')] };
      ({ doc, definition } = w);
      changed = true;
    }
    return { ok: true, changed };
  };

  const reports = specs.map((s): AdjusterReport => ({ name: s.name, adjustedVariable: s.adjustedAddress, adjustedValue: NaN, adjustedUnit: s.adjustedUnit ?? '', targetVariable: s.targetAddress, targetValue: s.targetValue, achievedValue: NaN, targetUnit: s.targetUnit ?? '', converged: false, iterations: 0 }));
  const warnings: Warning[] = [];
  for (let sweep = 0; sweep < MAX_SWEEPS; sweep++) {
    const sp = applySetPoints();
    if (!sp.ok) return { ok: false, issues: sp.issues };
    let allMet = !sp.changed;
    for (const [k, s] of specs.entries()) {
      const tol = 1e-6 * Math.max(1, Math.abs(s.targetValue));
      const hit = resolveAddress(definition.units, s.adjustedAddress);
      if (!hit.ok) return { ok: false, issues: [issue(hit.diagnostic.category, hit.diagnostic.errorMessage, hit.diagnostic.remediation)] };
      const current = readVariable(viewOf(definition, hit.unit), hit.entry, s.adjustedUnit, s.adjustedAddress);
      if (!current.ok) return { ok: false, issues: [issue(current.diagnostic.category, `Adjuster '${s.name}': ${current.diagnostic.errorMessage}`, current.diagnostic.remediation)] };
      const rep = reports[k]!;
      rep.adjustedUnit = current.unit;
      let x0 = current.value;
      const first = trial(tool, doc, definition, s, x0, ctx);
      if (!first.ok) return { ok: false, issues: [issue(first.code, first.message, 'Check the adjusted and target variables and that the flowsheet solves at the starting setting')] };
      let f0 = first.target - s.targetValue;
      rep.iterations++;
      rep.targetUnit = first.unit;
      let best = { x: x0, f: f0, doc: first.doc, definition: first.definition };
      if (Math.abs(f0) <= tol) {
        rep.adjustedValue = x0;
        rep.achievedValue = first.target;
        rep.converged = true;
        ({ doc, definition } = best);
        continue;
      }
      allMet = false;
      let x1 = x0 === 0 ? 1 : x0 * 1.01;
      // Bracket for the Illinois phase once a sign change is seen.
      let bracket: { a: number; fa: number; b: number; fb: number } | undefined;
      let converged = false;
      for (let it = 0; it < MAX_ITERATIONS; it++) {
        const t = trial(tool, doc, definition, s, x1, ctx);
        rep.iterations++;
        if (!t.ok) {
          // Outside what the unit or flowsheet accepts: step back halfway towards the last good point.
          x1 = (x0 + x1) / 2;
          continue;
        }
        const f1 = t.target - s.targetValue;
        if (Math.abs(f1) < Math.abs(best.f)) best = { x: x1, f: f1, doc: t.doc, definition: t.definition };
        if (Math.abs(f1) <= tol) {
          converged = true;
          break;
        }
        if (Math.sign(f1) !== Math.sign(f0)) bracket = { a: x0, fa: f0, b: x1, fb: f1 };
        let next: number;
        if (bracket !== undefined) {
          // Regula falsi (Illinois) inside the bracket.
          if (Math.sign(f1) === Math.sign(bracket.fa)) {
            bracket.a = x1;
            bracket.fa = f1;
            bracket.fb /= 2;
          } else {
            bracket.b = x1;
            bracket.fb = f1;
            bracket.fa /= 2;
          }
          next = (bracket.a * bracket.fb - bracket.b * bracket.fa) / (bracket.fb - bracket.fa);
        } else {
          next = f1 === f0 ? x1 + (x1 - x0) : x1 - (f1 * (x1 - x0)) / (f1 - f0);
          // At most ten times the last step; the variable's bounds are enforced by the write
          // (a refused value halves the step back).
          const limit = 10 * Math.abs(x1 - x0) + 1e-12;
          next = Math.min(x1 + limit, Math.max(x1 - limit, next));
        }
        x0 = x1;
        f0 = f1;
        x1 = next;
      }
      ({ doc, definition } = best);
      rep.adjustedValue = best.x;
      rep.achievedValue = best.f + s.targetValue;
      rep.converged = converged;
      if (!converged) {
        warnings.push(warning('CONVERGENCE_WARNING', `Adjuster '${s.name}' did not reach ${s.targetAddress} = ${s.targetValue}${s.targetUnit ? ` ${s.targetUnit}` : ''}: closest ${rep.achievedValue} with ${s.adjustedAddress} = ${best.x}`));
        return { ok: true, doc, reports, setPointReports, warnings };
      }
    }
    if (allMet) {
      for (const r of setPointReports) r.converged = true;
      return { ok: true, doc, reports, setPointReports, warnings };
    }
  }
  warnings.push(warning('CONVERGENCE_WARNING', `The adjusters and setpoints did not all hold together after ${MAX_SWEEPS} sweeps`));
  for (const r of reports) r.converged = false;
  return { ok: true, doc, reports, setPointReports, warnings };
}
