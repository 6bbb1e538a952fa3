/**
 * The units that close solvent loops (a TEG or MEG regeneration loop): a Recycle's own options
 * (outletStream, tolerances) and the original's make-up Calculator. Read from a definition's
 * properties into the engine's UnitSpec fields, with an issue per problem.
 */
import type { PortRef, UnitSpec } from '../../../engine/index.js';
import { issue, type DiagnosticIssue } from '../../contract/envelope.js';

type Declared = readonly { name: string; type: UnitSpec['type'] }[];
type RecycleOptions = Pick<Extract<UnitSpec, { type: 'Recycle' }>, 'outletStream' | 'tolerance'>;

/** Largest tolerance accepted: a looser one would call an unconverged loop converged. */
const MAX_TOLERANCE = 1e-2;
const MIN_TOLERANCE = 1e-14;

function positiveTolerance(v: unknown, field: string, what: string, max: number, issues: DiagnosticIssue[]): number | undefined {
  if (v === undefined) return undefined;
  if (typeof v === 'number' && Number.isFinite(v) && v >= MIN_TOLERANCE && v <= max) return v;
  issues.push(issue('INVALID_PROPERTY', `${what} must be a number from ${MIN_TOLERANCE} to ${max}, got ${JSON.stringify(v)}`, `Give e.g. 1e-8 (default: flow 1e-6 relative, 1e-4 K, Σ|Δz| 1e-7)`, field));
  return undefined;
}

/**
 * Recycle properties: outletStream (the original's setOutletStream: the Stream this recycle
 * writes into, whose declared state starts the loop), tolerance (relative flow and Σ|Δz|, as the
 * original's setTolerance sets both), flowTolerance, compositionTolerance, temperatureTolerance (K).
 */
export function readRecycleOptions(name: string, p: Record<string, unknown>, field: string, declared: Declared, at: number, issues: DiagnosticIssue[]): RecycleOptions | undefined {
  const before = issues.length;
  const pf = (k: string) => `${field}.properties.${k}`;
  const out: RecycleOptions = {};
  if (p.outletStream !== undefined) {
    const target = typeof p.outletStream === 'string' ? declared.findIndex((d) => d.name === p.outletStream) : -1;
    if (target < 0 || declared[target].type !== 'Stream') {
      issues.push(issue('INVALID_PROPERTY', `Recycle '${name}': outletStream ${JSON.stringify(p.outletStream)} is not a Stream of this process`, 'Name the feed Stream that the loop returns to (its flow, T and P are the first guess)', pf('outletStream')));
    } else if (target > at) {
      issues.push(issue('INVALID_PROPERTY', `Recycle '${name}': outletStream '${p.outletStream}' is declared after the recycle`, 'Declare the guess Stream before the units it feeds, ahead of the Recycle', pf('outletStream')));
    } else out.outletStream = p.outletStream as string;
  }
  const both = positiveTolerance(p.tolerance, pf('tolerance'), 'tolerance', MAX_TOLERANCE, issues);
  const flow = positiveTolerance(p.flowTolerance, pf('flowTolerance'), 'flowTolerance', MAX_TOLERANCE, issues) ?? both;
  const composition = positiveTolerance(p.compositionTolerance, pf('compositionTolerance'), 'compositionTolerance', MAX_TOLERANCE, issues) ?? both;
  const temperature = positiveTolerance(p.temperatureTolerance, pf('temperatureTolerance'), 'temperatureTolerance (K)', 1, issues);
  if (flow !== undefined || composition !== undefined || temperature !== undefined) out.tolerance = { flow, composition, temperature };
  return issues.length === before ? out : undefined;
}

/**
 * Calculator {calculatorInputs: [stream references], calculatorOutput: "<Stream>"}: the
 * original's default calculator, which sets the output stream's mass flow to the TEG (MEG when
 * the unit's name starts with "MEG makeup calculator", as the original decides) carried by the
 * inputs, i.e. a solvent make-up equal to the losses.
 */
export function readCalculator(
  name: string,
  p: Record<string, unknown>,
  field: string,
  declared: Declared,
  at: number,
  resolve: (ref: unknown, field: string) => PortRef | undefined,
  issues: DiagnosticIssue[],
): Omit<Extract<UnitSpec, { type: 'Calculator' }>, 'type' | 'name'> | undefined {
  const pf = (k: string) => `${field}.properties.${k}`;
  const refs = p.calculatorInputs;
  if (!Array.isArray(refs) || refs.length === 0) {
    issues.push(issue('MISSING_PROPERTY', `Calculator '${name}' needs calculatorInputs: the streams whose solvent is summed`, 'Set "properties": {"calculatorInputs": ["Contactor.gasOut", "Regenerator.gasOut"], "calculatorOutput": "makeup TEG"}', pf('calculatorInputs')));
    return undefined;
  }
  const inputs = refs.map((r, j) => resolve(r, `${pf('calculatorInputs')}.${j}`));
  const out = p.calculatorOutput;
  const target = typeof out === 'string' ? declared.findIndex((d) => d.name === out) : -1;
  if (target < 0 || declared[target].type !== 'Stream') {
    issues.push(issue('INVALID_PROPERTY', `Calculator '${name}': calculatorOutput ${JSON.stringify(out)} is not a Stream of this process`, 'Name the make-up Stream (its composition, T and P are kept; its flow is set)', pf('calculatorOutput')));
    return undefined;
  }
  if (target > at) {
    issues.push(issue('INVALID_PROPERTY', `Calculator '${name}': calculatorOutput '${out as string}' is declared after the calculator`, 'Declare the make-up Stream before the Calculator, and the units it feeds after it', pf('calculatorOutput')));
    return undefined;
  }
  if (!inputs.every((r) => r !== undefined)) return undefined;
  return { inputs: inputs as PortRef[], output: out as string, component: name.startsWith('MEG makeup calculator') ? 'MEG' : 'TEG' };
}
