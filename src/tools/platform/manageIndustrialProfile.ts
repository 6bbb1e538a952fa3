/**
 * manageIndustrialProfile (core, ADVISORY, v1.2): describe the deployment profiles, read the active
 * one, change it at runtime (admin token), grant one-shot approvals (admin token) and classify
 * tools. Admin actions and refused admin attempts are written to the audit log.
 */
import { Type, type Static } from '@sinclair/typebox';
import { failure, issue, type Envelope } from '../contract/envelope.js';
import { catalogIn, defineTool, type AnyTool, type ToolContext } from '../contract/types.js';
import { audit } from '../contract/governance/audit.js';
import {
  activeProfile,
  approvalGateEnabled,
  checkAdminToken,
  classOf,
  grantApproval,
  isAdminConfigured,
  policyEnvelope,
  setActiveMode,
} from '../contract/governance/policy.js';
import { DEPLOYMENT_MODES, PROFILES, TIER_LABEL, isAllowedIn, needsApprovalIn, type DeploymentMode } from '../contract/governance/profiles.js';
import { policySuccess } from '../contract/governance/respond.js';
import { sharedStateUnavailable } from '../contract/shared-state/backend.js';

const TOOL = 'manageIndustrialProfile';
const ACTIONS = ['describe', 'getActive', 'setActive', 'approveTool', 'classifyTool'] as const;

const Input = Type.Object(
  {
    action: Type.Optional(Type.Union(ACTIONS.map((a) => Type.Literal(a)), { description: 'Default describe' })),
    mode: Type.Optional(Type.Union(DEPLOYMENT_MODES.map((m) => Type.Literal(m)), { description: 'Target profile for setActive' })),
    adminToken: Type.Optional(Type.String({ maxLength: 512, description: 'NEQSIM_MCP_ADMIN_TOKEN; required for setActive and approveTool' })),
    toolName: Type.Optional(Type.String({ minLength: 1, maxLength: 100, description: 'Tool for approveTool and classifyTool' })),
  },
  { additionalProperties: false },
);

const ProfileInfo = Type.Object(
  {
    name: Type.String(),
    description: Type.String(),
    toolAccess: Type.String(),
    toolCount: Type.Integer({ minimum: 0, description: 'Registered tools this profile allows' }),
    approvalGate: Type.Boolean(),
    autoValidation: Type.String({ description: '"On by default" or "Enforced"' }),
  },
  { additionalProperties: false },
);

const Output = Type.Object(
  {
    action: Type.String(),
    activeMode: Type.Optional(Type.String()),
    autoValidation: Type.Optional(Type.Boolean()),
    approvalGateEnabled: Type.Optional(Type.Boolean()),
    adminConfigured: Type.Optional(Type.Boolean()),
    previousMode: Type.Optional(Type.String()),
    message: Type.Optional(Type.String()),
    profiles: Type.Optional(Type.Array(ProfileInfo)),
    toolClassification: Type.Optional(Type.Record(Type.String(), Type.String())),
    tier1_trustedCore: Type.Optional(Type.Array(Type.String())),
    tier2_engineeringAdvanced: Type.Optional(Type.Array(Type.String())),
    tier3_experimental: Type.Optional(Type.Array(Type.String())),
    tool: Type.Optional(Type.String()),
    approval: Type.Optional(Type.Literal('next_invocation')),
    approvedFor: Type.Optional(Type.String()),
    gatedInActiveMode: Type.Optional(Type.Boolean()),
    category: Type.Optional(Type.String()),
    toolCategory: Type.Optional(Type.String()),
    tier: Type.Optional(Type.String()),
    allowed: Type.Optional(Type.Boolean()),
    requiresApproval: Type.Optional(Type.Boolean()),
    inIndustrialCore: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
type Data = Static<typeof Output>;
type In = Static<typeof Input>;

function adminRefusal(action: string, subject: string, verdict: 'not_configured' | 'invalid'): Envelope {
  const mode = activeProfile();
  const notConfigured = verdict === 'not_configured';
  const reason =
    action === 'setActive'
      ? 'Admin token required to change the active profile at runtime.'
      : 'Admin authorization is required to approve governed tool execution.';
  audit({ event: 'admin_action', subject, tool: TOOL, action, outcome: 'refused', profile: mode, detail: notConfigured ? 'admin token not configured' : 'invalid admin token' });
  const env = policyEnvelope({
    status: 'blocked',
    tool: TOOL,
    mode,
    tier: TIER_LABEL.core,
    reason: notConfigured ? `${reason} No admin token is configured on this server, so admin actions are disabled.` : reason,
    remediation: notConfigured
      ? 'Set NEQSIM_MCP_ADMIN_TOKEN on the server (or configure NEQSIM_MCP_PROFILE at startup), then pass it as adminToken.'
      : 'Pass the configured NEQSIM_MCP_ADMIN_TOKEN as adminToken.',
    policyCode: notConfigured ? 'ADMIN_NOT_CONFIGURED' : 'ADMIN_REQUIRED',
    extraData: { action, adminConfigured: !notConfigured },
  });
  env.message = env.reason;
  return env;
}

function toolCountIn(tools: readonly AnyTool[], mode: DeploymentMode): number {
  return tools.filter((t) => isAllowedIn(mode, t)).length;
}

function describe(tools: readonly AnyTool[]): Data {
  const mode = activeProfile();
  const names = (tier: string) => tools.filter((t) => t.tier === tier).map((t) => t.name);
  return {
    action: 'describe',
    activeMode: mode,
    autoValidation: true,
    approvalGateEnabled: approvalGateEnabled(mode),
    adminConfigured: isAdminConfigured(),
    profiles: DEPLOYMENT_MODES.map((m) => {
      const p = PROFILES[m];
      return {
        name: m,
        description: p.description,
        toolAccess: p.toolAccess,
        toolCount: toolCountIn(tools, m),
        approvalGate: p.approvalGate,
        autoValidation: p.autoValidationEnforced ? 'Enforced' : 'On by default',
      };
    }),
    toolClassification: Object.fromEntries(tools.map((t) => [t.name, t.category])),
    tier1_trustedCore: names('core'),
    tier2_engineeringAdvanced: names('advanced'),
    tier3_experimental: names('experimental'),
  };
}

function missing(field: string, action: string): Envelope {
  return failure(TOOL, 'input', [issue('MISSING_FIELD', `action ${action} needs "${field}"`, `Add "${field}" to the input.`, `/${field}`)]);
}

async function setActive(input: In, ctx: ToolContext, started: number): Promise<Envelope> {
  const verdict = checkAdminToken(input.adminToken);
  if (verdict !== 'ok') return adminRefusal('setActive', ctx.subject, verdict);
  if (input.mode === undefined) return missing('mode', 'setActive');
  const previous = activeProfile();
  try {
    await setActiveMode(input.mode);
  } catch (err) {
    return sharedStateUnavailable(TOOL, err);
  }
  audit({ event: 'admin_action', subject: ctx.subject, tool: TOOL, action: 'setActive', outcome: 'changed', profile: input.mode, detail: `${previous} -> ${input.mode}` });
  return policySuccess(TOOL, 'profile change', {
    action: 'setActive',
    activeMode: input.mode,
    previousMode: previous,
    approvalGateEnabled: approvalGateEnabled(input.mode),
    message: `Deployment mode set to ${input.mode}. Tool access updated.`,
  }, started, 'Admin token verified; profile changed');
}

async function approveTool(input: In, ctx: ToolContext, started: number): Promise<Envelope> {
  const verdict = checkAdminToken(input.adminToken);
  if (verdict !== 'ok') return adminRefusal('approveTool', ctx.subject, verdict);
  if (input.toolName === undefined) return missing('toolName', 'approveTool');
  const mode = activeProfile();
  const cls = classOf(input.toolName);
  if (cls === undefined) {
    audit({ event: 'admin_action', subject: ctx.subject, tool: TOOL, action: 'approveTool', outcome: 'refused', profile: mode, detail: `unknown tool ${input.toolName}` });
    const env = policyEnvelope({
      status: 'blocked',
      tool: TOOL,
      mode,
      tier: 'UNKNOWN_TOOL',
      reason: `Cannot approve unknown MCP tool '${input.toolName}'.`,
      remediation: 'Call getCapabilities for the registered tool names.',
      policyCode: 'UNKNOWN_TOOL',
      extraData: { action: 'approveTool' },
    });
    env.message = env.reason;
    return env;
  }
  try {
    await grantApproval(ctx.subject, input.toolName);
  } catch (err) {
    return sharedStateUnavailable(TOOL, err);
  }
  audit({ event: 'admin_action', subject: ctx.subject, tool: TOOL, action: 'approveTool', outcome: 'granted', profile: mode, detail: input.toolName });
  const env = policySuccess(TOOL, 'one-shot approval', {
    action: 'approveTool',
    tool: input.toolName,
    approval: 'next_invocation' as const,
    approvedFor: ctx.subject,
    gatedInActiveMode: needsApprovalIn(mode, cls),
    message: `Next invocation of ${input.toolName} is approved once.`,
  }, started, 'Approval recorded');
  env.qualityGate = { verdict: 'approved', summary: 'One-shot approval recorded', engineeringReviewRequired: false };
  return env;
}

function classify(input: In, started: number): Envelope {
  if (input.toolName === undefined) return missing('toolName', 'classifyTool');
  const mode = activeProfile();
  const cls = classOf(input.toolName);
  const data: Data = cls === undefined
    ? { action: 'classifyTool', tool: input.toolName, category: 'UNKNOWN', toolCategory: 'UNKNOWN', tier: 'UNKNOWN', allowed: false, requiresApproval: false, inIndustrialCore: false }
    : {
        action: 'classifyTool',
        tool: input.toolName,
        category: TIER_LABEL[cls.tier],
        toolCategory: cls.category,
        tier: TIER_LABEL[cls.tier],
        allowed: isAllowedIn(mode, cls),
        requiresApproval: needsApprovalIn(mode, cls),
        inIndustrialCore: cls.tier === 'core',
      };
  return policySuccess(TOOL, 'tool classification', data, started);
}

export const manageIndustrialProfileTool = defineTool({
  name: TOOL,
  tier: 'core',
  category: 'ADVISORY',
  since: 'v1.2',
  summary: 'Deployment profiles and governance: describe or switch the active profile, approve a gated tool for one call, classify a tool.',
  description:
    'Deployment profiles and governance. action describe (default) lists the profiles DESKTOP_ENGINEER, STUDY_TEAM, ' +
    'DIGITAL_TWIN, ENTERPRISE with the tools each allows; getActive reports the active one; setActive {mode, adminToken} ' +
    'changes it at runtime; approveTool {toolName, adminToken} grants the caller one execution of an approval-gated ' +
    'tool (consumed by the next call); classifyTool {toolName} gives its tier and category. adminToken must equal the ' +
    "server's NEQSIM_MCP_ADMIN_TOKEN; without a configured token admin actions are refused. Auto-validation is always on. " +
    'Approval gates (DIGITAL_TWIN, ENTERPRISE) are on from startup when NEQSIM_MCP_PROFILE selects those profiles ' +
    '(a deliberate fix: the original server only enabled them after a runtime setActive).',
  input: Input,
  output: Output,
  exampleCategory: 'governance',
  examples: [
    { name: 'describe-profiles', description: 'List the deployment profiles and tool classification', input: { action: 'describe' } },
    { name: 'get-active-profile', description: 'Active profile and whether admin actions are configured', input: { action: 'getActive' } },
    { name: 'classify-run-flash', description: 'Tier and category of runFlash', input: { action: 'classifyTool', toolName: 'runFlash' } },
  ],
  execution: 'inline',
  async run(input, ctx) {
    const started = performance.now();
    switch (input.action ?? 'describe') {
      case 'describe':
        return policySuccess(TOOL, 'profile description', describe(catalogIn(ctx).tools), started);
      case 'getActive': {
        const mode = activeProfile();
        return policySuccess(TOOL, 'active profile', {
          action: 'getActive',
          activeMode: mode,
          autoValidation: true,
          approvalGateEnabled: approvalGateEnabled(mode),
          adminConfigured: isAdminConfigured(),
        }, started);
      }
      case 'setActive':
        return (await setActive(input, ctx, started)) as Envelope<Data>;
      case 'approveTool':
        return (await approveTool(input, ctx, started)) as Envelope<Data>;
      case 'classifyTool':
        return classify(input, started) as Envelope<Data>;
    }
  },
});
