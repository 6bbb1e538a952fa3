/**
 * The chart's shared-state values: redis.url becomes REDIS_URL from a Secret the chart makes,
 * redis.existingSecret points REDIS_URL at the operator's Secret instead, and without either the
 * pods get no REDIS_URL. The rendered values are ones the service's configuration accepts.
 */
import t from 'tap';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { renderChart, type RenderedChart } from '../helpers/helm-template.js';
import { loadConfig } from '../../src/config.js';

const chartDir = resolve(fileURLToPath(new URL('../../../', import.meta.url)), 'helm/neqsim-ts');
const envOf = (r: RenderedChart) => (r.manifests['deployment.yaml'][0]!.spec.template.spec.containers[0].env ?? []) as { name: string; value?: string; valueFrom?: any }[];

t.test('no redis values: no REDIS_URL and no Redis Secret', async (t) => {
  const r = renderChart(chartDir);
  t.notOk(envOf(r).some((e) => e.name === 'REDIS_URL'));
  t.equal(r.manifests['redis-secret.yaml']?.length ?? 0, 0);
});

t.test('redis.url: a Secret made by the chart feeds REDIS_URL', async (t) => {
  const url = 'redis://:s3cret@redis-master.cache:6379/0';
  const r = renderChart(chartDir, { redis: { url } });
  const secret = r.manifests['redis-secret.yaml']![0]!;
  t.equal(secret.metadata.name, 'demo-neqsim-ts-redis');
  t.equal(Buffer.from(secret.data.redisUrl, 'base64').toString(), url, 'the URL is only in the Secret');
  const env = envOf(r);
  const redisUrl = env.find((e) => e.name === 'REDIS_URL')!;
  t.same(redisUrl.valueFrom.secretKeyRef, { name: 'demo-neqsim-ts-redis', key: 'redisUrl' });
  const prefix = env.find((e) => e.name === 'REDIS_KEY_PREFIX')!.value!;
  t.same(loadConfig({ REDIS_URL: url, REDIS_KEY_PREFIX: prefix }).redis, { url, keyPrefix: 'neqsim:' }, 'values the service accepts');
  t.ok(r.values.replicaCount >= 2 && r.values.autoscaling.minReplicas >= 2 && r.values.podDisruptionBudget.enabled, 'two or more replicas, autoscaler and PDB by default');
});

t.test('redis.existingSecret: REDIS_URL from the operator\'s Secret, none made', async (t) => {
  const r = renderChart(chartDir, { redis: { existingSecret: 'shared-redis', existingSecretKey: 'url' } });
  t.equal(r.manifests['redis-secret.yaml']?.length ?? 0, 0);
  t.same(envOf(r).find((e) => e.name === 'REDIS_URL')!.valueFrom.secretKeyRef, { name: 'shared-redis', key: 'url' });
});

t.test('the service refuses a REDIS_URL that is not a redis URL, naming the variable', async (t) => {
  t.throws(() => loadConfig({ REDIS_URL: 'http://cache:6379' }), /REDIS_URL/);
  t.throws(() => loadConfig({ REDIS_URL: 'redis://x', REDIS_KEY_PREFIX: 'bad prefix' }), /REDIS_KEY_PREFIX/);
});

t.test('docker/compose.scale-out.yaml: one Redis and two replicas on it, valid Compose', async (t) => {
  const { readFileSync } = await import('node:fs');
  const YAML = (await import('yaml')).default;
  const { composeValidator } = await import('../helpers/compose-schema.js');
  const root = fileURLToPath(new URL('../../../', import.meta.url));
  const compose = YAML.parse(readFileSync(resolve(root, 'docker/compose.scale-out.yaml'), 'utf8'), { merge: true });
  const check = composeValidator();
  t.ok(check(compose), JSON.stringify(check.errors));
  t.same(Object.keys(compose.services).sort(), ['neqsim-a', 'neqsim-b', 'redis']);
  for (const name of ['neqsim-a', 'neqsim-b']) {
    const env = compose.services[name].environment as Record<string, string>;
    t.equal(loadConfig(env).redis?.url, 'redis://redis:6379/0', `${name} uses the compose Redis, and the service accepts its environment`);
  }
  t.same([compose.services['neqsim-a'].ports, compose.services['neqsim-b'].ports], [['8080:8080'], ['8081:8080']], 'two published ports');
});
