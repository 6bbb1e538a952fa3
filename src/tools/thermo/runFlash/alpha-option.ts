/**
 * The `alphaFunction` input of runFlash (and of the tools that reuse its request parser): which
 * cubic alpha SRK/PR use. "classic" (default) is the original's Soave / PR-1976 alpha, on which
 * parity with NeqSim is defined; the others are options that fix known weaknesses of it (see
 * src/engine/eos/alpha.ts for the measured deviations and the recommendation).
 */
import { ALPHA_FUNCTIONS, hasAlphaParameters, type AlphaFunctionName } from '../../../engine/index.js';
import type { ComponentData } from '../../../engine/components/index.js';
import { issue, warning, type DiagnosticIssue, type Warning } from '../../contract/envelope.js';
import type { FlashModel } from '../../contract/flash-models.js';

export const ALPHA_FUNCTION_DESCRIPTION =
  'Alpha function of SRK/PR: "classic" (default: Soave for SRK, PR-1976 for PR, as the original), "mathias-copeman" (Mathias & Copeman 1983, per-component c1–c3 fitted to vapour pressure; SRK and PR) or "twu" (Twu et al. 1991; SRK only). ' +
  'Recommended for water and CO2: "mathias-copeman": water vapour pressure within 0.7 % (SRK) / 2.3 % (PR) of IAPWS-95 over 280–600 K, where classic SRK is 32 % low at 280 K and 8.8 % low at 100 °C (so water at 100 °C and 1 atm comes out liquid); CO2 vapour pressure within 0.2 % of Span–Wagner. ' +
  'No alpha changes liquid densities (set by the co-volume and the Peneloux shift; CO2 near its critical point stays 15–20 % low). ' +
  'A component without parameters for the chosen alpha keeps the classic one and is named in a MISSING_REFERENCE_DATA warning. Not for CPA or GERG2008.';

export type AlphaOptionOutcome = { ok: true; alphaFunction: AlphaFunctionName } | { ok: false; issue: DiagnosticIssue };

/** The alpha function asked for (case-insensitive), or an issue. undefined input → classic. */
export function parseAlphaFunction(raw: unknown, model: FlashModel | undefined): AlphaOptionOutcome {
  if (raw === undefined || raw === null) return { ok: true, alphaFunction: 'classic' };
  const name = typeof raw === 'string' ? ALPHA_FUNCTIONS.find((a) => a === raw.trim().toLowerCase()) : undefined;
  if (name === undefined) {
    return { ok: false, issue: issue('UNKNOWN_ALPHA_FUNCTION', `Unknown alpha function ${JSON.stringify(raw)}`, `Use one of: ${ALPHA_FUNCTIONS.join(', ')} (or omit alphaFunction for the classic one)`, 'alphaFunction') };
  }
  if (name !== 'classic' && model !== undefined && model !== 'SRK' && model !== 'PR') {
    return { ok: false, issue: issue('UNSUPPORTED_ALPHA_FUNCTION', `alphaFunction "${name}" applies to the SRK and PR cubic models, not ${model}`, 'Use "model": "SRK" or "PR" with this alpha function, or omit alphaFunction', 'alphaFunction') };
  }
  if (name === 'twu' && model === 'PR') {
    return { ok: false, issue: issue('UNSUPPORTED_ALPHA_FUNCTION', 'The Twu parameters of the component database are fitted for SRK; with PR they misplace water’s vapour pressure by up to 55 %', 'Use "model": "SRK" with "twu", or "mathias-copeman" with PR', 'alphaFunction') };
  }
  return { ok: true, alphaFunction: name };
}

/** A warning naming the components that keep the classic alpha, or undefined when none do. */
export function alphaFallbackWarning(model: FlashModel, alphaFunction: AlphaFunctionName, components: readonly ComponentData[]): Warning | undefined {
  if (alphaFunction === 'classic' || (model !== 'SRK' && model !== 'PR')) return undefined;
  const missing = components.filter((c) => !hasAlphaParameters(model, alphaFunction, c)).map((c) => c.name);
  if (missing.length === 0) return undefined;
  return warning(
    'MISSING_REFERENCE_DATA',
    `No ${model} ${alphaFunction} alpha parameters in the component database for ${missing.join(', ')}: ${missing.length === 1 ? 'it keeps' : 'they keep'} the classic alpha (parameter sets that do not reproduce a component's own acentric factor are not used)`,
  );
}
