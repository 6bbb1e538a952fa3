/**
 * getCapabilities accounts for the whole contract: all 66 tools (compared with the independent
 * transcription in test/governance/contract-tools.ts), each marked offered exactly when it is
 * registered, with a reason when not; every contract resource served or its absence explained;
 * all ten prompts. The new resources hold real data: standards with editions for every code
 * calculateStandard computes, data tables whose row counts are the tables' own, with sources.
 */
import t from 'tap';
import { runTool } from '../../src/index.js';
import { TOOLS } from '../../src/tools/registry.js';
import { CONTRACT_TOOLS as TRANSCRIBED } from '../governance/contract-tools.js';
import { NOT_OFFERED_REASONS } from '../../src/tools/contract/catalog/contract-tools.js';
import { readResource } from '../../src/tools/contract/catalog/resources.js';
import { IMPLEMENTED_STANDARDS } from '../../src/tools/thermo/calculateStandard/codes.js';
import { TABLE_2016 } from '../../src/engine/standards/iso6976/tables-2016.js';

type Data = Record<string, any>;
const capabilities = async (): Promise<Data> => ((await runTool('getCapabilities', {})) as Data).data.contract;
const read = (uri: string): Data => {
  const r = readResource(TOOLS, uri);
  if (!r || !r.ok) throw new Error(`${uri}: ${r ? r.message : 'no such resource'}`);
  return r.content as Data;
};

t.test('all 66 contract tools, offered exactly when registered, a reason for each that is not', async (t) => {
  const c = await capabilities();
  const registered = new Set(TOOLS.map((x) => x.name));
  t.equal(c.toolCount, 66);
  t.same(c.tools.map((x: Data) => x.name).sort(), Object.keys(TRANSCRIBED).sort(), 'the contract\'s tool names');
  for (const tool of c.tools as Data[]) {
    t.same([tool.tier, tool.category], TRANSCRIBED[tool.name], `${tool.name}: tier and category as the contract`);
    t.equal(tool.offered, registered.has(tool.name), `${tool.name}: offered = registered`);
    if (!tool.offered) t.ok(typeof tool.reason === 'string' && tool.reason.length > 40, `${tool.name}: not offered because: ${tool.reason}`);
  }
  t.equal(c.offeredCount, (c.tools as Data[]).filter((x) => x.offered).length);
  for (const name of Object.keys(NOT_OFFERED_REASONS)) t.notOk(registered.has(name), `${name} is registered: its not-offered reason must go`);
  t.pass(`${c.offeredCount} of 66 offered; not offered: ${(c.tools as Data[]).filter((x) => !x.offered).map((x) => x.name).join(', ')}`);
});

t.test('contract resources: served, or the reason stated; all ten prompts offered', async (t) => {
  const c = await capabilities();
  t.equal(c.resources.length, 11);
  for (const r of c.resources as Data[]) {
    if (r.offered) {
      const concrete = r.uri.replace('{category}/{name}', 'flash/tp-simple-gas').replace('{tool}/{type}', 'run_flash/input').replace('{name}', 'methane').replace('{code}', 'ISO6976_2016');
      t.ok(readResource(TOOLS, concrete)?.ok, `${concrete} reads`);
    } else t.match(r.reason, /no material-grade table/, `${r.uri}: ${r.reason}`);
  }
  t.same((c.resources as Data[]).filter((r) => !r.offered).map((r) => r.uri), ['neqsim://materials/{type}']);
  t.same((c.prompts as Data[]).filter((p) => !p.offered), [], 'every prompt offered');
  t.equal(c.prompts.length, 10);
});

t.test('neqsim://standards covers every calculateStandard code, with edition and clauses', async (t) => {
  const s = read('neqsim://standards');
  const codes = new Set((s.standards as Data[]).map((x) => x.code));
  for (const code of IMPLEMENTED_STANDARDS) t.ok(codes.has(code), `${code} in the catalog`);
  for (const x of s.standards as Data[]) {
    t.ok(x.edition.length > 0 && x.clauses.length > 0 && x.tools.length > 0, `${x.code}: edition "${x.edition}", ${x.clauses.length} clause(s), tools ${x.tools.join(', ')}`);
  }
  t.equal(read('neqsim://standards/ISO 6976_2016').edition, '2016', 'codes are found with spaces and dashes ignored');
  t.equal(readResource(TOOLS, 'neqsim://standards/ASTM_D86')?.ok, false, 'a standard not computed here is not found');
  // The edition the catalog states is the one calculateStandard reports for that code.
  const env = (await runTool('calculateStandard', { standard: 'ISO6976_2016', components: { methane: 0.9, ethane: 0.1 } })) as Data;
  t.match(env.data.edition, /2016/);
});

t.test('neqsim://data-tables: row counts are the tables\' own, every table cites its source', async (t) => {
  const d = read('neqsim://data-tables');
  const all = [...d.thermodynamicDatabase, ...d.standards] as Data[];
  t.ok(all.length >= 10);
  for (const x of all) t.ok(x.rows > 0 && x.source.length > 10, `${x.name}: ${x.rows} rows from ${x.source}`);
  t.equal(all.find((x) => x.name === 'iso6976_2016')!.rows, TABLE_2016.size);
  const q = (await runTool('queryDataCatalog', { action: 'listDataTables' })) as Data;
  t.same(q.data.thermodynamicDatabase.tables, d.thermodynamicDatabase, 'queryDataCatalog lists the same tables');
  const std = (await runTool('queryDataCatalog', { action: 'queryStandard', standardCode: 'api-520' })) as Data;
  t.equal(std.data.standard.code, 'API520');
  const none = (await runTool('queryDataCatalog', { action: 'queryStandard', standardCode: 'NORSOK M-001' })) as Data;
  t.equal(none.errors[0].code, 'UNKNOWN_STANDARD');
});
