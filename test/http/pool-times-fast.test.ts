/**
 * The worker's busy time on the pool reply (src/tools/contract/worker-report.ts) and the admission
 * policy's use of it (src/tools/contract/service-times.ts): the busy-time section reads back exactly
 * and leaves status, report, summary and body as they were; the main thread's reply lag counts as
 * a wait with its own target.
 */
import t from 'tap';
import fc from 'fast-check';
import { busySection, readPoolReply, summarySection, withWorkerReport, workerTimesOf } from '../../src/tools/contract/worker-report.js';
import { Admission, ServiceTimes } from '../../src/tools/contract/service-times.js';

t.test('busy-time section: round trip, and the rest of the reply reads as without it', async (t) => {
  fc.assert(
    fc.property(
      fc.integer({ min: 100, max: 599 }),
      fc.jsonValue(),
      fc.double({ min: 0, max: 1e7, noNaN: true }),
      fc.double({ min: 1e12, max: 4e12, noNaN: true }),
      fc.boolean(),
      fc.boolean(),
      (status, value, busyMs, endEpochMs, withReport, withSummary) => {
        let body = JSON.stringify(value);
        if (withSummary) body = summarySection({ status: 'success', head: 'a head' }) + body;
        const report = { startMs: 1, endMs: 2, threadId: 3, status: 'success', model: 'SRK', converged: true, iterations: 4 };
        const busy = busySection(busyMs, endEpochMs);
        const plain = withReport ? withWorkerReport(status, body, report) : `${status}${body}`;
        const timed = withReport ? withWorkerReport(status, body, report, busy) : `${status}${busy}${body}`;
        const times = workerTimesOf(timed);
        const ok =
          times !== undefined &&
          Math.abs(times.busyMs - busyMs) <= 0.0005 + 1e-12 * busyMs &&
          Math.abs(times.endEpochMs - endEpochMs) <= 0.0005 + 1e-15 * endEpochMs &&
          workerTimesOf(plain) === undefined;
        const a = readPoolReply(plain);
        const b = readPoolReply(timed);
        return ok && JSON.stringify(a) === JSON.stringify(b) && b.httpStatus === status;
      },
    ),
  );
});

t.test('reply lag: the recent mean, forgotten once no reply came for a time constant', async (t) => {
  const s = new ServiceTimes(1_000);
  t.equal(s.replyLagMs(0), undefined);
  s.observeReplyLag(2, 0);
  s.observeReplyLag(4, 0);
  t.equal(s.replyLagMs(10), 3);
  t.equal(s.replyLagMs(2_000), undefined, 'an old lag says nothing about now');
  t.equal(s.estimate(''), 3, 'kept apart from tool names (no tool is named "")');
});

t.test('the main thread lag is a wait with its own target: max(queue target, waitFactor x floor)', async (t) => {
  const times = new ServiceTimes();
  const now = performance.now();
  times.observe('cheap', 0.03, now);
  const adm = new Admission(times, { waitFactor: 2, minWaitMs: 5, unknownToolMs: 10 }, 8, 2, () => 0);
  adm.enter('cheap');
  times.observeReplyLag(8, now);
  t.equal(adm.shouldShed('cheap', 30_000), null, '8 ms behind the main thread: admitted (target 10 ms)');
  t.equal(adm.expectedWaitMs() > 7.9, true, 'the expected wait includes the lag');
  for (let i = 0; i < 50; i++) times.observeReplyLag(40, now);
  const d = adm.shouldShed('cheap', 30_000);
  t.ok(d !== null, 'far behind: refused');
  t.equal(d!.limitMs, 10);
  t.equal(d!.reason, 'queue target');
  t.equal(d!.retryAfterS, 1);
  adm.leave('cheap');
  t.equal(adm.shouldShed('cheap', 30_000), null, 'nothing in flight: admitted whatever the lag');
});
