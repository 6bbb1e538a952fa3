/**
 * The service-time estimates and the shedding policy (src/tools/contract/service-times.ts) on their own:
 * EWMA arithmetic, when a call is admitted or refused, and the Retry-After it is given.
 */
import t from 'tap';
import { Admission, DEFAULT_SHED_POLICY, ServiceTimes } from '../../src/tools/contract/service-times.js';

t.test('EWMA over time: samples of the same moment count alike, old ones fade', async (t) => {
  const s = new ServiceTimes(1_000);
  t.equal(s.estimate('a'), undefined);
  s.observe('a', 100, 0);
  t.equal(s.estimate('a'), 100, 'the first sample is the estimate');
  s.observe('a', 200, 0);
  t.equal(s.estimate('a'), 150, 'same moment: the plain mean');
  // One time constant later the old pair weighs e^-1 each: (300/e + 400) / (2/e + 1).
  s.observe('a', 400, 1_000);
  t.ok(Math.abs(s.estimate('a')! - (300 / Math.E + 400) / (2 / Math.E + 1)) < 1e-9, `${s.estimate('a')}`);
  s.observe('a', 10, 60_000);
  t.ok(Math.abs(s.estimate('a')! - 10) < 1e-9, 'a minute later the new sample is all that counts');
  s.observe('a', Number.NaN, 60_000);
  s.observe('a', -5, 60_000);
  t.ok(Math.abs(s.estimate('a')! - 10) < 1e-9, 'non-finite and negative samples are ignored');
  t.equal(s.estimate('b'), undefined, 'per tool');
  // A burst of replies read together: one sample holds the gap, the rest almost nothing.
  const burst = new ServiceTimes(1_000);
  for (let i = 0; i < 100; i++) burst.observe('cheap', i % 4 === 0 ? 2 : 0, i * 0.5);
  t.ok(Math.abs(burst.estimate('cheap')! - 0.5) < 0.05, `the mean cost per call, 0.5 ms (${burst.estimate('cheap')})`);
});

t.test('count-based wait: no wait while a thread is free, then the work shared over the threads', async (t) => {
  const times = new ServiceTimes();
  times.observe('heavy', 100);
  const adm = new Admission(times, { waitFactor: 2, minWaitMs: 20, unknownToolMs: 10 }, 8, 2);
  t.equal(adm.expectedWaitMs(), 0);
  adm.enter('heavy');
  t.equal(adm.expectedWaitMs(), 0, 'one call on two threads: the other thread is free');
  adm.enter('heavy');
  adm.enter('unknown');
  t.equal(adm.expectedWaitMs(), (100 + 100 + 10) / 2);
  adm.leave('unknown');
  adm.leave('heavy');
  adm.leave('heavy');
  t.equal(adm.expectedWaitMs(), 0);
});

t.test('queue target: admitted while the wait is at most waitFactor x the wait at capacity', async (t) => {
  const times = new ServiceTimes();
  times.observe('heavy', 100);
  let wait = 0;
  // 8 running slots on 2 threads: a 100 ms call waits 400 ms at capacity; factor 2 -> 800 ms.
  const adm = new Admission(times, { waitFactor: 2, minWaitMs: 20, unknownToolMs: 10 }, 8, 2, () => wait);
  adm.enter('heavy');
  wait = 800;
  t.equal(adm.shouldShed('heavy', 30_000), null, 'at the target: admitted');
  wait = 2_350;
  const d = adm.shouldShed('heavy', 30_000);
  t.ok(d !== null);
  t.equal(d!.reason, 'queue target');
  t.equal(d!.limitMs, 800);
  t.equal(d!.retryAfterS, 2, 'ceil((2350 - 800) / 1000)');
  // A cheap tool's target is the floor: it is not made to wait behind long calls.
  times.observe('cheap', 0.5);
  wait = 25;
  t.equal(adm.shouldShed('cheap', 30_000)!.limitMs, 20);
  wait = 15;
  t.equal(adm.shouldShed('cheap', 30_000), null);
});

t.test('budget: refused when the wait leaves too little of the budget; an idle pool admits anything', async (t) => {
  const times = new ServiceTimes();
  times.observe('slow', 900);
  let wait = 0;
  const adm = new Admission(times, { waitFactor: 0, minWaitMs: 0, unknownToolMs: 10 }, 2, 2, () => wait);
  t.equal(adm.shouldShed('slow', 1_000), null, 'nothing in flight');
  adm.enter('slow');
  wait = 50;
  t.equal(adm.shouldShed('slow', 1_000), null, '50 + 900 <= 1000');
  wait = 150;
  const d = adm.shouldShed('slow', 1_000)!;
  t.equal(d.reason, 'budget');
  t.equal(d.limitMs, 100);
  t.equal(d.retryAfterS, 1, 'at least one second');
  // Estimated slower than its budget (after timeouts): refused only while others are in the way.
  times.observe('slow', 5_000);
  wait = 0;
  t.equal(adm.shouldShed('slow', 1_000), null, 'no wait: admitted, so the estimate can recover');
  wait = 1;
  t.equal(adm.shouldShed('slow', 1_000)!.reason, 'budget');
});

t.test('the defaults are the documented ones', async (t) => {
  t.same(DEFAULT_SHED_POLICY, { waitFactor: 2, minWaitMs: 5, unknownToolMs: 10 });
});
