/**
 * The contract's deployment profiles (seed 000 "Deployment Profiles") as data, and the pure
 * rules that decide, from a tool's registry tier and category, whether a profile allows it
 * and whether it sits behind an approval gate.
 */
import type { Category, Tier } from '../types.js';

export const DEPLOYMENT_MODES = ['DESKTOP_ENGINEER', 'STUDY_TEAM', 'DIGITAL_TWIN', 'ENTERPRISE'] as const;
export type DeploymentMode = (typeof DEPLOYMENT_MODES)[number];

/** The contract's tier labels used in policy responses. */
export type TierLabel = 'TRUSTED_CORE' | 'ENGINEERING_ADVANCED' | 'EXPERIMENTAL';

export const TIER_LABEL: Record<Tier, TierLabel> = {
  core: 'TRUSTED_CORE',
  advanced: 'ENGINEERING_ADVANCED',
  experimental: 'EXPERIMENTAL',
};

export interface ProfileDescription {
  name: DeploymentMode;
  description: string;
  toolAccess: string;
  /** Approval gate on EXECUTION/PLATFORM tools. */
  approvalGate: boolean;
  /** True when auto-validation is enforced (cannot be switched off). */
  autoValidationEnforced: boolean;
}

export const PROFILES: Record<DeploymentMode, ProfileDescription> = {
  DESKTOP_ENGINEER: {
    name: 'DESKTOP_ENGINEER',
    description: 'Full access for individual engineering work',
    toolAccess: 'Core + Advanced + Experimental (all tiers, labeled)',
    approvalGate: false,
    autoValidationEnforced: false,
  },
  STUDY_TEAM: {
    name: 'STUDY_TEAM',
    description: 'Collaborative team environment',
    toolAccess: 'Core + Advanced (no PLATFORM)',
    approvalGate: false,
    autoValidationEnforced: true,
  },
  DIGITAL_TWIN: {
    name: 'DIGITAL_TWIN',
    description: 'Advisory-only for live operations',
    toolAccess: 'Core ADVISORY + CALCULATION only; no plant control, no write-back, no autonomous execution',
    approvalGate: true,
    autoValidationEnforced: true,
  },
  ENTERPRISE: {
    name: 'ENTERPRISE',
    description: 'Restricted to approved industrial core',
    toolAccess: 'Industrial core only',
    approvalGate: true,
    autoValidationEnforced: true,
  },
};

export function isDeploymentMode(v: unknown): v is DeploymentMode {
  return typeof v === 'string' && (DEPLOYMENT_MODES as readonly string[]).includes(v);
}

export interface ToolClass {
  tier: Tier;
  category: Category;
}

/** Whether `mode` lets the tool run at all (before any approval gate). */
export function isAllowedIn(mode: DeploymentMode, tool: ToolClass): boolean {
  switch (mode) {
    case 'DESKTOP_ENGINEER':
      return true;
    case 'STUDY_TEAM':
      return (tool.tier === 'core' || tool.tier === 'advanced') && tool.category !== 'PLATFORM';
    case 'DIGITAL_TWIN':
      // Advanced tools are for DESKTOP/STUDY only (seed 000), so the advisory twin keeps the core A/C tools.
      return tool.tier === 'core' && (tool.category === 'ADVISORY' || tool.category === 'CALCULATION');
    case 'ENTERPRISE':
      return tool.tier === 'core';
  }
}

/** Whether a call needs a one-shot approval in `mode` (computed even for disallowed tools, as checkToolAccess reports it). */
export function needsApprovalIn(mode: DeploymentMode, tool: ToolClass): boolean {
  return PROFILES[mode].approvalGate && (tool.category === 'EXECUTION' || tool.category === 'PLATFORM');
}

/** The reason text of a tier block, worded per profile as the original server does. */
export function blockedReason(mode: DeploymentMode, toolName: string): string {
  const base = `Tool '${toolName}' is not available in ${mode} mode.`;
  switch (mode) {
    case 'ENTERPRISE':
      return `${base} This mode allows Tier 1 (TRUSTED_CORE) only.`;
    case 'STUDY_TEAM':
      return `${base} This mode allows Tier 1 (TRUSTED_CORE) and Tier 2 (ENGINEERING_ADVANCED) only, without PLATFORM tools.`;
    case 'DIGITAL_TWIN':
      return `${base} This mode allows a restricted subset of tools (core ADVISORY and CALCULATION).`;
    case 'DESKTOP_ENGINEER':
      return base;
  }
}
