/**
 * Shortcuts on the traced request path that must decide exactly as what they replaced: the probe
 * paths @fastify/otel is told to ignore (prefix comparison instead of a regular expression).
 */
import t from 'tap';
import fc from 'fast-check';
import { isProbePath } from '../../src/telemetry/otel.js';

const OLD_RULE = /^\/(health|metrics)(\/|$)/;

t.test('isProbePath matches what /^\\/(health|metrics)(\\/|$)/ matched', async (t) => {
  for (const url of ['/health', '/health/', '/health/ready', '/metrics', '/metrics/x', '/healthz', '/health?x=1', '/metricsx', '/v1/tools/runFlash', '', '/', 'health', '//health']) {
    t.equal(isProbePath(url), OLD_RULE.test(url), url);
  }
  const part = fc.constantFrom('/health', '/metrics', '/', '?', 'x', 'health', '/v1', '');
  fc.assert(fc.property(fc.array(part, { maxLength: 5 }), fc.string({ maxLength: 6 }), (parts, tail) => {
    const url = parts.join('') + tail;
    return isProbePath(url) === OLD_RULE.test(url);
  }), { numRuns: 3000 });
});
