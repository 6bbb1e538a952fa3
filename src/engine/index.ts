/**
 * Public surface of the thermodynamic engine (pure numerics, SI units). Tools import from here.
 */
export { R, T_REF, P_REF, T_STANDARD, P_STANDARD } from './eos/constants.js';
export { DerivLevel, ResidualDerivatives, type ModelAtT, type RootChoice, type ThermoModel } from './eos/types.js';
export { CubicModel, CUBIC_CONSTANTS, createCubicModel, rackettZ, type CubicKind, type CubicAlphaOverride } from './eos/cubic.js';
export { ALPHA_FUNCTIONS, mathiasCopemanAlpha, twuAlpha, type AlphaFunctionName, type TwuParameters } from './eos/alpha.js';
export { selectAlphaParameters, hasAlphaParameters } from './components/alpha-parameters.js';
export { idealCp, idealEnthalpy, idealEntropyT } from './eos/ideal-gas.js';
export { flashTP, type FlashOptions } from './flash/tp-flash.js';
export { labelPhase, isPolar, MIN_PHASE_FRACTION, type FlashErrorCode, type FlashOutcome, type FlashResult, type PhaseLabel, type PhaseState } from './flash/phase-state.js';
export { stabilityAnalysis, wilsonTrials, UNSTABLE_TM, type StabilityResult } from './flash/stability.js';
export { rachfordRice } from './flash/rachford-rice.js';
export { lnPhiDerivatives, FugacityScratch, wilsonK } from './flash/fugacity.js';
export { phaseThermo, type PhaseThermo } from './properties/thermo.js';
export { flashReport, massFractions, type FlashReport, type PhaseReport, type OverallReport, type InterfaceReport } from './properties/thermo-report.js';
export { createCubicFluid, resolveComponents, kijMatrix, type Fluid, type CubicModelName } from './fluid.js';
export { createFluid, isFluidModelName, MODELS, uncoveredComponents, type FluidModelName, type ModelEntry, type ModelOptions } from './models.js';
export { bubblePointPressure, bubblePointTemperature, dewPointPressure, dewPointTemperature, pureSaturationPressure, pureSaturationTemperature, saturationFlashResult, INCIPIENT_PHASE_FRACTION, type SaturationKind, type SaturationOutcome, type SolvedVariable } from './flash/saturation.js';
export { saturationFromEnvelope, metastability, type EnvelopeReach, type Metastability } from './flash/saturation-checked.js';
export { CUBIC_ACCURACY, ACCURACY_SOURCE, NATURAL_GAS_ACCURACY, NATURAL_GAS_SOURCE, WATER_RICH_ACCURACY, WATER_RICH_SOURCE, accuracyBound, naturalGasAccuracyBound, waterAccuracyBound, accuracyClass, saturationClass, type AccuracyBound, type AccuracyQuantity } from './properties/thermo-accuracy.js';
export { flashPH, flashPS, flashEnthalpy, flashEntropy, STATE_FLASH_T_MIN, STATE_FLASH_T_MAX, type StateFlashOptions } from './flash/state-flash.js';
export { phaseEnvelope, distanceToEnvelope, type EnvelopeOptions, type EnvelopeOutcome, type EnvelopePoint } from './flash/envelope.js';
export { flashTV, feedVolumeShift, TV_FLASH_P_MIN, TV_FLASH_P_MAX, type TVFlashOptions } from './flash/tv-flash.js';
export * from './process/index.js';
