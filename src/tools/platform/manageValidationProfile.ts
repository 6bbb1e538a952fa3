/**
 * manageValidationProfile (experimental, PLATFORM, v1.2): named validation rule sets, the limits
 * validateResults and auto-validation apply (src/tools/contract/governance/validation-rules.ts).
 * Only `default` ships, each rule with its basis; no jurisdiction set ships because no
 * jurisdiction's clauses are transcribed here. Changing sets needs the admin token and is audited.
 * State: per process, or shared by all replicas with REDIS_URL (see validation-rules.ts).
 */
import { Type, type Static } from '@sinclair/typebox';
import { failure, issue, type DiagnosticIssue, type Envelope } from '../contract/envelope.js';
import { defineTool, type ToolContext } from '../contract/types.js';
import { between, VALUE_LIMIT } from '../contract/bounded.js';
import { audit } from '../contract/governance/audit.js';
import { activeProfile, checkAdminToken, policyEnvelope } from '../contract/governance/policy.js';
import { policySuccess } from '../contract/governance/respond.js';
import { isSharedStateError, sharedStateUnavailable } from '../contract/shared-state/backend.js';
import {
  DEFAULT_SET,
  activateRuleSet,
  activeRuleSetName,
  deleteRuleSet,
  effectiveRules,
  getRuleSet,
  listRuleSets,
  ruleDefinition,
  saveRuleSet,
  type RuleOverride,
  type RuleSet,
} from '../contract/governance/validation-rules.js';

const TOOL = 'manageValidationProfile';
const ACTIONS = ['listProfiles', 'getProfile', 'getActiveProfile', 'setActiveProfile', 'createProfile', 'updateProfile', 'deleteProfile'] as const;
const ADMIN_ACTIONS: ReadonlySet<string> = new Set(['setActiveProfile', 'createProfile', 'updateProfile', 'deleteProfile']);
const SEVERITY = Type.Union([Type.Literal('ERROR'), Type.Literal('WARNING'), Type.Literal('INFO')]);
const NOTE = 'Only "default" ships: the limits validateResults and auto-validation apply, each with its basis (mostly rules of thumb from the original NeqSim validator). No NCS, UKCS, GoM or Brazil set ships: their clauses are not transcribed here.';

const RuleInput = Type.Object(
  {
    id: Type.String({ maxLength: 40 }),
    unit: Type.String({ maxLength: 20 }),
    // Limits in the rule's own unit (K, bar, kg/m3, relative …): any engineering value fits within ±1e15.
    min: Type.Optional(between(-VALUE_LIMIT, VALUE_LIMIT)),
    max: Type.Optional(between(-VALUE_LIMIT, VALUE_LIMIT)),
    severity: Type.Optional(SEVERITY),
    basis: Type.String({ maxLength: 500 }),
  },
  { additionalProperties: false },
);

const Input = Type.Object(
  {
    action: Type.Optional(Type.Union(ACTIONS.map((a) => Type.Literal(a)), { description: 'Default listProfiles' })),
    profileName: Type.Optional(Type.String({ maxLength: 64 })),
    description: Type.Optional(Type.String({ maxLength: 300 })),
    rules: Type.Optional(Type.Array(RuleInput, { maxItems: 50 })),
    adminToken: Type.Optional(Type.String({ maxLength: 512 })),
  },
  { additionalProperties: false },
);
type In = Static<typeof Input>;

const RuleOut = Type.Object({
  id: Type.String(),
  quantity: Type.String(),
  unit: Type.String(),
  min: Type.Optional(Type.Number()),
  max: Type.Optional(Type.Number()),
  severity: SEVERITY,
  appliedBy: Type.String(),
  basis: Type.String(),
});
const Summary = Type.Object({ name: Type.String(), description: Type.String(), builtIn: Type.Boolean(), active: Type.Boolean(), overriddenRules: Type.Array(Type.String()) });

const Output = Type.Object(
  {
    action: Type.String(),
    activeProfile: Type.String(),
    note: Type.Optional(Type.String()),
    profiles: Type.Optional(Type.Array(Summary)),
    profile: Type.Optional(Type.Object({ name: Type.String(), description: Type.String(), builtIn: Type.Boolean(), active: Type.Boolean(), rules: Type.Array(RuleOut) })),
    previousProfile: Type.Optional(Type.String()),
    message: Type.Optional(Type.String()),
  },
  { additionalProperties: false },
);
type Data = Static<typeof Output>;

function summary(s: RuleSet): Static<typeof Summary> {
  return { name: s.name, description: s.description, builtIn: s.builtIn, active: s.name === activeRuleSetName(), overriddenRules: s.overrides.map((o) => o.id) };
}

function detail(s: RuleSet): NonNullable<Data['profile']> {
  return { name: s.name, description: s.description, builtIn: s.builtIn, active: s.name === activeRuleSetName(), rules: effectiveRules(s) };
}

function inputError(code: string, message: string, fix: string, path: string): Envelope {
  return failure(TOOL, 'input', [issue(code, message, fix, path)]);
}

function notFound(name: string): Envelope {
  return inputError('PROFILE_NOT_FOUND', `No validation profile "${name}"`, `Use one of: ${listRuleSets().map((s) => s.name).join(', ')}.`, '/profileName');
}

function adminRefusal(action: string, subject: string, verdict: 'not_configured' | 'invalid'): Envelope {
  const notConfigured = verdict === 'not_configured';
  const mode = activeProfile();
  audit({ event: 'admin_action', subject, tool: TOOL, action, outcome: 'refused', profile: mode, detail: notConfigured ? 'admin token not configured' : 'invalid admin token' });
  const reason = `${TOOL} ${action} needs the admin token.${notConfigured ? ' No admin token is configured on this server, so validation profiles cannot be changed.' : ''}`;
  const env = policyEnvelope({
    status: 'blocked',
    tool: TOOL,
    mode,
    tier: 'PLATFORM',
    reason,
    remediation: notConfigured ? 'Set NEQSIM_MCP_ADMIN_TOKEN on the server, then pass it as adminToken.' : 'Pass the configured NEQSIM_MCP_ADMIN_TOKEN as adminToken.',
    policyCode: notConfigured ? 'ADMIN_NOT_CONFIGURED' : 'ADMIN_REQUIRED',
    extraData: { action },
  });
  env.message = reason;
  return env;
}

/** A rule override must name a default rule, use its unit, and set only the bounds that rule has. */
function ruleProblems(rules: readonly RuleOverride[]): DiagnosticIssue[] {
  const problems: DiagnosticIssue[] = [];
  const seen = new Set<string>();
  rules.forEach((o, i) => {
    const at = `/rules/${i}`;
    const d = ruleDefinition(o.id);
    if (d === undefined) {
      problems.push(issue('UNKNOWN_RULE', `rules[${i}].id "${o.id}" is not a validation rule`, 'Call getProfile {"profileName": "default"} for the rule ids.', `${at}/id`));
      return;
    }
    if (o.basis.trim().length < 3) problems.push(issue('MISSING_BASIS', `rule ${o.id} has no basis`, 'Say where the limit comes from (clause, company standard, reason).', `${at}/basis`));
    if (seen.has(o.id)) problems.push(issue('DUPLICATE_RULE', `rule ${o.id} is listed twice`, 'List each rule once.', `${at}/id`));
    seen.add(o.id);
    if (o.unit !== d.unit) problems.push(issue('UNIT_MISMATCH', `rule ${o.id} is in ${d.unit}, not "${o.unit}"`, `Give the limits in ${d.unit} and set unit to "${d.unit}".`, `${at}/unit`));
    if (o.min === undefined && o.max === undefined && o.severity === undefined) problems.push(issue('EMPTY_RULE', `rule ${o.id} sets no min, max or severity`, 'Set a limit or a severity, or leave the rule out.', at));
    if (o.min !== undefined && d.min === undefined) problems.push(issue('NO_SUCH_BOUND', `rule ${o.id} has no lower limit`, `Set max only (default max ${d.max}).`, `${at}/min`));
    if (o.max !== undefined && d.max === undefined) problems.push(issue('NO_SUCH_BOUND', `rule ${o.id} has no upper limit`, `Set min only (default min ${d.min}).`, `${at}/max`));
    const min = o.min ?? d.min;
    const max = o.max ?? d.max;
    if (min !== undefined && max !== undefined && !(min < max)) problems.push(issue('INVALID_RANGE', `rule ${o.id}: min ${min} is not below max ${max}`, 'Make min smaller than max.', at));
  });
  return problems;
}

async function save(input: In, ctx: ToolContext, action: 'createProfile' | 'updateProfile', started: number): Promise<Envelope> {
  const name = input.profileName as string;
  const existing = getRuleSet(name);
  if (action === 'createProfile' && existing !== undefined) return inputError('PROFILE_EXISTS', `Validation profile "${name}" exists`, 'Use updateProfile, or another name.', '/profileName');
  if (action === 'updateProfile' && existing === undefined) return notFound(name);
  if (existing?.builtIn === true) return inputError('BUILT_IN_PROFILE', `"${name}" is built in and cannot be changed`, 'Create a profile of your own.', '/profileName');
  if (input.rules === undefined && action === 'createProfile') return inputError('MISSING_FIELD', 'createProfile needs "rules"', 'Add "rules": [{id, unit, min|max|severity, basis}].', '/rules');
  const rules = input.rules ?? existing?.overrides ?? [];
  const problems = ruleProblems(rules);
  if (problems.length > 0) return failure(TOOL, 'input', problems);
  const set: RuleSet = {
    name,
    description: input.description ?? existing?.description ?? '',
    builtIn: false,
    overrides: rules.map((o) => ({ ...o })),
    createdBy: existing?.createdBy ?? ctx.subject,
    updatedAt: new Date().toISOString(),
  };
  await saveRuleSet(set);
  audit({ event: 'admin_action', subject: ctx.subject, tool: TOOL, action, outcome: action === 'createProfile' ? 'created' : 'updated', profile: activeProfile(), detail: `${name}: ${rules.map((o) => o.id).join(',')}` });
  return policySuccess(TOOL, 'validation profile', { action, activeProfile: activeRuleSetName(), profile: detail(set), message: `Validation profile ${name} ${action === 'createProfile' ? 'created' : 'updated'}` } satisfies Data, started, 'Admin token verified');
}

async function run(input: In, ctx: ToolContext): Promise<Envelope> {
  const started = performance.now();
  const action = input.action ?? 'listProfiles';
  const ok = (data: Omit<Data, 'action' | 'activeProfile'>, message?: string) => policySuccess(TOOL, 'validation profile', { action, activeProfile: activeRuleSetName(), ...data }, started, message);
  if (action !== 'listProfiles' && action !== 'getActiveProfile' && input.profileName === undefined) {
    return inputError('MISSING_FIELD', `action ${action} needs "profileName"`, 'Add "profileName" (listProfiles names them).', '/profileName');
  }
  if (ADMIN_ACTIONS.has(action)) {
    const verdict = checkAdminToken(input.adminToken);
    if (verdict !== 'ok') return adminRefusal(action, ctx.subject, verdict);
  }
  const name = input.profileName as string;
  if (name !== undefined && !/^[A-Za-z0-9_-]{1,64}$/.test(name)) {
    return inputError('INVALID_NAME', `profileName "${name}" is not 1-64 letters, digits, _ or -`, 'Use a name like "company-2026".', '/profileName');
  }
  switch (action) {
    case 'listProfiles':
      return ok({ note: NOTE, profiles: listRuleSets().map(summary) });
    case 'getActiveProfile':
      return ok({ profile: detail(getRuleSet(activeRuleSetName()) as RuleSet) });
    case 'getProfile': {
      const set = getRuleSet(name);
      return set === undefined ? notFound(name) : ok({ note: NOTE, profile: detail(set) });
    }
    case 'setActiveProfile': {
      const previous = activeRuleSetName();
      if (!(await activateRuleSet(name))) return notFound(name);
      audit({ event: 'admin_action', subject: ctx.subject, tool: TOOL, action, outcome: 'changed', profile: activeProfile(), detail: `${previous} -> ${name}` });
      return ok({ previousProfile: previous, message: `validateResults and auto-validation now apply ${name}` }, 'Admin token verified');
    }
    case 'createProfile':
    case 'updateProfile':
      return save(input, ctx, action, started);
    case 'deleteProfile': {
      if (name === DEFAULT_SET) return inputError('BUILT_IN_PROFILE', '"default" is built in and cannot be deleted', 'Delete a profile you created.', '/profileName');
      if (!(await deleteRuleSet(name))) return notFound(name);
      audit({ event: 'admin_action', subject: ctx.subject, tool: TOOL, action, outcome: 'deleted', profile: activeProfile(), detail: name });
      return ok({ message: `Validation profile ${name} deleted` }, 'Admin token verified');
    }
  }
}

export const manageValidationProfileTool = defineTool({
  name: TOOL,
  tier: 'experimental',
  category: 'PLATFORM',
  since: 'v1.2',
  summary: 'Validation rule sets: the limits validateResults and auto-validation apply.',
  description:
    'Validation rule sets. listProfiles (default), getProfile {profileName}, getActiveProfile; with adminToken: setActiveProfile, createProfile/updateProfile {profileName, rules: [{id, unit, min, max, severity, basis}]} (overrides of default rules), deleteProfile. ' +
    'The active set drives validateResults and auto-validation. Only "default" ships (rules of thumb with their basis); no jurisdiction sets. Per process; shared across replicas with REDIS_URL.',
  input: Input,
  output: Output,
  exampleCategory: 'governance',
  examples: [
    { name: 'list-validation-profiles', description: 'The rule sets and which is active', input: { action: 'listProfiles' } },
    { name: 'get-default-validation-profile', description: 'Every default rule with its limits and basis', input: { action: 'getProfile', profileName: 'default' } },
  ],
  execution: 'inline',
  async run(input, ctx) {
    try {
      return (await run(input, ctx)) as Envelope<Data>;
    } catch (err) {
      if (isSharedStateError(err)) return sharedStateUnavailable(TOOL, err) as Envelope<Data>;
      throw err;
    }
  },
});
