/**
 * queryDataCatalog reports the data the engine computes with: component constants as the
 * database holds them, CPA parameters equal to what the CPA model is built from, hydrate
 * Langmuir constants of the hydrate model, the models runFlash accepts, table sizes; and refuses
 * what it does not hold.
 */
import t from 'tap';
import { getTool, toolCatalog } from '../../src/tools/registry.js';
import { httpStatusFor, type Envelope } from '../../src/tools/contract/envelope.js';
import { findComponent, allComponents } from '../../src/engine/components/index.js';
import { createCpaModel } from '../../src/engine/cpa-fluid.js';
import { HYDRATE_GUESTS } from '../../src/engine/hydrate/parameters.js';
import { FLASH_MODELS } from '../../src/tools/contract/flash-models.js';

const tool = getTool('queryDataCatalog')!;
const call = async (input: unknown) => (await tool.run(input as never, { catalog: toolCatalog, subject: 't', profile: 'DESKTOP_ENGINEER', progress: () => {} })) as Envelope<any>;

t.test('component constants, CPA and hydrate parameters as the engine uses them', async (t) => {
  t.same([tool.tier, tool.category], ['advanced', 'ADVISORY']);
  const w = (await call({ action: 'getComponentProperties', componentName: 'H2O' })).data;
  const water = findComponent('water')!;
  t.equal(w.component.name, 'water', 'alias resolved');
  t.equal(w.component.properties.criticalTemperature.value, water.tc);
  t.equal(w.component.properties.criticalPressure.value, water.pc);
  const model = createCpaModel([water]);
  t.equal(w.cpa.a0.value, model.physical.ac[0], 'CPA a0 is what the CPA model uses');
  t.equal(w.cpa.b.value, model.physical.b[0], 'CPA b is what the CPA model uses');
  t.equal(w.cpa.associationScheme, '4C');
  t.notOk('hydrateGuest' in w, 'water is not a hydrate guest');
  const m = (await call({ action: 'getComponentProperties', componentName: 'methane' })).data;
  t.same(m.hydrateGuest.langmuirSRKPR, HYDRATE_GUESTS.methane);
  t.notOk('cpa' in m, 'methane has no CPA row (SRK constants under CPA)');
});

t.test('families, models, tables', async (t) => {
  const f = (await call({ action: 'listComponentFamilies' })).data;
  t.equal(f.count, allComponents().length);
  t.equal(Object.values(f.families as Record<string, string[]>).reduce((n, l) => n + l.length, 0), allComponents().length, 'every component in one family');
  const models = (await call({ action: 'listEOSModels' })).data;
  t.same(models.models.map((x: { code: string }) => x.code).sort(), [...FLASH_MODELS].sort(), 'the models runFlash accepts');
  const tables = (await call({ action: 'listDataTables' })).data.thermodynamicDatabase.tables;
  t.equal(tables.find((x: { name: string }) => x.name === 'components').rows, allComponents().length);
});

t.test('refusals', async (t) => {
  for (const [input, code] of [
    [{ action: 'listMaterials' }, 'NOT_AVAILABLE'],
    [{ action: 'teleport' }, 'UNKNOWN_ACTION'],
    [{ action: 'getComponentProperties' }, 'MISSING_FIELD'],
    [{ action: 'getComponentProperties', componentName: 'metane' }, 'UNKNOWN_COMPONENT'],
  ] as const) {
    const env = await call(input);
    t.equal(env.errors?.[0]?.code, code);
    t.equal(httpStatusFor(env), 422);
  }
  const typo = await call({ action: 'getComponentProperties', componentName: 'metane' });
  t.match(typo.errors?.[0]?.fix, /methane/);
});
