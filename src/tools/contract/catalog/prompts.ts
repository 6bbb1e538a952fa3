/**
 * Guided workflow prompts (seed 000 "Guided Workflow Prompts"), defined as data so the MCP
 * bridge and getCapabilities see the same list. A prompt is offered only when the tools it
 * cannot do without are registered, and its text lists only steps whose tools this server has;
 * steps that would need a missing tool are named as unavailable rather than silently promised.
 */
import type { AnyTool } from '../types.js';
import { MORE_PROMPTS } from './prompts-more.js';
import type { PromptDefinition } from './prompt-types.js';

export type { PromptArgument, PromptDefinition } from './prompt-types.js';

/** How to find a tool's input format, naming only the discovery tools that are registered. */
function formatHint(names: Set<string>): string {
  const ways: string[] = [];
  if (names.has('getExample')) ways.push('call getExample with category "tool" and the snake_case tool name (e.g. run_flash)');
  if (names.has('getSchema')) ways.push('call getSchema with schemaType "input"');
  return ways.length > 0 ? `For the exact argument format of a tool, ${ways.join(', or ')}.` : '';
}

const FIRST_PROMPTS: readonly PromptDefinition[] = [
  {
    name: 'design_gas_processing',
    description: 'Step-by-step gas processing design: fluid definition, stage-by-stage phase behaviour, and sales-gas quality',
    arguments: [
      { name: 'feedGasDescription', description: 'Feed gas composition and conditions (mole fractions, T, P, flow)', required: true },
      { name: 'processingGoal', description: 'What the processing must achieve (e.g. dew-point control, sales-gas spec, NGL recovery)', required: true },
    ],
    requires: ['runFlash'],
    intro: (a) =>
      `You are designing a gas processing scheme.\n\nFeed gas: ${a.feedGasDescription}\nGoal: ${a.processingGoal}\n\n` +
      'Work through the steps below with the NeqSim tools of this server. Report every number with its unit, and keep the ' +
      'warnings and qualityGate of each response in your answer.',
    steps: [
      { tool: 'searchComponents', text: 'Map every feed component to a database name with searchComponents (e.g. query "butane"); use the canonical names it returns.' },
      { tool: 'validateInput', text: 'Check the feed definition with validateInput before any calculation, and fix every issue it reports.' },
      { tool: 'runFlash', text: 'Run a TP flash of the feed at inlet conditions (runFlash, model SRK or PR) to get the number of phases, phase fractions, densities and compositions.' },
      {
        tool: 'runProcess',
        text: 'Build the flowsheet (inlet separation, cooling/compression, dew-point control) with runProcess and check each unit report.',
        fallback:
          'This server has no process simulator. Treat each separation stage as a TP flash at that stage\'s temperature and pressure: ' +
          'flash the stream entering the stage with runFlash, then use the gas-phase composition of the result as the feed of the next stage. ' +
          'Heat duties, compressor power and recycles cannot be computed here; say so in your answer.',
      },
      { tool: 'getPhaseEnvelope', text: 'Compute the phase envelope of the treated gas with getPhaseEnvelope and read the cricondentherm and cricondenbar against the goal.' },
      { tool: 'calculateStandard', text: 'Compute the treated gas quality with calculateStandard (ISO 6976: calorific values, Wobbe index, relative density) and compare with the sales specification.' },
    ],
    closing: 'Summarise the scheme stage by stage, the resulting gas quality against the goal, and what still needs engineering review.',
  },
  {
    name: 'co2_ccs_chain',
    description: 'CO2 capture-transport-storage chain: phase behaviour of the impure CO2 stream at each point of the chain',
    arguments: [
      { name: 'ccsDescription', description: 'CO2 stream composition (impurities) and the chain conditions (capture, compression, pipeline, injection)', required: true },
    ],
    requires: ['runFlash'],
    intro: (a) =>
      `You are screening a CO2 capture and storage chain.\n\nChain: ${a.ccsDescription}\n\n` +
      'Impurities (N2, O2, Ar, H2, CH4, H2S, water) move the phase boundary of CO2; the aim is to keep the stream in one dense or gas phase ' +
      'where the design requires it. Work through the steps below with the tools of this server.',
    steps: [
      { tool: 'searchComponents', text: 'Map the impurities to database names with searchComponents.' },
      { tool: 'validateInput', text: 'Validate each stream definition with validateInput before calculating.' },
      { tool: 'runFlash', text: 'Run TP flashes (runFlash, model PR or SRK) at each chain point: after capture, between compression stages, at pipeline inlet and outlet, and at the wellhead. Record the number of phases, density and phase fractions at each point; a second phase in the pipeline is a design problem.' },
      { tool: 'getPhaseEnvelope', text: 'Compute the phase envelope of the stream with getPhaseEnvelope and check the pipeline operating window stays above the cricondenbar.' },
      {
        tool: 'runPipeline',
        text: 'Estimate the pipeline pressure and temperature profile with runPipeline.',
        fallback: 'This server has no pipeline model: take the pipeline inlet and outlet conditions as given inputs, and state that the pressure-drop calculation was not done here.',
      },
    ],
    closing: 'Summarise the phase state at each chain point, where the stream comes close to two-phase conditions, and which results need engineering review.',
  },
];

export const PROMPT_DEFINITIONS: readonly PromptDefinition[] = [...FIRST_PROMPTS, ...MORE_PROMPTS];

function registeredNames(tools: readonly AnyTool[]): Set<string> {
  return new Set(tools.map((t) => t.name));
}

/** The prompts this server can serve with its registered tools. */
export function availablePrompts(tools: readonly AnyTool[]): PromptDefinition[] {
  const names = registeredNames(tools);
  return PROMPT_DEFINITIONS.filter((p) => p.requires.every((r) => names.has(r)));
}

export type PromptRenderResult = { ok: true; description: string; text: string } | { ok: false; message: string };

/** Renders an available prompt with its arguments; missing required arguments are reported, not guessed. */
export function renderPrompt(tools: readonly AnyTool[], name: string, args: Record<string, string | undefined>): PromptRenderResult {
  const prompt = availablePrompts(tools).find((p) => p.name === name);
  if (!prompt) {
    const offered = availablePrompts(tools).map((p) => p.name);
    return { ok: false, message: `Unknown prompt "${name}". Available prompts: ${offered.join(', ') || '(none)'}` };
  }
  const missing = prompt.arguments.filter((a) => a.required && !(args[a.name] ?? '').trim()).map((a) => a.name);
  if (missing.length > 0) return { ok: false, message: `Prompt ${name} needs the argument(s): ${missing.join(', ')}` };
  const values: Record<string, string> = {};
  for (const a of prompt.arguments) values[a.name] = (args[a.name] ?? '').trim();

  const names = registeredNames(tools);
  const lines: string[] = [];
  const unavailable: string[] = [];
  for (const step of prompt.steps) {
    if (names.has(step.tool)) lines.push(step.text);
    else if (step.fallback) lines.push(step.fallback);
    else unavailable.push(step.tool);
  }
  let text = `${prompt.intro(values)}\n\n${lines.map((l, i) => `${i + 1}. ${l}`).join('\n')}`;
  const hint = formatHint(names);
  if (hint) text += `\n\n${hint}`;
  if (unavailable.length > 0) {
    text += `\n\nNot available on this server (do not call): ${unavailable.join(', ')}.`;
  }
  text += `\n\n${prompt.closing}`;
  return { ok: true, description: prompt.description, text };
}
