/**
 * validateHandoff: the receiving agent's checks of seed 002 ("Cross-Agent Consistency Checks")
 * on an incoming handoff, each reported PASS, FAIL, WARNING or NOT_APPLICABLE with its reason:
 * - schema: the handoff's JSON Schema (handoff-schemas.ts);
 * - units: every numeric field names its unit; temperatures in C or K only (and above absolute
 *   zero), pressures in bara (barg only for a design pressure, bar only for a pressure drop),
 *   flow rates with a unit;
 * - mass_balance: a fluid's mole fractions sum to 1; a flowsheet's stated imbalance and each
 *   one-inlet unit's outlets against its inlet within 0.1 % (the seed's tolerance);
 * - phase_consistency: a fluid's stated phase count against a new flash at its state (runFlash
 *   through the dispatcher); a unit with gas and liquid outlets was fed two phases, at one T and
 *   P per separator, with the gas lighter than the liquid; lifecycle streams have ≥ 1 phase;
 * - integrity (lifecycle): state_json parses and its content gives its checksum.
 */
import { Value } from '@sinclair/typebox/value';
import { HANDOFF_SCHEMAS, handoffTypeOf, HANDOFF_TYPES, type HandoffType } from '../../contract/catalog/handoff-schemas.js';
import { snapshotChecksum, type ProcessStateSnapshot } from '../../process/state/snapshot.js';
import type { ToolContext } from '../../contract/types.js';

type Obj = Record<string, any>;
export type CheckStatus = 'PASS' | 'FAIL' | 'WARNING' | 'NOT_APPLICABLE';
export interface HandoffCheck {
  check: 'schema' | 'units' | 'mass_balance' | 'phase_consistency' | 'integrity';
  status: CheckStatus;
  message: string;
}
export interface HandoffValidation {
  handoffType: HandoffType | null;
  valid: boolean;
  checks: HandoffCheck[];
}

/** The seed's tolerance on a mass balance: outlets equal the inlet within 0.1 %. */
export const MASS_BALANCE_TOLERANCE_PCT = 0.1;

const isObj = (v: unknown): v is Obj => v !== null && typeof v === 'object' && !Array.isArray(v);
const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);

/** Field-name unit suffixes the handoffs use (seed 002 plus the units our producers add). */
const UNIT_SUFFIX = /_(C|K|bara|barg|bar|kg_hr|kg_s|kg_m3|m3_hr|m3_s|Sm3_hr|MSm3_day|mol_hr|kW|MW|W|mm|cm2|mm2|m|m2|m3|m_s|kJ_kg|J_kg|kg|usd|pct|minutes|min|s|hr|day|ratio|count)$/;
/** Dimensionless numeric fields. */
const DIMENSIONLESS = new Set(['mole_fraction', 'number_of_phases', 'inlet_number_of_phases', 'mixing_rule']);

/** Numeric leaves with their paths (the lifecycle state_json is checked as a whole, not field by field). */
function numericLeaves(v: unknown, path: string, out: [string, string, number][]): void {
  if (Array.isArray(v)) v.forEach((x, i) => numericLeaves(x, `${path}/${i}`, out));
  else if (isObj(v)) {
    for (const [k, x] of Object.entries(v)) {
      if (k === 'key_results' || k === 'characterization') continue;
      if (typeof x === 'number') out.push([`${path}/${k}`, k, x]);
      else numericLeaves(x, `${path}/${k}`, out);
    }
  }
}

export function unitCheck(doc: Obj): HandoffCheck {
  const leaves: [string, string, number][] = [];
  numericLeaves(doc, '', leaves);
  const problems: string[] = [];
  for (const [path, key, value] of leaves) {
    if (DIMENSIONLESS.has(key)) continue;
    const m = UNIT_SUFFIX.exec(key);
    if (!m) {
      problems.push(`${path}: no unit in the field name`);
      continue;
    }
    const unit = m[1];
    if (/temperature|_C$|_K$/.test(key) && unit !== 'C' && unit !== 'K') problems.push(`${path}: temperatures are in C or K`);
    if (unit === 'C' && value < -273.15) problems.push(`${path}: ${value} °C is below absolute zero`);
    if (unit === 'K' && value <= 0) problems.push(`${path}: ${value} K is not above absolute zero`);
    if (/pressure/.test(key) && !/drop/.test(key)) {
      if (unit === 'barg' && key !== 'design_pressure_barg') problems.push(`${path}: pressures are in bara (barg only for a design pressure)`);
      else if (unit !== 'bara' && unit !== 'barg') problems.push(`${path}: pressures are in bara`);
      if (unit === 'bara' && value <= 0) problems.push(`${path}: ${value} bara is not a pressure`);
    }
    if (/flow_rate|mass_flow/.test(key) && !/^(kg_hr|kg_s|m3_hr|m3_s|Sm3_hr|MSm3_day|mol_hr)$/.test(unit)) problems.push(`${path}: a flow rate needs a flow unit`);
  }
  return problems.length === 0
    ? { check: 'units', status: 'PASS', message: `${leaves.length} numeric fields, each with its unit (temperatures C/K, pressures bara)` }
    : { check: 'units', status: 'FAIL', message: problems.slice(0, 10).join('; ') + (problems.length > 10 ? `; … ${problems.length - 10} more` : '') };
}

function compositionBalance(fluid: Obj, where: string): HandoffCheck {
  const sum = (fluid.components as Obj[]).reduce((a, c) => a + (num(c.mole_fraction) ?? 0), 0);
  return Math.abs(sum - 1) <= 1e-4
    ? { check: 'mass_balance', status: 'PASS', message: `${where}mole fractions sum to ${sum.toPrecision(8)}` }
    : { check: 'mass_balance', status: 'FAIL', message: `${where}mole fractions sum to ${sum.toPrecision(8)}, not 1 (a receiver would have to renormalise)` };
}

function unitBalances(units: { name: string; inlet: number | null; outlet: number | null }[], stated: number | null): HandoffCheck[] {
  const out: HandoffCheck[] = [];
  if (stated !== null) {
    out.push(stated <= MASS_BALANCE_TOLERANCE_PCT
      ? { check: 'mass_balance', status: 'PASS', message: `Stated flowsheet imbalance ${stated.toPrecision(3)} % ≤ ${MASS_BALANCE_TOLERANCE_PCT} %` }
      : { check: 'mass_balance', status: 'FAIL', message: `Stated flowsheet imbalance ${stated.toPrecision(3)} % exceeds ${MASS_BALANCE_TOLERANCE_PCT} %` });
  }
  const checked = units.filter((u) => u.inlet !== null && u.outlet !== null && u.inlet > 0);
  const bad = checked.filter((u) => (Math.abs(u.outlet! - u.inlet!) / u.inlet!) * 100 > MASS_BALANCE_TOLERANCE_PCT);
  if (checked.length > 0) {
    out.push(bad.length === 0
      ? { check: 'mass_balance', status: 'PASS', message: `Outlets equal the inlet within ${MASS_BALANCE_TOLERANCE_PCT} % for ${checked.length} unit(s)` }
      : { check: 'mass_balance', status: 'FAIL', message: bad.map((u) => `${u.name}: outlets ${u.outlet} kg/hr vs inlet ${u.inlet} kg/hr`).join('; ') });
  }
  if (out.length === 0) out.push({ check: 'mass_balance', status: 'NOT_APPLICABLE', message: 'No inlet and outlet flows of one unit, and no stated imbalance' });
  return out;
}

/** NeqSim system class → runFlash model. */
const MODEL_OF_CLASS: Record<string, string> = { SystemSrkEos: 'SRK', SystemPrEos: 'PR', SystemSrkCPAstatoil: 'CPA', SystemSrkCPA: 'CPA', SystemGERG2008Eos: 'GERG2008' };

/** runFlash input rebuilding a fluid_definition; undefined when its EOS class is not one we implement. */
export function flashInputOf(fluid: Obj): Obj | undefined {
  const model = MODEL_OF_CLASS[fluid.eos_class];
  if (model === undefined) return undefined;
  return {
    model,
    components: Object.fromEntries((fluid.components as Obj[]).map((c) => [c.name, c.mole_fraction])),
    temperature: { value: fluid.temperature_K, unit: 'K' },
    pressure: { value: fluid.pressure_bara, unit: 'bara' },
    ...(fluid.multi_phase_check === true ? { multiPhaseCheck: true } : {}),
  };
}

async function fluidPhaseCheck(fluid: Obj, ctx: ToolContext | undefined): Promise<HandoffCheck> {
  if (!Number.isInteger(fluid.number_of_phases)) return { check: 'phase_consistency', status: 'NOT_APPLICABLE', message: 'The fluid states no number_of_phases to compare' };
  const input = flashInputOf(fluid);
  if (input === undefined) return { check: 'phase_consistency', status: 'WARNING', message: `eos_class ${fluid.eos_class} is not one this server implements (${Object.keys(MODEL_OF_CLASS).join(', ')}): phases not re-checked` };
  if (ctx?.callTool === undefined) return { check: 'phase_consistency', status: 'WARNING', message: 'No flash available in this call: phases not re-checked' };
  const r = await ctx.callTool('runFlash', input);
  const env = r.envelope as Obj;
  if (env.status !== 'success') return { check: 'phase_consistency', status: 'FAIL', message: `The fluid does not flash here: ${env.errors?.[0]?.code ?? env.status} ${env.errors?.[0]?.message ?? ''}`.trim() };
  const n = env.data.flash.numberOfPhases as number;
  return n === fluid.number_of_phases
    ? { check: 'phase_consistency', status: 'PASS', message: `A ${input.model} flash at ${fluid.temperature_K} K, ${fluid.pressure_bara} bara finds ${n} phase(s), as stated` }
    : { check: 'phase_consistency', status: 'FAIL', message: `The source states ${fluid.number_of_phases} phase(s); a ${input.model} flash at ${fluid.temperature_K} K, ${fluid.pressure_bara} bara finds ${n}` };
}

function equipmentPhaseChecks(equipment: Obj[]): HandoffCheck {
  const problems: string[] = [];
  let checked = 0;
  for (const e of equipment) {
    const g = num(e.gas_flow_rate_kg_hr) ?? 0;
    const l = num(e.liquid_flow_rate_kg_hr) ?? 0;
    if (g <= 0 || l <= 0) continue;
    checked++;
    if (e.inlet_number_of_phases === 1) problems.push(`${e.name}: gas and liquid leave, but the inlet is stated single-phase`);
    const rg = num(e.gas_density_kg_m3);
    const rl = num(e.liquid_density_kg_m3);
    if (rg !== null && rl !== null && rg >= rl) problems.push(`${e.name}: gas density ${rg} kg/m3 is not below liquid density ${rl} kg/m3`);
    const same = (a: unknown, b: unknown) => num(a) === null || num(b) === null || Math.abs(num(a)! - num(b)!) <= 1e-6 * Math.max(1, Math.abs(num(a)!));
    if (!same(e.outlet_gas_temperature_C, e.outlet_liquid_temperature_C) || !same(e.outlet_gas_pressure_bara, e.outlet_liquid_pressure_bara)) {
      problems.push(`${e.name}: gas and liquid outlets of one equilibrium stage at different T or P`);
    }
  }
  if (checked === 0) return { check: 'phase_consistency', status: 'NOT_APPLICABLE', message: 'No unit with both gas and liquid outlets' };
  return problems.length === 0
    ? { check: 'phase_consistency', status: 'PASS', message: `${checked} two-phase unit(s): two-phase inlet, gas lighter than liquid, outlets at one T and P` }
    : { check: 'phase_consistency', status: 'FAIL', message: problems.join('; ') };
}

function lifecycleChecks(doc: Obj): HandoffCheck[] {
  const h = doc.handoff as Obj;
  let state: ProcessStateSnapshot;
  try {
    state = JSON.parse(h.state_json) as ProcessStateSnapshot;
  } catch {
    return [{ check: 'integrity', status: 'FAIL', message: 'state_json is not JSON' }];
  }
  if (!isObj(state) || !Array.isArray(state.equipmentStates) || !isObj(state.streamStates) || !Array.isArray(state.connectionStates)) {
    return [{ check: 'integrity', status: 'FAIL', message: 'state_json is not a process state (equipmentStates, streamStates, connectionStates)' }];
  }
  const out: HandoffCheck[] = [];
  const sum = snapshotChecksum(state);
  const stated = h.validation?.checksum ?? state.checksum;
  if (sum !== state.checksum || sum !== stated) out.push({ check: 'integrity', status: 'FAIL', message: 'The state content does not give its checksum: it was changed after it was saved' });
  else if (h.validation?.is_valid !== true) out.push({ check: 'integrity', status: 'FAIL', message: 'The source marks the state invalid (validation.is_valid false)' });
  else out.push({ check: 'integrity', status: 'PASS', message: `sha256 ${sum.slice(0, 12)}… matches the content; the source marks it valid` });

  const units = state.equipmentStates.map((e) => {
    const inlets = state.connectionStates.filter((c) => c.to === e.name);
    const outlets = Object.entries(e.stringProperties).filter(([k, v]) => k.startsWith('outlet.') && v !== '').map(([, v]) => state.streamStates[v]?.massFlow_kg_hr ?? 0);
    const feed = num(e.numericProperties.feedMassFlow_kg_hr);
    return { name: e.name, inlet: inlets.length === 1 ? feed : null, outlet: inlets.length === 1 && outlets.length > 0 ? outlets.reduce((a, b) => a + b, 0) : null };
  });
  out.push(...unitBalances(units, null));
  const badPhases = Object.entries(state.streamStates).filter(([, s]) => !(Number.isInteger(s.numberOfPhases) && s.numberOfPhases >= 1));
  out.push(badPhases.length === 0
    ? { check: 'phase_consistency', status: 'PASS', message: `${Object.keys(state.streamStates).length} streams, each with at least one phase` }
    : { check: 'phase_consistency', status: 'FAIL', message: `Streams without a phase count: ${badPhases.map(([n]) => n).join(', ')}` });
  return out;
}

/** Runs every check that applies to the handoff. */
export async function validateHandoff(doc: Obj, ctx: ToolContext | undefined): Promise<HandoffValidation> {
  const type = handoffTypeOf(doc);
  if (type === undefined) {
    return { handoffType: null, valid: false, checks: [{ check: 'schema', status: 'FAIL', message: `Not a seed-002 handoff: give "handoff_type" (${HANDOFF_TYPES.filter((t) => t !== 'lifecycle_state').join(', ')}) or "schema": "neqsim-lifecycle-state"` }] };
  }
  const schema = HANDOFF_SCHEMAS[type];
  const candidate: unknown = doc; // checked through a copy of the reference, so doc keeps its type
  if (!Value.Check(schema, candidate)) {
    const errors = [...Value.Errors(schema, candidate)].slice(0, 8).map((e) => `${e.path || '/'}: ${e.message}`);
    return { handoffType: type, valid: false, checks: [{ check: 'schema', status: 'FAIL', message: errors.join('; ') }] };
  }
  const checks: HandoffCheck[] = [{ check: 'schema', status: 'PASS', message: `Matches the ${type} schema (neqsim://schemas/handoff/${type})` }, unitCheck(doc)];
  if (type === 'fluid_definition') {
    checks.push(compositionBalance(doc, ''), await fluidPhaseCheck(doc, ctx));
  } else if (type === 'process_simulation') {
    if (isObj(doc.fluid_definition)) checks.push(compositionBalance(doc.fluid_definition, 'fluid_definition: '));
    const equipment = doc.equipment as Obj[];
    const units = equipment.map((e) => {
      const outlets = num(e.outlet_total_flow_rate_kg_hr) ?? (num(e.gas_flow_rate_kg_hr) !== null || num(e.liquid_flow_rate_kg_hr) !== null ? (num(e.gas_flow_rate_kg_hr) ?? 0) + (num(e.liquid_flow_rate_kg_hr) ?? 0) : null);
      return { name: String(e.name), inlet: num(e.inlet_flow_rate_kg_hr), outlet: outlets };
    });
    checks.push(...unitBalances(units, num(doc.mass_balance_error_pct)), equipmentPhaseChecks(equipment));
    if (isObj(doc.fluid_definition) && Number.isInteger(doc.fluid_definition.number_of_phases)) checks.push(await fluidPhaseCheck(doc.fluid_definition, ctx));
  } else if (type === 'lifecycle_state') {
    checks.push(...lifecycleChecks(doc));
  } else {
    checks.push({ check: 'mass_balance', status: 'NOT_APPLICABLE', message: `A ${type} handoff carries no flows to balance` });
    checks.push(internalConsistency(type, doc));
  }
  return { handoffType: type, valid: !checks.some((c) => c.status === 'FAIL'), checks };
}

/** Relations among the single values of the reporting handoffs (margins are differences of their parts). */
function internalConsistency(type: HandoffType, doc: Obj): HandoffCheck {
  const close = (a: number, b: number) => Math.abs(a - b) <= 0.01;
  if (type === 'flow_assurance') {
    const [h, op, m] = [num(doc.hydrate_temperature_C), num(doc.operating_temperature_C), num(doc.subcooling_margin_C)];
    if (h === null || op === null || m === null) return { check: 'phase_consistency', status: 'NOT_APPLICABLE', message: 'Hydrate, operating temperature or margin not given' };
    return close(op - h, m)
      ? { check: 'phase_consistency', status: 'PASS', message: `Margin ${m} °C = operating ${op} °C − hydrate ${h} °C` }
      : { check: 'phase_consistency', status: 'FAIL', message: `Margin ${m} °C is not operating ${op} °C − hydrate ${h} °C = ${(op - h).toFixed(3)} °C` };
  }
  if (type === 'safety_analysis') {
    const problems: string[] = [];
    const [p0, p1] = [num(doc.initial_pressure_bara), num(doc.final_pressure_bara)];
    if (p0 !== null && p1 !== null && p1 > p0) problems.push(`final pressure ${p1} bara above initial ${p0} bara`);
    const [tmin, mdmt, margin] = [num(doc.minimum_temperature_C), num(doc.mdmt_C), num(doc.mdmt_margin_C)];
    if (tmin !== null && mdmt !== null && margin !== null && !close(tmin - mdmt, margin)) problems.push(`MDMT margin ${margin} °C is not minimum temperature − MDMT = ${(tmin - mdmt).toFixed(3)} °C`);
    return problems.length === 0
      ? { check: 'phase_consistency', status: 'PASS', message: 'Pressures fall during the event; the MDMT margin (where given) is minimum temperature − MDMT' }
      : { check: 'phase_consistency', status: 'FAIL', message: problems.join('; ') };
  }
  return { check: 'phase_consistency', status: 'NOT_APPLICABLE', message: `A ${type} handoff states no phases` };
}
