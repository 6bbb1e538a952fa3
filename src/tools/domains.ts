/**
 * Engineering domain of every tool (the OpenAPI tags): the tool's folder, except calculateStandard
 * (standards), runFieldEconomics (economics), runReservoir and runBioprocess (process studies) and
 * runAgenticEngineering (a platform tool that ranks and grades other tools' results).
 * test/tools/domains.test.ts checks that every registered tool has exactly one and nothing else is named.
 * A module of its own so that the server's main thread has it without loading the tools.
 */
import type { ToolDomain } from './contract/types.js';

export const DOMAIN_TOOLS: Readonly<Record<ToolDomain, readonly string[]>> = {
  thermodynamics: ['crossValidateModels', 'getPhaseEnvelope', 'getPropertyTable', 'queryDataCatalog', 'runFlash', 'runPVT', 'searchComponents'],
  standards: ['calculateStandard'],
  process: [
    'compareProcesses', 'compareSimulationStates', 'diagnoseAutomation', 'getAdjustableParameters', 'getAutomationLearningReport',
    'getSimulationVariable', 'listSimulationUnits', 'listUnitVariables', 'manageSession', 'manageState', 'runBatch', 'runBioprocess',
    'runDynamic', 'runOperationalStudy', 'runParametricStudy', 'runProcess', 'runProcessLoop', 'runReservoir', 'saveSimulationState',
    'setSimulationVariable', 'sizeEquipment',
  ],
  'flow assurance': ['runChemistry', 'runFlowAssurance', 'runPipeline', 'runWaterHammer'],
  safety: [
    'runBarrierRegister', 'runFlareNetwork', 'runHAZOP', 'runLOPA', 'runMaterialsReview', 'runOpenDrainReview', 'runRelief',
    'runRiskMatrix', 'runSafetySystemPerformance', 'runSIL',
  ],
  economics: ['runFieldEconomics'],
  platform: [
    'bridgeTaskWorkflow', 'checkToolAccess', 'composeMultiServerWorkflow', 'composeWorkflow', 'generateReport', 'generateVisualization', 'getBenchmarkTrust',
    'getCapabilities', 'getExample', 'getProgress', 'getSchema', 'manageIndustrialProfile', 'runAgenticEngineering',
    'manageSecurity', 'manageValidationProfile', 'runPlugin', 'solveTask', 'streamSimulation', 'validateInput', 'validateResults',
  ],
};

export const TOOL_DOMAIN: ReadonlyMap<string, ToolDomain> = new Map(
  (Object.entries(DOMAIN_TOOLS) as [ToolDomain, readonly string[]][]).flatMap(([domain, names]) => names.map((n) => [n, domain] as const)),
);

/** The tool's engineering domain; undefined for a tool that is not registered (tests' own tools). */
export function toolDomain(name: string): ToolDomain | undefined {
  return TOOL_DOMAIN.get(name);
}
