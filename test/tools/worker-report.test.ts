/**
 * The worker's timing report inside the pool reply string (src/tools/worker-report.ts): every
 * report and every JSON body read back exactly; replies without a report are unchanged.
 */
import t from 'tap';
import fc from 'fast-check';
import { readPoolReply, withWorkerReport } from '../../src/tools/worker-report.js';

const attributeValue = fc.oneof(fc.string(), fc.boolean(), fc.double({ noNaN: true }), fc.integer());

t.test('round trip: status, body, times, thread and attributes come back exactly', async (t) => {
  fc.assert(
    fc.property(
      fc.integer({ min: 100, max: 599 }),
      fc.jsonValue(),
      fc.double({ min: 0, max: 4e12, noNaN: true }),
      fc.double({ min: 0, max: 4e12, noNaN: true }),
      fc.nat(1_000_000),
      fc.dictionary(fc.string({ minLength: 1 }), attributeValue),
      (status, value, startMs, endMs, threadId, attributes) => {
        const body = JSON.stringify(value);
        const r = readPoolReply(withWorkerReport(status, body, { startMs, endMs, threadId, attributes }));
        const kept = Object.fromEntries(Object.entries(attributes).filter(([k, v]) => k !== '__proto__' && !/[\u0000\u0001]/.test(k) && !(typeof v === 'string' && /[\u0000\u0001]/.test(v))));
        // -0 prints as "0": compare numbers by value.
        const same = (a: unknown, b: unknown) => (typeof a === 'number' && typeof b === 'number' ? a === b : Object.is(a, b));
        return (
          r.httpStatus === status &&
          r.body === body &&
          r.report !== undefined &&
          r.report.startMs === startMs &&
          r.report.endMs === endMs &&
          r.report.threadId === threadId &&
          Object.keys(r.report.attributes).length === Object.keys(kept).length &&
          Object.entries(kept).every(([k, v]) => same(r.report!.attributes[k], v))
        );
      },
    ),
    { numRuns: 2000 },
  );
});

t.test('a __proto__ attribute is dropped, not turned into a prototype', async (t) => {
  const attributes = JSON.parse('{"__proto__":{"polluted":true},"neqsim.status":"success"}') as Record<string, string>;
  const r = readPoolReply(withWorkerReport(200, '{}', { startMs: 1, endMs: 2, threadId: 1, attributes }));
  t.same(Object.keys(r.report!.attributes), ['neqsim.status']);
  t.equal(Object.getPrototypeOf(r.report!.attributes), Object.prototype);
  const forged = readPoolReply('200\u00001\u00012\u00011\u0001__proto__\u0001sx\u0000{}');
  t.equal(Object.getPrototypeOf(forged.report!.attributes), Object.prototype, 'a forged reply cannot set the prototype');
  t.same(forged.report!.attributes, {});
});

t.test('a reply without a report: status and body as sent, no report', async (t) => {
  const body = JSON.stringify({ status: 'success', note: 'a \u0000 escaped in JSON' });
  t.notOk(body.includes('\u0000'), 'JSON escapes NUL');
  t.same(readPoolReply(`200${body}`), { httpStatus: 200, body });
  t.same(readPoolReply('504{"status":"error"}'), { httpStatus: 504, body: '{"status":"error"}' });
});

t.test('the report of a real traced call', async (t) => {
  const r = readPoolReply(withWorkerReport(200, '{"a":1}', { startMs: 1_764_500_000_000.125, endMs: 1_764_500_000_003.5, threadId: 3, attributes: { 'neqsim.status': 'success', 'neqsim.model': 'SRK', 'neqsim.converged': true, 'neqsim.iterations': 7 } }));
  t.same(r, { httpStatus: 200, body: '{"a":1}', report: { startMs: 1_764_500_000_000.125, endMs: 1_764_500_000_003.5, threadId: 3, attributes: { 'neqsim.status': 'success', 'neqsim.model': 'SRK', 'neqsim.converged': true, 'neqsim.iterations': 7 } } });
});
