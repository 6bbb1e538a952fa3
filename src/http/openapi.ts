/**
 * The OpenAPI 3.1 document around the route table: info (with the package's licence), servers,
 * the bearer security scheme, domain tags, and a final pass (transformObject) that puts tuples in
 * their 2020-12 form, declares each operation's security and adds every tool's examples as
 * request examples (so Swagger UI's "Try it out" sends a body that works).
 */
import type { FastifyDynamicSwaggerOptions } from '@fastify/swagger';
import type { Config } from '../config.js';
import type { AnyTool } from '../tools/contract/types.js';
import { TOOL_DOMAINS, type ToolDomain } from '../tools/contract/types.js';
import { toJsonSchema2020 } from '../tools/contract/catalog/json-schema-2020.js';
import { DEFAULT_OPEN_PATHS, isOpen } from './plugins/open-paths.js';

export const BEARER_SCHEME = 'bearerAuth';
/** Documented only when AUTH_API_KEYS is on (docs/security-and-federation.md). */
export const API_KEY_SCHEME = 'apiKeyAuth';

const DOMAIN_DESCRIPTIONS: Record<ToolDomain, string> = {
  thermodynamics: 'Flashes, phase envelopes, property tables, PVT, components and model comparison',
  process: 'Process flowsheets, studies, equipment sizing, sessions, saved states and automation',
  'flow assurance': 'Pipelines, hydrates/wax/scale, water chemistry and water hammer',
  safety: 'Relief, flare, LOPA, SIL, HAZOP, risk matrix, barriers, materials and drains',
  standards: 'Gas quality and custody-transfer standards (ISO 6976 and others)',
  economics: 'Field economics: NPV, IRR, tax regimes',
  platform: 'Discovery, schemas, examples, governance, validation, reports and workflows',
};

interface PackageInfo {
  version: string;
  description: string;
  license: string;
}

export interface OpenApiSetup {
  config: Config;
  tools: readonly AnyTool[];
  pkg: PackageInfo;
}

type Json = Record<string, unknown>;
type Operation = Json & { operationId?: string; requestBody?: { content?: Record<string, Json> } };

/** How a caller authenticates at `path`: optional with AUTH_MODE=none, required under OIDC except on open paths. */
function securityOf(config: Config, path: string): Json[] {
  const open = isOpen(path, config.auth.openPaths ?? DEFAULT_OPEN_PATHS);
  if (config.apiKeys?.enabled === true && !open) {
    // A key, or (with OIDC) a bearer token; the manageSecurity route also takes calls without a key unless OIDC is on.
    const ways: Json[] = [{ [API_KEY_SCHEME]: [] }, ...(config.auth.mode === 'oidc' ? [{ [BEARER_SCHEME]: [] }] : [])];
    return path === '/v1/tools/manageSecurity' && config.auth.mode !== 'oidc' ? [{}, ...ways] : ways;
  }
  if (config.auth.mode !== 'oidc') return [{}, { [BEARER_SCHEME]: [] }];
  return open ? [{}] : [{ [BEARER_SCHEME]: [] }];
}

/** Request examples of a tool, keyed by example name, first (canonical) first: Swagger UI preselects it. */
function requestExamples(tool: AnyTool): Record<string, Json> {
  const out: Record<string, Json> = {};
  for (const ex of tool.examples) out[ex.name] = { summary: ex.description, value: JSON.parse(JSON.stringify(ex.input)) as unknown };
  return out;
}

/** The final pass over the generated document (see the module comment). */
export function finishDocument(doc: Json, setup: OpenApiSetup): Json {
  const out = toJsonSchema2020(doc);
  const byName = new Map(setup.tools.map((t) => [t.name, t]));
  const paths = (out.paths ?? {}) as Record<string, Record<string, Operation>>;
  for (const [path, ops] of Object.entries(paths)) {
    for (const op of Object.values(ops)) {
      op.security = securityOf(setup.config, path);
      const tool = op.operationId !== undefined ? byName.get(op.operationId) : undefined;
      const media = op.requestBody?.content?.['application/json'];
      if (tool !== undefined && media !== undefined && tool.examples.length > 0) media.examples = requestExamples(tool);
    }
  }
  return out;
}

/** Options of @fastify/swagger for the app. */
export function swaggerOptions(setup: OpenApiSetup): FastifyDynamicSwaggerOptions {
  const { config, pkg } = setup;
  return {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'neqsim-ts',
        version: pkg.version,
        description: pkg.description,
        license: { name: pkg.license, identifier: pkg.license },
      },
      servers: [{ url: config.publicBaseUrl ?? '/', description: config.publicBaseUrl !== undefined ? 'PUBLIC_BASE_URL' : 'The host that served this document' }],
      components: {
        securitySchemes: {
          [BEARER_SCHEME]: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: 'JWT',
            description:
              'OIDC access token (AUTH_MODE=oidc): a JWT from OIDC_ISSUER with audience OIDC_AUDIENCE, verified against the issuer JWKS. With AUTH_MODE=none no token is needed and one sent is ignored.',
          },
          ...(config.apiKeys?.enabled === true
            ? {
                [API_KEY_SCHEME]: {
                  type: 'apiKey',
                  in: 'header',
                  name: 'x-api-key',
                  description: 'API key from manageSecurity (AUTH_API_KEYS=true); Authorization: ApiKey <key> works as well. Scoped to tools or categories: a tool outside the scopes answers 403.',
                },
              }
            : {}),
        },
      },
      tags: [
        ...TOOL_DOMAINS.map((name) => ({ name, description: DOMAIN_DESCRIPTIONS[name] })),
        { name: 'catalogue', description: 'Tool catalogue' },
        { name: 'health', description: 'Health and metrics' },
      ],
    },
    refResolver: { buildLocalReference: (json, _base, _fragment, i) => (typeof json.$id === 'string' ? json.$id : `def-${i}`) },
    transformObject: (documentObject) => finishDocument((documentObject as { openapiObject: Json }).openapiObject, setup) as never,
  };
}
