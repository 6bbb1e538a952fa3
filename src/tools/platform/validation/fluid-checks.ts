/**
 * Checks shared by flash definitions and process fluids: model, components and fractions,
 * temperature and pressure. Every check reports through Issues; nothing throws.
 */
import { findComponent, refusedComponentIssue, suggestComponent } from '../../../engine/components/index.js';
import { isFluidModelName, uncoveredComponents } from '../../../engine/index.js';
import { REFERENCE_COMPONENTS } from '../../../engine/reference-eos/components.js';
import { FLASH_MODELS, modelDidYouMean, normalizeModel, UNSUPPORTED_ORIGINAL_MODELS, type FlashModel } from '../../contract/flash-models.js';
import { baraToPa, parsePressure, parseTemperature, type ParseOptions } from '../../contract/units.js';
import { at, err, isPlainObject, show, warn, type Issues } from './issues.js';

/** Validator temperature band (seed 001: warn outside -200…1000 °C). */
const T_WARN_LOW_K = 73.15;
const T_WARN_HIGH_K = 1273.15;
/** Validator pressure limit (seed 001: warn above 1000 bara). */
const P_WARN_HIGH_PA = baraToPa(1000);
/** Seed 001 COMP_SUM_WARNING tolerance. */
const SUM_TOLERANCE = 0.01;

/** Returns the canonical model (or undefined) after reporting an unknown one. */
export function checkModel(model: unknown, field: string, issues: Issues, allowed: readonly FlashModel[] = FLASH_MODELS): string | undefined {
  if (model === undefined) return 'SRK';
  const m = normalizeModel(model, allowed);
  if (m !== undefined) return m;
  const fix = `Use one of the models this server implements here: ${allowed.join(', ')}`;
  const upper = typeof model === 'string' ? model.trim().toUpperCase() : '';
  const elsewhere = normalizeModel(model, FLASH_MODELS);
  if (elsewhere !== undefined) {
    issues.push(err('UNKNOWN_MODEL', `${elsewhere} is implemented by this server but not taken by this input`, fix, field));
  } else if ((UNSUPPORTED_ORIGINAL_MODELS as readonly string[]).includes(upper)) {
    issues.push(err('UNKNOWN_MODEL', `Model ${show(model)} exists in NeqSim but is not implemented by this server`, fix, field));
  } else {
    issues.push(err('UNKNOWN_MODEL', `Unknown model ${show(model)}.${modelDidYouMean(model, allowed)}`, fix, field));
  }
  return undefined;
}

export interface ComponentSummary {
  /** Canonical name → summed mole fraction, for the components that are known and valid. */
  fractions: Map<string, number>;
  /** Mixture molar mass of the known components, kg/mol (NaN when none). */
  molarMass: number;
}

/** Validates a components map (name → mole fraction). */
export function checkComponents(components: unknown, field: string, issues: Issues, required = true): ComponentSummary {
  const summary: ComponentSummary = { fractions: new Map(), molarMass: Number.NaN };
  if (components === undefined || components === null) {
    if (required) {
      issues.push(err('MISSING_COMPONENTS', 'No components given', 'Add "components": {"methane": 0.9, "ethane": 0.1} (name → mole fraction)', field));
    }
    return summary;
  }
  if (!isPlainObject(components)) {
    issues.push(err('INVALID_COMPONENTS', `"components" must be an object of name → mole fraction, got ${show(components)}`, 'Write it as {"methane": 0.9, "ethane": 0.1}', field));
    return summary;
  }
  const entries = Object.entries(components);
  if (entries.length === 0) {
    issues.push(err('EMPTY_COMPONENTS', 'The components map is empty', 'Add at least one component with its mole fraction, e.g. {"methane": 1.0}', field));
    return summary;
  }
  let sum = 0;
  let allNumeric = true;
  let mw = 0;
  for (const [name, value] of entries) {
    const f = at(field, name);
    const comp = findComponent(name);
    const refused = comp === undefined ? refusedComponentIssue(name) : undefined;
    if (refused !== undefined) issues.push(err(refused.code, refused.message, refused.fix, f));
    else if (comp === undefined) {
      const s = suggestComponent(name);
      issues.push(err('UNKNOWN_COMPONENT', `'${name}' is not a known component${s ? `. Did you mean '${s}'?` : ''}`, s ? `Did you mean '${s}'?` : 'Use searchComponents to find the component name', f));
    }
    if (typeof value !== 'number' || !Number.isFinite(value)) {
      allNumeric = false;
      issues.push(err('INVALID_FRACTION', `Mole fraction of '${name}' must be a number, got ${show(value)}`, 'Give each mole fraction as a JSON number, e.g. 0.85', f));
      continue;
    }
    if (value < 0) {
      allNumeric = false;
      issues.push(err('NEGATIVE_FRACTION', `Mole fraction of '${name}' is negative (${value})`, 'Mole fractions must be zero or positive', f));
      continue;
    }
    sum += value;
    if (comp !== undefined) {
      if (summary.fractions.has(comp.name)) {
        issues.push(warn('DUPLICATE_COMPONENT', `'${name}' is the same component as another entry ('${comp.name}'); their fractions are added`, `List '${comp.name}' once`, f));
      }
      summary.fractions.set(comp.name, (summary.fractions.get(comp.name) ?? 0) + value);
      mw += value * comp.molarMass;
    }
  }
  if (allNumeric && sum === 0) {
    issues.push(err('ZERO_COMPOSITION', 'All mole fractions are zero', 'Give at least one positive mole fraction', field));
  } else if (allNumeric && Math.abs(sum - 1) > SUM_TOLERANCE) {
    issues.push(warn('COMP_SUM_WARNING', `Component mole fractions sum to ${sum.toFixed(2)} (expected ~1.0)`, 'Normalize fractions to sum to 1.0', field));
  }
  const known = [...summary.fractions.values()].reduce((a, b) => a + b, 0);
  if (known > 0) summary.molarMass = mw / known;
  return summary;
}

/** Reports components the chosen model cannot handle (from the engine's model registry: GERG-2008 covers 21). */
export function checkModelCoverage(model: string | undefined, summary: ComponentSummary, field: string, issues: Issues): void {
  if (model === undefined || !isFluidModelName(model)) return;
  const components = [...summary.fractions.keys()].map((n) => findComponent(n)).filter((c) => c !== undefined);
  const uncovered = uncoveredComponents(model, components);
  const covered = model === 'GERG2008' ? `: ${REFERENCE_COMPONENTS.join(', ')}` : '';
  for (const name of uncovered) {
    issues.push(err('UNSUPPORTED_COMPONENT', `${model} does not cover '${name}'`, `Use SRK, PR or CPA, or limit the fluid to the ${model} components${covered}`, at(field, name)));
  }
}

const TEMP_OPTS: ParseOptions = { code: 'INVALID_TEMPERATURE', allowNonPositive: true };
const PRES_OPTS: ParseOptions = { code: 'INVALID_PRESSURE', allowNonPositive: true };

/** Checks a temperature input; returns K or undefined. Absent is fine (the runner default applies). */
export function checkTemperature(input: unknown, field: string, issues: Issues): number | undefined {
  if (input === undefined) return undefined;
  const r = parseTemperature(input, { ...TEMP_OPTS, field });
  if (!r.ok) {
    issues.push(r.issue);
    return undefined;
  }
  if (r.value <= 0) {
    issues.push(err('NEGATIVE_TEMPERATURE', `Temperature ${show(input)} is at or below absolute zero (-273.15 °C)`, 'Give a temperature above 0 K', field));
  } else if (r.value < T_WARN_LOW_K || r.value > T_WARN_HIGH_K) {
    issues.push(warn('EXTREME_TEMPERATURE', `Temperature ${(r.value - 273.15).toFixed(2)} °C is outside -200 to 1000 °C`, 'Check the value and its unit (a bare number is read as Kelvin)', field));
  }
  return r.value;
}

/** Checks a pressure input; returns Pa or undefined. Absent is fine (the runner default applies). */
export function checkPressure(input: unknown, field: string, issues: Issues): number | undefined {
  if (input === undefined) return undefined;
  const r = parsePressure(input, { ...PRES_OPTS, field });
  if (!r.ok) {
    issues.push(r.issue);
    return undefined;
  }
  if (r.value <= 0) {
    issues.push(err('NEGATIVE_PRESSURE', `Pressure ${show(input)} is not positive (absolute pressure must be > 0)`, 'Give a positive absolute pressure, e.g. {"value": 50, "unit": "bara"}', field));
  } else if (r.value > P_WARN_HIGH_PA) {
    issues.push(warn('EXTREME_PRESSURE', `Pressure ${(r.value / 1e5).toFixed(1)} bara is above 1000 bara`, 'Check the value and its unit (a bare number is read as bara)', field));
  }
  return r.value;
}
