/**
 * composeWorkflow: steps give what the same calls give alone; the workflow fluid reaches the
 * steps that take it; "${step.path}" references carry earlier results forward; a failing step
 * fails the workflow with its own errors and stops the rest; bad plans are refused before any
 * step runs.
 */
import t from 'tap';
import { runTool } from '../../src/index.js';

type Data = Record<string, any>;
interface Reply {
  status: string;
  data: Data;
  errors?: { code: string; message: string; field?: string }[];
}
const compose = async (input: Record<string, unknown>): Promise<Reply> => (await runTool('composeWorkflow', input)) as never;

const FLUID = { model: 'SRK', temperature: 298.15, pressure: 50, mixingRule: 'classic', components: { methane: 0.85, ethane: 0.1, propane: 0.05 } };
const FLASH = { temperature: { value: 25, unit: 'C' }, pressure: { value: 50, unit: 'bara' } };
const PROCESS = [{ type: 'Stream', name: 'feed', properties: { flowRate: [10000, 'kg/hr'] } }, { type: 'Separator', name: 'HP Sep', inlet: 'feed' }];

t.test('the workflow fluid reaches each step; results equal the direct calls', async (t) => {
  const r = await compose({ workflow: 'feed-check', fluid: FLUID, steps: [{ tool: 'runFlash', name: 'flash', input: FLASH }, { runner: 'runProcess', name: 'separation', input: { process: PROCESS } }] });
  t.equal(r.status, 'success', JSON.stringify(r.errors));
  t.equal(r.data.workflow, 'feed-check');
  t.equal(r.data.completedSteps, 2);
  t.equal(r.data.success, true);
  t.same(r.data.steps.map((s: Data) => [s.name, s.tool, s.status, s.httpStatus]), [['flash', 'runFlash', 'success', 200], ['separation', 'runProcess', 'success', 200]]);
  const flash = await runTool('runFlash', { model: 'SRK', mixingRule: 'classic', components: FLUID.components, ...FLASH });
  t.same(r.data.combinedData.flash, flash.data, 'model, components and mixing rule carried into runFlash');
  const proc = await runTool('runProcess', { fluid: FLUID, process: PROCESS });
  t.same(r.data.combinedData.separation, proc.data, 'the fluid object carried into runProcess');
});

t.test('references carry an earlier result into a later input', async (t) => {
  const r = await compose({
    fluid: FLUID,
    steps: [
      { tool: 'runFlash', name: 'hot', input: { temperature: { value: 80, unit: 'C' }, pressure: { value: 50, unit: 'bara' } } },
      // The second flash at the first one's temperature (in K) and twice... the same pressure.
      { tool: 'runFlash', name: 'again', input: { temperature: { value: '${hot.data.fluid.conditions.overall.temperature}', unit: 'K' }, pressure: { value: '${hot.data.fluid.conditions.overall.pressure}', unit: 'bara' } } },
    ],
  });
  t.equal(r.status, 'success', JSON.stringify(r.errors));
  t.equal(r.data.combinedData.again.fluid.conditions.overall.temperature, r.data.combinedData.hot.fluid.conditions.overall.temperature);
  t.equal(r.data.combinedData.again.fluid.properties.overall.density.value, r.data.combinedData.hot.fluid.properties.overall.density.value);
  const missing = await compose({ fluid: FLUID, steps: [{ tool: 'runFlash', name: 'a', input: FLASH }, { tool: 'runFlash', name: 'b', input: { ...FLASH, temperature: { value: '${a.data.nothing.here}', unit: 'K' } } }] });
  t.equal(missing.status, 'error');
  t.equal(missing.errors?.[0]?.code, 'WORKFLOW_STEP_FAILED');
  t.match(missing.errors?.[0]?.message, /nothing at data\.nothing\.here/);
  const forward = await compose({ fluid: FLUID, steps: [{ tool: 'runFlash', name: 'a', input: { ...FLASH, temperature: { value: '${b.data.x}', unit: 'K' } } }, { tool: 'runFlash', name: 'b', input: FLASH }] });
  t.match(forward.errors?.[0]?.message, /has not run before this one/);
});

t.test('a failing step fails the workflow with its errors and stops the rest', async (t) => {
  const r = await compose({ steps: [{ tool: 'runFlash', name: 'ok', input: { model: 'SRK', components: { methane: 1 }, ...FLASH } }, { tool: 'runFlash', name: 'bad', input: { model: 'SRK', components: { metane: 1 }, ...FLASH } }, { tool: 'runFlash', name: 'never', input: { model: 'SRK', components: { methane: 1 }, ...FLASH } }] });
  t.equal(r.status, 'error');
  t.equal(r.errors?.[0]?.code, 'WORKFLOW_STEP_FAILED');
  t.match(r.errors?.[0]?.message, /Step "bad" \(runFlash\).*completed before it: ok; later steps were not run/);
  t.equal(r.errors?.[1]?.code, 'UNKNOWN_COMPONENT', 'the step\'s own error follows');
  t.equal(r.errors?.[1]?.field, 'steps.1.input.components.metane');
});

t.test('plans are checked before any step runs', async (t) => {
  const cases: [Record<string, unknown>, string][] = [
    [{ steps: [{ tool: 'runMagic' }] }, 'UNKNOWN_TOOL'],
    [{ steps: [{ input: {} }] }, 'MISSING_FIELD'],
    [{ steps: [{ tool: 'composeWorkflow', input: {} }] }, 'TOOL_NOT_ALLOWED_IN_WORKFLOW'],
    [{ steps: [{ tool: 'runFlash', name: 'a' }, { tool: 'runFlash', name: 'a' }] }, 'DUPLICATE_STEP_NAME'],
  ];
  for (const [input, code] of cases) t.equal((await compose(input)).errors?.[0]?.code, code, code);
  t.equal((await compose({ steps: [] })).status, 'error', 'at least one step');
});
