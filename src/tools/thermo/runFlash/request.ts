/**
 * Turns a runFlash input into a checked request (SI units, resolved components) or the complete
 * list of problems, each with a code and a fix. Nothing here throws.
 */
import { findComponent, refusedComponentIssue, suggestComponent, type ComponentData } from '../../../engine/components/index.js';
import { isFluidModelName, isPolar, uncoveredComponents } from '../../../engine/index.js';
import { REFERENCE_COMPONENTS } from '../../../engine/reference-eos/components.js';
import { issue, warning, type DiagnosticIssue, type Warning } from '../../contract/envelope.js';
import { CPA_MIXING_RULES, UMR_MIXING_RULES, modelDidYouMean, normalizeModel, FLASH_MODELS, MIXING_RULES, type FlashModel } from '../../contract/flash-models.js';
import { hasAsymmetricCpaPair } from '../../../engine/cpa-fluid.js';
import { parseEnthalpy, parseEntropy, parseMolarVolume, parsePressure, parseTemperature } from '../../contract/units.js';
import { IMPLEMENTED_FLASH_TYPES, implementedFlashType, type ImplementedFlashType } from './flash-types.js';
import { alphaFallbackWarning, parseAlphaFunction } from './alpha-option.js';
import type { AlphaFunctionName } from '../../../engine/index.js';

/** The enthalpy (PH), entropy (PS) or molar volume (TV) spec per mole of feed: J/mol, J/(mol·K) or m3/mol. */
export interface StateSpec {
  kind: 'enthalpy' | 'entropy' | 'volume';
  value: number;
  /** As given, for messages: the number and its canonical unit. */
  given: { value: number; unit: string };
}

export interface FlashRequest {
  /** One of the models the caller allowed (FLASH_MODELS unless it narrowed the list). */
  model: FlashModel;
  flashType: ImplementedFlashType;
  /**
   * K and Pa. For PH/PS and the …PointT saturation types the temperature is the initial guess
   * (default 288.15 K); for TV and the …PointP types the pressure is.
   */
  temperature: number;
  pressure: number;
  /** Whether the input gave a pressure (TV starts from the ideal-gas pressure otherwise). */
  pressureGiven: boolean;
  /** Components with a positive fraction, in input order (duplicates merged), and their normalised fractions. */
  components: ComponentData[];
  z: number[];
  /** Every input component by canonical name with its normalised fraction (zeros included). */
  reported: { name: string; fraction: number }[];
  multiPhaseCheck: boolean;
  /** Alpha function of SRK/PR (classic unless the input asked for another; see alpha-option.ts). */
  alphaFunction: AlphaFunctionName;
  /** UMRPRU only: the universal mixing rule with UNIFAC ('umr') or the classic one (default). */
  umrAttraction?: 'umr' | 'classic';
  /** Present exactly for PH (enthalpy), PS (entropy) and TV (volume). */
  spec?: StateSpec;
  /**
   * GERG2008 TP only: the homogeneous single-phase state at (T, P) without a phase split (the
   * NIST reference code's and ISO 20765-2's calculation). False unless the input set it.
   */
  singlePhase: boolean;
  warnings: Warning[];
}

export type RequestOutcome = { ok: true; request: FlashRequest } | { ok: false; kind: 'input' | 'compute'; issues: DiagnosticIssue[] };

const DEFAULT_T = 288.15;
const DEFAULT_P_BARA = 1.01325;
const NORMALIZE_TOLERANCE = 1e-6;

function isObject(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

/**
 * UNSUPPORTED_MODEL for a tool that needs phase equilibrium and properties of each phase (SRK,
 * PR or SRK-CPA) when the request names GERG-2008; undefined otherwise.
 */
export function equilibriumModelIssue(model: FlashModel, what: string, field = 'model'): DiagnosticIssue | undefined {
  // Every registered model (engine/models.ts) has a full residual Helmholtz energy: phase
  // equilibrium and the properties of each phase are generic.
  if (isFluidModelName(model)) return undefined;
  return issue('UNSUPPORTED_MODEL', `${what} needs one of the equilibrium models; ${model} is not one`, 'Use "model": "SRK", "PR", "CPA", "GERG2008", "UMRPRU" or "PCSAFT"', field);
}

/**
 * `models`: which models this caller computes (default every registered model, FLASH_MODELS). A
 * model outside it is UNKNOWN_MODEL with the list in the fix.
 */
export function parseFlashRequest(input: unknown, models: readonly FlashModel[] = FLASH_MODELS): RequestOutcome {
  if (!isObject(input)) {
    return { ok: false, kind: 'input', issues: [issue('INPUT_ERROR', 'runFlash input must be a JSON object', 'Send {"model": "SRK", "temperature": …, "pressure": …, "components": {…}}')] };
  }
  const issues: DiagnosticIssue[] = [];
  const warnings: Warning[] = [];

  const model = input.model === undefined ? 'SRK' : normalizeModel(input.model, models);
  if (model === undefined) {
    const cpaElsewhere = normalizeModel(input.model, ['CPA']) === 'CPA';
    issues.push(
      issue(
        'UNKNOWN_MODEL',
        cpaElsewhere ? 'CPA is not implemented for this tool (runFlash, runProcess, runPipeline, sizeEquipment, runRelief and runFlowAssurance take it)' : `Unknown or unsupported model ${JSON.stringify(input.model)}.${modelDidYouMean(input.model, models)}`,
        `Use one of: ${models.join(', ')}`,
        'model',
      ),
    );
  }

  const flashTypeRaw = input.flashType ?? 'TP';
  let flashType: ImplementedFlashType | undefined;
  if (typeof flashTypeRaw === 'string' && implementedFlashType(flashTypeRaw) !== undefined) flashType = implementedFlashType(flashTypeRaw);
  else {
    issues.push(issue('UNKNOWN_FLASH_TYPE', `Unknown flash type ${JSON.stringify(flashTypeRaw)}`, `Use one of: ${IMPLEMENTED_FLASH_TYPES.join(', ')}`, 'flashType'));
  }

  const rules: readonly unknown[] = model === 'CPA' ? CPA_MIXING_RULES : model === 'UMRPRU' ? UMR_MIXING_RULES : MIXING_RULES;
  if (input.mixingRule !== undefined && !rules.includes(input.mixingRule)) {
    issues.push(issue('UNKNOWN_MIXING_RULE', `Mixing rule ${JSON.stringify(input.mixingRule)} is not implemented${model === 'CPA' ? ' for CPA' : model === 'UMRPRU' ? ' for UMRPRU' : ''}`, `Use ${rules.map((r) => `"${String(r)}"`).join(' or ')} (or omit mixingRule)`, 'mixingRule'));
  }

  const singlePhase = input.singlePhase === true;
  if (input.singlePhase !== undefined && typeof input.singlePhase !== 'boolean') {
    issues.push(issue('INPUT_ERROR', '"singlePhase" must be true or false', 'Give "singlePhase": true for the homogeneous GERG-2008 state, or omit it', 'singlePhase'));
  } else if (singlePhase && model !== undefined && model !== 'GERG2008') {
    issues.push(issue('UNSUPPORTED_PROPERTY', `"singlePhase" applies to model GERG2008 (the ISO 20765-2 homogeneous state), not ${model}`, 'Omit singlePhase, or use "model": "GERG2008"', 'singlePhase'));
  } else if (singlePhase && flashType !== undefined && flashType !== 'TP') {
    issues.push(issue('UNSUPPORTED_PROPERTY', `"singlePhase" applies to a TP flash, not ${flashType}`, 'Use "flashType": "TP" with singlePhase, or omit singlePhase', 'singlePhase'));
  }

  const alpha = parseAlphaFunction(input.alphaFunction, model);
  if (!alpha.ok) issues.push(alpha.issue);
  const alphaFunction = alpha.ok ? alpha.alphaFunction : 'classic';

  let temperature = DEFAULT_T;
  if (input.temperature !== undefined) {
    const r = parseTemperature(input.temperature, { code: 'TEMPERATURE_ERROR', field: 'temperature' });
    if (r.ok) temperature = r.value;
    else issues.push(r.issue);
  }
  let pressure = DEFAULT_P_BARA * 1e5;
  if (input.pressure !== undefined) {
    const r = parsePressure(input.pressure, { code: 'PRESSURE_ERROR', field: 'pressure' });
    if (r.ok) pressure = r.value;
    else issues.push(r.issue);
  }

  const components: ComponentData[] = [];
  const z: number[] = [];
  const reported: { name: string; fraction: number }[] = [];
  const comps = input.components;
  if (comps === undefined || comps === null || (isObject(comps) && Object.keys(comps).length === 0)) {
    issues.push(issue('MISSING_COMPONENTS', 'No components given', 'Add "components": {"methane": 0.9, "ethane": 0.1} (name → mole fraction)', 'components'));
  } else if (!isObject(comps)) {
    return { ok: false, kind: 'input', issues: [issue('INPUT_ERROR', '"components" must be an object of name → mole fraction', 'Write it as {"methane": 0.9, "ethane": 0.1}', 'components')] };
  } else {
    const byName = new Map<string, number>();
    const records = new Map<string, ComponentData>();
    for (const [name, value] of Object.entries(comps)) {
      const field = `components.${name}`;
      const c = findComponent(name);
      const refused = c ? undefined : refusedComponentIssue(name);
      if (refused) {
        issues.push(issue(refused.code, refused.message, refused.fix, field));
        continue;
      }
      if (!c) {
        const s = suggestComponent(name);
        issues.push(issue('UNKNOWN_COMPONENT', `'${name}' is not a known component`, s ? `Did you mean '${s}'?` : 'Use searchComponents to find the component name', field));
        continue;
      }
      if (typeof value !== 'number' || !Number.isFinite(value)) {
        issues.push(issue('INVALID_FRACTION', `Mole fraction of '${name}' must be a finite number`, 'Give each mole fraction as a JSON number, e.g. 0.85', field));
        continue;
      }
      if (value < 0) {
        issues.push(issue('NEGATIVE_FRACTION', `Mole fraction of '${name}' is negative (${value})`, 'Mole fractions must be zero or positive', field));
        continue;
      }
      records.set(c.name, c);
      byName.set(c.name, (byName.get(c.name) ?? 0) + value);
    }
    if (issues.length === 0) {
      const sum = [...byName.values()].reduce((a, b) => a + b, 0);
      if (!(sum > 0)) {
        issues.push(issue('ZERO_COMPOSITION', 'All mole fractions are zero', 'Give at least one positive mole fraction', 'components'));
      } else {
        if (Math.abs(sum - 1) > NORMALIZE_TOLERANCE) {
          warnings.push(warning('COMPOSITION_NORMALIZED', `Mole fractions summed to ${sum.toPrecision(8)}; they were normalised to 1`));
        }
        for (const [name, v] of byName) {
          reported.push({ name, fraction: v / sum });
          if (v > 0) {
            components.push(records.get(name) as ComponentData);
            z.push(v / sum);
          }
        }
      }
    }
  }

  // Water, glycols and alcohols usually form their own liquid: the check is switched on for them
  // unless the caller turns it off (the original leaves it off, and then reports at most two
  // phases, merging free water into the oil or gas).
  const multiPhaseCheck = typeof input.multiPhaseCheck === 'boolean' ? input.multiPhaseCheck : components.some(isPolar);
  if (model !== undefined && isFluidModelName(model)) {
    const uncovered = uncoveredComponents(model, components);
    if (uncovered.length > 0) {
      const covered = model === 'GERG2008' ? ` (it covers ${REFERENCE_COMPONENTS.join(', ')})` : '';
      for (const n of uncovered) {
        issues.push(issue('UNSUPPORTED_COMPONENT', `${model} does not cover '${n}'; the fluid has ${uncovered.length === 1 ? 'this component' : `${uncovered.length} such components: ${uncovered.join(', ')}`}`, `Use model SRK, PR or CPA for this fluid, or limit it to the components ${model} covers${covered}`, `components.${n}`));
      }
    }
  }
  const spec = flashType === undefined ? undefined : parseSpec(flashType, input, components, z, issues);
  if (model === 'CPA' && input.mixingRule === 'CLASSIC_TX_CPA' && hasAsymmetricCpaPair(components)) {
    issues.push(
      issue(
        'UNKNOWN_MIXING_RULE',
        'CLASSIC_TX_CPA makes kij composition-dependent for MEG–methane, TEG–methane and TEG–water; that form is not implemented',
        'Omit mixingRule (or use "classic"): kij = cpakij + cpakijT·T is used for every pair',
        'mixingRule',
      ),
    );
  }
  if (model === 'UMRPRU' && input.mixingRule === 'HV' && components.some(isPolar)) {
    issues.push(
      issue(
        'UNKNOWN_MIXING_RULE',
        'Mixing rule "HV" with water, glycols or alcohols needs the Huron–Vidal NRTL parameters of those pairs, which are not implemented',
        'Use "UMR" (universal mixing rule with UNIFAC) or "classic" with this fluid',
        'mixingRule',
      ),
    );
  }
  if (issues.length > 0 || model === undefined || flashType === undefined) return { ok: false, kind: 'compute', issues };
  if (!(temperature > 0)) {
    return { ok: false, kind: 'compute', issues: [issue('TEMPERATURE_ERROR', `Temperature ${temperature} K is at or below absolute zero`, 'Give a temperature above 0 K (−273.15 °C)', 'temperature')] };
  }
  if (!(pressure > 0)) {
    return { ok: false, kind: 'compute', issues: [issue('PRESSURE_ERROR', `Pressure ${pressure / 1e5} bara is not positive`, 'Give a positive absolute pressure, e.g. {"value": 50, "unit": "bara"}', 'pressure')] };
  }
  const fallback = alphaFallbackWarning(model, alphaFunction, components);
  if (fallback !== undefined) warnings.push(fallback);
  const request: FlashRequest = { model, flashType, temperature, pressure, pressureGiven: input.pressure !== undefined, components, z, reported, multiPhaseCheck, alphaFunction, spec, singlePhase, warnings };
  if (model === 'UMRPRU') {
    request.umrAttraction = input.mixingRule === 'UMR' || input.mixingRule === 'UNIFAC_UMRPRU' ? 'umr' : 'classic';
    if (request.umrAttraction === 'classic') {
      warnings.push(
        warning(
          'MODEL_LIMITATION',
          'UMRPRU with the classic mixing rule (the default, as the original’s runner applies it): Peng–Robinson with the UMR-PRU Mathias–Copeman alpha and b_ij rule but a mixed classically with the PR kij; send "mixingRule": "UMR" for the universal mixing rule with UNIFAC',
        ),
      );
    }
  }
  return { ok: true, request };
}

const SPEC_OF: Partial<Record<ImplementedFlashType, StateSpec['kind']>> = { PH: 'enthalpy', PS: 'entropy', TV: 'volume' };
const SPEC_EXAMPLE = { enthalpy: '{"value": -1500, "unit": "J/mol"}', entropy: '{"value": -20, "unit": "J/molK"}', volume: '{"value": 0.0005, "unit": "m3/mol"}' };

/**
 * The PH/PS/TV spec on a molar basis. Mass-based units (J/kg, kJ/kg, J/kgK, kJ/kgK) are converted
 * with the molar mass of the feed (Σ z_i M_i), known here once the components are resolved (the
 * original divides by the molar mass of a fluid not yet initialised, i.e. by 0).
 */
function parseSpec(flashType: ImplementedFlashType, input: Record<string, unknown>, components: ComponentData[], z: number[], issues: DiagnosticIssue[]): StateSpec | undefined {
  const kind = SPEC_OF[flashType];
  if (kind === undefined) return undefined;
  const raw = input[kind];
  if (raw === undefined || raw === null) {
    const guess = kind === 'volume' ? 'the pressure, if given, is only the initial guess' : 'the temperature, if given, is only the initial guess';
    issues.push(issue('MISSING_SPEC', `${flashType} flash requires "${kind}"`, `Add "${kind}": ${SPEC_EXAMPLE[kind]} (${guess})`, kind));
    return undefined;
  }
  let M = 0;
  components.forEach((c, i) => (M += z[i] * c.molarMass));
  const opts = { field: kind, molarMass: M > 0 ? M : undefined };
  const r = kind === 'enthalpy' ? parseEnthalpy(raw, opts) : kind === 'entropy' ? parseEntropy(raw, opts) : parseMolarVolume(raw, { field: kind });
  if (!r.ok) {
    // Without a resolved composition the mass-unit failure only repeats the component errors.
    if (components.length > 0 || issues.length === 0) issues.push(r.issue);
    return undefined;
  }
  const given = typeof raw === 'number' ? raw : Array.isArray(raw) ? (raw[0] as number) : ((raw as { value: number }).value);
  return { kind, value: r.value, given: { value: given, unit: r.unit } };
}
