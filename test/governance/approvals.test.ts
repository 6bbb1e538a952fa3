/**
 * Approval gates and admin actions (surface §4.2–4.4, seed 000): an ENTERPRISE server has its
 * gates on from startup (deliberate fix), approvals are one-shot and per subject, admin actions
 * need the configured token (constant-time check) and refused attempts are audited.
 *
 * No contract tool is a core EXECUTION/PLATFORM tool, so the gate is exercised with a test tool
 * classified core/EXECUTION through the policy's lookup hook and the dispatcher's lookup.
 */
import t from 'tap';
import { Type } from '@sinclair/typebox';
import { configureGovernance, checkAccess, activeProfile } from '../../src/tools/contract/governance/policy.js';
import { configureAudit, recentAuditEvents } from '../../src/tools/contract/governance/audit.js';
import { createDispatcher } from '../../src/tools/dispatcher.js';
import { getTool } from '../../src/tools/registry.js';
import { success } from '../../src/tools/contract/envelope.js';
import { defineTool, type AnyTool } from '../../src/tools/contract/types.js';

configureAudit({ destination: 'off' });

const ADMIN = 'correct-horse-battery-staple';

const writeBack = defineTool({
  name: 'writeBackSetpoint',
  tier: 'core',
  category: 'EXECUTION',
  since: 'v1.0',
  description: 'test tool: pretends to write a setpoint',
  input: Type.Object({ value: Type.Number() }, { additionalProperties: false }),
  output: Type.Object({ written: Type.Number() }),
  exampleCategory: 'test',
  examples: [],
  execution: 'inline',
  run: (input) =>
    success({
      tool: 'writeBackSetpoint',
      data: { written: input.value },
      provenance: { calculationType: 'test', convergence: { converged: true, iterations: 0 }, assumptions: [], limitations: [], computationTimeMs: 0 },
    }),
});

const lookupTool = (name: string): AnyTool | undefined => (name === writeBack.name ? writeBack : getTool(name));
const lookupClass = (name: string) => {
  const tool = lookupTool(name);
  return tool && { tier: tool.tier, category: tool.category };
};

function setup(profile: 'ENTERPRISE' | 'DESKTOP_ENGINEER' | 'DIGITAL_TWIN', adminToken: string | null = ADMIN) {
  configureGovernance({ profile, ...(adminToken !== null ? { adminToken } : {}), lookup: lookupClass });
  return createDispatcher({ timeoutMs: 5000, lookup: lookupTool });
}

t.test('ENTERPRISE started from config gates EXECUTION tools from the first call, with the exact shape', async (t) => {
  const dispatch = setup('ENTERPRISE');
  const r = await dispatch('writeBackSetpoint', { value: 3 }, { subject: 'alice', transport: 'rest' });
  t.equal(r.httpStatus, 403);
  const reason = "Tool 'writeBackSetpoint' requires explicit approval in ENTERPRISE mode.";
  t.same(JSON.parse(r.body), {
    apiVersion: '1.0',
    status: 'approval_required',
    tool: 'writeBackSetpoint',
    mode: 'ENTERPRISE',
    tier: 'TRUSTED_CORE',
    reason,
    remediation: 'Call manageIndustrialProfile with action approveTool using an admin token, then retry once.',
    data: { mode: 'ENTERPRISE', policyCode: 'APPROVAL_REQUIRED', approvalRequired: true },
    validation: { valid: false, phase: 'policy', message: reason },
    qualityGate: { verdict: 'blocked', summary: reason, engineeringReviewRequired: true },
    warnings: [],
  });
});

t.test('approveTool grants exactly one execution to the approving subject', async (t) => {
  const dispatch = setup('ENTERPRISE');
  const alice = { subject: 'alice', transport: 'rest' as const };
  const approve = await dispatch('manageIndustrialProfile', { action: 'approveTool', toolName: 'writeBackSetpoint', adminToken: ADMIN }, alice);
  t.equal(approve.httpStatus, 200);
  t.match(approve.envelope, {
    status: 'success',
    tool: 'manageIndustrialProfile',
    data: { tool: 'writeBackSetpoint', approval: 'next_invocation', approvedFor: 'alice', gatedInActiveMode: true },
    validation: { valid: true, phase: 'policy', message: 'Approval recorded' },
    qualityGate: { verdict: 'approved', summary: 'One-shot approval recorded', engineeringReviewRequired: false },
  });
  const pending = await dispatch('checkToolAccess', { toolName: 'writeBackSetpoint' }, alice);
  t.match(pending.envelope.data, { allowed: true, requiresApproval: true, approvalPending: true });

  const bob = await dispatch('writeBackSetpoint', { value: 1 }, { subject: 'bob', transport: 'rest' });
  t.equal(bob.envelope.status, 'approval_required', "alice's approval does not cover bob");

  const first = await dispatch('writeBackSetpoint', { value: 7 }, alice);
  t.equal(first.httpStatus, 200);
  t.same(first.envelope.data, { written: 7 });
  const second = await dispatch('writeBackSetpoint', { value: 8 }, alice);
  t.equal(second.envelope.status, 'approval_required', 'the approval was consumed by the first call');

  const events = recentAuditEvents(20).filter((e) => e.tool === 'writeBackSetpoint');
  t.same(
    events.slice(-3).map((e) => [e.subject, e.outcome]),
    [['bob', 'approval_required'], ['alice', 'approval_consumed'], ['alice', 'approval_required']],
    'gate decisions are audited with the subject',
  );
});

t.test('wrong admin token is refused in constant-time check and audited; no token configured disables admin actions', async (t) => {
  const dispatch = setup('ENTERPRISE');
  const mallory = { subject: 'mallory', transport: 'mcp' as const };
  for (const bad of ['wrong-token', ADMIN + 'x', ADMIN.slice(0, -1), '']) {
    const r = await dispatch('manageIndustrialProfile', { action: 'approveTool', toolName: 'writeBackSetpoint', adminToken: bad }, mallory);
    t.equal(r.httpStatus, 403);
    t.match(r.envelope, { status: 'blocked', tool: 'manageIndustrialProfile', data: { policyCode: 'ADMIN_REQUIRED', adminConfigured: true } });
  }
  const missing = await dispatch('manageIndustrialProfile', { action: 'setActive', mode: 'DESKTOP_ENGINEER' }, mallory);
  t.match(missing.envelope, { status: 'blocked', data: { policyCode: 'ADMIN_REQUIRED' } });
  t.equal(activeProfile(), 'ENTERPRISE', 'profile unchanged');
  t.equal((await dispatch('writeBackSetpoint', { value: 1 }, mallory)).envelope.status, 'approval_required', 'no approval was granted');
  const refused = recentAuditEvents(10).filter((e) => e.event === 'admin_action' && e.subject === 'mallory');
  t.equal(refused.length, 5, 'every refused attempt is audited');
  t.ok(refused.every((e) => e.outcome === 'refused'));

  const noToken = setup('ENTERPRISE', null);
  const r = await noToken('manageIndustrialProfile', { action: 'setActive', mode: 'DESKTOP_ENGINEER', adminToken: 'anything' }, mallory);
  t.match(r.envelope, { status: 'blocked', data: { policyCode: 'ADMIN_NOT_CONFIGURED', adminConfigured: false } });
  t.equal(activeProfile(), 'ENTERPRISE');
});

t.test('setActive with the admin token switches profiles and gates follow', async (t) => {
  const dispatch = setup('DESKTOP_ENGINEER');
  const admin = { subject: 'admin', transport: 'api' as const };
  t.equal((await dispatch('writeBackSetpoint', { value: 1 }, admin)).httpStatus, 200, 'DESKTOP_ENGINEER has no gate');
  const r = await dispatch('manageIndustrialProfile', { action: 'setActive', mode: 'ENTERPRISE', adminToken: ADMIN }, admin);
  t.match(r.envelope, { status: 'success', data: { activeMode: 'ENTERPRISE', previousMode: 'DESKTOP_ENGINEER', approvalGateEnabled: true } });
  t.equal(activeProfile(), 'ENTERPRISE');
  t.equal(checkAccess('writeBackSetpoint', 'admin')?.status, 'approval_required');
  t.equal(checkAccess('manageState', 'admin')?.status, 'blocked');
  const changed = recentAuditEvents(5).filter((e) => e.event === 'admin_action' && e.action === 'setActive');
  t.match(changed.at(-1), { subject: 'admin', outcome: 'changed', detail: 'DESKTOP_ENGINEER -> ENTERPRISE' });

  const twin = await dispatch('manageIndustrialProfile', { action: 'setActive', mode: 'DIGITAL_TWIN', adminToken: ADMIN }, admin);
  t.equal(twin.envelope.status, 'success');
  t.equal(checkAccess('writeBackSetpoint', 'admin')?.status, 'blocked', 'DIGITAL_TWIN allows no EXECUTION tools at all');

  const unknown = await dispatch('manageIndustrialProfile', { action: 'approveTool', toolName: 'noSuchTool', adminToken: ADMIN }, admin);
  t.match(unknown.envelope, { status: 'blocked', data: { policyCode: 'UNKNOWN_TOOL' } });
  const badMode = await dispatch('manageIndustrialProfile', { action: 'setActive', mode: 'PRODUCTION', adminToken: ADMIN }, admin);
  t.equal(badMode.httpStatus, 400, 'an invalid mode is a schema error naming the field');
  t.equal(badMode.envelope.errors?.[0]?.field, '/mode');
});
