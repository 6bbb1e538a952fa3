/**
 * The one registry. Each tool module exports one ToolDefinition; add it to TOOLS below
 * (one import line + one array entry), to src/tools/tool-loaders.ts (one line) and its domain to
 * src/tools/domains.ts, then run `node dist/scripts/write-tool-metadata.js`. Only tools that
 * really work are listed here.
 *
 * This module imports every tool (and so the whole engine). The server's main thread uses
 * lazy-registry.ts instead (the same tools from their generated metadata, each module loaded on
 * its first call) and the worker threads tool-loaders.ts; tests, scripts and the library entry
 * (src/index.ts) use this one.
 */
import type { AnyTool } from './contract/types.js';
import { installRegistry } from './registry-view.js';

// --- tool imports (keep alphabetical) ---
import { bridgeTaskWorkflowTool } from './platform/bridge/bridgeTaskWorkflow.js';
import { calculateStandardTool } from './thermo/calculateStandard/calculateStandard.js';
import { checkToolAccessTool } from './platform/checkToolAccess.js';
import { compareProcessesTool } from './process/compareProcesses.js';
import { compareSimulationStatesTool } from './process/state/compareSimulationStates.js';
import { composeWorkflowTool } from './platform/composeWorkflow.js';
import { composeMultiServerWorkflowTool } from './platform/composeMultiServerWorkflow/composeMultiServerWorkflow.js';
import { manageSecurityTool } from './platform/manageSecurity.js';
import { manageValidationProfileTool } from './platform/manageValidationProfile.js';
import { crossValidateModelsTool } from './thermo/crossValidateModels.js';
import { diagnoseAutomationTool } from './process/automation/diagnoseAutomation.js';
import { generateReportTool } from './platform/report/generateReport.js';
import { generateVisualizationTool } from './platform/visualization/generateVisualization.js';
import { getAdjustableParametersTool } from './process/automation/getAdjustableParameters.js';
import { getAutomationLearningReportTool } from './process/automation/getAutomationLearningReport.js';
import { getBenchmarkTrustTool } from './platform/getBenchmarkTrust.js';
import { getCapabilitiesTool } from './platform/getCapabilities.js';
import { getExampleTool } from './platform/getExample.js';
import { getPhaseEnvelopeTool } from './thermo/getPhaseEnvelope.js';
import { getProgressTool } from './platform/getProgress.js';
import { getPropertyTableTool } from './thermo/getPropertyTable/getPropertyTable.js';
import { getSchemaTool } from './platform/getSchema.js';
import { getSimulationVariableTool } from './process/automation/getSimulationVariable.js';
import { listSimulationUnitsTool } from './process/automation/listSimulationUnits.js';
import { listUnitVariablesTool } from './process/automation/listUnitVariables.js';
import { manageIndustrialProfileTool } from './platform/manageIndustrialProfile.js';
import { manageSessionTool } from './process/session/manageSession.js';
import { manageStateTool } from './process/state/manageState.js';
import { queryDataCatalogTool } from './thermo/queryDataCatalog.js';
import { runAgenticEngineeringTool } from './studies/runAgenticEngineering/runAgenticEngineering.js';
import { runBarrierRegisterTool } from './safety/barrier/runBarrierRegister.js';
import { runBatchTool } from './process/runBatch.js';
import { runBioprocessTool } from './studies/runBioprocess/runBioprocess.js';
import { runChemistryTool } from './flow/runChemistry/runChemistry.js';
import { runDynamicTool } from './process/runDynamic/runDynamic.js';
import { runFieldEconomicsTool } from './studies/runFieldEconomics/runFieldEconomics.js';
import { runFlareNetworkTool } from './safety/runFlareNetwork.js';
import { runFlashTool } from './thermo/runFlash/runFlash.js';
import { runFlowAssuranceTool } from './flow/runFlowAssurance/runFlowAssurance.js';
import { runHAZOPTool } from './safety/runHAZOP/runHAZOP.js';
import { runLOPATool } from './safety/runLOPA.js';
import { runMaterialsReviewTool } from './safety/runMaterialsReview/runMaterialsReview.js';
import { runOpenDrainReviewTool } from './safety/runOpenDrainReview/runOpenDrainReview.js';
import { runOperationalStudyTool } from './process/operational/runOperationalStudy.js';
import { runParametricStudyTool } from './process/runParametricStudy.js';
import { runPipelineTool } from './flow/runPipeline/runPipeline.js';
import { runPluginTool } from './platform/runPlugin/runPlugin.js';
import { runProcessTool } from './process/runProcess/runProcess.js';
import { runProcessLoopTool } from './process/runProcessLoop.js';
import { runPVTTool } from './thermo/runPVT.js';
import { runReliefTool } from './safety/runRelief/runRelief.js';
import { runReservoirTool } from './studies/runReservoir/runReservoir.js';
import { runRiskMatrixTool } from './safety/runRiskMatrix.js';
import { runSafetySystemPerformanceTool } from './safety/barrier/runSafetySystemPerformance.js';
import { runSILTool } from './safety/runSIL.js';
import { runWaterHammerTool } from './flow/runWaterHammer.js';
import { saveSimulationStateTool } from './process/state/saveSimulationState.js';
import { searchComponentsTool } from './thermo/searchComponents.js';
import { setSimulationVariableTool } from './process/automation/setSimulationVariable.js';
import { sizeEquipmentTool } from './process/sizeEquipment.js';
import { solveTaskTool } from './platform/solveTask/solveTask.js';
import { streamSimulationTool } from './platform/stream/streamSimulation.js';
import { validateInputTool } from './platform/validation/validateInput.js';
import { validateResultsTool } from './platform/validateResults.js';

export const TOOLS: readonly AnyTool[] = [
  // --- tool entries (keep alphabetical) ---
  bridgeTaskWorkflowTool,
  calculateStandardTool,
  checkToolAccessTool,
  compareProcessesTool,
  compareSimulationStatesTool,
  composeMultiServerWorkflowTool,
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
  manageSecurityTool,
  manageSessionTool,
  manageStateTool,
  manageValidationProfileTool,
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
  runPluginTool,
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
  solveTaskTool,
  streamSimulationTool,
  validateInputTool,
  validateResultsTool,
];

export { DOMAIN_TOOLS, TOOL_DOMAIN, toolDomain } from './domains.js';

const view = installRegistry(TOOLS);
export const { getTool, getToolBySnakeName, toolNames, toolCatalog } = view;
