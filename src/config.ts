/**
 * Service configuration from the environment (spec/service.md "Configuration").
 * loadConfig is pure (env in, Config out) so tests can call it; invalid values throw a
 * ConfigError naming the variable, and src/server.ts turns that into exit code 1.
 */
import { availableParallelism, homedir } from 'node:os';
import { isAbsolute, join, resolve } from 'node:path';
import { DEFAULT_MAX_JSON_DEPTH } from './tools/contract/input-guard.js';

export type AuthMode = 'none' | 'oidc';
export type ServiceProfile = 'default' | 'enterprise';
export const DEPLOYMENT_PROFILES = ['DESKTOP_ENGINEER', 'STUDY_TEAM', 'DIGITAL_TWIN', 'ENTERPRISE'] as const;
export type DeploymentProfile = (typeof DEPLOYMENT_PROFILES)[number];

/** POOL_MAX_QUEUE's default, per running slot (threads x tasks per thread). */
const DEFAULT_QUEUE_PER_SLOT = 7;

export interface PoolConfig {
  minThreads: number;
  maxThreads: number;
  /** Tasks allowed to wait beyond the ones running; more than that is answered 503. */
  maxQueue: number;
  /** Tasks pipelined per worker thread (performance-notes: > 1 halves the round-trip cost). */
  concurrentTasksPerWorker: number;
}

/** OTLP encodings the trace exporter offers (OTEL_EXPORTER_OTLP[_TRACES]_PROTOCOL). */
export const OTLP_PROTOCOLS = ['http/protobuf', 'http/json'] as const;
export type OtlpProtocol = (typeof OTLP_PROTOCOLS)[number];
/** Head samplers of the OpenTelemetry SDK (OTEL_TRACES_SAMPLER); the SDK reads them itself. */
export const TRACE_SAMPLERS = ['always_on', 'always_off', 'traceidratio', 'parentbased_always_on', 'parentbased_always_off', 'parentbased_traceidratio'] as const;
export type TraceSampler = (typeof TRACE_SAMPLERS)[number];

export interface Config {
  host: string;
  port: number;
  profile: DeploymentProfile;
  adminToken?: string;
  stateDir: string;
  /** REDIS_URL: shared state and distributed work for several replicas (unset: this process's memory). */
  redis?: { url: string; keyPrefix: string };
  allowExternalStateDir: boolean;
  pool: PoolConfig;
  /**
   * Load shedding by expected wait (src/tools/contract/service-times.ts): a pool call is refused with 503 +
   * Retry-After when its expected wait exceeds max(minWaitMs, waitFactor x its wait at capacity)
   * or what its time budget leaves. POOL_SHED_WAIT_FACTOR (0 = budget only), POOL_SHED_MIN_WAIT_MS.
   */
  shed: { waitFactor: number; minWaitMs: number };
  toolTimeoutMs: number;
  bodyLimitBytes: number;
  /** Deepest nesting of objects/arrays accepted in a tool input (MAX_JSON_DEPTH); deeper is 400 INPUT_TOO_DEEP. */
  maxJsonDepth: number;
  /** openPaths: path prefixes served without a token (AUTH_OPEN_PATHS, comma-separated; default health, metrics, docs). */
  auth: { mode: AuthMode; issuer?: string; audience?: string; jwksUrl?: string; openPaths?: string[] };
  /**
   * API keys managed by manageSecurity (docs/security-and-federation.md): AUTH_API_KEYS turns
   * them on for every tool route and /mcp; NEQSIM_MCP_API_KEY_STORE = file (default without
   * REDIS_URL, in the manageState directory), memory, or redis (default with REDIS_URL: every
   * replica sees the same keys; docs/api-keys-scale-out.md).
   */
  apiKeys?: { enabled: boolean; store: 'file' | 'memory' | 'redis' };
  /** NEQSIM_MCP_REMOTE_SERVERS: MCP server URLs composeMultiServerWorkflow may call (empty: none). */
  remoteMcpServers?: string[];
  /** NEQSIM_MCP_REMOTE_CREDENTIALS: per allowed server, an API key (sent as x-api-key) or "Bearer <token>". */
  remoteMcpCredentials?: Record<string, string>;
  serviceProfile: ServiceProfile;
  /** sampler/samplerRatio echo OTEL_TRACES_SAMPLER[_ARG] after validation (the SDK applies them). */
  otel: {
    enabled: boolean;
    endpoint?: string;
    serviceName: string;
    protocol: OtlpProtocol;
    sampler: TraceSampler;
    samplerRatio?: number;
    /** OTEL_EXPORTER_OTLP_[TRACES_]HEADERS, e.g. a collector's API key. */
    headers?: Record<string, string>;
    compression: 'none' | 'gzip';
    timeoutMs: number;
  };
  /** Requests per minute per client; 0 = rate limiting off. */
  rateLimitPerMinute: number;
  /** Time allowed for in-flight calls to finish on SIGTERM/SIGINT before the pool is destroyed. */
  shutdownTimeoutMs: number;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  /** Adds POST /bench/echo (the benchmark's baseline route). */
  benchEcho: boolean;
  /**
   * Browser origins given cross-origin access (CORS_ORIGINS, comma-separated "scheme://host[:port]";
   * empty: no CORS headers at all). They are also allowed to call tools (the Origin check).
   */
  corsOrigins: string[];
  /** Further browser origins allowed to call /mcp and the tools, without CORS (NEQSIM_MCP_ALLOWED_ORIGINS). */
  mcpAllowedOrigins: string[];
  /** Slow-client limits of the HTTP server (see src/http/app.ts). */
  http: HttpTimeouts;
  /** Saved states kept per state name by manageState; older saves of that name are removed (NEQSIM_MCP_STATE_KEEP_PER_NAME). */
  stateKeepPerName: number;
  /**
   * External URL of the service (PUBLIC_BASE_URL, e.g. https://neqsim.example.com/api): the OpenAPI
   * `servers` entry. Unset: "/" (relative to where the document was fetched), since HOST:PORT is
   * the bind address (0.0.0.0:8080 in a container), not where clients reach the service.
   */
  publicBaseUrl?: string;
}

export interface HttpTimeouts {
  /** All request headers must arrive within this time of the connection's first byte (HTTP_HEADERS_TIMEOUT_MS). */
  headersTimeoutMs: number;
  /** The whole request (headers and body) must arrive within this time; computing the answer is not counted (HTTP_REQUEST_TIMEOUT_MS). */
  requestTimeoutMs: number;
  /** An idle keep-alive connection is closed after this time (HTTP_KEEP_ALIVE_TIMEOUT_MS). */
  keepAliveTimeoutMs: number;
}

export class ConfigError extends Error {
  constructor(
    readonly variable: string,
    detail: string,
  ) {
    super(`Invalid configuration: ${variable} ${detail}`);
    this.name = 'ConfigError';
  }
}

type Env = Record<string, string | undefined>;

function text(env: Env, name: string): string | undefined {
  const v = env[name];
  if (v === undefined) return undefined;
  const t = v.trim();
  return t === '' ? undefined : t;
}

function int(env: Env, name: string, fallback: number, min: number, max: number): number {
  const v = text(env, name);
  if (v === undefined) return fallback;
  if (!/^[0-9]+$/.test(v)) throw new ConfigError(name, `must be a whole number, got "${v}"`);
  const n = Number(v);
  if (n < min || n > max) throw new ConfigError(name, `must be between ${min} and ${max}, got ${n}`);
  return n;
}

function bool(env: Env, name: string, fallback: boolean): boolean {
  const v = text(env, name)?.toLowerCase();
  if (v === undefined) return fallback;
  if (['true', '1', 'yes', 'on'].includes(v)) return true;
  if (['false', '0', 'no', 'off'].includes(v)) return false;
  throw new ConfigError(name, `must be true or false, got "${env[name]}"`);
}

function oneOf<T extends string>(env: Env, name: string, allowed: readonly T[], fallback: T, normalise: (s: string) => string = (s) => s): T {
  const v = text(env, name);
  if (v === undefined) return fallback;
  const n = normalise(v);
  const hit = allowed.find((a) => a === n);
  if (hit === undefined) throw new ConfigError(name, `must be one of ${allowed.join(', ')}, got "${v}"`);
  return hit;
}

/** Comma-separated http(s) URLs of MCP endpoints, normalised (new URL().href); none when unset. */
function remoteServers(env: Env, name: string): string[] {
  const v = text(env, name);
  if (v === undefined) return [];
  return v.split(',').map((u) => u.trim()).filter((u) => u !== '').map((u) => {
    let parsed: URL;
    try {
      parsed = new URL(u);
    } catch {
      throw new ConfigError(name, `must be comma-separated http(s) URLs of MCP endpoints, got "${u}"`);
    }
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') throw new ConfigError(name, `must use http or https, got "${u}"`);
    if (parsed.username !== '' || parsed.password !== '') throw new ConfigError(name, `must not carry credentials in the URL, got a user name in "${parsed.host}"`);
    return parsed.href;
  });
}

/**
 * "<url>=<credential>" pairs separated by commas; the credential is an API key (no "=" or ",") or
 * "Bearer <token>". Each URL must be one of the allowed servers. Messages never echo a credential.
 */
function remoteCredentials(env: Env, name: string, servers: readonly string[]): Record<string, string> {
  const v = text(env, name);
  if (v === undefined) return {};
  const out: Record<string, string> = {};
  for (const pair of v.split(',').map((p) => p.trim()).filter((p) => p !== '')) {
    const eq = pair.lastIndexOf('=');
    const credential = eq > 0 ? pair.slice(eq + 1).trim() : '';
    let url: string | undefined;
    try {
      url = eq > 0 ? new URL(pair.slice(0, eq).trim()).href : undefined;
    } catch {
      url = undefined;
    }
    if (url === undefined || credential === '') throw new ConfigError(name, 'must be comma-separated <MCP endpoint URL>=<API key or "Bearer <token>"> pairs');
    if (!servers.includes(url)) throw new ConfigError(name, `names ${url}, which is not in NEQSIM_MCP_REMOTE_SERVERS`);
    out[url] = credential;
  }
  return out;
}

/** The OTLP exporter variable to read: the traces-specific one when set, else the general one (OTel spec). */
function otlpVariable(env: Env, setting: 'PROTOCOL' | 'HEADERS' | 'COMPRESSION' | 'TIMEOUT'): string {
  const specific = `OTEL_EXPORTER_OTLP_TRACES_${setting}`;
  return env[specific]?.trim() ? specific : `OTEL_EXPORTER_OTLP_${setting}`;
}

/** OTLP exporter headers: comma-separated key=value pairs, values percent-encoded (OTel spec). */
function otlpHeadersOf(name: string, v: string | undefined): Record<string, string> | undefined {
  if (v === undefined) return undefined;
  const out: Record<string, string> = {};
  for (const pair of v.split(',')) {
    if (pair.trim() === '') continue;
    const eq = pair.indexOf('=');
    const key = eq > 0 ? pair.slice(0, eq).trim() : '';
    if (!/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/.test(key)) throw new ConfigError(name, `must be key=value pairs separated by commas, got "${pair.trim()}"`);
    let value: string;
    try {
      value = decodeURIComponent(pair.slice(eq + 1).trim());
    } catch {
      throw new ConfigError(name, `has a badly percent-encoded value for "${key}"`);
    }
    if (/[\r\n]/.test(value)) throw new ConfigError(name, `value for "${key}" must not contain line breaks`);
    out[key.toLowerCase()] = value;
  }
  return out;
}

/** PUBLIC_BASE_URL: an http(s) URL without query or fragment; a trailing "/" is dropped. */
function baseUrl(env: Env, name: string): string | undefined {
  const v = url(env, name);
  if (v === undefined) return undefined;
  const u = new URL(v);
  if (u.search !== '' || u.hash !== '' || u.username !== '' || u.password !== '') {
    throw new ConfigError(name, `must be a base URL without credentials, query or fragment, got "${v}"`);
  }
  return v.replace(/\/+$/, '');
}

function url(env: Env, name: string): string | undefined {
  const v = text(env, name);
  if (v === undefined) return undefined;
  try {
    const u = new URL(v);
    if (u.protocol !== 'http:' && u.protocol !== 'https:') throw new Error('scheme');
  } catch {
    throw new ConfigError(name, `must be an http(s) URL, got "${v}"`);
  }
  return v;
}

/** Comma-separated browser origins, each normalised to "scheme://host[:port]" (a trailing "/" is dropped). */
function origins(env: Env, name: string): string[] {
  const v = text(env, name);
  if (v === undefined) return [];
  const out: string[] = [];
  for (const raw of v.split(',')) {
    const o = raw.trim();
    if (o === '') continue;
    let u: URL;
    try {
      u = new URL(o);
    } catch {
      throw new ConfigError(name, `must list origins like https://app.example.com, got "${o}"`);
    }
    const bare = (u.protocol === 'http:' || u.protocol === 'https:') && u.username === '' && u.password === '' && u.pathname === '/' && u.search === '' && u.hash === '';
    if (!bare || !/^https?:\/\/[^/]+\/?$/.test(o)) throw new ConfigError(name, `must list origins (scheme://host[:port], no path), got "${o}"`);
    if (!out.includes(u.origin)) out.push(u.origin);
  }
  return out;
}

function expandHome(p: string): string {
  return p === '~' || p.startsWith('~/') ? join(homedir(), p.slice(1)) : p;
}

export function loadConfig(env: Env = process.env): Config {
  const host = text(env, 'HOST') ?? '127.0.0.1';
  if (/\s/.test(host)) throw new ConfigError('HOST', `must be a host name or address, got "${host}"`);
  const port = int(env, 'PORT', 8080, 0, 65535);

  const profile = oneOf(env, 'NEQSIM_MCP_PROFILE', DEPLOYMENT_PROFILES, 'DESKTOP_ENGINEER', (s) => s.toUpperCase());
  const adminToken = text(env, 'NEQSIM_MCP_ADMIN_TOKEN');
  if (adminToken !== undefined && adminToken.length < 8) {
    throw new ConfigError('NEQSIM_MCP_ADMIN_TOKEN', 'must be at least 8 characters long');
  }

  const defaultStateDir = join(homedir(), '.neqsim', 'saved_simulations');
  const rawStateDir = text(env, 'NEQSIM_MCP_STATE_DIR');
  const allowExternalStateDir = bool(env, 'NEQSIM_MCP_ALLOW_EXTERNAL_STATE_DIR', false);
  let stateDir = defaultStateDir;
  if (rawStateDir !== undefined) {
    const expanded = expandHome(rawStateDir);
    if (!isAbsolute(expanded)) throw new ConfigError('NEQSIM_MCP_STATE_DIR', `must be an absolute path, got "${rawStateDir}"`);
    stateDir = resolve(expanded);
    const home = resolve(homedir(), '.neqsim');
    if (!allowExternalStateDir && stateDir !== home && !stateDir.startsWith(home + '/')) {
      throw new ConfigError(
        'NEQSIM_MCP_STATE_DIR',
        `points outside ~/.neqsim ("${stateDir}"); set NEQSIM_MCP_ALLOW_EXTERNAL_STATE_DIR=true to allow it`,
      );
    }
  }

  const redis = redisSettings(env);

  const cores = Math.max(1, availableParallelism());
  const maxThreads = int(env, 'POOL_MAX_THREADS', Math.max(2, cores), 1, 256);
  // One thread up front keeps idle memory and cold start low; more start on demand under load.
  const minThreads = int(env, 'POOL_MIN_THREADS', 1, 0, 256);
  if (minThreads > maxThreads) {
    throw new ConfigError('POOL_MIN_THREADS', `(${minThreads}) must not exceed POOL_MAX_THREADS (${maxThreads})`);
  }
  const concurrentTasksPerWorker = int(env, 'POOL_TASKS_PER_WORKER', 4, 1, 64);
  // Default: seven times the running slots wait (56 with 2 threads x 4 tasks). Beyond that a call
  // waits through more than seven rounds of every slot; with cheap tools the main thread is the
  // bound, and a longer queue only added latency: runFlash at 40x the slots (320 clients that
  // honour Retry-After) had admitted p99 6.4x the 1x p99 with 256 waiting, 2.5x with 56.
  const maxQueue = int(env, 'POOL_MAX_QUEUE', DEFAULT_QUEUE_PER_SLOT * maxThreads * concurrentTasksPerWorker, 0, 1_000_000);

  const toolTimeoutMs = int(env, 'TOOL_TIMEOUT_MS', 30_000, 10, 3_600_000);
  const shedFactorText = text(env, 'POOL_SHED_WAIT_FACTOR');
  const shedWaitFactor = shedFactorText === undefined ? 2 : Number(shedFactorText);
  if (!/^[0-9]+(\.[0-9]+)?$/.test(shedFactorText ?? '2') || shedWaitFactor > 1000) {
    throw new ConfigError('POOL_SHED_WAIT_FACTOR', `must be a number from 0 (shed only by the time budget) to 1000, got "${shedFactorText}"`);
  }
  const shedMinWaitMs = int(env, 'POOL_SHED_MIN_WAIT_MS', 5, 0, 3_600_000);
  const bodyLimitBytes = int(env, 'BODY_LIMIT_BYTES', 1_048_576, 256, 1_073_741_824);
  // Above ~1000 levels the recursive schema checker and structured clone risk the stack again.
  const maxJsonDepth = int(env, 'MAX_JSON_DEPTH', DEFAULT_MAX_JSON_DEPTH, 4, 1000);

  const serviceProfile = oneOf(env, 'SERVICE_PROFILE', ['default', 'enterprise'] as const, 'default', (s) => s.toLowerCase());
  const authMode = oneOf(env, 'AUTH_MODE', ['none', 'oidc'] as const, 'none', (s) => s.toLowerCase());
  const issuer = url(env, 'OIDC_ISSUER');
  const audience = text(env, 'OIDC_AUDIENCE');
  const jwksUrl = url(env, 'OIDC_JWKS_URL');
  const openPathsText = text(env, 'AUTH_OPEN_PATHS');
  const openPaths = openPathsText?.split(',').map((p) => p.trim()).filter((p) => p !== '');
  if (openPaths?.some((p) => !p.startsWith('/'))) throw new ConfigError('AUTH_OPEN_PATHS', `must be comma-separated paths starting with "/", got "${openPathsText}"`);
  // The enterprise profile turns bearer auth on as well (src/http/plugins/enterprise.ts).
  if (authMode === 'oidc' || serviceProfile === 'enterprise') {
    const why = authMode === 'oidc' ? 'when AUTH_MODE=oidc' : 'when SERVICE_PROFILE=enterprise';
    if (issuer === undefined) throw new ConfigError('OIDC_ISSUER', `is required ${why}`);
    if (audience === undefined) throw new ConfigError('OIDC_AUDIENCE', `is required ${why}`);
  }

  // With REDIS_URL the keys default to Redis: a key made or revoked on one replica holds on all.
  const keyStore = oneOf(env, 'NEQSIM_MCP_API_KEY_STORE', ['file', 'memory', 'redis'] as const, redis !== undefined ? 'redis' : 'file', (s) => s.toLowerCase());
  if (keyStore === 'redis' && redis === undefined) throw new ConfigError('NEQSIM_MCP_API_KEY_STORE', 'is "redis", which needs REDIS_URL (the Redis server every replica shares); set REDIS_URL or choose file or memory');
  const apiKeys = { enabled: bool(env, 'AUTH_API_KEYS', false), store: keyStore };
  const remoteMcpServers = remoteServers(env, 'NEQSIM_MCP_REMOTE_SERVERS');
  const remoteMcpCredentials = remoteCredentials(env, 'NEQSIM_MCP_REMOTE_CREDENTIALS', remoteMcpServers);

  // Tracing is off unless an exporter/endpoint is named or the enterprise profile is on (spec/service.md).
  const tracesExporter = text(env, 'OTEL_TRACES_EXPORTER')?.toLowerCase();
  const otelEndpoint = url(env, 'OTEL_EXPORTER_OTLP_TRACES_ENDPOINT') ?? url(env, 'OTEL_EXPORTER_OTLP_ENDPOINT');
  const sdkDisabled = bool(env, 'OTEL_SDK_DISABLED', false);
  const otelEnabled =
    !sdkDisabled && tracesExporter !== 'none' && (tracesExporter !== undefined || otelEndpoint !== undefined || serviceProfile === 'enterprise');
  // The OTel default is http/protobuf (also the cheaper one to encode, measured); grpc is not offered.
  const protocolVar = otlpVariable(env, 'PROTOCOL');
  const otelProtocol = oneOf(env, protocolVar, OTLP_PROTOCOLS, 'http/protobuf', (s) => s.toLowerCase());
  const headersVar = otlpVariable(env, 'HEADERS');
  const otlpHeaders = otlpHeadersOf(headersVar, text(env, headersVar));
  const compressionVar = otlpVariable(env, 'COMPRESSION');
  const otlpCompression = oneOf(env, compressionVar, ['none', 'gzip'] as const, 'none', (s) => s.toLowerCase());
  const timeoutVar = otlpVariable(env, 'TIMEOUT');
  const otlpTimeoutMs = int(env, timeoutVar, 10_000, 1, 600_000);
  // Checked here so a typo fails at start-up with the variable named, rather than the SDK quietly
  // falling back to recording every trace.
  const sampler = oneOf(env, 'OTEL_TRACES_SAMPLER', TRACE_SAMPLERS, 'parentbased_always_on', (s) => s.toLowerCase());
  let samplerRatio: number | undefined;
  if (sampler.endsWith('traceidratio')) {
    const arg = text(env, 'OTEL_TRACES_SAMPLER_ARG');
    samplerRatio = arg === undefined ? 1 : Number(arg);
    if (!Number.isFinite(samplerRatio) || samplerRatio < 0 || samplerRatio > 1) {
      throw new ConfigError('OTEL_TRACES_SAMPLER_ARG', `must be a ratio between 0 and 1 for ${sampler}, got "${arg}"`);
    }
  }

  const rateLimitPerMinute = int(env, 'RATE_LIMIT_PER_MINUTE', 0, 0, 10_000_000);
  const shutdownTimeoutMs = int(env, 'SHUTDOWN_TIMEOUT_MS', 30_000, 0, 600_000);
  const logLevel = oneOf(env, 'LOG_LEVEL', ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const, 'info', (s) =>
    s.toLowerCase(),
  );

  // Defaults: a legitimate client sends its headers at once and a 1 MB body in well under 30 s;
  // Node's own (60 s headers, checked every 30 s, no body limit under Fastify) let a slow-drip
  // client hold a connection for minutes.
  const headersTimeoutMs = int(env, 'HTTP_HEADERS_TIMEOUT_MS', 10_000, 100, 600_000);
  const requestTimeoutMs = int(env, 'HTTP_REQUEST_TIMEOUT_MS', 30_000, 100, 3_600_000);
  if (headersTimeoutMs > requestTimeoutMs) {
    throw new ConfigError('HTTP_HEADERS_TIMEOUT_MS', `(${headersTimeoutMs}) must not exceed HTTP_REQUEST_TIMEOUT_MS (${requestTimeoutMs})`);
  }
  // Fastify's default, longer than the usual load balancer idle timeout (60 s).
  const keepAliveTimeoutMs = int(env, 'HTTP_KEEP_ALIVE_TIMEOUT_MS', 72_000, 100, 600_000);
  const publicBaseUrl = baseUrl(env, 'PUBLIC_BASE_URL');

  return {
    host,
    port,
    profile,
    ...(adminToken !== undefined ? { adminToken } : {}),
    stateDir,
    allowExternalStateDir,
    pool: { minThreads, maxThreads, maxQueue, concurrentTasksPerWorker },
    shed: { waitFactor: shedWaitFactor, minWaitMs: shedMinWaitMs },
    toolTimeoutMs,
    bodyLimitBytes,
    maxJsonDepth,
    auth: { mode: authMode, issuer, audience, jwksUrl, ...(openPaths !== undefined ? { openPaths } : {}) },
    apiKeys,
    remoteMcpServers,
    remoteMcpCredentials,
    serviceProfile,
    otel: {
      enabled: otelEnabled,
      endpoint: otelEndpoint,
      serviceName: text(env, 'OTEL_SERVICE_NAME') ?? 'neqsim-ts',
      protocol: otelProtocol,
      sampler,
      ...(samplerRatio !== undefined ? { samplerRatio } : {}),
      ...(otlpHeaders !== undefined ? { headers: otlpHeaders } : {}),
      compression: otlpCompression,
      timeoutMs: otlpTimeoutMs,
    },
    rateLimitPerMinute,
    shutdownTimeoutMs,
    logLevel,
    benchEcho: bool(env, 'BENCH_ECHO', false),
    corsOrigins: origins(env, 'CORS_ORIGINS'),
    mcpAllowedOrigins: origins(env, 'NEQSIM_MCP_ALLOWED_ORIGINS'),
    http: { headersTimeoutMs, requestTimeoutMs, keepAliveTimeoutMs },
    stateKeepPerName: int(env, 'NEQSIM_MCP_STATE_KEEP_PER_NAME', 10, 1, 100_000),
    ...(publicBaseUrl !== undefined ? { publicBaseUrl } : {}),
    ...(redis !== undefined ? { redis } : {}),
  };
}

/** REDIS_URL (redis:// or rediss://) and REDIS_KEY_PREFIX (default "neqsim:"): validated here so a typo stops start-up. */
function redisSettings(env: Env): { url: string; keyPrefix: string } | undefined {
  const url = text(env, 'REDIS_URL');
  if (url === undefined) return undefined;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new ConfigError('REDIS_URL', 'must be a URL like redis://host:6379/0 or rediss://host:6380');
  }
  if (parsed.protocol !== 'redis:' && parsed.protocol !== 'rediss:') throw new ConfigError('REDIS_URL', `must use redis:// or rediss://, got "${parsed.protocol}"`);
  const keyPrefix = text(env, 'REDIS_KEY_PREFIX') ?? 'neqsim:';
  if (!/^[A-Za-z0-9:_.-]{1,64}$/.test(keyPrefix)) throw new ConfigError('REDIS_KEY_PREFIX', `must be 1-64 letters, digits or ":_.-", got "${keyPrefix}"`);
  return { url, keyPrefix };
}
