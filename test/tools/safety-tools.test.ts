/**
 * runLOPA, runSIL, runRiskMatrix and runFlareNetwork: the original's examples (and where we differ,
 * why), the SIL bands at their edges, the IEC 61508-6 simplified PFD equations against a direct
 * numerical average of the exact unavailability of independent channels plus a common-cause
 * channel, and the flare safe distance as the exact inverse of the flux.
 */
import t from 'tap';
import { Value } from '@sinclair/typebox/value';
import { getTool } from '../../src/tools/registry.js';
import type { Envelope } from '../../src/tools/contract/envelope.js';
import { pfdAvg, silOfPfd, type Architecture } from '../../src/engine/safety/sis.js';
import { pointSourceFlux, safeDistance } from '../../src/engine/safety/flare.js';
import { loadReference } from '../helpers/reference.js';
import { buildTestApp, testConfig } from '../pool/fixtures/test-app.js';

const ctx = { subject: 'test', profile: 'DESKTOP_ENGINEER', progress: () => {} };
async function call(name: string, input: unknown): Promise<Envelope<any>> {
  const tool = getTool(name)!;
  const env = (await tool.run(input as never, ctx)) as Envelope<any>;
  if (env.status === 'success') t.ok(Value.Check(tool.output, env.data), `${name}: output schema ${JSON.stringify([...Value.Errors(tool.output, env.data)].slice(0, 2))}`);
  return env;
}
const ref = (name: string) => `neqsim-responses/outputs/${name}__${name}.out.json`;

t.test('registered as advanced CALCULATION tools of v1.3; examples run', async (t) => {
  for (const name of ['runLOPA', 'runSIL', 'runRiskMatrix', 'runFlareNetwork']) {
    const tool = getTool(name)!;
    t.same([tool.tier, tool.category, tool.since], ['advanced', 'CALCULATION', 'v1.3'], name);
    for (const ex of tool.examples) t.equal((await call(name, ex.input)).status, 'success', `${name} ${ex.name}`);
  }
});

t.test('SIL bands at their edges', (t) => {
  t.equal(silOfPfd(0.1), 0);
  t.equal(silOfPfd(0.0999), 1);
  t.equal(silOfPfd(0.01), 1);
  t.equal(silOfPfd(0.00999), 2);
  t.equal(silOfPfd(1e-4), 3);
  t.equal(silOfPfd(1e-5), 4);
  t.equal(silOfPfd(9.9e-6), 5);
  t.end();
});

t.test("LOPA: the original's example, a met target, weak layers and a gap beyond SIL 4", async (t) => {
  const input = { scenario: 'HP separator overpressure', initiatingEventFrequency_per_year: 0.1, targetFrequency_per_year: 1e-5, layers: [{ name: 'BPCS', pfd: 0.1 }, { name: 'PSV', pfd: 0.01 }] };
  const d = (await call('runLOPA', input)).data;
  t.ok(Math.abs(d.mitigatedFrequency - 1e-4) < 1e-18);
  t.ok(Math.abs(d.totalRRF - 1000) < 1e-9);
  t.equal(d.targetMet, false);
  t.ok(Math.abs(d.gapAnalysis.requiredAdditionalRRF - 10) < 1e-9);
  t.equal(d.gapAnalysis.requiredSIL, 1);
  t.ok(Math.abs(d.protectionLayers.reduce((a: number, l: any) => a + l.contribution, 0) - (0.1 - d.mitigatedFrequency)) < 1e-15, 'contributions add up');
  const o = loadReference<any>(t, ref('runLOPA'));
  if (o) {
    t.ok(Math.abs(d.mitigatedFrequency - o.lopa.mitigatedFrequency) < 1e-15 && d.gapAnalysis.requiredSIL === o.gapAnalysis.requiredAdditionalSIL, 'same as the original');
    o.lopa.protectionLayers.forEach((l: any, i: number) => t.ok(Math.abs(d.protectionLayers[i].frequencyAfter - l.frequencyAfter) < 1e-15, `layer ${l.name}`));
  }
  const met = (await call('runLOPA', { ...input, layers: [...input.layers, { name: 'SIS', pfd: 0.05 }] })).data;
  t.equal(met.targetMet, true);
  t.equal(met.gapAnalysis.requiredSIL, 0);
  const weak = await call('runLOPA', { ...input, layers: [{ name: 'Alarm', pfd: 0.5 }] });
  t.ok(weak.warnings.some((w) => w.code === 'MODEL_LIMITATION'), 'a layer with PFD > 0.1 is flagged');
  const bpcs = await call('runLOPA', { ...input, layers: [{ name: 'BPCS', pfd: 0.1 }] });
  t.notOk(bpcs.warnings.some((w) => w.code === 'MODEL_LIMITATION'), 'PFD 0.1 (a BPCS layer) is creditable: no warning');
  const over = await call('runLOPA', { ...input, layers: [{ name: 'BPCS', pfd: 0.1000001 }] });
  t.ok(over.warnings.some((w) => w.code === 'MODEL_LIMITATION'), 'just above 0.1 is flagged');
  const huge = await call('runLOPA', { initiatingEventFrequency_per_year: 1, targetFrequency_per_year: 1e-7, layers: [] });
  t.equal(huge.data.gapAnalysis.requiredSIL, 5);
  t.ok(huge.warnings.some((w) => w.code === 'EXTRAPOLATION'));
});

/** (1/T)∫₀ᵀ U(t) dt by Simpson's rule, with U built from exact channel unavailabilities. */
function numericPfd(arch: Architecture, lambda: number, T: number, beta: number): number {
  const n = 2000;
  const U = (tt: number) => {
    const q = 1 - Math.exp(-(1 - beta) * lambda * tt);
    const qc = 1 - Math.exp(-beta * lambda * tt);
    const r = 1 - q;
    const independent = { '1oo1': q, '2oo2': 1 - r * r, '1oo2': q * q, '2oo3': 3 * q * q * r + q ** 3, '1oo3': q ** 3 }[arch];
    return arch === '1oo1' || arch === '2oo2' ? 1 - (1 - independent) * (1 - qc) : 1 - (1 - independent) * (1 - qc);
  };
  let s = U(0) + U(T);
  for (let i = 1; i < n; i++) s += (i % 2 ? 4 : 2) * U((i * T) / n);
  return (s * (T / n)) / 3 / T;
}

t.test('IEC 61508-6 simplified PFD equations against the averaged exact unavailability', (t) => {
  const T = 8760;
  for (const lambda of [1e-8, 1e-7]) {
    for (const [arch, beta] of [['1oo1', 0], ['2oo2', 0], ['1oo2', 0], ['1oo2', 0.05], ['2oo3', 0], ['2oo3', 0.1], ['1oo3', 0], ['1oo3', 0.02]] as [Architecture, number][]) {
      // 1oo1/2oo2 have no common-cause term in the simplified equations: compare them without it.
      const b = arch === '1oo1' || arch === '2oo2' ? 0 : beta;
      const exact = numericPfd(arch, lambda, T, b);
      const simple = pfdAvg(arch, lambda, T, b);
      // The simplified forms are first-order in λT (here ≤ 8.8e-4): they agree to about λT.
      t.ok(Math.abs(simple / exact - 1) < 3 * lambda * T + 1e-9, `${arch} β=${b} λ=${lambda}: ${simple.toExponential(4)} vs ${exact.toExponential(4)}`);
    }
  }
  t.ok(Math.abs(pfdAvg('1oo2', 2e-6, T, 1) - pfdAvg('1oo1', 2e-6, T, 0)) < 1e-18, 'β = 1: a 1oo2 is no better than 1oo1');
  t.end();
});

t.test("SIL: the original's example, and what common cause changes", async (t) => {
  const input = { name: 'HP sep PAHH', claimedSIL: 2, architecture: '1oo2', proofTestInterval_hours: 8760, components: [{ name: 'PT', type: 'sensor', lambdaDU_per_hr: 3e-7 }, { name: 'Logic', type: 'logic', pfd: 1e-4 }, { name: 'SDV', type: 'finalElement', lambdaDU_per_hr: 2e-6 }] };
  const noCcf = (await call('runSIL', { ...input, beta: 0 })).data;
  const o = loadReference<any>(t, ref('runSIL'));
  if (o) {
    t.ok(Math.abs(noCcf.verification.pfdAvg - o.verification.pfdAvg) < 5e-9, `β = 0 reproduces the original (which has no common-cause term): ${noCcf.verification.pfdAvg} vs ${o.verification.pfdAvg}`);
    t.equal(noCcf.verification.achievedSIL, o.verification.achievedSIL);
  }
  const d = (await call('runSIL', input)).data;
  const sdv = d.components.find((c: any) => c.name === 'SDV');
  t.ok(Math.abs(sdv.pfdContribution - ((0.9 * 2e-6 * 8760) ** 2 / 3 + (0.1 * 2e-6 * 8760) / 2)) < 1e-15, 'SDV 1oo2 with β = 0.1');
  t.ok(d.verification.pfdAvg > 3 * noCcf.verification.pfdAvg, `common cause dominates: ${d.verification.pfdAvg} vs ${noCcf.verification.pfdAvg}`);
  t.equal(d.verification.achievedSIL, 2, 'SIL 2 with common cause (the original, without it, claims SIL 3)');
  t.equal(d.verification.silAchieved, true);
  t.ok(Math.abs(d.verification.marginToClaimedSIL - 0.01 / d.verification.pfdAvg) < 1e-9);
  t.equal(d.verification.hardwareFaultTolerance, 1);
  t.ok(Math.abs(d.components.reduce((a: number, c: any) => a + c.percentOfTotal, 0) - 100) < 1e-9, 'contributions sum to 100 %');
  const mixed = (await call('runSIL', { ...input, architecture: '1oo1', components: [input.components[0], { ...input.components[2], architecture: '2oo3' }] })).data;
  t.equal(mixed.verification.hardwareFaultTolerance, 0, 'the weakest subsystem sets the HFT');
  const given = (await call('runSIL', { pfdAvg: 0.004, claimedSIL: 3 })).data;
  t.same([given.verification.achievedSIL, given.verification.silAchieved], [2, false]);
  const none = await call('runSIL', { claimedSIL: 2 });
  t.equal(none.errors?.[0]?.code, 'MISSING_FIELD');
  const neither = await call('runSIL', { components: [{ name: 'PT' }] });
  t.equal(neither.errors?.[0]?.field, 'components.0');
  const absurd = await call('runSIL', { proofTestInterval_hours: 1e9, components: [{ name: 'X', lambdaDU_per_hr: 1e-5 }] });
  t.equal(absurd.errors?.[0]?.code, 'INVALID_RESULT');
});

t.test("risk matrix: the original's example and every band edge", async (t) => {
  const d = (await call('runRiskMatrix', { events: [{ name: 'Compressor trip', probabilityLevel: 3, consequenceLevel: 4 }, { name: 'Pump seal leak', failuresPerYear: 0.5, productionLossPercent: 5 }] })).data;
  const o = loadReference<any>(t, ref('runRiskMatrix'));
  if (o) {
    for (const [i, e] of o.events.entries()) {
      const ours = d.events[i];
      t.same([ours.probabilityLevel, ours.probabilityCategory, ours.consequenceLevel, ours.consequenceCategory, ours.riskScore, ours.riskLevel, ours.color], [e.probabilityLevel, e.probabilityCategory, e.consequenceLevel, e.consequenceCategory, e.riskScore, e.riskLevel, e.color], e.name);
    }
    t.same([d.overall.maxScore, d.overall.riskLevel, d.overall.color], [o.overall.maxScore, o.overall.riskLevel, o.overall.color]);
  }
  const score = async (p: number, c: number) => (await call('runRiskMatrix', { events: [{ name: 'x', probabilityLevel: p, consequenceLevel: c }] })).data.events[0];
  t.same([(await score(2, 2)).riskLevel, (await score(1, 5)).riskLevel, (await score(3, 3)).riskLevel, (await score(2, 5)).riskLevel, (await score(3, 5)).riskLevel, (await score(4, 4)).riskLevel], ['Low', 'Medium', 'Medium', 'High', 'High', 'Critical']);
  const lvl = async (f: number, loss: number) => {
    const e = (await call('runRiskMatrix', { events: [{ name: 'x', failuresPerYear: f, productionLossPercent: loss }] })).data.events[0];
    return [e.probabilityLevel, e.consequenceLevel];
  };
  t.same(await lvl(0.0999, 4.99), [1, 1]);
  t.same(await lvl(0.1, 5), [2, 2]);
  t.same(await lvl(1.999, 79.9), [4, 4]);
  t.same(await lvl(2, 80), [5, 5]);
  const bad = await call('runRiskMatrix', { events: [{ name: 'x', probabilityLevel: 2 }] });
  t.equal(bad.errors?.[0]?.field, 'events.0.consequenceLevel');
});

t.test("flare: the original's flux profile, and the safe distance as the inverse of the flux", async (t) => {
  const d = (await call('runFlareNetwork', { heatDuty_MW: 50, flameHeight_m: 30, radiantFraction: 0.18, distances_m: [15, 30, 60, 100, 200] })).data;
  const o = loadReference<any>(t, ref('runFlareNetwork'));
  if (o) o.radiationProfile.forEach((p: any, i: number) => t.ok(Math.abs(d.radiationProfile[i].flux_W_m2 - p.flux_W_m2) <= 0.05, `${p.distance_m} m: ${d.radiationProfile[i].flux_W_m2} vs ${p.flux_W_m2} (printed to 0.1)`));
  for (const Q of [5e6, 5e7, 5e8]) {
    for (const q of [1580, 4730, 9460]) {
      const r = safeDistance(Q, 0.2, 0.9, 40, q);
      if (r > 0) t.ok(Math.abs(pointSourceFlux(Q, 0.2, 0.9, 40, r) / q - 1) < 1e-12, `Q ${Q}: flux at the safe distance = ${q}`);
      else t.ok(pointSourceFlux(Q, 0.2, 0.9, 40, 0) <= q, `Q ${Q}: ${q} never reached at grade`);
    }
  }
  t.ok(Math.abs(pointSourceFlux(1e7, 0.2, 0.5, 10, 20) - pointSourceFlux(1e7, 0.2, 1, 10, 20) / 2) < 1e-12, 'linear in τ');
  const big = (await call('runFlareNetwork', { heatDuty_MW: 500, flameHeight_m: 30 })).data;
  t.ok(big.safeDistanceContour.every((c: any) => c.exceededAtGrade === c.safeGroundDistance_m > 0), 'exceeded at grade exactly when a safe distance is needed');
  t.equal((await call('runFlareNetwork', { flameHeight_m: 30 })).errors?.[0]?.code, 'MISSING_FIELD');
});

t.test('HTTP', async (t) => {
  const app = await buildTestApp(testConfig(), { pool: false });
  t.teardown(() => app.close());
  const post = (tool: string, payload: unknown) => app.inject({ method: 'POST', url: `/v1/tools/${tool}`, payload: JSON.stringify(payload), headers: { 'content-type': 'application/json' } });
  t.equal((await post('runLOPA', { initiatingEventFrequency_per_year: 0.1, targetFrequency_per_year: 1e-4, layers: [] })).statusCode, 200);
  t.equal((await post('runSIL', { claimedSIL: 2 })).statusCode, 422);
  t.equal((await post('runRiskMatrix', { events: [] })).statusCode, 400);
  t.equal((await post('runFlareNetwork', { heatDuty_MW: -1 })).statusCode, 400);
});
