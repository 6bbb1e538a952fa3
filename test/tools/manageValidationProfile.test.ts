/**
 * manageValidationProfile: the shipped `default` set is exactly the limits validateResults and
 * auto-validation applied before sets existed; a custom set with a tighter limit turns a passing
 * result into a finding (validateResults) or a failed check (auto-validation, also on the pool path
 * where the limits travel with the task), and switching back restores the pass. Admin gating,
 * schema checks of rules, delete, audit.
 */
import t from 'tap';
import { Value } from '@sinclair/typebox/value';
import { configureGovernance } from '../../src/tools/contract/governance/policy.js';
import { configureAudit, recentAuditEvents } from '../../src/tools/contract/governance/audit.js';
import { DEFAULT_RULES, resetRuleSets } from '../../src/tools/contract/governance/validation-rules.js';
import type { PoolTask, ToolPool } from '../../src/tools/contract/dispatch.js';
import { createDispatcher } from '../../src/tools/dispatcher.js';
import { getTool } from '../../src/tools/registry.js';
import { createToolWorker } from '../../workers/tool-worker.js';

type Json = Record<string, any>;
configureAudit({ destination: 'off' });
const ADMIN = 'validation-admin-token';
configureGovernance({ profile: 'DESKTOP_ENGINEER', adminToken: ADMIN });
t.teardown(resetRuleSets);

const tool = getTool('manageValidationProfile')!;
const ctx = { subject: 'tester', profile: 'DESKTOP_ENGINEER', progress: () => {} };
const call = async (input: Json) => (await tool.run(input, ctx)) as Json;
const dispatcher = createDispatcher({ timeoutMs: 60_000 });
const validate = async (resultsJson: Json) => (await dispatcher('validateResults', { resultsJson }, { subject: 'tester', transport: 'api' })).envelope as Json;
const flashInput = getTool('runFlash')!.examples[0]!.input as Json;

t.test('registered as experimental PLATFORM; list and get need no token and conform to the output schema', async (t) => {
  t.match(tool, { tier: 'experimental', category: 'PLATFORM', execution: 'inline' });
  for (const ex of tool.examples) {
    t.ok(Value.Check(tool.input, ex.input), `${ex.name}: input`);
    const env = await call(ex.input as Json);
    t.equal(env.status, 'success', ex.name);
    t.ok(Value.Check(tool.output, env.data), `${ex.name}: output`);
  }
  const list = await call({ action: 'listProfiles' });
  t.same(list.data.profiles.map((p: Json) => p.name), ['default']);
  t.equal(list.data.activeProfile, 'default');
  t.match(list.data.note, /No NCS, UKCS, GoM or Brazil set ships/);
  const def = await call({ action: 'getProfile', profileName: 'default' });
  t.equal(def.data.profile.rules.length, DEFAULT_RULES.length);
  const ratio = def.data.profile.rules.find((r: Json) => r.id === 'compressionRatio');
  t.match(ratio, { max: 4.5, severity: 'WARNING', appliedBy: 'validateResults', basis: /Rule of thumb carried from the original NeqSim validator/ });
  for (const r of def.data.profile.rules) t.ok(r.basis.length > 10, `${r.id} states a basis`);
});

t.test('changes need the admin token; refusals are blocked and audited', async (t) => {
  const r = await call({ action: 'setActiveProfile', profileName: 'default' });
  t.equal(r.status, 'blocked');
  t.equal(r.data.policyCode, 'ADMIN_REQUIRED');
  const c = await call({ action: 'createProfile', profileName: 'x', rules: [], adminToken: 'wrong' });
  t.equal(c.status, 'blocked');
  const refused = recentAuditEvents().filter((e: Json) => e.tool === 'manageValidationProfile' && e.outcome === 'refused');
  t.equal(refused.length, 2);
});

t.test('rules are checked: unknown id, wrong unit, a bound the rule does not have, min >= max', async (t) => {
  const r = await call({
    action: 'createProfile', profileName: 'bad', adminToken: ADMIN,
    rules: [
      { id: 'noSuchRule', unit: 'K', max: 1, basis: 'test basis' },
      { id: 'compressionRatio', unit: 'bar', max: 3, basis: 'test basis' },
      { id: 'gasVelocity', unit: 'm/s', min: 1, basis: 'test basis' },
      { id: 'efficiency', unit: 'fraction', min: 0.9, max: 0.8, basis: 'test basis' },
    ],
  });
  t.equal(r.status, 'error');
  t.same(r.errors.map((e: Json) => e.code).sort(), ['INVALID_RANGE', 'NO_SUCH_BOUND', 'UNIT_MISMATCH', 'UNKNOWN_RULE']);
  t.equal((await call({ action: 'getProfile', profileName: 'bad' })).errors[0].code, 'PROFILE_NOT_FOUND');
  t.equal((await call({ action: 'deleteProfile', profileName: 'default', adminToken: ADMIN })).errors[0].code, 'BUILT_IN_PROFILE');
});

t.test('validateResults follows the active set', async (t) => {
  const stage = { compressionRatio: 4, outletTemperature: 150, polytropicEfficiency: 0.78 };
  const before = await validate(stage);
  t.equal(before.data.verdict, 'PASS — No issues found.');
  t.equal(before.provenance.ruleSet, 'default');

  const created = await call({
    action: 'createProfile', profileName: 'tight-compression', adminToken: ADMIN, description: 'test set',
    rules: [{ id: 'compressionRatio', unit: 'ratio', max: 3.5, severity: 'ERROR', basis: 'company practice (test)' }],
  });
  t.equal(created.status, 'success');
  t.equal(created.data.profile.rules.find((r: Json) => r.id === 'compressionRatio').max, 3.5);
  t.equal(created.data.profile.rules.find((r: Json) => r.id === 'gasVelocity').max, 5, 'unlisted rules keep the default');
  t.equal((await validate(stage)).data.verdict, 'PASS — No issues found.', 'creating does not activate');

  t.equal((await call({ action: 'setActiveProfile', profileName: 'tight-compression', adminToken: ADMIN })).data.activeProfile, 'tight-compression');
  const tight = await validate(stage);
  t.equal(tight.data.passed, false);
  t.match(tight.data.findings, [{ code: 'HIGH_COMPRESSION_RATIO', severity: 'ERROR', message: /above 3\.5 per stage/ }]);
  t.equal(tight.provenance.ruleSet, 'tight-compression');

  await call({ action: 'updateProfile', profileName: 'tight-compression', adminToken: ADMIN, rules: [{ id: 'compressionRatio', unit: 'ratio', max: 3.9, basis: 'relaxed (test)' }] });
  t.match((await validate(stage)).data.findings, [{ code: 'HIGH_COMPRESSION_RATIO', severity: 'WARNING', message: /above 3\.9/ }], 'update takes effect on the active set');

  await call({ action: 'setActiveProfile', profileName: 'default', adminToken: ADMIN });
  t.equal((await validate(stage)).data.verdict, 'PASS — No issues found.', 'back on default it passes again');
  await call({ action: 'deleteProfile', profileName: 'tight-compression', adminToken: ADMIN });
  const outcomes = recentAuditEvents().filter((e: Json) => e.tool === 'manageValidationProfile').map((e: Json) => e.outcome);
  t.same(outcomes.slice(-5), ['created', 'changed', 'updated', 'changed', 'deleted']);
});

t.test('auto-validation follows the active set inline and on the pool path', async (t) => {
  const base = await dispatcher('runFlash', flashInput, { subject: 'tester', transport: 'api' });
  const av0 = (base.envelope as Json).autoValidation;
  const range0 = av0.checks.find((c: Json) => c.rule === 'operating_range');
  t.equal(range0.status, 'PASS');
  t.equal(av0.ruleSet, undefined);
  const tK = (base.envelope as Json).data.fluid.conditions.overall.temperature as number;
  t.ok(tK > 90 && tK < 800, `flash at ${tK} K`);

  await call({
    action: 'createProfile', profileName: 'warm-only', adminToken: ADMIN,
    rules: [{ id: 'autoTemperatureRange', unit: 'K', min: tK + 1, severity: 'ERROR', basis: 'test: tighter validated window' }],
  });
  await call({ action: 'setActiveProfile', profileName: 'warm-only', adminToken: ADMIN });
  const inline = (await dispatcher('runFlash', flashInput, { subject: 'tester', transport: 'api' })).envelope as Json;
  t.equal(inline.autoValidation.ruleSet, 'warm-only');
  t.match(inline.autoValidation.checks.find((c: Json) => c.rule === 'operating_range'), { status: 'FAIL', message: /outside the validated/ });
  t.equal(inline.autoValidation.overall, 'FAIL');

  // Pool path: the limits travel with the task; the worker applies them, not its own state.
  const tasks: PoolTask[] = [];
  const worker = createToolWorker(getTool);
  const pool: ToolPool = {
    runningCapacity: 1,
    closing: false,
    cancel: () => {},
    run: async (task) => {
      tasks.push(task);
      const copy = structuredClone(task);
      resetRuleSets(); // what a worker thread holds: only default, active
      try {
        return await worker(copy);
      } finally {
        await call({ action: 'createProfile', profileName: 'warm-only', adminToken: ADMIN, rules: [{ id: 'autoTemperatureRange', unit: 'K', min: tK + 1, severity: 'ERROR', basis: 'test: tighter validated window' }] });
        await call({ action: 'setActiveProfile', profileName: 'warm-only', adminToken: ADMIN });
      }
    },
  };
  const pooled = createDispatcher({ timeoutMs: 60_000, pool });
  const viaPool = JSON.parse((await pooled('runFlash', flashInput, { subject: 'tester', transport: 'api' })).body) as Json;
  t.equal(tasks[0]!.validationLimits?.set, 'warm-only');
  t.equal(viaPool.autoValidation.ruleSet, 'warm-only');
  t.equal(viaPool.autoValidation.overall, 'FAIL');

  await call({ action: 'deleteProfile', profileName: 'warm-only', adminToken: ADMIN });
  t.equal((await call({ action: 'getActiveProfile' })).data.activeProfile, 'default', 'deleting the active set falls back to default');
  const back = await pooled('runFlash', flashInput, { subject: 'tester', transport: 'api' });
  t.equal(tasks[1]!.validationLimits, undefined, 'default is not sent to workers');
  t.equal(JSON.parse(back.body).autoValidation.overall, av0.overall);
});
