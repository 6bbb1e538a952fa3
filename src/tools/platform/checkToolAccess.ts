/**
 * checkToolAccess (core, ADVISORY, v1.2): pre-flight answer to "may I call this tool here?" in
 * the active deployment profile. It neither consumes approvals nor runs the tool.
 */
import { Type } from '@sinclair/typebox';
import { defineTool } from '../contract/types.js';
import { activeProfile, classOf, isApprovalPending } from '../contract/governance/policy.js';
import { sharedStateUnavailable } from '../contract/shared-state/backend.js';
import { TIER_LABEL, isAllowedIn, needsApprovalIn } from '../contract/governance/profiles.js';
import { policySuccess } from '../contract/governance/respond.js';

const Input = Type.Object(
  { toolName: Type.String({ minLength: 1, maxLength: 100, description: 'Contract camelCase tool name, e.g. "runFlash"' }) },
  { additionalProperties: false },
);

const Output = Type.Object(
  {
    tool: Type.String({ description: 'The tool asked about' }),
    activeMode: Type.String(),
    registered: Type.Boolean({ description: 'Whether this server registers the tool at all' }),
    category: Type.String({ description: 'ADVISORY | CALCULATION | EXECUTION | PLATFORM, or UNKNOWN' }),
    tier: Type.String({ description: 'TRUSTED_CORE | ENGINEERING_ADVANCED | EXPERIMENTAL, or UNKNOWN' }),
    allowed: Type.Boolean(),
    requiresApproval: Type.Boolean({ description: 'An approval gate applies (reported even when the tool is not allowed)' }),
    approvalPending: Type.Boolean({ description: 'The caller holds an unused one-shot approval for this tool' }),
    inIndustrialCore: Type.Boolean(),
    autoValidation: Type.Boolean(),
    message: Type.Optional(Type.String()),
  },
  { additionalProperties: false },
);

export const checkToolAccessTool = defineTool({
  name: 'checkToolAccess',
  tier: 'core',
  category: 'ADVISORY',
  since: 'v1.2',
  summary: 'Pre-flight check in governed deployments: may this tool run in the active profile, and does it need an approval first? Runs nothing.',
  description:
    'Pre-flight access check for governed deployments: tells whether a tool may run in the active deployment profile ' +
    '(DESKTOP_ENGINEER, STUDY_TEAM, DIGITAL_TWIN, ENTERPRISE), its category and tier, and whether it needs a one-shot ' +
    'approval (manageIndustrialProfile approveTool) first. Does not run the tool and does not consume approvals.',
  input: Input,
  output: Output,
  exampleCategory: 'governance',
  examples: [
    { name: 'check-run-flash', description: 'May runFlash run in the active profile?', input: { toolName: 'runFlash' } },
    { name: 'check-manage-state', description: 'Is the PLATFORM tool manageState allowed or approval-gated here?', input: { toolName: 'manageState' } },
  ],
  execution: 'inline',
  async run(input, ctx) {
    const started = performance.now();
    const mode = activeProfile();
    const cls = classOf(input.toolName);
    const name = input.toolName;
    if (cls === undefined) {
      return policySuccess('checkToolAccess', 'tool access check', {
        tool: name,
        activeMode: mode,
        registered: false,
        category: 'UNKNOWN',
        tier: 'UNKNOWN',
        allowed: false,
        requiresApproval: false,
        approvalPending: false,
        inIndustrialCore: false,
        autoValidation: true,
        message: `Tool '${name}' is not registered on this server. Call getCapabilities for the tool list.`,
      }, started);
    }
    const allowed = isAllowedIn(mode, cls);
    const requiresApproval = needsApprovalIn(mode, cls);
    let approvalPending: boolean;
    try {
      approvalPending = await isApprovalPending(ctx.subject, name);
    } catch (err) {
      return sharedStateUnavailable('checkToolAccess', err);
    }
    let message: string | undefined;
    if (!allowed) {
      message = `Tool '${name}' is not allowed in ${mode} mode. Switch to a less restrictive profile or use an alternative tool.`;
    } else if (requiresApproval && !approvalPending) {
      message = `Tool '${name}' requires human approval in ${mode} mode. Present the planned action to the engineer for confirmation.`;
    }
    return policySuccess('checkToolAccess', 'tool access check', {
      tool: name,
      activeMode: mode,
      registered: true,
      category: cls.category,
      tier: TIER_LABEL[cls.tier],
      allowed,
      requiresApproval,
      approvalPending,
      inIndustrialCore: cls.tier === 'core',
      autoValidation: true,
      ...(message !== undefined ? { message } : {}),
    }, started);
  },
});
