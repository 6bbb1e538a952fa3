/**
 * Reads the accepted string values of an input field out of a tool's TypeBox/JSON schema
 * (an `enum`, a `const`, or a union of literals). getCapabilities and the models resource use it
 * so that "what we implement" is whatever the tool's schema accepts, never a hand-kept list.
 */
import type { AnyTool } from '../types.js';

type Json = Record<string, unknown>;

function literals(schema: unknown): string[] {
  if (!schema || typeof schema !== 'object') return [];
  const s = schema as Json;
  if (typeof s.const === 'string') return [s.const];
  if (Array.isArray(s.enum)) return s.enum.filter((v): v is string => typeof v === 'string');
  for (const key of ['anyOf', 'oneOf'] as const) {
    const branches = s[key];
    if (Array.isArray(branches)) return [...new Set(branches.flatMap((b) => literals(b)))];
  }
  return [];
}

/** String values accepted by `tool.input.properties[field]`, in schema order ([] when open or absent). */
export function acceptedValues(tool: AnyTool | undefined, field: string): string[] {
  const props = (tool?.input as Json | undefined)?.properties as Json | undefined;
  return props ? literals(props[field]) : [];
}
