/** Process simulation: streams, unit operations and the sequential-modular flowsheet solver. */
export { createProcessFluid, overallMolarMass, massFlow, phaseSubstream, streamAtPH, streamAtPS, streamAtTP, type ProcessErrorCode, type ProcessFailure, type ProcessFluid, type ProcessModelKind, type StreamOutcome, type StreamState } from './stream.js';
export { mixStreams, splitStream } from './mixing.js';
export { separate, type SeparatorSpec } from './separation.js';
export { compress, expand, throttle, POLYTROPIC_STEPS, type MachineSpec, type PolytropicMethod, type MachineResult } from './pressure-change.js';
export { counterflowEffectiveness, exchangeHeat, heat, type HeaterSpec } from './heat-transfer.js';
export { portKey, productPorts, solveFlowsheet, type FlowsheetResult, type PortRef, type RecycleReport, type SolveOptions, type UnitResult, type UnitSpec, type UnitType } from './flowsheet.js';
export { chartPoint, chartProblem, curveValue, type ChartPoint, type LimitCurve, type MachineChart, type SpeedLine } from './compressor-chart.js';
export { actualVolumeFlow, runOnChart, type ChartMachineResult, type ChartMachineSpec } from './chart-machine.js';
export { sizeValve, valveOutletPressure, type ValveCoefficients, type ValveSizing } from './valve-sizing.js';
export { adiabaticPipe, filterStream, saturateWithWater, splitComponents } from './simple-units.js';
export { solveColumn, type ColumnDefinition, type ColumnFeed, type ColumnResult, type ColumnSideDraw, type ColumnStageResult, type EndSpecification } from './column/column.js';
export { COLUMN_TYPES, columnPorts, type ColumnType, type ColumnUnitSpec, type NamedEndSpecification } from './column/column-unit.js';
