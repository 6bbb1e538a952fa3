/**
 * Issue 26: every runFlash model (SRK, PR, CPA, GERG2008, UMRPRU, PCSAFT) through the fluid-driven
 * tools. Each tool's numbers are checked against the same model's runFlash at the same state:
 * property-table rows, envelope points (dew/bubble points of runFlash), PVT saturation pressures,
 * process streams and crossValidateModels values; components a model has no parameters for are a
 * 422 naming them.
 */
import t from 'tap';
import { runTool } from '../../src/index.js';
import { httpStatusFor, type Envelope } from '../../src/tools/contract/envelope.js';

const GAS = { methane: 0.85, ethane: 0.07, propane: 0.04, 'n-butane': 0.02, 'n-pentane': 0.01, nitrogen: 0.01 };
const OIL = { methane: 0.45, ethane: 0.08, propane: 0.07, 'n-butane': 0.05, 'n-hexane': 0.1, 'n-decane': 0.25 };
const data = (e: Envelope<unknown>) => e.data as any;
const rel = (a: number, b: number) => Math.abs(a - b) / Math.abs(b);
const flash = async (input: Record<string, unknown>) => {
  const e = await runTool('runFlash', input);
  if (e.status !== 'success') throw new Error(`runFlash failed: ${JSON.stringify(e.errors)}`);
  return data(e);
};

for (const [model, mixingRule] of [['PCSAFT', undefined], ['UMRPRU', undefined], ['UMRPRU', 'UMR']] as const) {
  const label = `${model}${mixingRule ? ` (${mixingRule})` : ''}`;

  t.test(`getPropertyTable ${label}: every row is runFlash ${label} at that state`, async (t) => {
    const e = await runTool('getPropertyTable', { model, mixingRule, components: GAS, sweep: 'temperature', sweepFrom: { value: -60, unit: 'C' }, sweepTo: { value: 40, unit: 'C' }, points: 6, fixedPressure: 50, properties: ['density', 'numberOfPhases', 'Z'] });
    t.equal(e.status, 'success', JSON.stringify(e.errors ?? []));
    t.equal(data(e).model, model);
    const rows = data(e).table as any[];
    t.equal(rows.length, 6, 'every point converged');
    let twoPhase = 0;
    for (const r of rows) {
      const f = await flash({ model, mixingRule, components: GAS, temperature: { value: r.temperature_K, unit: 'K' }, pressure: r.pressure_bara });
      t.equal(r.numberOfPhases, f.flash.numberOfPhases, `${r.temperature_C.toFixed(0)} C: phase count`);
      t.ok(rel(r.density, f.fluid.properties.density_kgm3) < 1e-12, `${r.temperature_C.toFixed(0)} C: density ${r.density} = runFlash ${f.fluid.properties.density_kgm3}`);
      if (r.numberOfPhases === 2) twoPhase++;
    }
    t.ok(twoPhase >= 1 && twoPhase < rows.length, `the sweep crosses the dew curve (${twoPhase} two-phase rows)`);
  });

  t.test(`getPhaseEnvelope ${label}: points are the dew and bubble points of runFlash ${label}`, async (t) => {
    const e = await runTool('getPhaseEnvelope', { model, mixingRule, components: GAS });
    t.equal(e.status, 'success', JSON.stringify(e.errors ?? []));
    const d = data(e);
    t.equal(d.complete, true, 'trace complete');
    const crit = d.criticalPoints.criticalPoint;
    t.ok(crit && crit.pressure_bara > 60 && crit.pressure_bara < 110, `critical point at ${crit?.pressure_bara} bara`);
    const pts = (d.envelope as any[]).filter((p) => p.stable && p.pressure_bara > 3 && p.pressure_bara < 0.8 * crit.pressure_bara);
    for (const branch of ['dew', 'bubble']) {
      const on = pts.filter((p) => p.branch === branch);
      t.ok(on.length >= 3, `${on.length} ${branch} points below 0.8 Pc`);
      for (const p of [on[0], on[Math.floor(on.length / 2)], on[on.length - 1]]) {
        // Below the critical pressure a dew point is unique in T at given P (near the cricondentherm
        // two dew pressures share one T), a bubble point unique in P at given T.
        if (branch === 'dew') {
          const f = await flash({ model, mixingRule, flashType: 'dewPointT', components: GAS, temperature: { value: p.temperature_K, unit: 'K' }, pressure: p.pressure_bara });
          const T = f.fluid.conditions.overall.temperature;
          t.ok(Math.abs(p.temperature_K - T) < 1e-5, `dew at ${p.pressure_bara.toFixed(3)} bara: envelope ${p.temperature_K.toFixed(6)} K, runFlash ${T.toFixed(6)} K`);
        } else {
          const f = await flash({ model, mixingRule, flashType: 'bubblePointP', components: GAS, temperature: { value: p.temperature_K, unit: 'K' }, pressure: p.pressure_bara });
          const P = f.fluid.conditions.overall.pressure;
          t.ok(rel(p.pressure_bara, P) < 1e-6, `bubble at ${p.temperature_C.toFixed(2)} C: envelope ${p.pressure_bara.toFixed(6)} bara, runFlash ${P.toFixed(6)} bara`);
        }
      }
    }
  });

  t.test(`runPVT ${label}: saturation pressure is runFlash bubblePointP; CME above it is one phase`, async (t) => {
    const sat = await runTool('runPVT', { experiment: 'saturationPressure', model, mixingRule, temperature_C: 80, components: OIL });
    t.equal(sat.status, 'success', JSON.stringify(sat.errors ?? []));
    const Psat = data(sat).saturationPressure_bara as number;
    const f = await flash({ model, mixingRule, flashType: 'bubblePointP', components: OIL, temperature: { value: 80, unit: 'C' }, pressure: Psat });
    t.ok(rel(Psat, f.fluid.conditions.overall.pressure) < 1e-6, `Psat ${Psat} bara = runFlash bubble point ${f.fluid.conditions.overall.pressure} bara`);
    const cme = await runTool('runPVT', { experiment: 'CME', model, mixingRule, temperature_C: 80, components: OIL, experimentConfig: { pressures_bara: [1.2 * Psat, 0.6 * Psat] } });
    t.equal(cme.status, 'success', JSON.stringify(cme.errors ?? []));
    t.equal(data(cme).model, model);
  });

  t.test(`runProcess ${label}: the separator's gas is runFlash ${label} of its feed`, async (t) => {
    const P = { fluid: { model, mixingRule, temperature: 300, pressure: 60, components: GAS }, process: [{ type: 'Stream', name: 'feed', properties: { flowRate: [10000, 'kg/hr'] } }, { type: 'Cooler', name: 'c', inlet: 'feed', properties: { outTemperature: [-30, 'C'] } }, { type: 'Separator', name: 'sep', inlet: 'c' }] };
    const e = await runTool('runProcess', P);
    t.equal(e.status, 'success', JSON.stringify(e.errors ?? []));
    const gas = data(e).streams['sep.gasOut'];
    const f = await flash({ model, mixingRule, components: GAS, temperature: { value: -30, unit: 'C' }, pressure: 60 });
    t.ok(rel(gas.density_kg_m3, f.fluid.properties.gas.density.value) < 1e-9, `gas density ${gas.density_kg_m3} = runFlash ${f.fluid.properties.gas.density.value} kg/m3`);
    t.ok(rel(data(e).streams.c.phases.gas.moleFraction, f.fluid.conditions.gas.phaseFraction) < 1e-9, 'vapour fraction as runFlash');
  });
}

t.test('runProcess UMRPRU: mixingRule "UMR" is applied to the process fluid (not silently classic)', async (t) => {
  const P = (mixingRule?: string) => ({ fluid: { model: 'UMR-PRU', mixingRule, temperature: 300, pressure: 60, components: GAS }, process: [{ type: 'Stream', name: 'feed', properties: { flowRate: [10000, 'kg/hr'] } }] });
  const classic = data(await runTool('runProcess', P())).streams.feed.density_kg_m3;
  const umr = data(await runTool('runProcess', P('UMR'))).streams.feed.density_kg_m3;
  const f = await flash({ model: 'UMRPRU', mixingRule: 'UMR', components: GAS, temperature: 300, pressure: 60 });
  t.ok(rel(umr, f.fluid.properties.density_kgm3) < 1e-9, `UMR stream density ${umr} = runFlash UMR ${f.fluid.properties.density_kgm3}`);
  t.ok(rel(umr, classic) > 1e-6, `differs from the classic rule (${classic})`);
});

t.test('crossValidateModels compares all six models; each value is that model’s own runProcess', async (t) => {
  const P = { fluid: { model: 'SRK', temperature: 300, pressure: 60, components: GAS }, process: [{ type: 'Stream', name: 'feed', properties: { flowRate: [10000, 'kg/hr'] } }, { type: 'Cooler', name: 'c', inlet: 'feed', properties: { outTemperature: [-30, 'C'] } }, { type: 'Separator', name: 'sep', inlet: 'c' }] };
  const models = ['SRK', 'pr', 'CPA', 'GERG-2008', 'UMR-PRU', 'PC-SAFT'];
  const x = await runTool('crossValidateModels', { baseProcess: P, models, compareVariables: [{ address: 'sep.gasOutStream.density' }] });
  t.equal(x.status, 'success', JSON.stringify(x.errors ?? []));
  const results = data(x).modelResults as any[];
  t.same(results.map((r) => r.model), ['SRK', 'PR', 'CPA', 'GERG2008', 'UMRPRU', 'PCSAFT']);
  for (const r of results) {
    t.equal(r.converged, true, `${r.model} solved`);
    const own = await runTool('runProcess', { ...P, fluid: { ...P.fluid, model: r.model } });
    t.ok(rel(r.values['sep.gasOutStream.density'], data(own).streams['sep.gasOut'].density_kg_m3) < 1e-12, `${r.model}: ${r.values['sep.gasOutStream.density']} kg/m3`);
  }
  const cmp = data(x).crossComparison[0];
  // Six equations of state for a cold lean gas at 60 bara: the gas densities lie within a few percent.
  t.ok(cmp.spreadPercent > 0 && cmp.spreadPercent < 5, `spread ${cmp.spreadPercent.toFixed(2)} %`);
});

t.test('validateInput accepts every model spelling in flash and process definitions', async (t) => {
  for (const model of ['PCSAFT', 'pcsaft', 'PC-SAFT', 'UMRPRU', 'umr-pru', 'GERG-2008', 'srk-cpa']) {
    const flashDef = await runTool('validateInput', { model, components: GAS, temperature: 300, pressure: 60 });
    t.equal(data(flashDef).valid, true, `${model}: flash definition valid`);
    const proc = await runTool('validateInput', { fluid: { model, temperature: 300, pressure: 60, components: GAS }, process: [{ type: 'Stream', name: 'feed', properties: { flowRate: [1000, 'kg/hr'] } }] });
    t.notOk(data(proc).issues.some((i: any) => i.code === 'UNKNOWN_MODEL'), `${model}: process model accepted`);
  }
});

t.test('components without PC-SAFT parameters or UMR-PRU groups: 422 naming them in each tool', async (t) => {
  const checks: [string, Record<string, unknown>][] = [
    ['getPhaseEnvelope', {}],
    ['getPropertyTable', { sweep: 'pressure', sweepFrom: 10, sweepTo: 50, fixedTemperature: 300, points: 3 }],
    ['runPVT', { experiment: 'saturationPressure', temperature_C: 50 }],
  ];
  for (const [model, missing] of [['PCSAFT', 'mercury'], ['UMRPRU', 'helium']] as const) {
    const components = { methane: 0.9, [missing]: 0.1 };
    const probe = await runTool('runFlash', { model, components });
    t.equal(httpStatusFor(probe), 422, `${model} runFlash refuses ${missing}`);
    for (const [tool, extra] of checks) {
      const e = await runTool(tool, { model, components, ...extra });
      t.equal(httpStatusFor(e), 422, `${tool} ${model}: 422`);
      t.same(e.errors?.map((x) => x.code), ['UNSUPPORTED_COMPONENT'], `${tool} ${model}: UNSUPPORTED_COMPONENT as runFlash`);
      t.match(e.errors?.[0]?.message, new RegExp(missing), `${tool} ${model}: names ${missing}`);
    }
  }
});

t.test('queryDataCatalog: PC-SAFT and UMR-PRU parameters as the engine uses them', async (t) => {
  const get = async (componentName: string) => data(await runTool('queryDataCatalog', { action: 'getComponentProperties', componentName }));
  const water = await get('water');
  // Gross & Sadowski 2002 water (2B): m = 1.0656, σ = 3.0007 Å, ε/k = 366.51 K, κ = 0.034868, ε^AB/k = 2500.7 K.
  t.equal(water.pcsaft.segmentNumber.value, 1.0656);
  t.equal(water.pcsaft.segmentDiameter.value, 3.0007);
  t.equal(water.pcsaft.dispersionEnergy.value, 366.51);
  t.same([water.pcsaft.association.scheme, water.pcsaft.association.sites], ['2B', 2], 'water associates with 2 sites (2B, as fitted), not COMP.csv’s 4C');
  t.ok(Math.abs(water.pcsaft.association.associationEnergy.value - 2500.7) < 1, `ε^AB/k ${water.pcsaft.association.associationEnergy.value} K`);
  t.match(water.umrpru.source, /builds in for water/, 'water’s alpha is the original’s built-in set');
  const co2 = await get('CO2');
  t.same([co2.pcsaft.segmentNumber.value, co2.pcsaft.segmentDiameter.value, co2.pcsaft.dispersionEnergy.value], [2.0729, 2.7852, 169.21], 'CO2: the published G&S set that replaces COMP.csv’s');
  t.match(co2.pcsaft.source, /Gross & Sadowski/);
  const heptane = await get('n-heptane');
  t.same(heptane.umrpru.groups.map((g: any) => [g.name, g.count]), [['CH3', 2], ['CH2', 5]], 'n-heptane: 2 CH3 + 5 CH2');
  t.equal(heptane.pcsaft.association, undefined, 'n-heptane does not associate');
  const mercury = await get('mercury');
  t.equal(mercury.pcsaft, undefined, 'no PC-SAFT parameters for mercury: none shown');
  const helium = await get('helium');
  t.equal(helium.umrpru, undefined, 'no UMR-PRU groups for helium: none shown');
});

t.test('getBenchmarkTrust: measured runFlash bounds for GERG2008, PCSAFT and UMRPRU (reference-EOS pure fluids)', async (t) => {
  const e = await runTool('getBenchmarkTrust', { action: 'getTool', toolName: 'runFlash' });
  t.equal(e.status, 'success', JSON.stringify(e.errors ?? []));
  const trust = data(e).trust;
  for (const model of ['GERG2008', 'PCSAFT', 'UMRPRU']) {
    const key = `${model} vapour pressure vs reference EOS`;
    t.match(trust.accuracyBounds[key], /^max \|relative error\| .* over \d+ value\(s\) in \d+ case\(s\) vs published\/reference data$/, `${key}: ${trust.accuracyBounds[key]}`);
    const cases = (trust.validationCases as any[]).filter((c) => c.id.endsWith(`/${model}`) && /vapour pressure/.test(c.description));
    t.ok(cases.length >= 10, `${model}: ${cases.length} measured vapour-pressure cases`);
    // The CO2 point at 302 K (S-04): a real saturation point for GERG-2008 (0.1 % of Span–Wagner).
    if (model === 'GERG2008') t.match(cases.find((c) => c.id === 'S-04/GERG2008'), { passed: true }, 'GERG-2008 CO2 vapour pressure at 302 K within tolerance');
  }
});
