/** runMaterialsReview: operating conditions of an item from the solved process stream it names. */
import type { FlowsheetResult, StreamState } from '../../../engine/index.js';
import type { ProcessDefinition } from '../../process/runProcess/definition.js';
import { findUnit } from '../../process/automation/address.js';

export interface StreamConditions {
  T: number;
  P: number;
  pCO2: number;
  pH2S: number;
  freeWater: boolean;
  stream: string;
  partialPressureBasis: 'gas phase' | 'overall composition (no gas phase: an upper bound)';
}

const squash = (s: string) => s.toLowerCase().replace(/[\s_\-]+/g, '');

export type Located = { ok: true; conditions: StreamConditions } | { ok: false; message: string };

/**
 * "Unit" (its first outlet) or "Unit.port" (port key, with or without a "Stream" suffix). Unit
 * names resolve as automation addresses do (findUnit: case, spacing, aliases, small typos).
 */
export function streamConditions(definition: ProcessDefinition, solved: FlowsheetResult, ref: string): Located {
  const dot = ref.lastIndexOf('.');
  // A unit name may itself contain a dot: try "Unit.port" first, then the whole text as a unit.
  const candidates: [string, string | undefined][] = dot > 0 ? [[ref.slice(0, dot), ref.slice(dot + 1)], [ref, undefined]] : [[ref, undefined]];
  let notFound = '';
  for (const [unitName, port] of candidates) {
    const hit = findUnit(definition.units, unitName);
    if (!hit.ok) {
      notFound ||= hit.diagnostic.errorMessage + ` (units: ${definition.units.map((u) => u.name).join(', ')})`;
      continue;
    }
    const k = definition.units.indexOf(hit.unit);
    const result = solved.units[k];
    const keys = Object.keys(result.outlets);
    const key = port === undefined ? keys[0] : keys.find((p) => squash(p) === squash(port).replace(/stream$/, ''));
    if (key === undefined) return { ok: false, message: `'${hit.unit.name}' has no outlet '${port}' (outlets: ${keys.join(', ')})` };
    const s = result.outlets[key];
    if (s === undefined) return { ok: false, message: `No material leaves '${hit.unit.name}' through ${key}` };
    return { ok: true, conditions: conditionsOf(s, `${hit.unit.name}.${key}`) };
  }
  return { ok: false, message: notFound };
}

function conditionsOf(s: StreamState, name: string): StreamConditions {
  const comps = s.fluid.model.components;
  const idx = (names: string[]) => comps.findIndex((c) => names.includes(c.name.toLowerCase()));
  const iCO2 = idx(['co2', 'carbon dioxide']);
  const iH2S = idx(['h2s', 'hydrogen sulfide']);
  const iWater = idx(['water', 'h2o']);
  const gas = s.flash.phases.find((p) => p.label === 'gas');
  const x = gas?.x ?? s.z;
  const P = s.flash.P / 1e5;
  const freeWater = s.flash.phases.some((p) => p.label === 'aqueous') || (iWater >= 0 && s.flash.phases.some((p) => p.label !== 'gas' && p.x[iWater] > 0.5));
  return {
    T: s.flash.T,
    P,
    pCO2: iCO2 >= 0 ? x[iCO2] * P : 0,
    pH2S: iH2S >= 0 ? x[iH2S] * P : 0,
    freeWater,
    stream: name,
    partialPressureBasis: gas !== undefined ? 'gas phase' : 'overall composition (no gas phase: an upper bound)',
  };
}
