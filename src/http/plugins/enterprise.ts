/**
 * Enterprise transport features (OIDC bearer auth, OpenTelemetry, rate limits, audit log),
 * registered by the app. Each is off unless configured; see src/config.ts.
 */
import type { FastifyInstance } from 'fastify';

export async function registerEnterprise(_app: FastifyInstance, _config: unknown): Promise<void> {
  // Features are added here by the governance/enterprise module.
}
