/**
 * runProcess reportFormat "neqsim": for the original's own process examples, our `report` has the
 * original's unit names and property keys (every key we give is one the original gives; every key
 * it gives that we lack is named in provenance.limitations), and each value equals our compact
 * figure in the unit the original states (1e-12 relative). Values are compared with our own
 * compact output, not with the original's numbers (those are a different engine).
 */
import t from 'tap';
import { Value } from '@sinclair/typebox/value';
import { runProcess } from '../../src/tools/process/runProcess/runProcess.js';
import { RunProcessInput, RunProcessOutput } from '../../src/tools/process/runProcess/schema.js';
import { loadReference } from '../helpers/reference.js';

const EXAMPLES = ['simple-separation', 'compression-with-cooling', 'mixer-splitter-recycle'];

const close = (a: number, b: number) => Math.abs(a - b) <= 1e-12 * Math.max(Math.abs(a), Math.abs(b), 1e-300);

/** Keys of a report object, descending into properties/conditions/composition/data sections. */
function keyPaths(o: any, prefix = ''): string[] {
  const out: string[] = [];
  for (const [k, v] of Object.entries(o ?? {})) {
    const p = prefix ? `${prefix}/${k}` : k;
    if (v && typeof v === 'object' && !('value' in (v as object) && 'unit' in (v as object))) out.push(...keyPaths(v, p));
    else out.push(p);
  }
  return out;
}

for (const name of EXAMPLES) {
  t.test(`${name}: same unit names and keys as the original, values equal to the compact output`, (t) => {
    const input = loadReference(t, `neqsim-responses/catalog-inputs/process__${name}.json`);
    const original = loadReference(t, `neqsim-responses/outputs/runProcess__process__${name}.out.json`);
    if (!input || !original) return t.end();
    const env = runProcess({ ...input, reportFormat: 'neqsim' } as RunProcessInput);
    t.equal(env.status, 'success', JSON.stringify(env.errors));
    const d = env.data as any;
    t.ok(Value.Check(RunProcessOutput, d), 'output matches its schema');
    t.ok(d.units && d.streams && d.massBalance, 'compact output kept');
    t.same(Object.keys(d.report).sort(), Object.keys(original.report).sort(), 'same unit names');
    const limits: string = (env.provenance?.limitations ?? []).filter((l: string) => l.includes('NeqSim format')).join('\n');
    const GENERIC = new Set(['overall', 'gas', 'oil', 'aqueous', 'properties', 'conditions', 'data', 'feed', 'liquid', 'water']);
    for (const [unit, rep] of Object.entries<any>(d.report)) {
      const ours = new Set(keyPaths(rep));
      const theirs = new Set(keyPaths(original.report[unit]));
      for (const k of ours) t.ok(theirs.has(k), `${unit}: ${k} is a key of the original`);
      // Keys the original has and we do not: named in the limitations (by their last segment or section).
      for (const k of theirs) {
        if (ours.has(k)) continue;
        const seg = k.split('/');
        const named = seg[seg.length - 2]?.endsWith('_wt') || (seg.includes('composition') && seg[seg.length - 2] !== 'overall') ? limits.includes('composition') : seg.some((s) => !GENERIC.has(s) && limits.includes(s));
        t.ok(named, `${unit}: missing ${k} is listed as not computed`);
      }
    }
    // Values: the compact figures in the original's units.
    const S = d.streams;
    const feed = d.report.feed;
    t.ok(close(feed.conditions.overall.temperature.value, S.feed.temperature_C) && feed.conditions.overall.temperature.unit === 'C');
    t.ok(close(feed.conditions.overall.pressure.value, S.feed.pressure_bara) && feed.conditions.overall.pressure.unit === 'bara');
    t.ok(close(feed.conditions.overall['mass flow'].value, S.feed.massFlow_kg_hr) && feed.conditions.overall['mass flow'].unit === 'kg/hr');
    t.ok(close(feed.conditions.overall['molar flow'].value, S.feed.molarFlow_mol_hr) && feed.conditions.overall['molar flow'].unit === 'mole/hr');
    t.ok(close(feed.properties.overall.density.value, S.feed.density_kg_m3));
    t.ok(close(feed.properties.overall['flow rate'].value, S.feed.volumeFlow_m3_hr) && feed.properties.overall['flow rate'].unit === 'm3/hr');
    t.ok(close(feed.properties.overall.enthalpy.value, S.feed.enthalpy_J_kg) && feed.properties.overall.enthalpy.unit === 'J/kg');
    for (const [c, x] of Object.entries<number>(S.feed.composition)) t.ok(close(feed.composition.overall[c].value, x), `feed ${c}`);
    for (const [unit, u] of Object.entries<any>(d.units)) {
      const r = d.report[unit];
      if (u.type === 'Compressor') {
        const i = S[u.inlets[0]];
        const o = S[u.outlets.out];
        t.ok(close(r.power, u.power_kW), `${unit} power kW`);
        t.ok(close(r.suctionTemperature, u.inletTemperature_C) && close(r.dischargeTemperature, u.outletTemperature_C));
        t.ok(close(r.suctionPressure, u.inletPressure_bara) && close(r.dischargePressure, u.outletPressure_bara));
        t.ok(close(r.massflow, u.massFlow_kg_hr) && close(r.stdFlow, i.standardGasFlow_Sm3_hr));
        t.ok(close(r.suctionVolumeFlow, i.volumeFlow_m3_hr) && close(r.dischargeMassDensity, o.density_kg_m3));
      }
      if (u.type === 'Cooler' || u.type === 'Heater') {
        t.ok(close(r.data.duty.value, u.duty_kW * 1000) && r.data.duty.unit === 'W', `${unit} duty W`);
        t.ok(close(r.data['outlet temperature'].value, u.outletTemperature_C) && close(r.data['mass flow'].value, u.massFlow_kg_hr));
      }
      if (u.type === 'ThrottlingValve') t.ok(close(r.data['outlet pressure'].value, u.outletPressure_bara) && close(r.data['inlet temperature'].value, u.inletTemperature_C));
      if (u.type === 'Mixer') t.ok(close(r.data['outlet mass flow'].value, u.outletMassFlow_kg_hr) && close(r.data['outlet temperature'].value, u.outletTemperature_C));
      if (u.type === 'Splitter') {
        const o1 = S[Object.values<string>(u.outlets)[0]];
        const i = S[u.inlets[0]];
        t.ok(close(r.data['outlet 1 mass flow'].value, o1.massFlow_kg_hr) && close(r.data['inlet mass flow'].value, i.massFlow_kg_hr), `${unit} flows`);
        t.ok(close(r.data['outlet 1 split factor'].value, o1.massFlow_kg_hr / i.massFlow_kg_hr), `${unit} split factor`);
      }
      if (u.type === 'Separator') {
        const g = S[u.outlets.gasOut];
        t.ok(close(r.gas.conditions.overall['mass flow'].value, g.massFlow_kg_hr) && close(r.feed.conditions.overall.pressure.value, u.pressure_bara));
        t.equal(r.gas.name, u.outlets.gasOut);
      }
    }
    t.end();
  });
}

t.test('compact by default: no report unless asked; an unknown reportFormat is refused by the schema', (t) => {
  const input = { fluid: { model: 'SRK', temperature: 300, pressure: 50, components: { methane: 0.9, ethane: 0.1 } }, process: [{ type: 'Stream', name: 'feed', properties: { flowRate: [1000, 'kg/hr'] } }] };
  const env = runProcess(input as RunProcessInput);
  t.equal(env.status, 'success');
  t.notOk('report' in (env.data as object), 'no report in the compact format');
  t.ok(Value.Check(RunProcessInput, { ...input, reportFormat: 'compact' }));
  t.notOk(Value.Check(RunProcessInput, { ...input, reportFormat: 'xml' }), 'reportFormat outside the enum fails the schema');
  t.end();
});

t.test('a tool that embeds a definition refuses reportFormat instead of ignoring it', async (t) => {
  const { runTool } = await import('../../src/index.js');
  const { getTool } = await import('../../src/tools/registry.js');
  const example = getTool('runProcess')!.examples[0].input as Record<string, unknown>;
  const env = (await runTool('listSimulationUnits', { processJson: { ...example, reportFormat: 'neqsim' } })) as { status: string; errors?: { code: string; field?: string }[] };
  t.equal(env.status, 'error');
  t.equal(env.errors?.[0]?.code, 'UNSUPPORTED_PROPERTY');
  t.match(env.errors?.[0]?.field ?? '', /reportFormat/);
  const plain = (await runTool('listSimulationUnits', { processJson: { ...example, reportFormat: 'compact' } })) as { status: string };
  t.equal(plain.status, 'success', 'the default format says nothing to refuse');
  const own = runProcess({ ...(example as object), reportFormat: 'neqsim' } as never);
  t.equal(own.status, 'success', 'runProcess itself still takes it');
});
