/**
 * The 66 tools of the MCP Tool Contract v1 (seed 000's tool tables: name, category, since,
 * description; tier from the table the tool is listed in, the "Stable Platform" execution tools
 * governed as Advanced as the seed says). getCapabilities compares this list with the registry
 * and states, for every contract tool that is not registered, why it is not offered.
 */
import type { Category, Tier } from '../types.js';

export interface ContractToolEntry {
  tier: Tier;
  category: Category;
  since: string;
  description: string;
}

export const CONTRACT_TOOLS: Readonly<Record<string, ContractToolEntry>> = {
  runFlash: { tier: 'core', category: 'CALCULATION', since: 'v1.0', description: "Flash calculation (TP, PH, PS, dew, bubble, hydrate)" },
  runProcess: { tier: 'core', category: 'CALCULATION', since: 'v1.0', description: "ProcessSystem or ProcessModel simulation from JSON definition" },
  calculateStandard: { tier: 'core', category: 'CALCULATION', since: 'v1.1', description: "Gas/oil quality per 22 standards (ISO, AGA, GPA, EN, ASTM)" },
  getPropertyTable: { tier: 'core', category: 'CALCULATION', since: 'v1.0', description: "Property table across T or P range" },
  getPhaseEnvelope: { tier: 'core', category: 'CALCULATION', since: 'v1.0', description: "Phase envelope (PT curve)" },
  validateInput: { tier: 'core', category: 'ADVISORY', since: 'v1.0', description: "Pre-flight input validation" },
  validateResults: { tier: 'core', category: 'ADVISORY', since: 'v1.1', description: "Validate results against engineering design rules" },
  searchComponents: { tier: 'core', category: 'ADVISORY', since: 'v1.0', description: "Component database search" },
  getCapabilities: { tier: 'core', category: 'ADVISORY', since: 'v1.0', description: "Capabilities discovery manifest" },
  getExample: { tier: 'core', category: 'ADVISORY', since: 'v1.0', description: "Example templates for all tools" },
  getSchema: { tier: 'core', category: 'ADVISORY', since: 'v1.0', description: "JSON Schema definitions" },
  getBenchmarkTrust: { tier: 'core', category: 'ADVISORY', since: 'v1.2', description: "Per-tool validation status, accuracy bounds, limitations" },
  checkToolAccess: { tier: 'core', category: 'ADVISORY', since: 'v1.2', description: "Pre-flight tool access check for governed deployments" },
  manageIndustrialProfile: { tier: 'core', category: 'ADVISORY', since: 'v1.2', description: "Deployment profiles, tool access, validation enforcement" },
  listSimulationUnits: { tier: 'core', category: 'ADVISORY', since: 'v1.0', description: "List addressable equipment in a process" },
  listUnitVariables: { tier: 'core', category: 'ADVISORY', since: 'v1.0', description: "List variables for a specific unit" },
  getSimulationVariable: { tier: 'core', category: 'ADVISORY', since: 'v1.0', description: "Read a variable by dot-notation address" },
  getAdjustableParameters: { tier: 'core', category: 'ADVISORY', since: 'v1.7', description: "Enumerate the bounded optimization decision space (adjustable INPUT variables) for a process" },
  compareSimulationStates: { tier: 'core', category: 'ADVISORY', since: 'v1.0', description: "Diff two state snapshots" },
  diagnoseAutomation: { tier: 'core', category: 'ADVISORY', since: 'v1.0', description: "Self-healing diagnostics for failed operations" },
  getAutomationLearningReport: { tier: 'core', category: 'ADVISORY', since: 'v1.0', description: "Automation operation history and insights" },
  getProgress: { tier: 'core', category: 'ADVISORY', since: 'v1.1', description: "Check progress of long-running simulations" },
  setSimulationVariable: { tier: 'advanced', category: 'EXECUTION', since: 'v1.0', description: "Set an INPUT variable and re-run" },
  saveSimulationState: { tier: 'advanced', category: 'EXECUTION', since: 'v1.0', description: "Save process state as JSON snapshot" },
  runPVT: { tier: 'advanced', category: 'CALCULATION', since: 'v1.1', description: "PVT lab experiments (CME, CVD, DL, saturation, separator, swelling, GOR, viscosity)" },
  runPipeline: { tier: 'advanced', category: 'CALCULATION', since: 'v1.1', description: "Multiphase pipeline flow (Beggs & Brill)" },
  runFlowAssurance: { tier: 'advanced', category: 'CALCULATION', since: 'v1.1', description: "Flow assurance (hydrate, wax, asphaltene, corrosion, erosion, cooldown, emulsion)" },
  runChemistry: { tier: 'advanced', category: 'CALCULATION', since: 'v1.6', description: "Open chemistry and integrity calculations for scale, corrosion, inhibitors, and scavengers" },
  runWaterHammer: { tier: 'advanced', category: 'CALCULATION', since: 'v1.5', description: "Water/liquid hammer screening for fast valve closures, pump trips, STID routes, tagreader event windows, and pressure envelopes" },
  runMaterialsReview: { tier: 'advanced', category: 'CALCULATION', since: 'v1.5', description: "Process-wide material selection, degradation, CUI, remaining-life, and STID-backed integrity review" },
  runOpenDrainReview: { tier: 'advanced', category: 'CALCULATION', since: 'v1.6', description: "NORSOK S-001 open-drain review from normalized STID/P&ID and tag evidence" },
  runNorsokS001Clause10Review: { tier: 'advanced', category: 'CALCULATION', since: 'v1.6', description: "NORSOK S-001 process safety system review from C&E, SRS, PSV, and instrument evidence" },
  crossValidateModels: { tier: 'advanced', category: 'CALCULATION', since: 'v1.1', description: "Cross-validate process under multiple EOS models" },
  runParametricStudy: { tier: 'advanced', category: 'CALCULATION', since: 'v1.1', description: "Multi-variable parametric sweep" },
  runAgenticEngineering: { tier: 'advanced', category: 'CALCULATION', since: 'v1.6', description: "Plan engineering workflows, score result evidence, and rank candidate studies without executing them" },
  runBatch: { tier: 'advanced', category: 'CALCULATION', since: 'v1.0', description: "Multi-point sensitivity sweep" },
  sizeEquipment: { tier: 'advanced', category: 'CALCULATION', since: 'v1.2', description: "Quick equipment sizing (separator, compressor)" },
  compareProcesses: { tier: 'advanced', category: 'CALCULATION', since: 'v1.2', description: "Compare process configurations side by side" },
  generateReport: { tier: 'advanced', category: 'ADVISORY', since: 'v1.1', description: "Generate structured engineering reports" },
  queryDataCatalog: { tier: 'advanced', category: 'ADVISORY', since: 'v1.2', description: "Browse thermodynamic databases (components, standards, materials, EOS models)" },
  generateVisualization: { tier: 'advanced', category: 'CALCULATION', since: 'v1.2', description: "Inline SVG/Mermaid/HTML visualization" },
  runRelief: { tier: 'advanced', category: 'CALCULATION', since: 'v1.3', description: "PSV sizing per API 520 (gas/liquid/two-phase) and API 521 fire heat input" },
  runLOPA: { tier: 'advanced', category: 'CALCULATION', since: 'v1.3', description: "Layer of Protection Analysis per IEC 61511 / CCPS, with required-SIL gap analysis" },
  runSIL: { tier: 'advanced', category: 'CALCULATION', since: 'v1.3', description: "SIL verification per IEC 61508 / 61511 (1oo1, 1oo2, 2oo3 architectures)" },
  runRiskMatrix: { tier: 'advanced', category: 'CALCULATION', since: 'v1.3', description: "5×5 risk matrix scoring per ISO 31000 / NORSOK Z-013" },
  runFlareNetwork: { tier: 'advanced', category: 'CALCULATION', since: 'v1.3', description: "Flare radiation profile and API 521 safe-distance contour" },
  runHAZOP: { tier: 'advanced', category: 'CALCULATION', since: 'v1.4', description: "Simulation-backed IEC 61882 HAZOP worksheets from ProcessSystem scenarios and document evidence" },
  runBarrierRegister: { tier: 'advanced', category: 'CALCULATION', since: 'v1.4', description: "Evidence-linked PSF/SCE barrier register validation with LOPA/SIL/bow-tie/QRA handoffs" },
  runSafetySystemPerformance: { tier: 'advanced', category: 'CALCULATION', since: 'v1.4', description: "Active/passive safety-system performance analysis with quantitative SIL/PFD bridge" },
  runOperationalStudy: { tier: 'advanced', category: 'EXECUTION', since: 'v1.5', description: "P&ID/tag-driven valve scenarios, field-data binding, controller response metrics, evidence-package bottleneck reports, and operating-envelope margin/trip screening on local simulation copies" },
  runRootCauseAnalysis: { tier: 'advanced', category: 'CALCULATION', since: 'v1.6', description: "Bayesian root cause analysis integrating OREDA, historian, STID, and simulation for ranked failure hypotheses" },
  runProcessLoop: { tier: 'advanced', category: 'CALCULATION', since: 'v1.7', description: "Build a process once, then sweep many setpoint trials through the cached ProcessAutomation.evaluate() primitive (per-trial convergence gating, feasibility flag, objective read-backs) for closed-loop optimization" },
  solveTask: { tier: 'experimental', category: 'EXECUTION', since: 'v1.1', description: "Autonomous task solver — results require independent engineer review" },
  composeWorkflow: { tier: 'experimental', category: 'EXECUTION', since: 'v1.1', description: "Chain simulation steps into multi-domain workflows" },
  manageSession: { tier: 'experimental', category: 'EXECUTION', since: 'v1.1', description: "Persistent simulation sessions (create, modify, run, snapshot, restore). Since v1.7 also supports closed-loop automation on the cached live process without rebuilding: evaluate (apply setpoints, run to convergence, read back objectives), getValues, setValues, adjustables" },
  runReservoir: { tier: 'experimental', category: 'CALCULATION', since: 'v1.1', description: "Material balance reservoir simulation" },
  runFieldEconomics: { tier: 'experimental', category: 'CALCULATION', since: 'v1.1', description: "NPV/IRR/cash flow with fiscal regimes + decline curves" },
  runDynamic: { tier: 'experimental', category: 'CALCULATION', since: 'v1.1', description: "Dynamic transient simulation with auto-instrumented controllers" },
  runBioprocess: { tier: 'experimental', category: 'CALCULATION', since: 'v1.1', description: "Bioprocessing reactors (AD, fermentation, gasification, pyrolysis)" },
  streamSimulation: { tier: 'experimental', category: 'PLATFORM', since: 'v1.2', description: "Async simulation with incremental polling" },
  composeMultiServerWorkflow: { tier: 'experimental', category: 'PLATFORM', since: 'v1.2', description: "Multi-server orchestration across MCP servers" },
  manageSecurity: { tier: 'experimental', category: 'PLATFORM', since: 'v1.2', description: "API key management, rate limiting, audit logging" },
  manageState: { tier: 'experimental', category: 'PLATFORM', since: 'v1.2', description: "Persist/restore simulation states across server restarts" },
  manageValidationProfile: { tier: 'experimental', category: 'PLATFORM', since: 'v1.2', description: "Jurisdiction-specific validation profiles (NCS, UKCS, GoM, Brazil)" },
  runPlugin: { tier: 'experimental', category: 'PLATFORM', since: 'v1.1', description: "Run or list registered MCP runner plugins" },
  bridgeTaskWorkflow: { tier: 'experimental', category: 'ADVISORY', since: 'v1.2', description: "Convert MCP tool output to task_solve results.json format" },
};

/**
 * Why each contract tool this server does not register is not offered. A tool is registered only
 * when it really works (no stubs); test/tools/contract-capabilities.test.ts checks that every
 * unregistered contract tool has a reason here and that no registered tool keeps one.
 */
export const NOT_OFFERED_REASONS: Readonly<Record<string, string>> = {
  runRootCauseAnalysis:
    'Not offered: the original ranks failure hypotheses with Bayesian priors from OREDA failure-rate data, which are licensed and not held here; ' +
    'no other citable priors for equipment failure modes are in this repository, and a ranking without citable priors would be an invented number.',
  runNorsokS001Clause10Review:
    'Not offered: the review checks C&E, SRS, PSV and instrument evidence against NORSOK S-001 clause 10 requirement by requirement; those sub-clauses are not ' +
    'transcribed in this repository, so no check could cite the clause it applies. runOpenDrainReview covers NORSOK S-001 clause 9.4 (open drains); ' +
    'runSIL, runLOPA and runRelief compute the IEC 61508/61511 and API 520/521 figures such a review would use.',
};

/** The contract's browsable resources (seed 000 "Browsable Resources"). */
export const CONTRACT_RESOURCES = [
  'neqsim://example-catalog', 'neqsim://schema-catalog', 'neqsim://examples/{category}/{name}', 'neqsim://schemas/{tool}/{type}',
  'neqsim://components', 'neqsim://components/{name}', 'neqsim://standards', 'neqsim://standards/{code}', 'neqsim://models',
  'neqsim://materials/{type}', 'neqsim://data-tables',
] as const;

/** Why a contract resource is not served. */
export const RESOURCE_NOT_OFFERED_REASONS: Readonly<Record<string, string>> = {
  'neqsim://materials/{type}':
    'Not offered: this server holds no material-grade table with cited properties (allowable stresses, yield strengths, compositions); ' +
    'runMaterialsReview applies its own cited screening rules and does not need one.',
};

/** The contract's guided workflow prompts (seed 000 "Guided Workflow Prompts"). */
export const CONTRACT_PROMPTS = [
  'design_gas_processing', 'pvt_study', 'flow_assurance_screening', 'water_hammer_screening', 'field_development_screening',
  'co2_ccs_chain', 'teg_dehydration_design', 'biorefinery_analysis', 'dynamic_simulation', 'pipeline_sizing',
] as const;

export interface ContractCoverage {
  contractVersion: string;
  toolCount: number;
  offeredCount: number;
  tools: { name: string; tier: string; category: string; since: string; description: string; offered: boolean; reason?: string }[];
  resources: { uri: string; offered: boolean; reason?: string }[];
  prompts: { name: string; offered: boolean; reason?: string }[];
}

/** The contract's tools, resources and prompts, each marked offered or not, with the reason when not. */
export function contractCoverage(registered: ReadonlySet<string>, resourceUris: ReadonlySet<string>, promptNames: ReadonlySet<string>): ContractCoverage {
  const tools = Object.entries(CONTRACT_TOOLS).map(([name, e]) => {
    const offered = registered.has(name);
    return { name, ...e, offered, ...(offered ? {} : { reason: NOT_OFFERED_REASONS[name] ?? 'Not registered on this server' }) };
  });
  return {
    contractVersion: '1.0',
    toolCount: tools.length,
    offeredCount: tools.filter((t) => t.offered).length,
    tools,
    resources: CONTRACT_RESOURCES.map((uri) => {
      const offered = resourceUris.has(uri);
      return { uri, offered, ...(offered ? {} : { reason: RESOURCE_NOT_OFFERED_REASONS[uri] ?? 'Not served by this server' }) };
    }),
    prompts: CONTRACT_PROMPTS.map((name) => {
      const offered = promptNames.has(name);
      return { name, offered, ...(offered ? {} : { reason: 'The tools this prompt cannot do without are not registered' }) };
    }),
  };
}
