/**
 * The error envelope of a flowsheet the engine could not solve, shared by runProcess, its
 * adjusters and the automation tools (its own module so they need not import runProcess.ts).
 */
import type { ProcessFailure } from '../../../engine/index.js';
import { failure, issue, type DiagnosticIssue, type Envelope } from '../../contract/envelope.js';

export function engineFailure(tool: string, f: ProcessFailure): Envelope<never> {
  const fix =
    f.code === 'RECYCLE_NOT_CONVERGED'
      ? 'Check the loop for accumulation (a component with no way out of the loop) or give a purge/split; start closer to the solution'
      : f.code === 'FLASH_NOT_CONVERGED'
        ? 'The unit operates very near a critical point or phase boundary: move its outlet pressure or temperature slightly, or try the other cubic model'
        : f.code === 'COLUMN_NOT_CONVERGED'
          ? 'The column specifications may be infeasible together (e.g. end temperatures no product split can meet): check them against the feed\'s bubble and dew points at the column pressures, or specify by reflux ratio and a product rate'
        : f.code === 'NO_FLOW'
          ? 'Connect the unit to a port that carries material'
          : 'Check the unit specification against its inlet conditions';
  const e: DiagnosticIssue = issue(f.code, f.message, fix, f.unit ? `unit:${f.unit}` : undefined);
  return failure(tool, 'compute', [e], 'simulation');
}

