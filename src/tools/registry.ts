/**
 * The one registry. Each tool module exports one ToolDefinition; add it to TOOLS below
 * (one import line + one array entry). Only tools that really work are listed here.
 */
import type { AnyTool } from './types.js';
import { snakeName } from './types.js';

// --- tool imports (keep alphabetical) ---
import { bridgeTaskWorkflowTool } from './bridgeTaskWorkflow.js';
import { calculateStandardTool } from './calculateStandard.js';
import { checkToolAccessTool } from './checkToolAccess.js';
import { compareProcessesTool } from './compareProcesses.js';
import { compareSimulationStatesTool } from './compareSimulationStates.js';
import { composeWorkflowTool } from './composeWorkflow.js';
import { crossValidateModelsTool } from './crossValidateModels.js';
import { diagnoseAutomationTool } from './diagnoseAutomation.js';
import { generateReportTool } from './generateReport.js';
import { generateVisualizationTool } from './generateVisualization.js';
import { getAdjustableParametersTool } from './getAdjustableParameters.js';
import { getAutomationLearningReportTool } from './getAutomationLearningReport.js';
import { getBenchmarkTrustTool } from './getBenchmarkTrust.js';
import { getCapabilitiesTool } from './getCapabilities.js';
import { getExampleTool } from './getExample.js';
import { getPhaseEnvelopeTool } from './getPhaseEnvelope.js';
import { getProgressTool } from './getProgress.js';
import { getPropertyTableTool } from './getPropertyTable.js';
import { getSchemaTool } from './getSchema.js';
import { getSimulationVariableTool } from './getSimulationVariable.js';
import { listSimulationUnitsTool } from './listSimulationUnits.js';
import { listUnitVariablesTool } from './listUnitVariables.js';
import { manageIndustrialProfileTool } from './manageIndustrialProfile.js';
import { manageSessionTool } from './manageSession.js';
import { manageStateTool } from './manageState.js';
import { queryDataCatalogTool } from './queryDataCatalog.js';
import { runAgenticEngineeringTool } from './runAgenticEngineering.js';
import { runBarrierRegisterTool } from './runBarrierRegister.js';
import { runBatchTool } from './runBatch.js';
import { runBioprocessTool } from './runBioprocess.js';
import { runChemistryTool } from './runChemistry.js';
import { runDynamicTool } from './runDynamic.js';
import { runFieldEconomicsTool } from './runFieldEconomics.js';
import { runFlareNetworkTool } from './runFlareNetwork.js';
import { runFlashTool } from './runFlash.js';
import { runFlowAssuranceTool } from './runFlowAssurance.js';
import { runHAZOPTool } from './runHAZOP.js';
import { runLOPATool } from './runLOPA.js';
import { runMaterialsReviewTool } from './runMaterialsReview.js';
import { runOpenDrainReviewTool } from './runOpenDrainReview.js';
import { runOperationalStudyTool } from './runOperationalStudy.js';
import { runParametricStudyTool } from './runParametricStudy.js';
import { runPipelineTool } from './runPipeline.js';
import { runProcessTool } from './runProcess.js';
import { runProcessLoopTool } from './runProcessLoop.js';
import { runPVTTool } from './runPVT.js';
import { runReliefTool } from './runRelief.js';
import { runReservoirTool } from './runReservoir.js';
import { runRiskMatrixTool } from './runRiskMatrix.js';
import { runSafetySystemPerformanceTool } from './runSafetySystemPerformance.js';
import { runSILTool } from './runSIL.js';
import { runWaterHammerTool } from './runWaterHammer.js';
import { saveSimulationStateTool } from './saveSimulationState.js';
import { searchComponentsTool } from './searchComponents.js';
import { setSimulationVariableTool } from './setSimulationVariable.js';
import { sizeEquipmentTool } from './sizeEquipment.js';
import { streamSimulationTool } from './streamSimulation.js';
import { validateInputTool } from './validateInput.js';
import { validateResultsTool } from './validateResults.js';

export const TOOLS: readonly AnyTool[] = [
  // --- tool entries (keep alphabetical) ---
  bridgeTaskWorkflowTool,
  calculateStandardTool,
  checkToolAccessTool,
  compareProcessesTool,
  compareSimulationStatesTool,
  composeWorkflowTool,
  crossValidateModelsTool,
  diagnoseAutomationTool,
  generateReportTool,
  generateVisualizationTool,
  getAdjustableParametersTool,
  getAutomationLearningReportTool,
  getBenchmarkTrustTool,
  getCapabilitiesTool,
  getExampleTool,
  getPhaseEnvelopeTool,
  getProgressTool,
  getPropertyTableTool,
  getSchemaTool,
  getSimulationVariableTool,
  listSimulationUnitsTool,
  listUnitVariablesTool,
  manageIndustrialProfileTool,
  manageSessionTool,
  manageStateTool,
  queryDataCatalogTool,
  runAgenticEngineeringTool,
  runBarrierRegisterTool,
  runBatchTool,
  runBioprocessTool,
  runChemistryTool,
  runDynamicTool,
  runFieldEconomicsTool,
  runFlareNetworkTool,
  runFlashTool,
  runFlowAssuranceTool,
  runHAZOPTool,
  runLOPATool,
  runMaterialsReviewTool,
  runOpenDrainReviewTool,
  runOperationalStudyTool,
  runParametricStudyTool,
  runPipelineTool,
  runProcessTool,
  runProcessLoopTool,
  runPVTTool,
  runReliefTool,
  runReservoirTool,
  runRiskMatrixTool,
  runSafetySystemPerformanceTool,
  runSILTool,
  runWaterHammerTool,
  saveSimulationStateTool,
  searchComponentsTool,
  setSimulationVariableTool,
  sizeEquipmentTool,
  streamSimulationTool,
  validateInputTool,
  validateResultsTool,
];

const byName = new Map<string, AnyTool>(TOOLS.map((t) => [t.name, t]));
const bySnake = new Map<string, AnyTool>(TOOLS.map((t) => [snakeName(t.name), t]));

export function getTool(name: string): AnyTool | undefined {
  return byName.get(name);
}

/** Looks a tool up by its snake_case schema name (run_flash). */
export function getToolBySnakeName(name: string): AnyTool | undefined {
  return bySnake.get(name);
}

export function toolNames(): string[] {
  return TOOLS.map((t) => t.name);
}
