/**
 * Compression factors from the reference equations (AGA8-DC92 DETAIL = ISO 12213-2, GERG-2008 =
 * ISO 20765-2) for the metering standards; errors of the reference EOS become StandardsError.
 */
import { aga8DetailState, gerg2008State, type ReferenceState } from '../../../engine/reference-eos/index.js';
import { StandardsError } from '../../../engine/standards/errors.js';
import { warning, type Warning } from '../../contract/envelope.js';

export type CompressibilityModel = 'AGA8-DETAIL' | 'GERG-2008';

export function referenceState(model: CompressibilityModel, T: number, P: number, composition: Record<string, number>, where: string): { state: ReferenceState; warnings: Warning[] } {
  const r = model === 'GERG-2008' ? gerg2008State(T, P, composition) : aga8DetailState(T, P, composition);
  if (!r.ok) throw new StandardsError(r.code, `${model} at ${where}: ${r.message}`, r.fix, r.field === undefined ? undefined : r.field === 'composition' ? 'components' : r.field);
  const warnings = r.warnings
    .filter((w) => w.code !== 'COMPOSITION_NORMALIZED')
    .map((w) => warning(w.code, `${model} at ${where}: ${w.message}`));
  return { state: r, warnings };
}

/** Sum of the given fractions; the reference EOS normalises, we warn once. */
export function normalizationWarning(composition: Record<string, number>): Warning[] {
  const sum = Object.values(composition).reduce((a, b) => a + b, 0);
  return Math.abs(sum - 1) > 1e-10 ? [warning('COMPOSITION_NORMALIZED', `Mole fractions summed to ${sum}; normalised to 1`)] : [];
}
