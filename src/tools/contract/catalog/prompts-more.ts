/**
 * The contract's other eight guided prompts (the first two are in prompts.ts). Each names only
 * what the tools of this server compute; where a part of the contract's workflow has no tool
 * here, the step says so (fallback) instead of sending the agent to a tool that does not exist.
 */
import type { PromptDefinition } from './prompt-types.js';

const MAP_COMPONENTS = { tool: 'searchComponents', text: 'Map every component to a database name with searchComponents; use the canonical names it returns.' };
const VALIDATE = { tool: 'validateInput', text: 'Check each definition with validateInput before calculating, and fix every issue it reports.' };

export const MORE_PROMPTS: readonly PromptDefinition[] = [
  {
    name: 'pvt_study',
    description: 'Complete PVT study: saturation point, CME, CVD or differential liberation, separator test and phase envelope of a reservoir fluid',
    arguments: [
      { name: 'fluidDescription', description: 'Reservoir fluid composition (mole fractions) and the reservoir temperature and pressure', required: true },
      { name: 'fluidType', description: 'gas condensate, volatile oil or black oil (chooses CVD or differential liberation)', required: false },
    ],
    requires: ['runPVT'],
    intro: (a) => `You are running a PVT study.\n\nFluid: ${a.fluidDescription}${a.fluidType ? `\nFluid type: ${a.fluidType}` : ''}\n\nUse the cubic EOS (SRK or PR) consistently in every step, and report each number with its unit.`,
    steps: [
      MAP_COMPONENTS,
      VALIDATE,
      { tool: 'runPVT', text: 'Find the saturation point at reservoir temperature with runPVT experiment "saturationPressure" (bubble point for an oil, dew point for a condensate).' },
      { tool: 'runPVT', text: 'Run a constant mass expansion (runPVT experiment "CME") from above the saturation pressure down to separator pressure: relative volume, Y-function, compressibility.' },
      { tool: 'runPVT', text: 'Depletion: runPVT "CVD" for a gas condensate (liquid dropout), or "differentialLiberation" for an oil (Bo, Rs, gas gravity).' },
      { tool: 'runPVT', text: 'Run a separator test (runPVT "separatorTest") at the planned separator stages for GOR and stock-tank oil density.' },
      { tool: 'getPhaseEnvelope', text: 'Compute the phase envelope with getPhaseEnvelope and mark the reservoir point, the cricondenbar and the cricondentherm.' },
    ],
    closing: 'Summarise the fluid\'s saturation pressure, depletion behaviour and separator GOR, and state that no characterisation was tuned to laboratory data here.',
  },
  {
    name: 'flow_assurance_screening',
    description: 'Pipeline flow assurance screening: pressure and temperature profile, hydrate margin, erosional velocity, CO2 corrosion and cooldown',
    arguments: [
      { name: 'pipelineDescription', description: 'Fluid composition, inlet conditions, flow, pipeline length, diameter and ambient temperature', required: true },
    ],
    requires: ['runFlowAssurance'],
    intro: (a) => `You are screening a pipeline for flow assurance risks.\n\nPipeline: ${a.pipelineDescription}\n\nWork through the steps with the tools of this server; keep every warning in your answer.`,
    steps: [
      MAP_COMPONENTS,
      { tool: 'runPipeline', text: 'Compute the steady-state pressure profile, flow regime and liquid holdup with runPipeline (Beggs & Brill).', fallback: 'This server has no pipeline model: take the inlet and arrival conditions as given and say the pressure drop was not computed.' },
      { tool: 'runFlowAssurance', text: 'Map the hydrate risk along the line with runFlowAssurance analysis "hydrateRiskMap": the hydrate temperature at each pressure and the subcooling margin.' },
      { tool: 'runFlowAssurance', text: 'Check the erosional velocity (analysis "erosion", API RP 14E) and the CO2 corrosion rate (analysis "CO2Corrosion") at the worst point.' },
      { tool: 'runFlowAssurance', text: 'Estimate the no-touch time after shutdown with analysis "pipelineCooldown".' },
      { tool: 'bridgeTaskWorkflow', text: 'Pass the hydrate result on as a flow_assurance handoff with bridgeTaskWorkflow (action "toHandoff"); a receiving agent checks it with the same tool\'s handoff validation action.' },
    ],
    closing: 'Summarise the hydrate margin, erosion and corrosion findings and the cooldown time, and name the mitigations (inhibitor, insulation, velocity) that need engineering review. Wax, asphaltene and scale are not screened by this server.',
  },
  {
    name: 'water_hammer_screening',
    description: 'Fast valve-closure surge screening of a liquid line: Joukowsky surge, maximum and minimum pressure against the design pressure',
    arguments: [
      { name: 'lineDescription', description: 'Liquid, line length, diameter, wall thickness and material, flow velocity or rate, operating and design pressure, valve closure time', required: true },
    ],
    requires: ['runWaterHammer'],
    intro: (a) => `You are screening a liquid line for surge on a fast valve closure.\n\nLine: ${a.lineDescription}\n\nRun the steps below and keep every warning.`,
    steps: [
      { tool: 'runFlash', text: 'If the liquid is a hydrocarbon mixture, get its density at line conditions with runFlash.' },
      { tool: 'runWaterHammer', text: 'Run runWaterHammer for the valve closure: wave speed, round-trip time 2L/a, whether the closure is fast or slow, Joukowsky surge, maximum and minimum pressure and the design-pressure check.' },
      { tool: 'runWaterHammer', text: 'Repeat with a longer closure time to find the closure time at which the maximum pressure stays below the design pressure.' },
    ],
    closing: 'Report the surge pressure, the design-pressure margin, any column-separation flag and the closure time you recommend. Pump trips are not simulated by this server: say so if the line has pumps.',
  },
  {
    name: 'field_development_screening',
    description: 'Field development concept screening: fluid, reservoir depletion, production and economics (NPV, IRR, breakeven)',
    arguments: [
      { name: 'fieldDescription', description: 'Reservoir fluid, volumes in place, reservoir pressure and temperature, planned wells and plateau rate', required: true },
      { name: 'economicAssumptions', description: 'Prices, capital and operating costs, fiscal regime (Norwegian or generic), discount rate', required: true },
    ],
    requires: ['runFieldEconomics'],
    intro: (a) => `You are screening a field development concept.\n\nField: ${a.fieldDescription}\nEconomics: ${a.economicAssumptions}\n\nThese are screening numbers: state every assumption.`,
    steps: [
      MAP_COMPONENTS,
      { tool: 'runFlash', text: 'Characterise the reservoir fluid at reservoir conditions with runFlash (phases, density, GOR from a flash to standard conditions).' },
      { tool: 'runReservoir', text: 'Model depletion with runReservoir (tank material balance): reservoir pressure and produced volumes over time at the planned rates.', fallback: 'This server has no reservoir model: give the production profile as an input assumption.' },
      { tool: 'runFieldEconomics', text: 'Compute the cash flow, NPV, IRR, payback and breakeven price with runFieldEconomics from the production profile and the economic assumptions.' },
      { tool: 'runParametricStudy', text: 'Check the sensitivity of the key process figures to the uncertain inputs with runParametricStudy.' },
    ],
    closing: 'Summarise the production profile, the economics (NPV, IRR, breakeven) and the largest uncertainties.',
  },
  {
    name: 'teg_dehydration_design',
    description: 'TEG dehydration unit design: water content of the feed gas, TEG contactor, dry-gas water dew point and hydrate margin',
    arguments: [
      { name: 'gasDescription', description: 'Wet gas composition (with water), flow, contactor temperature and pressure', required: true },
      { name: 'waterSpecification', description: 'Dry-gas specification (water content or water dew point)', required: true },
    ],
    requires: ['runProcess'],
    intro: (a) => `You are designing a TEG dehydration unit.\n\nGas: ${a.gasDescription}\nSpecification: ${a.waterSpecification}\n\nUse the CPA model wherever water and TEG are present.`,
    steps: [
      MAP_COMPONENTS,
      { tool: 'runFlash', text: 'Saturate the feed with water at contactor conditions (runFlash with model CPA, water in excess) to get its water content.' },
      { tool: 'runProcess', text: 'Build the contactor with runProcess: a Stream for the wet gas, a Stream of lean TEG and a SimpleTEGAbsorber (model CPA); read the dry-gas water content from the gas outlet.' },
      { tool: 'runParametricStudy', text: 'Vary the lean-TEG rate with runParametricStudy to find the rate that meets the specification.' },
      { tool: 'runFlowAssurance', text: 'Check the hydrate margin of the dry gas in the export line with runFlowAssurance analysis "hydrateRiskMap".' },
    ],
    closing: 'Report the TEG circulation rate, the dry-gas water content against the specification, and what needs engineering review (regeneration is not designed in this workflow).',
  },
  {
    name: 'biorefinery_analysis',
    description: 'Biorefinery process analysis: gasification, fermentation or anaerobic digestion of a feedstock, and the gas product quality',
    arguments: [
      { name: 'feedstockDescription', description: 'Feedstock (composition or type), throughput and the conversion route', required: true },
    ],
    requires: ['runBioprocess'],
    intro: (a) => `You are analysing a biorefinery route.\n\nFeedstock and route: ${a.feedstockDescription}\n\nThe reactor models are screening models: report their assumptions.`,
    steps: [
      { tool: 'runBioprocess', text: 'Run the conversion with runBioprocess: reactorType "gasifier" (equilibrium syngas), "fermentation" (Monod or Contois kinetics) or "anaerobicDigester" (biogas yield).' },
      { tool: 'runFlash', text: 'Flash the product gas at its outlet conditions with runFlash to get its phases and density.' },
      { tool: 'calculateStandard', text: 'For a fuel gas or biomethane, compute its calorific value and Wobbe index with calculateStandard (ISO 6976).' },
    ],
    closing: 'Summarise the yields, the product gas quality and the assumptions of each model. Pyrolysis is not modelled by this server.',
  },
  {
    name: 'dynamic_simulation',
    description: 'Dynamic simulation of a separator with pressure and level controllers: transient response to a feed or valve event',
    arguments: [
      { name: 'processDescription', description: 'The separator, its feed and outlet valves, controller set points and the event to simulate', required: true },
    ],
    requires: ['runDynamic'],
    intro: (a) => `You are simulating the dynamic response of a separator.\n\nCase: ${a.processDescription}\n\nStart from a converged steady state.`,
    steps: [
      VALIDATE,
      { tool: 'runProcess', text: 'Build and converge the steady-state flowsheet (feed Stream and Separator) with runProcess.' },
      { tool: 'runDynamic', text: 'Run runDynamic on that flowsheet with control valves on the outlets and PI pressure and level controllers; apply the event and read the pressure, level and valve-opening trajectories.' },
      { tool: 'generateVisualization', text: 'Plot the trajectories with generateVisualization.' },
    ],
    closing: 'Report overshoot, settling time and whether any alarm or trip level is crossed; controller tuning needs engineering review.',
  },
  {
    name: 'pipeline_sizing',
    description: 'Multiphase pipeline sizing: pressure drop and flow regime of candidate diameters against the arrival pressure and velocity limits',
    arguments: [
      { name: 'pipelineDescription', description: 'Fluid composition, flow, inlet pressure and temperature, length, elevation, required arrival pressure', required: true },
      { name: 'candidateDiameters', description: 'Inner diameters to compare (e.g. 8, 10, 12 inch)', required: false },
    ],
    requires: ['runPipeline'],
    intro: (a) => `You are sizing a multiphase pipeline.\n\nPipeline: ${a.pipelineDescription}${a.candidateDiameters ? `\nCandidates: ${a.candidateDiameters}` : ''}\n\nCompare the candidates on the same basis.`,
    steps: [
      MAP_COMPONENTS,
      { tool: 'runPipeline', text: 'For each candidate diameter, run runPipeline (Beggs & Brill): outlet pressure, flow regime, liquid holdup and inventory.' },
      { tool: 'runFlowAssurance', text: 'Check each candidate\'s mixture velocity against the erosional velocity with runFlowAssurance analysis "erosion" (API RP 14E).' },
      { tool: 'runBatch', text: 'To sweep many diameters at once, use runBatch over the runPipeline input.' },
    ],
    closing: 'Recommend the smallest diameter that meets the arrival pressure with margin and stays below the erosional velocity; slugging needs engineering review.',
  },
];
