/**
 * stringifyEnvelope (execute.ts) serializes data's fields once when the envelope repeats them at
 * the top level (runFlash's legacy flash/fluid): its text must be JSON.stringify's, byte for byte,
 * for real envelopes and for the corners of JSON.stringify (left-out values, toJSON with its key,
 * escaped keys, __proto__ as an own key, getters, non-finite numbers, a value shared under another name).
 */
import t from 'tap';
import { serializeWithStatus, stringifyEnvelope } from '../../src/tools/contract/execute.js';
import type { Envelope } from '../../src/tools/contract/envelope.js';
import { runTool } from '../../src/index.js';
import { RUN_FLASH_EXAMPLES } from '../../src/tools/thermo/runFlash/examples.js';

t.test('runFlash envelopes of every catalog example: the same text as JSON.stringify', async (t) => {
  for (const ex of RUN_FLASH_EXAMPLES) {
    const env = await runTool('runFlash', ex.input);
    t.equal(env.status, 'success', ex.name);
    t.ok((env as unknown as Record<string, unknown>).fluid === (env.data as Record<string, unknown>).fluid, `${ex.name}: the legacy copy is data's object`);
    t.equal(stringifyEnvelope(env), JSON.stringify(env), ex.name);
    t.equal(serializeWithStatus(env).body, JSON.stringify(env), `${ex.name} (serializeWithStatus)`);
  }
  const failed = await runTool('runFlash', { components: { methane: 1 }, temperature: 300, pressure: -1 });
  t.equal(stringifyEnvelope(failed), JSON.stringify(failed), 'an error envelope (no data)');
});

t.test('corners of JSON.stringify', async (t) => {
  const shared = { a: 1, nested: { b: [1, 2, { c: 'x' }] } };
  const withKey = { toJSON: (key: string) => `key:${key}` };
  const gone = { toJSON: () => undefined };
  const data: Record<string, unknown> = JSON.parse('{"__proto__": {"p": 1}, "é\\"\\n": 2}');
  Object.assign(data, {
    shared,
    when: new Date(0),
    withKey,
    gone,
    skipped: undefined,
    fn: () => 1,
    nan: Number.NaN,
    inf: Number.POSITIVE_INFINITY,
    list: [undefined, () => 1, Number.NaN, shared],
    data: { inner: true },
  });
  Object.defineProperty(data, 'computed', { enumerable: true, get: () => ({ v: 3 }) });
  Object.defineProperty(data, 'hidden', { enumerable: false, value: 4 });
  const env = {
    apiVersion: '1.0',
    status: 'success',
    tool: 'x',
    data,
    shared,
    withKey,
    gone,
    other: shared.nested,
    elsewhere: withKey,
    when: data.when,
    warnings: [],
  } as unknown as Envelope;
  const text = stringifyEnvelope(env);
  t.equal(text, JSON.stringify(env));
  t.match(text, /"withKey":"key:withKey"/, 'toJSON is given the property name');
  t.match(text, /"elsewhere":"key:elsewhere"/, 'a value repeated under another name is serialized for that name');
  t.notOk(text.includes('"gone"'), 'a toJSON answering undefined leaves the property out');
  // An envelope that repeats nothing, and one whose data is not a plain object, go to JSON.stringify.
  const plain = { apiVersion: '1.0', status: 'success', tool: 'x', data: { a: 1 }, warnings: [] } as unknown as Envelope;
  t.equal(stringifyEnvelope(plain), JSON.stringify(plain));
  const arr = { ...plain, data: [shared], shared } as unknown as Envelope;
  t.equal(stringifyEnvelope(arr), JSON.stringify(arr));
});
