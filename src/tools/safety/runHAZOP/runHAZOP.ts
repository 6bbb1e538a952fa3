/**
 * runHAZOP (advanced, CALCULATION, v1.4): simulation-backed IEC 61882 HAZOP worksheet. The
 * process definition (runProcess format) is run as given (baseline), then once per failure
 * (equipment × failure mode of the catalogue in hazop/catalogue.ts) on an edited copy; each row
 * carries the guide word and parameter, baseline and deviated values at the equipment and
 * wherever else they changed, the node's design-limit checks, and recommendations by stated
 * rules. Failures a steady state cannot represent (a stuck-closed valve, a blocked outlet) are
 * qualitative rows marked not_run with the reason.
 */
import { failure, issue, success, warning, type DiagnosticIssue, type Warning } from '../../contract/envelope.js';
import { defineTool, type ToolContext } from '../../contract/types.js';
import { readProcessDefinition } from '../../process/runProcess/definition.js';
import { extractAdjusters } from '../../process/runProcess/adjusters.js';
import { FAILURE_MODES, FAILURE_MODE_IDS, findMode, normalizeModeId, notApplicableReason, type FailureMode, type Perturbation } from './catalogue.js';
import { measure, perturb, simulate, unitsOf } from './scenarios.js';
import { buildRow, type HazopNode, type HazopRow, type ScenarioOutcome } from './worksheet.js';
import { nodeTextReport, reportMarkdown, type NotApplicable } from './report.js';
import { HazopInput, HazopOutput } from './schema.js';
import { HAZOP_EXAMPLES } from './examples.js';

const TOOL = 'runHAZOP';
const STANDARD = 'IEC 61882:2016 (HAZOP guide words and worksheet)';
/** Deviated flowsheets one study may run; more is refused before any runs. */
export const MAX_SCENARIOS = 100;

const REVIEW_NOTE =
  'Generated rows are screening input for a HAZOP session, not its result: a chaired team must confirm the nodes, causes, consequences, safeguards (their independence and evidence) and actions. Simulated values are steady states of the model at the design feed rate.';

const PERTURBATION_TITLE: Record<Perturbation, string> = {
  ZERO_DUTY: 'Duty lost',
  ZERO_UA: 'Heat transfer lost (UA = 0)',
  PASS_THROUGH: 'No pressure change, no work',
};

function refuse(code: string, message: string, fix: string, field?: string) {
  return failure(TOOL, 'compute', [issue(code, message, fix, field)]);
}

function enabledModes(input: HazopInput): { modes: FailureMode[] } | { issues: DiagnosticIssue[] } {
  if (input.enableAllFailureModes || input.failureModes === undefined) return { modes: [...FAILURE_MODES] };
  const issues: DiagnosticIssue[] = [];
  const modes: FailureMode[] = [];
  input.failureModes.forEach((raw, i) => {
    const m = findMode(normalizeModeId(raw));
    if (!m) issues.push(issue('UNKNOWN_FAILURE_MODE', `'${raw}' is not a failure mode of the catalogue`, `Use one of: ${FAILURE_MODE_IDS.join(', ')}`, `failureModes.${i}`));
    else if (!modes.includes(m)) modes.push(m);
  });
  return issues.length ? { issues } : { modes };
}

function run(input: HazopInput, ctx?: Pick<ToolContext, 'progress' | 'signal'>) {
  const started = performance.now();
  const studyId = input.studyId ?? 'HAZOP-001';
  if (input.processDefinition !== undefined && input.processJson !== undefined) {
    return refuse('AMBIGUOUS_PROCESS', 'Both processDefinition and processJson are given', 'Give the process once, as processDefinition', 'processJson');
  }
  const doc = (input.processDefinition ?? input.processJson) as unknown as Record<string, unknown> | undefined;
  if (doc === undefined) {
    return refuse('MISSING_PROCESS', 'The study needs the process to simulate', 'Give "processDefinition": {"fluid": {...}, "process": [units]} as runProcess takes it', 'processDefinition');
  }
  const adj = extractAdjusters(doc);
  if (adj.issues.length > 0) return failure(TOOL, 'compute', adj.issues);
  if (adj.specs.length > 0 || adj.setPoints.length > 0) {
    return refuse(
      'UNSUPPORTED_PROCESS_FEATURE',
      'The process has Adjuster/SetPoint units: they would re-solve a specification around the failure and hide it',
      'HAZOP failures are applied to the open-loop model: run runProcess, write its converged values (data.adjusters, data.setPoints) into the specifications and remove the Adjuster/SetPoint units',
      'processDefinition.process',
    );
  }
  const docField = input.processDefinition !== undefined ? 'processDefinition' : 'processJson';
  const def = readProcessDefinition(doc, `/${docField}`);
  // Strictness findings already carry JSON pointers into the input; the others are relative.
  if (!def.ok) return failure(TOOL, def.kind, def.issues.map((i) => ({ ...i, field: i.field?.startsWith('/') ? i.field : i.field ? `${docField}.${i.field}` : docField })));
  const declared = def.definition.declared;
  const indexOf = new Map(declared.map((d, i) => [d.name, i]));

  const en = enabledModes(input);
  if ('issues' in en) return failure(TOOL, 'compute', en.issues);
  const modes = en.modes;

  const issues: DiagnosticIssue[] = [];
  const seenNodes = new Set<string>();
  const nodes: HazopNode[] = input.nodes.map((n, i) => {
    if (seenNodes.has(n.nodeId)) issues.push(issue('DUPLICATE_NODE', `nodeId '${n.nodeId}' is used twice`, 'Give each node its own nodeId', `nodes.${i}.nodeId`));
    seenNodes.add(n.nodeId);
    n.equipment.forEach((e, j) => {
      if (indexOf.has(e)) return;
      const near = declared.find((d) => d.name.toLowerCase() === e.trim().toLowerCase());
      issues.push(issue('UNKNOWN_EQUIPMENT', `Node '${n.nodeId}' lists '${e}', which is not a unit of the process`, near ? `Did you mean '${near.name}'? Unit names must match exactly` : `Use unit names of the process: ${declared.map((d) => d.name).join(', ')}`, `nodes.${i}.equipment.${j}`));
    });
    return { ...n, equipment: [...new Set(n.equipment)] };
  });
  if (issues.length > 0) return failure(TOOL, 'compute', issues);

  const base = simulate(doc);
  if (!base.ok) return failure(TOOL, 'compute', [issue(base.code, `The baseline process does not solve: ${base.message}`, 'Run the definition with runProcess and fix it first', 'processDefinition')], 'simulation');
  const baseline = base.data;
  const baselineMeasurements = measure(baseline);
  const runSims = input.runSimulations !== false;

  // Plan: one row per node × equipment × applicable enabled mode; one scenario per distinct edit.
  const plans: { node: HazopNode; equipment: string; mode: FailureMode; key?: string }[] = [];
  const scenarioPlans = new Map<string, { equipment: string; kind: Perturbation; modes: string[] }>();
  const nodeNotApplicable: { nodeId: string; items: NotApplicable[] }[] = [];
  for (const node of nodes) {
    const items: NotApplicable[] = [];
    for (const mode of modes) {
      let any = false;
      const reasons: string[] = [];
      for (const equipment of node.equipment) {
        const rep = unitsOf(baseline)[equipment]!;
        const why = notApplicableReason(mode, rep);
        if (why) {
          reasons.push(`${equipment}: ${why}`);
          continue;
        }
        any = true;
        let key: string | undefined;
        if (mode.perturbation && runSims) {
          const kind: Perturbation = mode.perturbation === 'ZERO_DUTY' && rep.type === 'HeatExchanger' ? 'ZERO_UA' : mode.perturbation;
          key = `${kind}\u0000${equipment}`;
          const sp = scenarioPlans.get(key) ?? { equipment, kind, modes: [] };
          if (!sp.modes.includes(mode.id)) sp.modes.push(mode.id);
          scenarioPlans.set(key, sp);
        }
        plans.push({ node, equipment, mode, key });
      }
      if (!any) items.push({ failureMode: mode.id, reason: reasons.join('; ') });
    }
    nodeNotApplicable.push({ nodeId: node.nodeId, items });
  }
  if (scenarioPlans.size > MAX_SCENARIOS) {
    return refuse('TOO_MANY_SCENARIOS', `The study needs ${scenarioPlans.size} deviated simulations; the limit is ${MAX_SCENARIOS}`, 'Split the study into smaller nodes or fewer failure modes', 'nodes');
  }

  const warnings: Warning[] = base.warnings.map((m) => warning('MODEL_LIMITATION', `Baseline: ${m}`));
  const scenarios = new Map<string, ScenarioOutcome>();
  let done = 0;
  for (const [key, sp] of scenarioPlans) {
    const t0 = performance.now();
    const p = perturb(doc, indexOf.get(sp.equipment)!, sp.kind);
    const name = `${PERTURBATION_TITLE[sp.kind]} - ${sp.equipment}`;
    if (ctx?.signal?.aborted) {
      scenarios.set(key, { key, name, equipment: sp.equipment, kind: sp.kind, record: p.record, skippedReason: 'the time budget of the call ran out before this case', executionTimeMs: 0 });
      continue;
    }
    const r = simulate(p.doc);
    scenarios.set(key, { key, name, equipment: sp.equipment, kind: sp.kind, record: p.record, run: r, executionTimeMs: performance.now() - t0 });
    ctx?.progress(++done / scenarioPlans.size, `${done} of ${scenarioPlans.size} deviated cases`);
  }

  const rows: HazopRow[] = plans.map((pl, i) =>
    buildRow({
      studyId,
      rowNumber: i + 1,
      node: pl.node,
      nodes,
      equipment: pl.equipment,
      mode: pl.mode,
      baseline,
      baselineMeasurements,
      scenario: pl.key ? scenarios.get(pl.key) : undefined,
      notRunReason: pl.mode.perturbation && !runSims ? 'runSimulations is false' : undefined,
    }),
  );

  const scenarioResults = [...scenarios.values()].map((s) => {
    const status = !s.run ? ('not_run' as const) : s.run.ok ? ('success' as const) : ('error' as const);
    return {
      scenario: s.name,
      equipment: s.equipment,
      failureModes: scenarioPlans.get(s.key)!.modes,
      status,
      executionTimeMs: s.executionTimeMs,
      ...(s.run && !s.run.ok ? { errorCode: s.run.code, errorMessage: s.run.message } : {}),
      ...(s.skippedReason ? { reason: s.skippedReason } : {}),
      perturbation: { kind: s.record.kind, from: s.record.from, to: s.record.to },
    };
  });
  const failed = scenarioResults.filter((s) => s.status === 'error').length;
  const skipped = scenarioResults.filter((s) => s.status === 'not_run').length;
  if (failed > 0) warnings.push(warning('CONVERGENCE_WARNING', `${failed} deviated case(s) did not solve; their rows carry the error`));
  if (skipped > 0) warnings.push(warning('CONVERGENCE_WARNING', `${skipped} deviated case(s) were not run: the time budget ran out`));
  if (input.barrierRegister !== undefined) warnings.push(warning('MODEL_LIMITATION', 'barrierRegister is not used by runHAZOP (no barrier hand-off here): give it to runBarrierRegister'));
  if (!runSims) warnings.push(warning('MODEL_LIMITATION', 'runSimulations is false: every row is qualitative'));

  const globalNotApplicable: NotApplicable[] = modes
    .filter((m) => !plans.some((p) => p.mode === m))
    .map((m) => ({ failureMode: m.id, reason: `applies to ${m.types.join(', ')} (in the service it names), and no node lists such equipment` }));
  const identified = Object.values(unitsOf(baseline)).reduce((n, rep) => n + FAILURE_MODES.filter((m) => !notApplicableReason(m, rep)).length, 0);
  const summary = {
    nodeCount: nodes.length,
    enabledFailureModeCount: modes.length,
    identifiedFailureCount: identified,
    hazopRowCount: rows.length,
    simulatedRowCount: rows.filter((r) => r.simulation.status === 'success').length,
    notRunRowCount: rows.filter((r) => r.simulation.status === 'not_run').length,
    errorRowCount: rows.filter((r) => r.simulation.status === 'error').length,
    simulationRunCount: scenarioResults.filter((s) => s.status !== 'not_run').length,
    failedSimulationCount: failed,
    rowsExceedingLimitsCount: rows.filter((r) => r.limitChecks.some((c) => c.verdict === 'EXCEEDS')).length,
    rowsAtLimitCount: rows.filter((r) => r.limitChecks.some((c) => c.verdict === 'AT_LIMIT')).length,
    notApplicableFailureModeCount: globalNotApplicable.length,
  };

  const data = {
    standard: STANDARD,
    studyId,
    summary,
    process: {
      name: typeof doc.name === 'string' ? doc.name : 'process',
      equipmentCount: declared.length,
      warnings: base.warnings,
      baselineUnits: baseline.units as Record<string, unknown>,
    },
    nodes: nodes.map((n) => {
      const own = rows.filter((r) => r.nodeId === n.nodeId);
      return {
        nodeId: n.nodeId,
        designIntent: n.designIntent ?? '',
        equipment: n.equipment,
        safeguards: n.safeguards ?? [],
        evidenceRefs: n.evidenceRefs ?? [],
        ...(n.limits ? { limits: n.limits as Record<string, number> } : {}),
        deviationCount: own.length,
        notApplicableFailureModes: nodeNotApplicable.find((x) => x.nodeId === n.nodeId)!.items,
        textReport: nodeTextReport(n, own),
      };
    }),
    hazopRows: rows,
    scenarioResults,
    notApplicableFailureModes: globalNotApplicable,
    qualityGates: {
      humanReviewRequired: true,
      hasProcessSimulation: summary.simulatedRowCount > 0,
      hasDocumentEvidence: nodes.some((n) => (n.evidenceRefs ?? []).length > 0),
      hasGeneratedRows: rows.length > 0,
      allSimulationsSucceeded: failed === 0 && skipped === 0,
      reviewNote: REVIEW_NOTE,
    },
    reportMarkdown: reportMarkdown({ studyId, standard: STANDARD, nodes, rows, summary, notApplicable: nodeNotApplicable, reviewNote: REVIEW_NOTE }),
    documentExtractionTemplate: {
      purpose: 'What to take from the P&IDs, cause-and-effect charts, safety requirements specifications and equipment data sheets before the study',
      fields: ['nodes[].nodeId', 'nodes[].designIntent', 'nodes[].equipment[] (unit names of the process model)', 'nodes[].safeguards[]', 'nodes[].evidenceRefs[]', 'nodes[].limits (design temperature and pressure)', 'processDefinition.fluid', 'processDefinition.process'],
    },
  };
  return success({
    tool: TOOL,
    data,
    warnings,
    provenance: {
      model: [...new Set(def.definition.units.flatMap((u) => (u.type === 'Stream' ? [u.feed.fluid.kind] : [])))].join('+'),
      calculationType: 'HAZOP worksheet from steady-state failure simulations',
      convergence: { converged: failed === 0 && skipped === 0, iterations: summary.simulationRunCount + 1, message: `baseline and ${summary.simulationRunCount} deviated case(s) run, ${failed} failed` },
      assumptions: [
        'Each failure is an edit of a copy of the process definition, run with runProcess from scratch; the feed rates stay at their design values',
        ...FAILURE_MODES.filter((m) => modes.includes(m)).map((m) => `${m.id}: ${m.representation}`),
        'Guide word of a simulated row from the sign of the change of its first value (MORE/LESS); the catalogue guide word when nothing changes',
        'A deviated value equal to a design limit is AT_LIMIT, beyond it EXCEEDS',
      ],
      limitations: [
        'Steady state only: no flow stoppage, accumulation, relief or control response; stuck-closed valves and blocked outlets are qualitative rows',
        'No machine curves: a tripped machine passes the flow at suction pressure; deadhead conditions are not computed',
        'Adjuster/SetPoint units are refused (they would counteract the failure)',
      ],
      computationTimeMs: performance.now() - started,
    },
    validationMessage: `${rows.length} HAZOP row(s), ${summary.simulatedRowCount} simulated`,
  });
}

export const runHAZOPTool = defineTool({
  name: TOOL,
  tier: 'advanced',
  category: 'CALCULATION',
  since: 'v1.4',
  summary: 'Simulation-backed IEC 61882 HAZOP worksheet: each failure mode run on a copy of a runProcess flowsheet per node, with deviations and safeguards.',
  description:
    'Simulation-backed IEC 61882 HAZOP worksheet. {"processDefinition": <runProcess input>, "nodes": [{nodeId, designIntent, equipment: [unit names], safeguards: [..], evidenceRefs: [..], limits: {maxTemperature_C, minTemperature_C, maxPressure_bara, minPressure_bara}}], "failureModes": [..]} ' +
    `(catalogue: ${FAILURE_MODE_IDS.join(', ')}; default all; unknown ones refused). Each applicable failure is run on a copy of the process (cooler/heater duty 0, exchanger UA 0, tripped compressor/pump or stuck-open valve as a pass-through without pressure change); ` +
    'rows give guide word + parameter, baseline vs deviated temperatures/pressures/power at the equipment and elsewhere, consequence text from those numbers, design-limit checks (EXCEEDS / AT_LIMIT / WITHIN), safeguards and evidenceRefs passed through, and rule-based recommendations. ' +
    'Stuck-closed valves and blocked outlets are qualitative rows (simulation not_run, with the reason). Returns hazopRows, scenarioResults, summary counts and a Markdown worksheet (reportMarkdown). ' +
    `Pitfalls: equipment names must match the process exactly; Adjuster/SetPoint units are refused; at most ${MAX_SCENARIOS} deviated simulations per study.`,
  input: HazopInput,
  output: HazopOutput,
  exampleCategory: 'safety',
  examples: HAZOP_EXAMPLES,
  execution: 'pool',
  run: (input, ctx) => run(input, ctx),
});
