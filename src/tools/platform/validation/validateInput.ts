/**
 * validateInput (core, ADVISORY, v1.0): pre-flight validation of a runFlash or runProcess
 * definition without running it (seed 001 "Validator"). Reports every finding at once.
 *
 * Input: the definition object itself. The schema is an open object on purpose: the tool's job
 * is to judge arbitrary, possibly wrong definitions, so the schema must not reject them first.
 * (A body sent as a JSON string is parsed by the dispatcher; one that does not parse is reported
 * there as JSON_PARSE_ERROR.)
 *
 * The envelope is `success` (the validation ran) but never hides errors: when data.valid is
 * false, validation.valid is false and qualityGate.verdict is 'failed' (HTTP stays 200).
 */
import { Type, type Static } from '@sinclair/typebox';
import { success, type Envelope } from '../../contract/envelope.js';
import { defineTool } from '../../contract/types.js';
import { FLASH_MODELS } from '../../contract/flash-models.js';
import { SIMPLE_GAS_TP_FLASH } from '../../thermo/runFlash/examples.js';
import { validateDefinition, type ValidationReport } from './validate-definition.js';

const Input = Type.Object(
  {},
  {
    additionalProperties: true,
    description:
      'A flash definition ({model, temperature, pressure, flashType, components, mixingRule, enthalpy|entropy|volume}) ' +
      'or a process definition ({fluid|fluids, process:[units]}, or {areas:{name:{fluid, process}}}). Open object: any ' +
      'fields are accepted and judged by the validator.',
  },
);

const IssueSchema = Type.Object(
  {
    severity: Type.Union([Type.Literal('error'), Type.Literal('warning')]),
    code: Type.String({ description: 'e.g. UNKNOWN_COMPONENT, MISSING_SPEC, COMP_SUM_WARNING, UNKNOWN_EQUIPMENT_TYPE' }),
    message: Type.String(),
    fix: Type.String({ description: 'What to change' }),
    field: Type.Optional(Type.String({ description: 'Dotted path of the offending field, e.g. components.metane' })),
  },
  { additionalProperties: false },
);

const Output = Type.Object(
  {
    valid: Type.Boolean({ description: 'true when there is no error-severity issue (warnings allowed)' }),
    inputType: Type.Union([Type.Literal('flash'), Type.Literal('process'), Type.Literal('processModel'), Type.Literal('unknown')], {
      description: 'How the input was read: areas → processModel, process/fluid → process, otherwise flash',
    }),
    errorCount: Type.Integer({ minimum: 0 }),
    warningCount: Type.Integer({ minimum: 0 }),
    issues: Type.Array(IssueSchema),
  },
  { additionalProperties: false },
);

type Data = Static<typeof Output>;

function toEnvelope(r: ValidationReport, startedAt: number): Envelope<Data> {
  const summary = r.valid
    ? r.warningCount === 0
      ? `Input is valid (${r.inputType})`
      : `Input is valid with ${r.warningCount} warning(s) (${r.inputType})`
    : `Input has ${r.errorCount} error(s) and ${r.warningCount} warning(s) (${r.inputType})`;
  const env = success<Data>({
    tool: 'validateInput',
    data: { valid: r.valid, inputType: r.inputType, errorCount: r.errorCount, warningCount: r.warningCount, issues: r.issues },
    provenance: {
      calculationType: 'input validation',
      convergence: { converged: true, iterations: 0 },
      assumptions: ['Checks the definition only; nothing is simulated'],
      limitations: [
        `Models implemented by this server, for flashes and processes alike: ${FLASH_MODELS.join(', ')}`,
        'Phase behaviour, convergence and equipment feasibility are only known after running the calculation',
      ],
      computationTimeMs: performance.now() - startedAt,
    },
    validationPhase: 'preflight',
    validationMessage: summary,
    engineeringReviewRequired: false,
  });
  // The tool succeeded, but an invalid definition must not look like a pass.
  if (!r.valid) {
    env.validation = { valid: false, phase: 'preflight', message: summary };
    env.qualityGate = { verdict: 'failed', summary, engineeringReviewRequired: false };
  } else if (r.warningCount > 0) {
    env.qualityGate = { verdict: 'warning', summary, engineeringReviewRequired: false };
  }
  return env;
}

export const validateInputTool = defineTool({
  name: 'validateInput',
  tier: 'core',
  category: 'ADVISORY',
  since: 'v1.0',
  summary: 'Checks a runFlash or runProcess definition before running it and lists every problem with a fix hint.',
  description:
    'Checks a runFlash or runProcess definition before running it and lists every problem with a fix hint. ' +
    'Send the definition object itself. A flash definition has model (' +
    FLASH_MODELS.join(', ') +
    '), temperature (number in K or {value, unit} with C, K, F, R), pressure (number in bara or {value, unit} with bara, barg, ' +
    'Pa, kPa, MPa, psi, psia, psig, atm), flashType (TP, PH, PS, TV, dewPointT, dewPointP, bubblePointT, bubblePointP, hydrateTP), ' +
    'components (name → mole fraction) and, for PH/PS/TV, enthalpy/entropy/volume. A process definition has fluid (or fluids) ' +
    'and process (array of units with type, name, inlet, properties), or areas for a multi-area model. ' +
    'Errors (data.valid false): unknown model, component or equipment type (with "Did you mean"), missing spec, unparsable or ' +
    'negative temperature/pressure, bad fractions, missing process or unit type. Warnings: fractions not summing to 1 (±0.01), ' +
    'temperatures outside -200…1000 °C, pressures above 1000 bara, duplicate unit names, unresolved inlets. ' +
    'The response is a success envelope even for an invalid definition; data.valid, validation.valid and qualityGate.verdict ' +
    'say whether it may run.',
  input: Input,
  output: Output,
  exampleCategory: 'validation',
  examples: [
    {
      name: 'valid-flash',
      description: 'A well-formed TP flash of a natural gas',
      input: SIMPLE_GAS_TP_FLASH,
    },
    {
      name: 'misspelt-component',
      description: 'A misspelt component and fractions summing to 0.8: UNKNOWN_COMPONENT ("Did you mean") and COMP_SUM_WARNING',
      input: {
        model: 'PR',
        temperature: { value: 300, unit: 'K' },
        pressure: { value: 30, unit: 'bara' },
        components: { metane: 0.7, ethane: 0.1 },
      },
    },
    {
      name: 'ph-flash-missing-enthalpy',
      description: 'A PH flash without the enthalpy spec: MISSING_SPEC',
      input: { model: 'SRK', flashType: 'PH', pressure: { value: 20, unit: 'bara' }, components: { methane: 0.9, propane: 0.1 } },
    },
    {
      name: 'process-with-mistakes',
      description: 'A process with an unknown equipment type, a duplicate name and an inlet that names no unit',
      input: {
        fluid: { model: 'SRK', temperature: 298.15, pressure: 50, components: { methane: 0.9, ethane: 0.1 } },
        process: [
          { type: 'Stream', name: 'feed', properties: { flowRate: [10000, 'kg/hr'] } },
          { type: 'Seperator', name: 'HP Sep', inlet: 'feed' },
          { type: 'Compressor', name: 'HP Sep', inlet: 'HP Sep.gasOut', properties: { outletPressure: [80, 'bara'] } },
          { type: 'Cooler', name: 'after-cooler', inlet: 'Comp' },
        ],
      },
    },
  ],
  execution: 'inline',
  run(input) {
    const started = performance.now();
    return toEnvelope(validateDefinition(input), started);
  },
});
