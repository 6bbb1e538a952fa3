/**
 * Guided prompts are offered only when their essential tools are registered, and their text
 * never tells an agent to call a tool this server does not have.
 */
import t from 'tap';
import { TOOLS } from '../../src/tools/registry.js';
import type { AnyTool } from '../../src/tools/contract/types.js';
import { availablePrompts, PROMPT_DEFINITIONS, renderPrompt } from '../../src/tools/contract/catalog/prompts.js';

/** Only the name matters to the prompt catalog. */
const fake = (...names: string[]): AnyTool[] => names.map((name) => ({ name }) as AnyTool);
const TOOL_WORD = /\b(?:run|get|calculate|search|validate|manage|check|list|compare|size|generate)[A-Z][A-Za-z0-9]*\b/g;

function mentionedTools(text: string): string[] {
  const body = text.split('\n').filter((line) => !line.startsWith('Not available on this server')).join('\n');
  return [...new Set(body.match(TOOL_WORD) ?? [])];
}

const ARGS: Record<string, string> = {
  // Every prompt's arguments get a placeholder value; the first two prompts' get real ones.
  ...Object.fromEntries(PROMPT_DEFINITIONS.flatMap((p) => p.arguments.map((a) => [a.name, `${a.name} value`]))),
  feedGasDescription: 'lean gas, 80 bara, 40 °C', processingGoal: 'hydrocarbon dew point below -5 °C', ccsDescription: '96 % CO2 with N2 and H2O',
};

t.test('no essential tool, no prompt', async (t) => {
  t.same(availablePrompts(fake()), []);
  t.same(availablePrompts(fake('calculateStandard', 'searchComponents')), []);
  const r = renderPrompt(fake(), 'design_gas_processing', ARGS);
  t.equal(r.ok, false);
});

t.test('with only runFlash, steps for missing tools become fallbacks or are listed as unavailable', async (t) => {
  const tools = fake('runFlash');
  t.same(availablePrompts(tools).map((p) => p.name), ['design_gas_processing', 'co2_ccs_chain']);
  const r = renderPrompt(tools, 'design_gas_processing', ARGS);
  if (!r.ok) throw new Error(r.message);
  t.match(r.text, 'lean gas, 80 bara, 40 °C');
  t.match(r.text, 'hydrocarbon dew point below -5 °C');
  t.match(r.text, 'no process simulator', 'process step replaced by an honest flash-by-flash fallback');
  t.match(r.text, /Not available on this server \(do not call\): searchComponents, validateInput, getPhaseEnvelope, calculateStandard\./);
  t.same(mentionedTools(r.text), ['runFlash'], 'the steps only name runFlash');
});

t.test('with the full tool set every step is rendered and nothing is unavailable', async (t) => {
  const tools = fake(...new Set(PROMPT_DEFINITIONS.flatMap((p) => [...p.requires, ...p.steps.map((s) => s.tool)])));
  t.equal(PROMPT_DEFINITIONS.length, 10, 'the contract\'s ten prompts');
  for (const p of PROMPT_DEFINITIONS) {
    const r = renderPrompt(tools, p.name, ARGS);
    if (!r.ok) throw new Error(r.message);
    t.notMatch(r.text, 'Not available', p.name);
    t.notMatch(r.text, 'This server has no', p.name);
    t.equal(r.text.split('\n').filter((l) => /^\d+\. /.test(l)).length, p.steps.length, `${p.name}: one numbered line per step`);
  }
});

t.test('missing required arguments are reported by name', async (t) => {
  const r = renderPrompt(fake('runFlash'), 'design_gas_processing', { feedGasDescription: 'x', processingGoal: '  ' });
  t.same(r, { ok: false, message: 'Prompt design_gas_processing needs the argument(s): processingGoal' });
});

t.test('prompts rendered for the real registry only name registered tools', async (t) => {
  const registered = new Set(TOOLS.map((x) => x.name));
  for (const p of availablePrompts(TOOLS)) {
    const r = renderPrompt(TOOLS, p.name, ARGS);
    if (!r.ok) throw new Error(r.message);
    for (const name of mentionedTools(r.text)) t.ok(registered.has(name), `${p.name} mentions ${name}, which is registered`);
  }
  t.pass(`${availablePrompts(TOOLS).length} prompt(s) available with the current registry`);
});
