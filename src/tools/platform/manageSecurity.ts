/**
 * manageSecurity (experimental, PLATFORM, v1.2): API keys and tenants for deployments without an
 * identity provider. Actions: status (open), create, list, rotate, revoke (admin token,
 * NEQSIM_MCP_ADMIN_TOKEN, passed as adminToken). Keys are stored hashed and shown once (create,
 * rotate); each carries a tenant and scopes (tool names, "category:<CATEGORY>" or "*") that the
 * dispatcher enforces on REST, /mcp and runTool alike. Enforcement at the transport is a start-up
 * setting, AUTH_API_KEYS=true (src/http/plugins/api-key-auth.ts). Every admin action, granted or
 * refused, is written to the audit log. Mechanics: src/tools/contract/governance/api-keys.ts.
 */
import { Type, type Static } from '@sinclair/typebox';
import { failure, issue, type DiagnosticIssue, type Envelope } from '../contract/envelope.js';
import { catalogIn, defineTool, type ToolContext } from '../contract/types.js';
import { audit } from '../contract/governance/audit.js';
import { activeProfile, checkAdminToken, isAdminConfigured, policyEnvelope } from '../contract/governance/policy.js';
import { policySuccess } from '../contract/governance/respond.js';
import { isSharedStateError, sharedStateUnavailable } from '../contract/shared-state/backend.js';
import { ApiKeyRevokedError, CATEGORY_SCOPE, apiKeyStore, apiKeysEnforced, newKey, sha256Hex, type ApiKeyRecord } from '../contract/governance/api-keys.js';
import { didYouMeanText } from '../contract/spelling.js';

const TOOL = 'manageSecurity';
const ACTIONS = ['status', 'create', 'list', 'rotate', 'revoke'] as const;
const NAME = '^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$';

const Input = Type.Object(
  {
    action: Type.Optional(Type.Union(ACTIONS.map((a) => Type.Literal(a)), { description: 'Default status' })),
    adminToken: Type.Optional(Type.String({ maxLength: 512, description: 'NEQSIM_MCP_ADMIN_TOKEN; required for create, list, rotate and revoke' })),
    name: Type.Optional(Type.String({ pattern: NAME, description: 'create: a label for the key (e.g. "pipeline-team-ci")' })),
    tenant: Type.Optional(Type.String({ pattern: NAME, description: 'create: the tenant the key belongs to (default "default"); list: only this tenant' })),
    scopes: Type.Optional(
      Type.Array(Type.String({ minLength: 1, maxLength: 100 }), {
        minItems: 1,
        maxItems: 100,
        description: 'create: tools the key may call: tool names ("runFlash"), "category:CALCULATION|ADVISORY|EXECUTION|PLATFORM", or "*" for every tool',
      }),
    ),
    keyId: Type.Optional(Type.String({ pattern: '^[0-9a-f]{12}$', description: 'rotate, revoke: the key id (from create or list)' })),
  },
  { additionalProperties: false },
);
type In = Static<typeof Input>;

const KeyInfo = Type.Object(
  {
    id: Type.String(),
    name: Type.String(),
    tenant: Type.String(),
    scopes: Type.Array(Type.String()),
    createdAt: Type.String(),
    createdBy: Type.String(),
    rotatedAt: Type.Optional(Type.String()),
    revokedAt: Type.Optional(Type.String()),
    active: Type.Boolean(),
  },
  { additionalProperties: false },
);

const Output = Type.Object(
  {
    action: Type.String(),
    apiKeysEnforced: Type.Optional(Type.Boolean({ description: 'AUTH_API_KEYS is on: every tool route and /mcp needs a key (or, with OIDC, a bearer token)' })),
    adminConfigured: Type.Optional(Type.Boolean()),
    store: Type.Optional(Type.String({ description: 'Where key records live (file: the manageState directory; memory; redis: shared by every replica, the default with REDIS_URL)' })),
    keyHeaders: Type.Optional(Type.Array(Type.String())),
    scopeSyntax: Type.Optional(Type.Array(Type.String())),
    apiKey: Type.Optional(Type.String({ description: 'create, rotate: the key itself, shown this once; only its hash is kept' })),
    key: Type.Optional(KeyInfo),
    keys: Type.Optional(Type.Array(KeyInfo)),
    count: Type.Optional(Type.Integer({ minimum: 0 })),
    message: Type.Optional(Type.String()),
  },
  { additionalProperties: false },
);
type Data = Static<typeof Output>;

function info(r: ApiKeyRecord): Static<typeof KeyInfo> {
  return {
    id: r.id,
    name: r.name,
    tenant: r.tenant,
    scopes: [...r.scopes],
    createdAt: r.createdAt,
    createdBy: r.createdBy,
    ...(r.rotatedAt !== undefined ? { rotatedAt: r.rotatedAt } : {}),
    ...(r.revokedAt !== undefined ? { revokedAt: r.revokedAt } : {}),
    active: r.revokedAt === undefined,
  };
}

function adminRefusal(action: string, subject: string, verdict: 'not_configured' | 'invalid'): Envelope {
  const notConfigured = verdict === 'not_configured';
  const mode = activeProfile();
  audit({ event: 'admin_action', subject, tool: TOOL, action, outcome: 'refused', profile: mode, detail: notConfigured ? 'admin token not configured' : 'invalid admin token' });
  const reason = `manageSecurity ${action} needs the admin token.${notConfigured ? ' No admin token is configured on this server, so key management is disabled.' : ''}`;
  const env = policyEnvelope({
    status: 'blocked',
    tool: TOOL,
    mode,
    tier: 'SECURITY',
    reason,
    remediation: notConfigured ? 'Set NEQSIM_MCP_ADMIN_TOKEN (at least 8 characters) on the server and restart, then pass it as adminToken.' : 'Pass the configured NEQSIM_MCP_ADMIN_TOKEN as adminToken.',
    policyCode: notConfigured ? 'ADMIN_NOT_CONFIGURED' : 'ADMIN_REQUIRED',
    extraData: { action, adminConfigured: !notConfigured },
  });
  env.message = reason;
  return env;
}

function missing(field: string, action: string): Envelope {
  return failure(TOOL, 'input', [issue('MISSING_FIELD', `action ${action} needs "${field}"`, `Add "${field}" to the input.`, `/${field}`)]);
}

/** Every scope must name a registered tool, a category, or "*": a typo would silently grant nothing. */
function scopeProblems(scopes: readonly string[], ctx: ToolContext): DiagnosticIssue[] {
  const names = catalogIn(ctx).tools.map((t) => t.name);
  const problems: DiagnosticIssue[] = [];
  scopes.forEach((s, i) => {
    if (s === '*' || CATEGORY_SCOPE.test(s) || names.includes(s)) return;
    problems.push(
      issue('UNKNOWN_SCOPE', `Scope ${JSON.stringify(s)} is not a registered tool, a category or "*".${didYouMeanText(s, names)}`, 'Use tool names from getCapabilities, "category:CALCULATION" (ADVISORY, EXECUTION, PLATFORM) or "*".', `/scopes/${i}`),
    );
  });
  return problems;
}

async function known(keyId: string): Promise<{ record: ApiKeyRecord } | { refusal: Envelope }> {
  const r = await apiKeyStore().get(keyId);
  return r !== undefined ? { record: r } : { refusal: failure(TOOL, 'not_found', [issue('UNKNOWN_KEY', `No API key with id ${keyId}`, 'Call manageSecurity with action list for the key ids.', '/keyId')]) };
}

/** A key store that cannot be read or written is the operator's problem: 503, never a 500. */
async function run(input: In, ctx: ToolContext): Promise<Envelope<Data>> {
  try {
    return await runAction(input, ctx);
  } catch (err) {
    // A rotate that raced a revoke (on another replica): the revocation stands.
    if (err instanceof ApiKeyRevokedError) {
      return failure(TOOL, 'compute', [issue('KEY_REVOKED', err.message, 'Create a new key with action create.', '/keyId')]) as Envelope<Data>;
    }
    if (isSharedStateError(err)) return sharedStateUnavailable(TOOL, err) as Envelope<Data>;
    // Our own messages name no server path; a file-system error's message would, so only its code goes out.
    const e = err as NodeJS.ErrnoException;
    const why = e.code !== undefined ? `file system error ${e.code}` : e.message;
    return failure(TOOL, 'busy', [
      issue('KEY_STORE_UNAVAILABLE', `The API key store failed: ${why}`, 'Retry shortly; if it persists, fix the key store (security/api-keys.json in NEQSIM_MCP_STATE_DIR) or set NEQSIM_MCP_API_KEY_STORE.'),
    ]) as Envelope<Data>;
  }
}

async function runAction(input: In, ctx: ToolContext): Promise<Envelope<Data>> {
  const started = performance.now();
  const action = input.action ?? 'status';
  const store = apiKeyStore();
  if (action === 'status') {
    return policySuccess(TOOL, 'security status', {
      action,
      apiKeysEnforced: apiKeysEnforced(),
      adminConfigured: isAdminConfigured(),
      store: store.kind,
      keyHeaders: ['x-api-key: <key>', 'Authorization: ApiKey <key>'],
      scopeSyntax: ['<toolName>', 'category:CALCULATION', 'category:ADVISORY', 'category:EXECUTION', 'category:PLATFORM', '*'],
      message: apiKeysEnforced()
        ? 'API keys are enforced on every tool route and /mcp.'
        : 'API keys are not enforced (AUTH_API_KEYS is off): keys can be managed, but calls are not checked against them.',
    }, started, 'Security status read') as Envelope<Data>;
  }
  const verdict = checkAdminToken(input.adminToken);
  if (verdict !== 'ok') return adminRefusal(action, ctx.subject, verdict) as Envelope<Data>;
  const mode = activeProfile();
  const now = new Date().toISOString();

  if (action === 'create') {
    if (input.name === undefined) return missing('name', action) as Envelope<Data>;
    if (input.scopes === undefined) return missing('scopes', action) as Envelope<Data>;
    const problems = scopeProblems(input.scopes, ctx);
    if (problems.length > 0) return failure(TOOL, 'input', problems) as Envelope<Data>;
    let made = newKey();
    while ((await store.get(made.id)) !== undefined) made = newKey();
    const record: ApiKeyRecord = { id: made.id, name: input.name, tenant: input.tenant ?? 'default', scopes: [...new Set(input.scopes)], hash: sha256Hex(made.key), createdAt: now, createdBy: ctx.subject };
    await store.put(record);
    audit({ event: 'admin_action', subject: ctx.subject, tool: TOOL, action, outcome: 'created', profile: mode, detail: `key ${record.id} tenant ${record.tenant} scopes ${record.scopes.join(',')}` });
    return policySuccess(TOOL, 'api key', { action, apiKey: made.key, key: info(record), message: 'Store this key now: it is not shown again (only its hash is kept).' }, started, 'API key created') as Envelope<Data>;
  }
  if (action === 'list') {
    const keys = (await store.list()).filter((r) => input.tenant === undefined || r.tenant === input.tenant).sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id));
    audit({ event: 'admin_action', subject: ctx.subject, tool: TOOL, action, outcome: 'listed', profile: mode, detail: `${keys.length} keys${input.tenant !== undefined ? ` of tenant ${input.tenant}` : ''}` });
    return policySuccess(TOOL, 'api keys', { action, keys: keys.map(info), count: keys.length }, started, 'API keys listed') as Envelope<Data>;
  }
  // rotate, revoke
  if (input.keyId === undefined) return missing('keyId', action) as Envelope<Data>;
  const lookup = await known(input.keyId);
  if ('refusal' in lookup) return lookup.refusal as Envelope<Data>;
  const found = lookup.record;
  if (found.revokedAt !== undefined) {
    return failure(TOOL, 'compute', [issue('KEY_REVOKED', `API key ${found.id} was revoked at ${found.revokedAt}`, 'Create a new key with action create.', '/keyId')]) as Envelope<Data>;
  }
  if (action === 'rotate') {
    const made = newKey(found.id);
    const record: ApiKeyRecord = { ...found, hash: sha256Hex(made.key), rotatedAt: now };
    await store.put(record);
    audit({ event: 'admin_action', subject: ctx.subject, tool: TOOL, action, outcome: 'rotated', profile: mode, detail: `key ${found.id}` });
    return policySuccess(TOOL, 'api key', { action, apiKey: made.key, key: info(record), message: 'The previous key stopped working now. Store this key: it is not shown again.' }, started, 'API key rotated') as Envelope<Data>;
  }
  const record: ApiKeyRecord = { ...found, revokedAt: now };
  await store.put(record);
  audit({ event: 'admin_action', subject: ctx.subject, tool: TOOL, action, outcome: 'revoked', profile: mode, detail: `key ${found.id}` });
  return policySuccess(TOOL, 'api key', { action, key: info(record), message: 'The key is revoked: calls with it are refused (401).' }, started, 'API key revoked') as Envelope<Data>;
}

export const manageSecurityTool = defineTool({
  name: TOOL,
  tier: 'experimental',
  category: 'PLATFORM',
  since: 'v1.2',
  summary: 'API keys and tenants for deployments without an identity provider: create, list, rotate, revoke (admin token); keys stored hashed, scoped per tool or category.',
  description:
    'API keys for deployments without an identity provider. action "status" (default, open): whether keys are enforced (AUTH_API_KEYS), the store, the headers and scope syntax. ' +
    'Admin actions (adminToken = NEQSIM_MCP_ADMIN_TOKEN): "create" {name, tenant?, scopes: ["runFlash", "category:CALCULATION", "*"]} returns the key once (only its hash is stored); ' +
    '"list" {tenant?} (never returns keys); "rotate" {keyId} returns a new key and invalidates the old one; "revoke" {keyId}. Send a key as x-api-key or Authorization: ApiKey <key>; ' +
    'a call outside its scopes is refused 403, a revoked or unknown key 401. Every admin action is audited.',
  input: Input,
  output: Output,
  exampleCategory: 'security',
  examples: [{ name: 'security-status', description: 'Whether API keys are enforced, and how to send one', input: { action: 'status' } }],
  execution: 'inline',
  run: (input, ctx) => run(input, ctx),
});
