/**
 * fromHandoff: feeds an incoming seed-002 handoff to the tool of this server that consumes it,
 * after validateHandoff has passed it:
 * - fluid_definition → runFlash at the handoff's state (the receiving agent's own flash);
 * - process_simulation → sizeEquipment for every unit with gas and liquid outlets (its "handoff"
 *   input), each sizing passed on as a mechanical_design handoff (the seed's process → mechanical
 *   design chain);
 * - lifecycle_state → runProcess re-runs the state's definition and the new state is compared
 *   with the one handed over (the seed's "version comparison"): reproduced or not, and what moved;
 * - mechanical_design, flow_assurance, safety_analysis → the reporting form (results.json
 *   key_results and assumptions), which is what the seed hands these to.
 * Every sub-call goes through the dispatcher as the same caller (governance, pool, time budget).
 */
import type { ToolContext } from '../../contract/types.js';
import type { HandoffType } from '../../contract/catalog/handoff-schemas.js';
import { buildSnapshot, diffSnapshots, type ProcessStateSnapshot } from '../../process/state/snapshot.js';
import type { ProcessPayload } from '../../process/runProcess/report.js';
import { flashInputOf } from './handoff-checks.js';
import { mechanicalDesign } from './handoffs-design.js';

type Obj = Record<string, any>;
export type Consumption = { ok: true; result: Obj } | { ok: false; code: string; message: string; fix: string };

/** Relative tolerance for "the state was reproduced": well above solver noise, far below any real change. */
const REPRODUCTION_REL_TOL = 1e-6;

async function call(ctx: ToolContext, tool: string, input: Obj): Promise<{ ok: true; env: Obj } | { ok: false; code: string; message: string; fix: string }> {
  if (ctx.callTool === undefined) return { ok: false, code: 'NOT_AVAILABLE', message: 'fromHandoff calls other tools and needs the dispatcher', fix: 'Call bridgeTaskWorkflow through REST, MCP or runTool' };
  const r = await ctx.callTool(tool, input);
  const env = r.envelope as Obj;
  if (env.status !== 'success') {
    const e = env.errors?.[0];
    return { ok: false, code: e?.code ?? 'TOOL_FAILED', message: `${tool} refused the handoff's values (${env.status}): ${e?.message ?? ''}`.trim(), fix: e?.fix ?? 'Check the handoff with validateHandoff' };
  }
  return { ok: true, env };
}

const numericFields = (h: Obj): Obj => Object.fromEntries(Object.entries(h).filter(([, v]) => typeof v === 'number'));

export async function consumeHandoff(type: HandoffType, doc: Obj, ctx: ToolContext, agent: string): Promise<Consumption> {
  if (type === 'fluid_definition') {
    const input = flashInputOf(doc);
    if (input === undefined) return { ok: false, code: 'UNSUPPORTED_EOS', message: `eos_class ${JSON.stringify(doc.eos_class)} is not a model this server implements`, fix: 'Use SystemSrkEos, SystemPrEos, SystemSrkCPAstatoil or SystemGERG2008Eos' };
    const r = await call(ctx, 'runFlash', input);
    if (!r.ok) return r;
    return { ok: true, result: { consumedBy: 'runFlash', toolInput: input, toolOutput: r.env, assumptions: doc.assumptions } };
  }
  if (type === 'process_simulation') {
    const units = (doc.equipment as Obj[]).filter((e) => (e.gas_flow_rate_kg_hr ?? 0) > 0 && (e.liquid_flow_rate_kg_hr ?? 0) > 0);
    if (units.length === 0) return { ok: false, code: 'NOTHING_TO_CONSUME', message: 'No unit of the handoff has both gas and liquid outlets: there is no separator to size', fix: 'Pass a process_simulation with a two-phase separator' };
    const sizings: Obj[] = [];
    const handoffs: Obj[] = [];
    for (const u of units) {
      const input = { equipmentType: 'separator', equipmentName: u.name, handoff: doc };
      const r = await call(ctx, 'sizeEquipment', input);
      if (!r.ok) return r;
      sizings.push({ equipmentName: u.name, sizing: r.env.data.sizing, designBasis: r.env.data.designBasis });
      const m = mechanicalDesign(r.env, { equipmentName: u.name }, agent, [...(doc.assumptions as string[])]);
      if (m.ok) handoffs.push(m.handoff);
    }
    return { ok: true, result: { consumedBy: 'sizeEquipment', sizings, handoffs } };
  }
  if (type === 'lifecycle_state') {
    const h = doc.handoff as Obj;
    const old = JSON.parse(h.state_json) as ProcessStateSnapshot;
    const r = await call(ctx, 'runProcess', old.processDefinition);
    if (!r.ok) return r;
    const rerun = buildSnapshot(old.processDefinition, r.env.data as ProcessPayload, { name: old.name, version: old.version, description: old.description, createdBy: ctx.subject });
    const diff = diffSnapshots(old, rerun, REPRODUCTION_REL_TOL);
    return {
      ok: true,
      result: {
        consumedBy: 'runProcess',
        reproduced: !diff.hasChanges,
        relativeTolerance: REPRODUCTION_REL_TOL,
        differences: diff,
        rerunChecksum: rerun.checksum,
        handedOverChecksum: old.checksum,
      },
    };
  }
  // The reporting handoffs: what a task report takes from them.
  return {
    ok: true,
    result: {
      consumedBy: 'results.json',
      resultsJson: { key_results: numericFields(doc), assumptions: [...(doc.assumptions as string[])], _meta: { source: doc.source_agent, handoff_type: type } },
    },
  };
}
