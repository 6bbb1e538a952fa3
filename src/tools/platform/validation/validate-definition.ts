/**
 * Pre-flight validation of a flash or process definition (seed 001 Validator). Pure: takes the
 * parsed definition (or a JSON string) and returns every finding at once, so a caller can fix
 * all mistakes in one round. runProcess/runFlash may call this before running.
 */
import { CPA_MIXING_RULES, FLASH_MODELS, FLASH_SPEC_FIELD, FLASH_TYPE_ALIASES, FLASH_TYPES, MIXING_RULES, normalizeFlashType } from '../../contract/flash-models.js';
import { canonicalSpelling, didYouMeanText } from '../../contract/spelling.js';
import { parseEnthalpy, parseEntropy, parseMolarVolume, type UnitResult } from '../../contract/units.js';
import { checkComponents, checkModel, checkModelCoverage, checkPressure, checkTemperature } from './fluid-checks.js';
import { err, isPlainObject, show, warn, type Issues } from './issues.js';
import { checkProcessModel, checkProcessSystem } from './process-checks.js';
import type { DiagnosticIssue } from '../../contract/envelope.js';
import { RunFlashInput } from '../../thermo/runFlash/schema.js';
import { checkKeys } from '../../contract/strict-keys.js';

/** Fields runFlash reads; any other key of a flash definition would be refused by it. */
const FLASH_KEYS = Object.keys(RunFlashInput.properties);
import { parseJsonBounded } from '../../contract/input-guard.js';

export type DefinitionKind = 'flash' | 'process' | 'processModel' | 'unknown';

export interface ValidationReport {
  valid: boolean;
  inputType: DefinitionKind;
  errorCount: number;
  warningCount: number;
  issues: DiagnosticIssue[];
}

function report(inputType: DefinitionKind, issues: Issues): ValidationReport {
  const errorCount = issues.filter((i) => i.severity === 'error').length;
  return { valid: errorCount === 0, inputType, errorCount, warningCount: issues.length - errorCount, issues };
}

/** Flash (runFlash) definition checks. */
function checkFlash(def: Record<string, unknown>, issues: Issues): void {
  issues.push(...checkKeys(def, { subject: 'flash definition', modelled: FLASH_KEYS }, ''));
  const model = checkModel(def.model, 'model', issues, FLASH_MODELS);

  let flashType: string | undefined = 'TP';
  if (def.flashType !== undefined) {
    flashType = normalizeFlashType(def.flashType);
    // The spellings runFlash accepts (and reports as INPUT_NORMALIZED): "tp", "PT", "dew-point-temperature".
    const names = [...FLASH_TYPES, ...Object.keys(FLASH_TYPE_ALIASES)];
    const variant = flashType === undefined && typeof def.flashType === 'string' ? canonicalSpelling(def.flashType, names) : undefined;
    if (variant !== undefined) {
      flashType = normalizeFlashType(variant);
      issues.push(warn('FLASH_TYPE_NORMALIZED', `Flash type ${show(def.flashType)} is read as "${variant}"`, `Send "${variant}" to avoid the conversion`, 'flashType'));
    } else if (flashType === undefined) {
      const near = typeof def.flashType === 'string' ? didYouMeanText(def.flashType, names) : '';
      issues.push(err('UNKNOWN_FLASH_TYPE', `Unknown flash type ${show(def.flashType)}.${near}`, `Use one of: ${FLASH_TYPES.join(', ')}`, 'flashType'));
    }
  }

  const summary = checkComponents(def.components, 'components', issues);
  checkModelCoverage(model, summary, 'components', issues);
  checkTemperature(def.temperature, 'temperature', issues);
  checkPressure(def.pressure, 'pressure', issues);

  const rules: readonly unknown[] = model === 'CPA' ? CPA_MIXING_RULES : MIXING_RULES;
  if (def.mixingRule !== undefined && !rules.includes(def.mixingRule)) {
    issues.push(warn('UNKNOWN_MIXING_RULE', `Mixing rule ${show(def.mixingRule)} is not supported; the classic rule is used`, `Use "mixingRule": "${MIXING_RULES[0]}" or leave it out`, 'mixingRule'));
  }

  const spec = flashType === undefined ? undefined : FLASH_SPEC_FIELD[flashType as keyof typeof FLASH_SPEC_FIELD];
  if (spec !== undefined) {
    const value = def[spec];
    if (value === undefined || value === null) {
      const example = { enthalpy: '{"value": -1500, "unit": "J/mol"}', entropy: '{"value": -20, "unit": "J/molK"}', volume: '{"value": 0.0005, "unit": "m3/mol"}' }[spec];
      issues.push(err('MISSING_SPEC', `${flashType} flash requires "${spec}"`, `Add "${spec}": ${example}`, spec));
    } else {
      const M = Number.isFinite(summary.molarMass) ? summary.molarMass : undefined;
      const opts = { code: 'INVALID_SPEC', field: spec, molarMass: M };
      const parsed: UnitResult =
        spec === 'enthalpy' ? parseEnthalpy(value, opts) : spec === 'entropy' ? parseEntropy(value, opts) : parseMolarVolume(value, opts);
      if (!parsed.ok) issues.push(parsed.issue);
    }
  }
}

function parseText(text: string, issues: Issues): unknown {
  if (text.trim() === '') {
    issues.push(err('INPUT_ERROR', 'The input is empty', 'Send a flash definition {"model", "components", ...} or a process definition {"fluid", "process": [...]}'));
    return undefined;
  }
  // Depth-checked first: the checks below walk what JSON.parse builds.
  const parsed = parseJsonBounded(text);
  if (parsed.ok) return parsed.value;
  if (parsed.deep) issues.push(err('INPUT_TOO_DEEP', parsed.issue.message, parsed.issue.fix));
  else issues.push(err('JSON_PARSE_ERROR', parsed.issue.message.replace(/^The text is/, 'The input is'), 'Send a JSON object; check quotes, commas and brackets'));
  return undefined;
}

/** Validates a definition. Detection: `areas` → process model; `process`/`fluid(s)` → process; else flash. */
export function validateDefinition(input: unknown): ValidationReport {
  const issues: Issues = [];
  let def = input;
  if (typeof def === 'string') {
    def = parseText(def, issues);
    if (issues.length > 0) return report('unknown', issues);
  }
  if (def === undefined || def === null) {
    issues.push(err('INPUT_ERROR', 'The input is null or missing', 'Send a flash definition {"model", "components", ...} or a process definition {"fluid", "process": [...]}'));
    return report('unknown', issues);
  }
  if (!isPlainObject(def)) {
    issues.push(err('JSON_PARSE_ERROR', `The input must be a JSON object, got ${Array.isArray(def) ? 'an array' : typeof def}`, 'Wrap the definition in an object: {"model": "SRK", "components": {...}} or {"fluid": {...}, "process": [...]}'));
    return report('unknown', issues);
  }
  if (Object.keys(def).length === 0) {
    issues.push(err('INPUT_ERROR', 'The input is an empty object', 'Send a flash definition {"model", "components", ...} or a process definition {"fluid", "process": [...]}'));
    return report('unknown', issues);
  }
  if (def.areas !== undefined) {
    checkProcessModel(def, issues);
    return report('processModel', issues);
  }
  if (def.process !== undefined || def.fluid !== undefined || def.fluids !== undefined) {
    checkProcessSystem(def, '', issues);
    return report('process', issues);
  }
  checkFlash(def, issues);
  return report('flash', issues);
}
