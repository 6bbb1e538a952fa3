/**
 * runBarrierRegister: every validation rule triggered by one crafted change to a clean register
 * (exactly one finding each, with its code and path), the hand-offs accepted by runLOPA and runSIL
 * with the numbers those tools give when called directly, the SIL and IPL band edges, and parity
 * with the original's example where it is the same calculation.
 */
import t from 'tap';
import { Value } from '@sinclair/typebox/value';
import { getTool } from '../../src/tools/registry.js';
import { runTool } from '../../src/index.js';
import type { Envelope } from '../../src/tools/contract/envelope.js';
import { loadReference } from '../helpers/reference.js';


const ctx = { subject: 'test', profile: 'DESKTOP_ENGINEER', progress: () => {} };
const tool = getTool('runBarrierRegister')!;
async function call(input: unknown): Promise<Envelope<any>> {
  const env = (await tool.run(input as never, ctx)) as Envelope<any>;
  if (env.status === 'success') t.ok(Value.Check(tool.output, env.data), `output schema ${JSON.stringify([...Value.Errors(tool.output, env.data)].slice(0, 2))}`);
  return env;
}

/** A register that breaks no rule: every reference resolves, every item is used and traceable. */
function clean(): any {
  return {
    registerId: 'BR-T',
    name: 'test register',
    evidence: [
      { evidenceId: 'EV-PID', documentId: 'PID-1', revision: 'C', sourceReference: 'sheet 2', confidence: 0.9 },
      { evidenceId: 'EV-SRS', documentId: 'SRS-1', revision: '2', excerpt: 'PFDavg <= 1e-3', confidence: 0.95 },
      { evidenceId: 'EV-INSP', documentId: 'INSP-7', revision: 'A', sourceReference: 'V-101 report', confidence: 0.95 },
    ],
    performanceStandards: [
      { id: 'PS-HIPPS', title: 'HIPPS', demandMode: 'LOW_DEMAND', targetPfd: 0.001, proofTestIntervalHours: 8760, responseTimeSeconds: 2, evidenceRefs: ['EV-SRS'] },
      { id: 'PS-PSV', title: 'PSV relief', targetPfd: 0.01, evidenceRefs: ['EV-PID'] },
    ],
    barriers: [
      { id: 'B-HIPPS', name: 'HIPPS', type: 'PREVENTION', category: 'HIPPS', status: 'AVAILABLE', pfd: 0.0008, claimedSIL: 3, independent: true, performanceStandardId: 'PS-HIPPS', equipmentTags: ['V-101', 'ESDV-101'], hazardIds: ['HAZ-1'], evidenceRefs: ['EV-PID', 'EV-SRS'] },
      { id: 'B-PSV-A', name: 'PSV A', type: 'MITIGATION', category: 'RELIEF', status: 'AVAILABLE', pfd: 0.01, performanceStandardId: 'PS-PSV', equipmentTags: ['V-101', 'PSV-101A'], hazardIds: ['HAZ-1'], evidenceRefs: ['EV-PID'] },
      { id: 'B-PSV-B', name: 'PSV B', type: 'MITIGATION', category: 'RELIEF', status: 'AVAILABLE', pfd: 0.01, independent: false, performanceStandardId: 'PS-PSV', equipmentTags: ['V-101', 'PSV-101B'], hazardIds: ['HAZ-1'], evidenceRefs: ['EV-PID'] },
    ],
    safetyCriticalElements: [{ id: 'SCE-1', tag: 'V-101', equipmentTags: ['V-101'], barrierRefs: ['B-HIPPS', 'B-PSV-A', 'B-PSV-B'], evidenceRefs: ['EV-INSP'] }],
    hazards: [{ hazardId: 'HAZ-1', description: 'V-101 overpressure', initiatingEventFrequency_per_year: 0.1, targetFrequency_per_year: 1e-5 }],
  };
}
const findingsOf = async (register: any, extra: object = {}) => (await call({ register, ...extra })).data.validation.findings.map((f: any) => [f.severity, f.code, f.path]);

t.test('registered as an advanced CALCULATION tool of v1.4; the example runs clean', async (t) => {
  t.same([tool.tier, tool.category, tool.since], ['advanced', 'CALCULATION', 'v1.4']);
  const env = await call(tool.examples[0]!.input);
  t.equal(env.status, 'success');
  t.same(env.data.validation.findings, []);
  t.equal(env.validation?.valid, true);
  t.equal(env.validation?.findingCount, 0, 'the envelope validation slot carries the findings, as in the original');
});

t.test('a clean register has no finding at all', async (t) => {
  t.same(await findingsOf(clean()), []);
});

t.test('each rule, triggered by one change, gives exactly its finding', async (t) => {
  const R = 'register';
  const cases: [string, (r: any) => void, [string, string, string], object?][] = [
    ['registerId missing', (r) => delete r.registerId, ['ERROR', 'MISSING_REQUIRED_FIELD', `${R}.registerId`]],
    ['barrier name missing', (r) => delete r.barriers[1].name, ['ERROR', 'MISSING_REQUIRED_FIELD', `${R}.barriers[1].name`]],
    ['barrier type missing', (r) => delete r.barriers[1].type, ['ERROR', 'MISSING_REQUIRED_FIELD', `${R}.barriers[1].type`]],
    ['barrier status missing', (r) => delete r.barriers[1].status, ['ERROR', 'MISSING_REQUIRED_FIELD', `${R}.barriers[1].status`]],
    ['blank barrier id', (r) => r.barriers.push({ ...r.barriers[2], id: ' ' }), ['ERROR', 'MISSING_REQUIRED_FIELD', `${R}.barriers[3].id`]],
    ['evidence documentId missing', (r) => delete r.evidence[2].documentId, ['ERROR', 'MISSING_REQUIRED_FIELD', `${R}.evidence[2].documentId`]],
    ['standard title missing', (r) => delete r.performanceStandards[1].title, ['ERROR', 'MISSING_REQUIRED_FIELD', `${R}.performanceStandards[1].title`]],
    ['duplicate barrier id', (r) => r.barriers.push({ ...r.barriers[2] }), ['ERROR', 'DUPLICATE_ID', `${R}.barriers[3].id`]],
    ['duplicate evidence id', (r) => r.evidence.push({ ...r.evidence[0] }), ['ERROR', 'DUPLICATE_ID', `${R}.evidence[3].evidenceId`]],
    ['duplicate SCE id', (r) => r.safetyCriticalElements.push({ ...r.safetyCriticalElements[0] }), ['ERROR', 'DUPLICATE_ID', `${R}.safetyCriticalElements[1].id`]],
    ['unknown performance standard', (r) => (r.barriers[2].performanceStandardId = 'PS-NONE'), ['ERROR', 'UNKNOWN_PERFORMANCE_STANDARD', `${R}.barriers[2].performanceStandardId`]],
    ['unknown evidence ref', (r) => r.barriers[0].evidenceRefs.push('EV-NONE'), ['ERROR', 'UNKNOWN_EVIDENCE_REF', `${R}.barriers[0].evidenceRefs[2]`]],
    ['unknown barrier ref', (r) => r.safetyCriticalElements[0].barrierRefs.push('B-NONE'), ['ERROR', 'UNKNOWN_BARRIER_REF', `${R}.safetyCriticalElements[0].barrierRefs[3]`]],
    ['unknown hazard ref', (r) => r.barriers[1].hazardIds.push('HAZ-NONE'), ['ERROR', 'UNKNOWN_HAZARD_REF', `${R}.barriers[1].hazardIds[1]`]],
    ['PFD 0', (r) => (r.barriers[1].pfd = 0), ['ERROR', 'PFD_OUT_OF_RANGE', `${R}.barriers[1].pfd`]],
    ['PFD just above 1', (r) => (r.barriers[1].pfd = 1.000001), ['ERROR', 'PFD_OUT_OF_RANGE', `${R}.barriers[1].pfd`]],
    ['PFD just below 1e-12', (r) => (r.barriers[1].pfd = 9.99e-13), ['ERROR', 'PFD_OUT_OF_RANGE', `${R}.barriers[1].pfd`]],
    ['target PFD negative', (r) => (r.performanceStandards[1].targetPfd = -0.01), ['ERROR', 'PFD_OUT_OF_RANGE', `${R}.performanceStandards[1].targetPfd`]],
    ['effectiveness above 1', (r) => (r.barriers[1].effectiveness = 1.5), ['ERROR', 'FRACTION_OUT_OF_RANGE', `${R}.barriers[1].effectiveness`]],
    ['confidence negative', (r) => (r.evidence[2].confidence = -0.1), ['ERROR', 'FRACTION_OUT_OF_RANGE', `${R}.evidence[2].confidence`]],
    ['PFD above target', (r) => (r.barriers[0].pfd = 0.0011), ['ERROR', 'BARRIER_PFD_ABOVE_TARGET', `${R}.barriers[0].pfd`]],
    ['impaired', (r) => (r.barriers[1].status = 'BYPASSED'), ['WARNING', 'BARRIER_IMPAIRED', `${R}.barriers[1].status`]],
    ['no evidence', (r) => (r.barriers[1].evidenceRefs = []), ['WARNING', 'BARRIER_WITHOUT_EVIDENCE', `${R}.barriers[1].evidenceRefs`]],
    ['evidence without revision', (r) => delete r.evidence[2].revision, ['WARNING', 'EVIDENCE_NOT_TRACEABLE', `${R}.evidence[2]`]],
    ['no performance standard', (r) => delete r.barriers[2].performanceStandardId, ['WARNING', 'BARRIER_WITHOUT_PERFORMANCE_STANDARD', `${R}.barriers[2].performanceStandardId`]],
    ['not in an SCE', (r) => r.safetyCriticalElements[0].barrierRefs.pop(), ['WARNING', 'BARRIER_NOT_LINKED_TO_SCE', `${R}.barriers[2]`]],
    ['SCE without barriers', (r) => r.safetyCriticalElements.push({ id: 'SCE-2', barrierRefs: [] }), ['WARNING', 'SCE_WITHOUT_BARRIERS', `${R}.safetyCriticalElements[1].barrierRefs`]],
    ['standard without evidence', (r) => (r.performanceStandards[1].evidenceRefs = []), ['WARNING', 'PERFORMANCE_STANDARD_WITHOUT_EVIDENCE', `${R}.performanceStandards[1]`]],
    ['effectiveness ≠ 1 − PFD', (r) => (r.barriers[1].effectiveness = 0.9), ['WARNING', 'PFD_EFFECTIVENESS_INCONSISTENT', `${R}.barriers[1].effectiveness`]],
    ['instrumented without proof test interval', (r) => delete r.performanceStandards[0].proofTestIntervalHours, ['WARNING', 'PROOF_TEST_INTERVAL_MISSING', `${R}.performanceStandards[0].proofTestIntervalHours`]],
    ['low confidence', () => {}, ['WARNING', 'LOW_EVIDENCE_CONFIDENCE', `${R}.evidence[0].confidence`], { minEvidenceConfidence: 0.93 }],
    ['no category', (r) => delete r.barriers[1].category, ['INFO', 'BARRIER_CATEGORY_MISSING', `${R}.barriers[1].category`]],
    ['no PFD', (r) => delete r.barriers[1].pfd, ['INFO', 'BARRIER_PFD_MISSING', `${R}.barriers[1].pfd`]],
    ['no hazard', (r) => (r.barriers[1].hazardIds = []), ['INFO', 'BARRIER_WITHOUT_HAZARD', `${R}.barriers[1].hazardIds`]],
    ['unused evidence', (r) => r.evidence.push({ evidenceId: 'EV-X', documentId: 'X', revision: '1', excerpt: 'x' }), ['INFO', 'UNUSED_EVIDENCE', `${R}.evidence[3]`]],
    ['unused standard', (r) => r.performanceStandards.push({ id: 'PS-X', title: 'x', evidenceRefs: ['EV-PID'] }), ['INFO', 'UNUSED_PERFORMANCE_STANDARD', `${R}.performanceStandards[2]`]],
  ];
  for (const [name, mutate, expected, extra] of cases) {
    const r = clean();
    mutate(r);
    t.same(await findingsOf(r, extra), [expected], name);
  }
  // Edges that must not fire: PFD equal to the target, PFD 1 and 1e-12 without a target, effectiveness = 1 − PFD.
  const edge = clean();
  edge.barriers[0].pfd = 0.001;
  edge.barriers[1].effectiveness = 0.99;
  delete edge.performanceStandards[1].targetPfd;
  edge.barriers[2].pfd = 1;
  t.same(await findingsOf(edge), [], 'PFD = target, effectiveness = 1 − PFD, PFD = 1');
  edge.barriers[2].pfd = 1e-12;
  t.same(await findingsOf(edge), [], 'PFD = 1e-12');
  // "barrierRegister" is the same input under the original's other name; paths follow the name used.
  const alias = (await call({ barrierRegister: { ...clean(), registerId: '' } })).data.validation.findings;
  t.same(alias.map((f: any) => f.path), ['barrierRegister.registerId']);
  const invalid = await call({ register: { ...clean(), registerId: '' } });
  t.same([invalid.status, invalid.validation?.valid, invalid.qualityGate?.verdict], ['success', false, 'failed'], 'an invalid register is a successful run with a failed quality gate');
});

t.test('LOPA hand-off: accepted by runLOPA, same numbers as calling it directly', async (t) => {
  const d = (await call({ register: clean() })).data;
  t.same(d.lopaHandoff.layers.map((l: any) => l.barrierId), ['B-HIPPS', 'B-PSV-A']);
  t.same(d.lopaHandoff.excluded, [{ barrierId: 'B-PSV-B', reasons: ['declared not independent'] }]);
  t.same(d.lopaHandoff.layers.map((l: any) => l.independenceNeedsReview), [false, true], 'independence declared only for the HIPPS');
  const sc = d.lopaHandoff.scenarios[0];
  t.equal(sc.complete, true);
  const viaHandoff = await runTool('runLOPA', sc.input);
  t.equal(viaHandoff.status, 'success');
  const direct = await runTool('runLOPA', { scenario: 'V-101 overpressure', initiatingEventFrequency_per_year: 0.1, targetFrequency_per_year: 1e-5, layers: [{ name: 'HIPPS', pfd: 0.0008 }, { name: 'PSV A', pfd: 0.01 }] });
  t.same(viaHandoff.data, direct.data, 'identical runLOPA result');
  const m = (viaHandoff.data as any).mitigatedFrequency;
  t.ok(Math.abs(m - 0.1 * 0.0008 * 0.01) < 1e-20, `mitigated ${m} = 0.1 × 8e-4 × 0.01`);
  // QRA screening: top-event × consequence multipliers × initiating frequency is the LOPA mitigated frequency.
  const q = d.qraHandoff.hazards[0];
  t.same([q.topEventFrequencyMultiplier, q.consequenceMultiplier], [0.0008, 0.01]);
  t.ok(Math.abs(0.1 * q.topEventFrequencyMultiplier * q.consequenceMultiplier - m) <= 1e-15 * m);
  t.same(q.barriers.find((b: any) => b.barrierId === 'B-PSV-B'), { barrierId: 'B-PSV-B', type: 'MITIGATION', credited: false, creditType: 'mitigationConsequenceMultiplier', multiplier: 1 });
  // Without hazard frequencies the scenario says what is missing.
  const r = clean();
  delete r.hazards;
  const open = (await call({ register: r })).data.lopaHandoff.scenarios[0];
  t.same([open.complete, open.missingFields], [false, ['initiatingEventFrequency_per_year', 'targetFrequency_per_year']]);
  t.same(open.input.layers, sc.input.layers);
});

t.test('IPL qualification at PFD 0.1 and for impaired or untraceable barriers', async (t) => {
  const ids = async (mutate: (r: any) => void) => {
    const r = clean();
    mutate(r);
    return (await call({ register: r })).data.lopaHandoff.layers.map((l: any) => l.barrierId);
  };
  t.same(await ids((r) => { r.barriers[1].pfd = 0.1; delete r.performanceStandards[1].targetPfd; }), ['B-HIPPS', 'B-PSV-A'], 'PFD 0.1 qualifies (CCPS: RRF ≥ 10)');
  t.same(await ids((r) => { r.barriers[1].pfd = 0.1000001; delete r.performanceStandards[1].targetPfd; }), ['B-HIPPS'], 'PFD just above 0.1 does not');
  t.same(await ids((r) => (r.barriers[1].status = 'IMPAIRED')), ['B-HIPPS']);
  t.same(await ids((r) => (r.barriers[1].evidenceRefs = [])), ['B-HIPPS']);
  t.same(await ids((r) => (r.barriers[1].performanceStandardId = 'PS-NONE')), ['B-HIPPS'], 'a barrier with a register error is not credited');
});

t.test('SIL hand-off: only instrumented barriers; accepted by runSIL with the same numbers; bands at their edges', async (t) => {
  const d = (await call({ register: clean() })).data;
  t.same(d.silHandoff.candidates.map((c: any) => c.barrierId), ['B-HIPPS'], 'relief valves are not SIFs');
  const c = d.silHandoff.candidates[0];
  t.same(c.input, { name: 'HIPPS', pfdAvg: 0.0008, claimedSIL: 3, proofTestInterval_hours: 8760 });
  const via = await runTool('runSIL', c.input);
  const direct = await runTool('runSIL', { name: 'HIPPS', pfdAvg: 0.0008, claimedSIL: 3, proofTestInterval_hours: 8760 });
  t.same(via.data, direct.data);
  t.same([(via.data as any).verification.achievedSIL, c.achievedSIL, c.targetMet], [3, 3, true]);
  // IEC 61511 low-demand bands: SIL n for 10^-(n+1) ≤ PFD < 10^-n.
  for (const [pfd, sil] of [[1e-2, 1], [9.99e-3, 2], [1e-3, 2], [9.99e-4, 3], [1e-4, 3], [9.99e-5, 4]] as const) {
    const r = clean();
    r.barriers[0].pfd = pfd;
    delete r.performanceStandards[0].targetPfd;
    delete r.barriers[0].claimedSIL;
    const cand = (await call({ register: r })).data.silHandoff.candidates[0];
    const sil2 = (await runTool('runSIL', cand.input)).data as any;
    t.same([cand.achievedSIL, sil2.verification.achievedSIL], [sil, sil], `PFD ${pfd} → SIL ${sil}`);
  }
  const hd = clean();
  hd.performanceStandards[0].demandMode = 'HIGH_DEMAND';
  const ex = (await call({ register: hd })).data.silHandoff;
  t.same([ex.candidates.length, ex.excluded[0].barrierId], [0, 'B-HIPPS'], 'high demand is not handed to the low-demand runSIL');
});

t.test('equipment map, impaired list and bow tie', async (t) => {
  const r = clean();
  r.barriers[2].status = 'OUT_OF_SERVICE';
  const d = (await call({ register: r })).data;
  t.same(d.equipmentBarrierMap['V-101'].map((b: any) => [b.id, b.canCredit]), [['B-HIPPS', true], ['B-PSV-A', true], ['B-PSV-B', false]]);
  t.same(d.equipmentBarrierMap['ESDV-101'].map((b: any) => b.id), ['B-HIPPS']);
  t.same(d.impairedBarriers.map((b: any) => [b.id, b.status]), [['B-PSV-B', 'OUT_OF_SERVICE']]);
  t.same([d.summary.availableBarrierCount, d.summary.impairedBarrierCount], [2, 1]);
  t.same(d.bowTieHandoff.hazards, [{ hazardId: 'HAZ-1', preventionBarriers: ['B-HIPPS'], mitigationBarriers: ['B-PSV-A', 'B-PSV-B'] }]);
  const proto = clean();
  proto.barriers[0].equipmentTags = ['__proto__'];
  const p = (await call({ register: proto })).data.equipmentBarrierMap;
  t.ok(Object.prototype.hasOwnProperty.call(p, '__proto__'), 'a "__proto__" tag is an ordinary key');
});

t.test('bad inputs are structured failures', async (t) => {
  t.equal((await runTool('runBarrierRegister', {})).errors?.[0]?.code, 'MISSING_FIELD');
  t.equal((await runTool('runBarrierRegister', { register: clean(), barrierRegister: clean() })).errors?.[0]?.code, 'AMBIGUOUS_INPUT');
  const bad = await runTool('runBarrierRegister', { register: { barriers: [{ id: 'x', pfd: 1e308 * 10 }] } });
  t.equal(bad.status, 'error');
});

t.test("parity with the original's example (same calculation only)", async (t) => {
  const input = loadReference<any>(t, 'neqsim-responses/catalog-inputs/safety__barrier-register.json');
  const o = loadReference<any>(t, 'neqsim-responses/outputs/runBarrierRegister__safety__barrier-register.out.json');
  if (!input || !o) return;
  const d = (await call(input)).data;
  for (const k of Object.keys(o.summary)) t.same(d.summary[k], o.summary[k], `summary.${k}`);
  t.equal(d.validation.valid, o.validation.valid);
  for (const [tag, rows] of Object.entries<any[]>(o.equipmentBarrierMap)) t.same(d.equipmentBarrierMap[tag], rows, `equipment ${tag}`);
  t.same(d.lopaHandoff.layers.map((l: any) => [l.barrierId, l.name, l.pfd, l.rrf, l.equipmentTags, l.evidence]), o.lopaHandoff.layers.map((l: any) => [l.barrierId, l.name, l.pfd, l.rrf, l.equipmentTags, l.evidence]));
  t.same(d.bowTieHandoff.barriers, o.bowTieHandoff.barriers);
  t.equal(d.qraHandoff.hazards[0].topEventFrequencyMultiplier, o.qraHandoff.hazards[0].topEventFrequencyMultiplier);
  // Where we differ on purpose: the PSV's effectiveness 0.9 contradicts its PFD 0.01 (reported), and the
  // consequence multiplier uses the PFD; the original's SIL 3 for PFD 1e-3 and SIL 2 for 1e-2 sit outside
  // IEC 61508's half-open bands; without a category no barrier is offered to runSIL.
  t.equal(d.qraHandoff.hazards[0].consequenceMultiplier, 0.01);
  t.ok(Math.abs(o.qraHandoff.hazards[0].consequenceMultiplier - 0.1) < 1e-12, 'the original: 1 − effectiveness');
  t.same(o.silHandoff.candidates.map((c: any) => [c.claimedPfd, c.achievedSIL]), [[0.001, 3], [0.01, 2]], "the original's band edges");
  t.ok(d.validation.findings.some((f: any) => f.code === 'PFD_EFFECTIVENESS_INCONSISTENT'));
});
