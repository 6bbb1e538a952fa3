/**
 * What the main-thread CPU benches of the enterprise configurations share (enterprise-cpu.ts,
 * enterprise-inproc.ts): a local OIDC provider with a token for the bench audience, the no-op
 * OTLP receiver in its own process, and the environment of each configuration.
 */
import { fork } from 'node:child_process';
import { once } from 'node:events';
import { OAuth2Server } from 'oauth2-mock-server';

export interface EnterpriseFixture {
  /** Environment per configuration key: plain, oidc_otel, oidc_otel_sampled10, oidc_only, otel_only. */
  envs: Record<string, Record<string, string>>;
  /** The Authorization header of the configurations with OIDC. */
  auth: Record<string, string>;
  close(): Promise<void>;
}

export async function startEnterpriseFixture(): Promise<EnterpriseFixture> {
  const idp = new OAuth2Server();
  await idp.issuer.keys.generate('RS256');
  await idp.start(0, '127.0.0.1');
  const sink = fork(new URL('./otlp-sink.js', import.meta.url), { stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });
  const [msg] = (await once(sink, 'message')) as [{ port: number }];
  const token = await idp.issuer.buildToken({
    expiresIn: 3600,
    scopesOrTransform: (_h, p) => {
      p.aud = 'neqsim-bench';
      p.sub = 'bench-user';
    },
  });
  const oidc = { AUTH_MODE: 'oidc', OIDC_ISSUER: idp.issuer.url as string, OIDC_AUDIENCE: 'neqsim-bench' };
  const otel = { OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${msg.port}`, OTEL_SERVICE_NAME: 'neqsim-ts-bench' };
  return {
    envs: {
      plain: {},
      oidc_otel: { ...oidc, ...otel },
      oidc_otel_sampled10: { ...oidc, ...otel, OTEL_TRACES_SAMPLER: 'parentbased_traceidratio', OTEL_TRACES_SAMPLER_ARG: '0.1' },
      oidc_only: oidc,
      otel_only: otel,
    },
    auth: { authorization: `Bearer ${token}` },
    async close() {
      await idp.stop();
      sink.disconnect();
    },
  };
}

export const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 === 1 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};

/** The items in random order (Fisher-Yates): configurations are loaded in a fresh order each round. */
export function shuffled<T>(xs: readonly T[]): T[] {
  const out = [...xs];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}
