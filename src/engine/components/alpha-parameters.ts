/**
 * Which alpha-function parameters a cubic fluid gets for the chosen alpha function
 * (../eos/alpha.ts), from the screened COMP.csv sets in data/alpha-rows.ts. A component without a
 * set keeps the classic alpha and is named in `fallbacks`, so the caller can warn: a mixture is
 * never silently half Mathias–Copeman.
 */
import type { ComponentData } from './types.js';
import type { AlphaFunctionName, TwuParameters } from '../eos/alpha.js';
import type { CubicAlphaOverride, CubicKind } from '../eos/cubic.js';
import { ALPHA_ROWS, type AlphaRow } from './data/alpha-rows.js';

export type AlphaSelection =
  | { ok: true; override: CubicAlphaOverride | undefined; fallbacks: string[] }
  | { ok: false; message: string };

function rowOf(c: ComponentData): AlphaRow | undefined {
  const csvName = typeof c.extra?.csvName === 'string' ? c.extra.csvName : c.name;
  return ALPHA_ROWS[csvName] ?? ALPHA_ROWS[c.name];
}

/** Whether the database holds parameters of this alpha function for the component with this EOS. */
export function hasAlphaParameters(kind: CubicKind, alpha: AlphaFunctionName, c: ComponentData): boolean {
  if (alpha === 'classic') return true;
  const row = rowOf(c);
  if (alpha === 'twu') return kind === 'SRK' && row?.twuSRK !== undefined;
  return (kind === 'SRK' ? row?.mcSRK : row?.mcPR) !== undefined;
}

export function selectAlphaParameters(kind: CubicKind, alpha: AlphaFunctionName, components: readonly ComponentData[]): AlphaSelection {
  if (alpha === 'classic') return { ok: true, override: undefined, fallbacks: [] };
  if (alpha === 'twu' && kind !== 'SRK') {
    return { ok: false, message: 'The Twu parameters of the component database (COMP.csv TwuCoon1–3) are fitted for SRK; with PR they misplace water’s vapour pressure by up to 55 %' };
  }
  const fallbacks: string[] = [];
  if (alpha === 'twu') {
    const twu: (TwuParameters | undefined)[] = components.map((c) => {
      const p = rowOf(c)?.twuSRK;
      if (p === undefined) fallbacks.push(c.name);
      return p;
    });
    return { ok: true, override: { twu }, fallbacks };
  }
  const mathiasCopeman = components.map((c) => {
    const row = rowOf(c);
    const p = kind === 'SRK' ? row?.mcSRK : row?.mcPR;
    if (p === undefined) fallbacks.push(c.name);
    return p;
  });
  return { ok: true, override: { mathiasCopeman }, fallbacks };
}
