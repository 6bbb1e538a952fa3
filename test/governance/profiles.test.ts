/**
 * Deployment profiles against the contract (seed 000): every registered tool carries the
 * contract's tier/category, and in each profile checkAccess allows exactly what the contract's
 * profile table allows; blocked envelopes have the exact policy shape (surface §4.3).
 */
import t from 'tap';
import { TOOLS } from '../../src/tools/registry.js';
import { checkAccess, configureGovernance, parseProfile, activeProfile } from '../../src/tools/contract/governance/policy.js';
import { configureAudit } from '../../src/tools/contract/governance/audit.js';
import { createDispatcher } from '../../src/tools/dispatcher.js';
import { CONTRACT_TOOLS, INDUSTRIAL_CORE } from './contract-tools.js';
import type { AnyTool } from '../../src/tools/contract/types.js';

configureAudit({ destination: 'off' });

/** The contract's profile table, stated directly from the seed's words. */
const CONTRACT_ALLOWS: Record<string, (tool: AnyTool) => boolean> = {
  // "Core + Advanced + Experimental (all tiers, labeled)"
  DESKTOP_ENGINEER: () => true,
  // "Core + Advanced (no PLATFORM)"
  STUDY_TEAM: (tool) => tool.tier !== 'experimental' && tool.category !== 'PLATFORM',
  // "ADVISORY + CALCULATION only"; advanced tools are "Available in DESKTOP_ENGINEER and STUDY_TEAM modes"
  DIGITAL_TWIN: (tool) => tool.tier === 'core' && (tool.category === 'ADVISORY' || tool.category === 'CALCULATION'),
  // "Industrial core only"
  ENTERPRISE: (tool) => tool.tier === 'core',
};

t.test('every registered tool has the tier and category of the contract table', async (t) => {
  t.ok(TOOLS.length >= 3, 'the governance tools are registered');
  for (const tool of TOOLS) {
    const c = CONTRACT_TOOLS[tool.name];
    if (c === undefined) {
      t.comment(`${tool.name} is not in the contract table; profile rules still apply to its registry class`);
      continue;
    }
    t.same([tool.tier, tool.category], c, `${tool.name} is ${c[0]}/${c[1]}`);
    if (INDUSTRIAL_CORE.includes(tool.name)) t.equal(tool.tier, 'core', `${tool.name} is in the industrial core`);
  }
});

for (const mode of ['DESKTOP_ENGINEER', 'STUDY_TEAM', 'DIGITAL_TWIN', 'ENTERPRISE'] as const) {
  t.test(`${mode}: the allowed set equals the contract table for every registered tool`, async (t) => {
    configureGovernance({ profile: mode });
    t.equal(activeProfile(), mode);
    for (const tool of TOOLS) {
      const expected = CONTRACT_ALLOWS[mode](tool);
      const env = checkAccess(tool.name, 'alice');
      // "approval gates on EXECUTION" (and PLATFORM) in the gated profiles, on from startup.
      const gated = (mode === 'ENTERPRISE' || mode === 'DIGITAL_TWIN') && (tool.category === 'EXECUTION' || tool.category === 'PLATFORM');
      if (expected && gated) {
        t.equal(env?.status, 'approval_required', `${tool.name} allowed after approval`);
      } else if (expected) {
        t.equal(env, null, `${tool.name} allowed`);
      } else {
        t.equal(env?.status, 'blocked', `${tool.name} blocked`);
      }
    }
  });
}

t.test('blocked envelope has the exact contract shape and maps to 403 on the dispatcher', async (t) => {
  configureGovernance({ profile: 'ENTERPRISE' });
  const env = checkAccess('manageState', 'alice');
  const reason = "Tool 'manageState' is not available in ENTERPRISE mode. This mode allows Tier 1 (TRUSTED_CORE) only.";
  t.same(env, {
    apiVersion: '1.0',
    status: 'blocked',
    tool: 'manageState',
    mode: 'ENTERPRISE',
    tier: 'EXPERIMENTAL',
    reason,
    remediation: 'Switch the startup profile to DESKTOP_ENGINEER for local engineering, or request an approved profile from the MCP administrator.',
    data: { mode: 'ENTERPRISE', policyCode: 'EXPERIMENTAL', approvalRequired: false },
    validation: { valid: false, phase: 'policy', message: reason },
    qualityGate: { verdict: 'blocked', summary: reason, engineeringReviewRequired: true },
    warnings: [],
  });
  const dispatch = createDispatcher({ timeoutMs: 5000 });
  const r = await dispatch('manageState', { action: 'list' }, { subject: 'alice', transport: 'api' });
  t.equal(r.httpStatus, 403);
  t.equal(r.envelope.status, 'blocked');
  t.equal(JSON.parse(r.body).tier, 'EXPERIMENTAL');
});

t.test('STUDY_TEAM blocks PLATFORM tools with its own reason', async (t) => {
  configureGovernance({ profile: 'STUDY_TEAM' });
  const env = checkAccess('manageState', 'bob');
  t.equal(env?.status, 'blocked');
  t.match(env?.reason as string, /Tier 1 \(TRUSTED_CORE\) and Tier 2 \(ENGINEERING_ADVANCED\) only/);
});

t.test('unknown tools pass in DESKTOP_ENGINEER (dispatcher answers not-found) and are blocked elsewhere', async (t) => {
  configureGovernance({ profile: 'DESKTOP_ENGINEER' });
  t.equal(checkAccess('noSuchTool', 'alice'), null);
  configureGovernance({ profile: 'DIGITAL_TWIN' });
  const env = checkAccess('noSuchTool', 'alice');
  t.equal(env?.status, 'blocked');
  t.equal(env?.tier, 'UNKNOWN');
  t.same(env?.data, { mode: 'DIGITAL_TWIN', policyCode: 'UNKNOWN', approvalRequired: false });
});

t.test('startup profile parsing: default, case-insensitive, invalid names the variable', async (t) => {
  t.equal(parseProfile(undefined), 'DESKTOP_ENGINEER');
  t.equal(parseProfile(' enterprise '), 'ENTERPRISE');
  t.throws(() => parseProfile('PRODUCTION'), /NEQSIM_MCP_PROFILE must be one of DESKTOP_ENGINEER, STUDY_TEAM, DIGITAL_TWIN, ENTERPRISE/);
});

t.test('checkToolAccess and manageIndustrialProfile describe agree with checkAccess', async (t) => {
  configureGovernance({ profile: 'ENTERPRISE' });
  const dispatch = createDispatcher({ timeoutMs: 5000 });
  const ctx = { subject: 'carol', transport: 'api' as const };
  const access = (await dispatch('checkToolAccess', { toolName: 'manageState' }, ctx)).envelope;
  t.equal(access.status, 'success');
  t.match(access.data, { tool: 'manageState', activeMode: 'ENTERPRISE', category: 'PLATFORM', tier: 'EXPERIMENTAL', allowed: false, requiresApproval: true, inIndustrialCore: false });
  const unknown = (await dispatch('checkToolAccess', { toolName: 'runMagic' }, ctx)).envelope;
  t.match(unknown.data, { registered: false, allowed: false, category: 'UNKNOWN' });
  const described = (await dispatch('manageIndustrialProfile', { action: 'describe' }, ctx)).envelope;
  const data = described.data as { profiles: { name: string; toolCount: number }[]; toolClassification: Record<string, string> };
  for (const p of data.profiles) {
    const expected = TOOLS.filter((tool) => CONTRACT_ALLOWS[p.name](tool)).length;
    t.equal(p.toolCount, expected, `${p.name} tool count`);
  }
  t.equal(data.toolClassification.manageState, 'PLATFORM');
  const classified = (await dispatch('manageIndustrialProfile', { action: 'classifyTool', toolName: 'checkToolAccess' }, ctx)).envelope;
  t.match(classified.data, { tool: 'checkToolAccess', toolCategory: 'ADVISORY', tier: 'TRUSTED_CORE', allowed: true, requiresApproval: false, inIndustrialCore: true });
});
