/** packedBedScavenger: breakthrough of a finite-capacity scavenger bed. */
import type { Static } from '@sinclair/typebox';
import { issue, warning, type DiagnosticIssue, type Warning } from '../../contract/envelope.js';
import { packedBedScavenger } from '../../../engine/chemistry/packed-bed-scavenger.js';
import type { ChemistryInput, ScavengerOutput } from './schemas.js';
import type { AnalysisOutcome } from './result.js';

const REQUIRED = ['diameter_m', 'height_m', 'voidage', 'loading_mol_kg', 'bulkDensity_kgm3', 'k_per_s', 'cInlet_molm3', 'flow_m3s'] as const;
/** Cell-steps per call: keeps the inline tool within a few milliseconds. */
export const MAX_CELL_STEPS = 1_000_000;

export function runScavenger(input: ChemistryInput): AnalysisOutcome<Static<typeof ScavengerOutput>> {
  const issues: DiagnosticIssue[] = [];
  for (const f of REQUIRED) if (input[f] === undefined) issues.push(issue('MISSING_FIELD', `packedBedScavenger needs ${f}`, `Add "${f}"`, f));
  if (issues.length > 0) return { ok: false, issues };
  const nCells = input.nCells ?? 30;
  const nTimeSteps = input.nTimeSteps ?? 100;
  if (nCells * nTimeSteps > MAX_CELL_STEPS)
    return { ok: false, issues: [issue('TOO_LARGE', `nCells × nTimeSteps = ${nCells * nTimeSteps} exceeds ${MAX_CELL_STEPS}`, 'Use fewer cells or time steps', 'nTimeSteps')] };
  const area = (Math.PI * input.diameter_m! ** 2) / 4;
  const volume = area * input.height_m!;
  const ratio = input.stoichiometricRatio ?? 1;
  const capacity = (input.loading_mol_kg! / ratio) * input.bulkDensity_kgm3! * volume;
  const tSharp = (capacity + input.voidage! * volume * input.cInlet_molm3!) / (input.flow_m3s! * input.cInlet_molm3!);
  if (!(Number.isFinite(capacity) && Number.isFinite(tSharp) && capacity > 0))
    return { ok: false, issues: [issue('OUT_OF_RANGE', `Bed capacity ${capacity} mol and stoichiometric time ${tSharp} s are not finite positive numbers`, 'Check loading_mol_kg, stoichiometricRatio, cInlet_molm3 and flow_m3s', 'stoichiometricRatio')] };
  const simTime = input.simTime_s ?? 2 * tSharp;
  if (!(Number.isFinite(simTime) && simTime > 0 && simTime <= 1e12))
    return { ok: false, issues: [issue('OUT_OF_RANGE', `Simulated time ${simTime} s is not usable (the default is twice the sharp-front breakthrough time)`, 'Give simTime_s', 'simTime_s')] };
  const frac = input.breakthroughFraction ?? 0.05;
  const r = packedBedScavenger(
    { diameter_m: input.diameter_m!, height_m: input.height_m!, voidage: input.voidage!, loading_mol_kg: input.loading_mol_kg!, bulkDensity_kg_m3: input.bulkDensity_kgm3!, stoichiometricRatio: ratio, k_per_s: input.k_per_s!, cInlet_mol_m3: input.cInlet_molm3!, flow_m3_s: input.flow_m3s!, nCells, nTimeSteps, simTime_s: simTime, breakthroughFraction: frac },
  );
  const finite = [r.fed_mol, r.captured_mol, r.out_mol, r.gasHoldup_mol, ...r.cOutlet_mol_m3].every(Number.isFinite);
  if (!finite) return { ok: false, issues: [issue('OUT_OF_RANGE', 'The bed simulation produced non-finite numbers for these inputs', 'Use physically sized bed, flow and concentration', 'flow_m3s')] };
  const dt = simTime / nTimeSteps;
  const warnings: Warning[] = [];
  const cellFrontTime = r.stoichiometricTime_s / nCells;
  if (dt > cellFrontTime) warnings.push(warning('CONVERGENCE_WARNING', `The time step (${dt.toPrecision(3)} s) is longer than the stoichiometric front needs to cross one cell (${cellFrontTime.toPrecision(3)} s): the breakthrough curve is resolved coarsely; raise nTimeSteps`));
  if (r.breakthroughTime_s === undefined) warnings.push(warning('MODEL_LIMITATION', `The outlet did not reach ${frac} × inlet within ${simTime.toPrecision(4)} s: raise simTime_s`));
  if (r.cOutlet_mol_m3[1] >= frac * input.cInlet_molm3!) warnings.push(warning('MODEL_LIMITATION', 'The outlet exceeds the breakthrough fraction from the first step: the bed is too short or too slow (first-order rate) for this flow'));
  const dz = input.height_m! / nCells;
  return {
    ok: true,
    iterations: nTimeSteps,
    warnings,
    assumptions: [
      '1-D isothermal plug flow at constant actual gas flow, no axial dispersion, clean bed at t = 0, constant inlet concentration',
      'Rate r = ε·k·C·(1 − q/q_cap) per bed volume: first order in the gas concentration and in the unreacted capacity, q_cap = loading/stoichiometricRatio',
      `Finite volumes (first-order upwind, ${nCells} cells) with backward Euler (${nTimeSteps} steps of ${dt.toPrecision(4)} s); every cell solved in closed form, mass conserved to rounding`,
      input.simTime_s === undefined ? 'simTime_s defaulted to twice the sharp-front breakthrough time' : `simTime_s ${simTime} s`,
    ],
    limitations: ['No external film or intraparticle diffusion resistance beyond the lumped rate k, no heat of reaction, no pressure drop, no competitive adsorption (e.g. CO2) or moisture effects'],
    data: {
      analysis: 'packedBedScavenger',
      bed: { area_m2: r.bedArea_m2, volume_m3: r.bedVolume_m3, solidMass_kg: r.solidMass_kg, capacity_mol: r.capacity_mol, superficialVelocity_ms: r.superficialVelocity_m_s, emptyBedContactTime_s: r.emptyBedContactTime_s },
      stoichiometricTime_s: r.stoichiometricTime_s,
      sharpFrontBreakthroughTime_s: r.sharpFrontBreakthrough_s,
      breakthroughReached: r.breakthroughTime_s !== undefined,
      ...(r.breakthroughTime_s !== undefined ? { breakthroughTime_s: r.breakthroughTime_s, breakthroughTime_days: r.breakthroughTime_s / 86400, utilisationAtBreakthrough: r.utilisationAtBreakthrough! } : {}),
      utilisationAtEnd: r.utilisationAtEnd,
      massBalance: { fed_mol: r.fed_mol, captured_mol: r.captured_mol, gasHoldup_mol: r.gasHoldup_mol, out_mol: r.out_mol, residual_mol: r.massBalanceResidual_mol },
      outletHistory: r.time_s.map((t, i) => ({ time_s: t, cOutlet_molm3: r.cOutlet_mol_m3[i], cOverCin: r.cOutlet_mol_m3[i] / input.cInlet_molm3! })),
      conversionProfile: r.conversionProfile.map((x, i) => ({ z_m: (i + 0.5) * dz, conversion: x })),
      timeStep_s: dt,
    },
  };
}
