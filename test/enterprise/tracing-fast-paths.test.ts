/**
 * Shortcuts on the traced request path that must decide exactly as what they replaced: the probe
 * paths @fastify/otel is told to ignore (prefix comparison instead of a regular expression), and
 * the one-pass encoding of short attributes (the same bytes as the general writer calls), and the
 * open-path check of the OIDC and rate-limit hooks.
 */
import t from 'tap';
import fc from 'fast-check';
import type { Attributes } from '@opentelemetry/api';
import { isProbePath } from '../../src/telemetry/otel.js';
import { ProtoWriter, writeAttributes } from '../../src/telemetry/otlp-encoder.js';
import { DEFAULT_OPEN_PATHS, isOpen } from '../../src/http/plugins/open-paths.js';

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

/** KeyValue encoding through the writer's general calls only (what writeAttributes did before its one-pass path). */
function referenceAttributes(w: ProtoWriter, field: number, attrs: Record<string, unknown>): void {
  const anyValue = (f: number, v: unknown): void => {
    const m = w.begin(f);
    if (typeof v === 'string') w.string(1, v);
    else if (typeof v === 'boolean') w.uint(2, v ? 1 : 0);
    else if (typeof v === 'number') {
      if (Number.isSafeInteger(v)) w.int64(3, v);
      else w.double(4, v);
    } else if (Array.isArray(v)) {
      const arr = w.begin(5);
      for (const item of v) anyValue(1, item);
      w.end(arr);
    }
    w.end(m);
  };
  for (const key in attrs) {
    if (attrs[key] === undefined) continue;
    const m = w.begin(field);
    w.string(1, key);
    anyValue(2, attrs[key]);
    w.end(m);
  }
}

t.test('writeAttributes: the same bytes as the general encoding for any keys and values', async (t) => {
  const text = fc.string({ maxLength: 140, unit: fc.oneof(fc.constantFrom('a', 'Z', '.', '_', '/'), fc.constantFrom('é', '中', '\u0000', '\u007f', '\u0080')) });
  const value = fc.oneof(text, fc.boolean(), fc.integer({ min: -300, max: 300 }), fc.double({ noNaN: false }), fc.array(fc.boolean(), { maxLength: 3 }), fc.constant(undefined));
  fc.assert(
    fc.property(fc.dictionary(text, value, { maxKeys: 8 }), fc.constantFrom(1, 3, 4, 9), (attrs, field) => {
      const a = new ProtoWriter(8);
      const b = new ProtoWriter(8);
      writeAttributes(a, field, attrs as Attributes);
      referenceAttributes(b, field, attrs);
      return a.bytes().equals(b.bytes());
    }),
    { numRuns: 3000 },
  );
  t.pass('identical encodings');
});

/** The open-path rule as first written (split off the query, then compare with each `prefix/`). */
function referenceIsOpen(url: string, openPaths: readonly string[]): boolean {
  const path = url.split('?')[0]!;
  return openPaths.some((p) => path === p || path.startsWith(p.endsWith('/') ? p : `${p}/`) || (p.endsWith('*') && path.startsWith(p.slice(0, -1))));
}

t.test('isOpen decides as the rule it replaced, for any url and open paths', async (t) => {
  const piece = fc.constantFrom('/', 'docs', 'health', '?', '*', 'x', '/docs', '/health', '');
  const str = fc.array(piece, { maxLength: 5 }).map((xs) => xs.join(''));
  for (const url of ['/health', '/health/ready', '/healthz', '/docs?x', '/docs/', '/openapi.json', '/v1/tools/runFlash', '/metrics?a=/b']) {
    t.equal(isOpen(url, DEFAULT_OPEN_PATHS), referenceIsOpen(url, DEFAULT_OPEN_PATHS), url);
  }
  fc.assert(fc.property(str, fc.array(str, { maxLength: 4 }), (url, paths) => isOpen(url, paths) === referenceIsOpen(url, paths)), { numRuns: 5000 });
});
