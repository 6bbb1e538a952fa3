/**
 * The worker's timing report inside the pool reply string (src/tools/contract/worker-report.ts): every
 * report and every JSON body read back exactly; replies without a report are unchanged.
 */
import t from 'tap';
import fc from 'fast-check';
import { readPoolReply, withWorkerReport } from '../../src/tools/contract/worker-report.js';

const SEPARATOR = /[\u0000\u0001]/;

t.test('round trip: status, body, times, thread and outcome come back exactly', async (t) => {
  fc.assert(
    fc.property(
      fc.integer({ min: 100, max: 599 }),
      fc.jsonValue(),
      fc.double({ min: 0, max: 4e12, noNaN: true }),
      fc.double({ min: 0, max: 4e12, noNaN: true }),
      fc.nat(1_000_000),
      fc.option(fc.string(), { nil: undefined }),
      fc.option(fc.string(), { nil: undefined }),
      fc.option(fc.boolean(), { nil: undefined }),
      fc.option(fc.nat(1_000_000), { nil: undefined }),
      (status, value, startMs, endMs, threadId, outcome, model, converged, iterations) => {
        const body = JSON.stringify(value);
        const r = readPoolReply(withWorkerReport(status, body, { startMs, endMs, threadId, status: outcome, model, converged, iterations }));
        // An empty or separator-holding text cannot be told from absent: it reads back as absent.
        const kept = (s: string | undefined) => (s === undefined || s === '' || SEPARATOR.test(s) ? undefined : s);
        return (
          r.httpStatus === status &&
          r.body === body &&
          r.report !== undefined &&
          r.report.startMs === startMs &&
          r.report.endMs === endMs &&
          r.report.threadId === threadId &&
          r.report.status === kept(outcome) &&
          r.report.model === kept(model) &&
          r.report.converged === converged &&
          r.report.iterations === iterations
        );
      },
    ),
    { numRuns: 2000 },
  );
});

t.test('a text holding a separator is left out, and the fields after it still read back', async (t) => {
  const r = readPoolReply(withWorkerReport(200, '{}', { startMs: 1, endMs: 2, threadId: 1, status: 'succ\u0001ess', model: 'S\u0000RK', converged: true, iterations: 5 }));
  t.same(r.report, { startMs: 1, endMs: 2, threadId: 1, status: undefined, model: undefined, converged: true, iterations: 5 });
  t.equal(r.body, '{}');
});

t.test('a reply without a report: status and body as sent, no report', async (t) => {
  const body = JSON.stringify({ status: 'success', note: 'a \u0000 escaped in JSON' });
  t.notOk(body.includes('\u0000'), 'JSON escapes NUL');
  t.same(readPoolReply(`200${body}`), { httpStatus: 200, body, report: undefined });
  t.same(readPoolReply('504{"status":"error"}'), { httpStatus: 504, body: '{"status":"error"}', report: undefined });
});

t.test('the report of a real traced call', async (t) => {
  const r = readPoolReply(withWorkerReport(200, '{"a":1}', { startMs: 1_764_500_000_000.125, endMs: 1_764_500_000_003.5, threadId: 3, status: 'success', model: 'SRK', converged: true, iterations: 7 }));
  t.same(r, { httpStatus: 200, body: '{"a":1}', report: { startMs: 1_764_500_000_000.125, endMs: 1_764_500_000_003.5, threadId: 3, status: 'success', model: 'SRK', converged: true, iterations: 7 } });
});
