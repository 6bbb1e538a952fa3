/**
 * Access policy on the dispatch path. checkAccess is called once per tool call, before any work,
 * for REST, MCP and runTool() alike. It returns null when the call may proceed, otherwise the
 * contract's `blocked` or `approval_required` envelope (spec/neqsim-surface.md §4.3).
 *
 * Deliberate fix over the original server: a server *started* with NEQSIM_MCP_PROFILE=ENTERPRISE
 * (or DIGITAL_TWIN) has its approval gates on from the first call. The original only switched
 * them on through a runtime setActive, so a governed deployment started ungated.
 *
 * State (active mode, one-shot approvals) is process-wide, as in the original; it lives on the
 * main thread, where the dispatcher runs. With REDIS_URL set, a SharedGovernance
 * (shared-state/governance.ts) makes it cluster-wide: approvals are kept and consumed in Redis
 * (once, atomically), and a profile change is published to every replica, whose cached mode
 * follows within PROFILE_BOUND_MS.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { API_VERSION, type Envelope } from '../envelope.js';
import { audit } from './audit.js';
import { sharedStateUnavailable } from '../shared-state/backend.js';
import {
  PROFILES,
  TIER_LABEL,
  blockedReason,
  isAllowedIn,
  isDeploymentMode,
  needsApprovalIn,
  type DeploymentMode,
  type ToolClass,
} from './profiles.js';

export interface GovernanceSettings {
  profile: DeploymentMode;
  /** NEQSIM_MCP_ADMIN_TOKEN; without it setActive and approveTool are refused. */
  adminToken?: string;
  /** Where tool classes are looked up (default: the registry); a host with extra tools passes its own. */
  lookup?: (toolName: string) => ToolClass | undefined;
}

interface GovernanceState {
  mode: DeploymentMode;
  adminTokenHash?: Buffer;
  /** `<subject>::<tool>` keys of one-shot approvals. */
  approvals: Set<string>;
  lookup?: (toolName: string) => ToolClass | undefined;
}

let state: GovernanceState | undefined;

/** The cluster-wide side of governance (Redis); undefined: this process only. */
export interface SharedGovernance {
  grant(key: string): Promise<void>;
  /** True for exactly one caller per grant, whichever replica asks. */
  consume(key: string): Promise<boolean>;
  pending(key: string): Promise<boolean>;
  /** Stores the mode for every replica and tells them. */
  publishMode(mode: DeploymentMode): Promise<void>;
}

let sharedGovernance: SharedGovernance | undefined;

export function useSharedGovernance(g: SharedGovernance | undefined): void {
  sharedGovernance = g;
}

/** A mode read from the shared store (pub/sub message or refresh): becomes this replica's mode. */
export function applySharedMode(mode: string): void {
  if (isDeploymentMode(mode)) current().mode = mode;
}

const sha256 = (s: string): Buffer => createHash('sha256').update(s, 'utf8').digest();

/** Reads the startup profile; an invalid value is a configuration error naming the variable. */
export function parseProfile(value: string | undefined, variable = 'NEQSIM_MCP_PROFILE'): DeploymentMode {
  const v = value?.trim().toUpperCase();
  if (v === undefined || v === '') return 'DESKTOP_ENGINEER';
  if (!isDeploymentMode(v)) {
    throw new Error(`Invalid configuration: ${variable} must be one of DESKTOP_ENGINEER, STUDY_TEAM, DIGITAL_TWIN, ENTERPRISE, got "${value}"`);
  }
  return v;
}

/**
 * Sets the startup profile and admin token (from src/config.ts). Resets approvals. The app calls
 * it from registerEnterprise; library users may call it directly; without a call the settings
 * come from the environment on first use.
 */
export function configureGovernance(settings: GovernanceSettings): void {
  const token = settings.adminToken?.trim();
  state = {
    mode: settings.profile,
    ...(token ? { adminTokenHash: sha256(token) } : {}),
    approvals: new Set(),
    ...(settings.lookup ? { lookup: settings.lookup } : {}),
  };
}

function current(): GovernanceState {
  if (state === undefined) {
    configureGovernance({ profile: parseProfile(process.env.NEQSIM_MCP_PROFILE), adminToken: process.env.NEQSIM_MCP_ADMIN_TOKEN });
  }
  return state as GovernanceState;
}

export function activeProfile(): DeploymentMode {
  try {
    return current().mode;
  } catch {
    // A broken NEQSIM_MCP_PROFILE fails closed: the most restrictive profile.
    return 'ENTERPRISE';
  }
}

export function isAdminConfigured(): boolean {
  try {
    return current().adminTokenHash !== undefined;
  } catch {
    return false;
  }
}

/** Constant-time comparison of a presented admin token with the configured one. */
export function checkAdminToken(presented: unknown): 'ok' | 'not_configured' | 'invalid' {
  let configured: Buffer | undefined;
  try {
    configured = current().adminTokenHash;
  } catch {
    return 'not_configured';
  }
  if (configured === undefined) return 'not_configured';
  if (typeof presented !== 'string' || presented.length === 0) return 'invalid';
  return timingSafeEqual(configured, sha256(presented)) ? 'ok' : 'invalid';
}

/** Sets the active mode; with a shared backend, for every replica (rejects when Redis fails). */
export async function setActiveMode(mode: DeploymentMode): Promise<void> {
  if (sharedGovernance !== undefined) await sharedGovernance.publishMode(mode);
  current().mode = mode;
}

export function approvalGateEnabled(mode: DeploymentMode = activeProfile()): boolean {
  return PROFILES[mode].approvalGate;
}

/** Records a one-shot approval of `tool` for `subject` (in Redis when shared). */
export async function grantApproval(subject: string, tool: string): Promise<void> {
  const key = `${subject}::${tool}`;
  if (sharedGovernance !== undefined) return sharedGovernance.grant(key);
  current().approvals.add(key);
}

/** Approvals held in this process (the shared ones are asked for with isApprovalPending). */
export function pendingApprovals(): string[] {
  return [...current().approvals];
}

export async function isApprovalPending(subject: string, tool: string): Promise<boolean> {
  const key = `${subject}::${tool}`;
  if (sharedGovernance !== undefined) return sharedGovernance.pending(key);
  return current().approvals.has(key);
}

/** Where tool classes come from unless configureGovernance() names a lookup: set by the registry. */
let registeredClassOf: (toolName: string) => ToolClass | undefined = () => undefined;

/** Called once by the composition root (src/tools/registry.ts) so governance never imports it. */
export function useRegisteredToolClasses(lookup: (toolName: string) => ToolClass | undefined): void {
  registeredClassOf = lookup;
}

export function classOf(toolName: string): ToolClass | undefined {
  const custom = state?.lookup;
  if (custom !== undefined) return custom(toolName);
  return registeredClassOf(toolName);
}

export interface PolicyEnvelopeOptions {
  status: 'blocked' | 'approval_required';
  tool: string;
  mode: DeploymentMode;
  tier: string;
  reason: string;
  remediation: string;
  policyCode: string;
  extraData?: Record<string, unknown>;
}

/** The contract's policy response shape (status is never `error`; HTTP 403). */
export function policyEnvelope(o: PolicyEnvelopeOptions): Envelope {
  return {
    apiVersion: API_VERSION,
    status: o.status,
    tool: o.tool,
    mode: o.mode,
    tier: o.tier,
    reason: o.reason,
    remediation: o.remediation,
    data: { mode: o.mode, policyCode: o.policyCode, approvalRequired: o.status === 'approval_required', ...(o.extraData ?? {}) },
    validation: { valid: false, phase: 'policy', message: o.reason },
    qualityGate: { verdict: 'blocked', summary: o.reason, engineeringReviewRequired: true },
    warnings: [],
  };
}

const BLOCKED_REMEDIATION =
  'Switch the startup profile to DESKTOP_ENGINEER for local engineering, or request an approved profile from the MCP administrator.';
const APPROVAL_REMEDIATION = 'Call manageIndustrialProfile with action approveTool using an admin token, then retry once.';

function auditDecision(toolName: string, subject: string, cls: ToolClass | undefined, mode: DeploymentMode, outcome: string): void {
  if (cls === undefined || cls.category === 'EXECUTION' || cls.category === 'PLATFORM' || outcome !== 'allowed') {
    audit({ event: 'tool_call', subject, tool: toolName, outcome, profile: mode, ...(cls ? { category: cls.category } : {}) });
  }
}

/**
 * null = proceed. Unknown tools pass in DESKTOP_ENGINEER (the dispatcher then answers not-found)
 * and are blocked elsewhere, like the original. Consumes a matching one-shot approval: in this
 * process synchronously, in Redis (a promise) when governance is shared.
 */
export function checkAccess(toolName: string, subject: string): Envelope | null {
  return accessCheck(toolName, subject, undefined) as Envelope | null;
}

/** checkAccess for the dispatcher: consumes approvals in the shared store when there is one. */
export function admitCall(toolName: string, subject: string): Envelope | null | Promise<Envelope | null> {
  return accessCheck(toolName, subject, sharedGovernance);
}

function accessCheck(toolName: string, subject: string, g: SharedGovernance | undefined): Envelope | null | Promise<Envelope | null> {
  let s: GovernanceState;
  try {
    s = current();
  } catch (err) {
    return policyEnvelope({
      status: 'blocked',
      tool: toolName,
      mode: 'ENTERPRISE',
      tier: 'CONFIG_ERROR',
      reason: (err as Error).message,
      remediation: 'Fix NEQSIM_MCP_PROFILE and restart the server.',
      policyCode: 'CONFIG_ERROR',
    });
  }
  const mode = s.mode;
  const cls = classOf(toolName);
  if (cls === undefined) {
    if (mode === 'DESKTOP_ENGINEER') return null;
    auditDecision(toolName, subject, cls, mode, 'blocked');
    return policyEnvelope({
      status: 'blocked',
      tool: toolName,
      mode,
      tier: 'UNKNOWN',
      reason: blockedReason(mode, toolName),
      remediation: BLOCKED_REMEDIATION,
      policyCode: 'UNKNOWN',
    });
  }
  const tier = TIER_LABEL[cls.tier];
  if (!isAllowedIn(mode, cls)) {
    auditDecision(toolName, subject, cls, mode, 'blocked');
    return policyEnvelope({ status: 'blocked', tool: toolName, mode, tier, reason: blockedReason(mode, toolName), remediation: BLOCKED_REMEDIATION, policyCode: tier });
  }
  if (needsApprovalIn(mode, cls)) {
    const key = `${subject}::${toolName}`;
    const decide = (consumed: boolean): Envelope | null => {
      if (consumed) {
        auditDecision(toolName, subject, cls, mode, 'approval_consumed');
        return null;
      }
      return approvalRequired(toolName, subject, cls, mode, tier);
    };
    if (g === undefined) return decide(s.approvals.delete(key));
    return g.consume(key).then(decide, (err: unknown) => sharedStateUnavailable(toolName, err));
  }
  auditDecision(toolName, subject, cls, mode, 'allowed');
  return null;
}

function approvalRequired(toolName: string, subject: string, cls: ToolClass, mode: DeploymentMode, tier: string): Envelope {
  auditDecision(toolName, subject, cls, mode, 'approval_required');
  return policyEnvelope({
    status: 'approval_required',
    tool: toolName,
    mode,
    tier,
    reason: `Tool '${toolName}' requires explicit approval in ${mode} mode.`,
    remediation: APPROVAL_REMEDIATION,
    policyCode: 'APPROVAL_REQUIRED',
  });
}
