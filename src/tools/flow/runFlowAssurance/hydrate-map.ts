/**
 * runFlowAssurance analysis hydrateRiskMap: the hydrate formation temperature of a fluid at each
 * point of a pressure–temperature profile (engine src/engine/hydrate), the subcooling there and a
 * risk level per point and overall.
 *
 * Risk, per point, with subcooling = T_hydrate − T_actual (positive inside the hydrate region):
 *   HIGH   subcooling > 0                   (hydrate is stable: the point is inside the region)
 *   MEDIUM −margin < subcooling ≤ 0         (outside, but closer than the safety margin)
 *   LOW    subcooling ≤ −margin, or no hydrate forms at that pressure in the model's range
 * The margin defaults to 3 K, a common design margin on the hydrate curve; the overall risk is the
 * worst point's.
 */
import { createFluid, type FluidModelName } from '../../../engine/index.js';
import { hydrateFormationTemperature } from '../../../engine/hydrate/hydrate-flash.js';
import { issue, warning, type DiagnosticIssue, type Warning } from '../../contract/envelope.js';
import { equilibriumModelIssue, parseFlashRequest } from '../../thermo/runFlash/request.js';
import { FLASH_MODELS } from '../../contract/flash-models.js';

export const DEFAULT_HYDRATE_MARGIN_K = 3;
export const MAX_PROFILE_POINTS = 200;

export interface ProfilePointInput {
  km?: number;
  pressure_bara: number;
  temperature_C: number;
}

export interface HydrateMapPoint {
  distance_km: number;
  pressure_bara: number;
  actualTemperature_C: number;
  /** Absent where no hydrate forms at this pressure within the model's range. */
  hydrateTemperature_C?: number;
  subcooling_C?: number;
  structure?: 'sI' | 'sII';
  riskLevel: 'HIGH' | 'MEDIUM' | 'LOW';
}

export type HydrateMapOutcome =
  | { ok: true; results: Record<string, number | string | boolean>; profile: HydrateMapPoint[]; warnings: Warning[]; assumptions: string[] }
  | { ok: false; issues: DiagnosticIssue[] };

const RANK = { LOW: 0, MEDIUM: 1, HIGH: 2 } as const;

export function hydrateRiskMap(input: {
  components?: Record<string, number>;
  model?: string;
  profilePoints?: ProfilePointInput[];
  temperature_C?: number;
  pressure_bara?: number;
  safetyMargin_C?: number;
}): HydrateMapOutcome {
  const issues: DiagnosticIssue[] = [];
  if (input.components === undefined) issues.push(issue('MISSING_COMPONENTS', 'The hydrate risk map needs the fluid composition, water included', 'Add "components", e.g. {"methane": 0.85, "ethane": 0.07, "propane": 0.03, "water": 0.05}', 'components'));
  const points = input.profilePoints ?? (input.temperature_C !== undefined && input.pressure_bara !== undefined ? [{ km: 0, pressure_bara: input.pressure_bara, temperature_C: input.temperature_C }] : undefined);
  if (points === undefined || points.length === 0) {
    issues.push(issue('MISSING_FIELD', 'The hydrate risk map needs profilePoints [{km, pressure_bara, temperature_C}], or one point as temperature_C and pressure_bara', 'Add "profilePoints" along the line, or "temperature_C" and "pressure_bara"', 'profilePoints'));
  }
  if (issues.length > 0) return { ok: false, issues };
  const p = parseFlashRequest({ model: input.model, components: input.components, flashType: 'TP' }, FLASH_MODELS);
  if (!p.ok) return { ok: false, issues: p.issues };
  const cubic = equilibriumModelIssue(p.request.model, 'The hydrate risk map');
  if (cubic) return { ok: false, issues: [cubic] };
  const fluid = createFluid(p.request.model as FluidModelName, p.request.components, p.request.z);
  const margin = input.safetyMargin_C ?? DEFAULT_HYDRATE_MARGIN_K;

  const profile: HydrateMapPoint[] = [];
  const warnings: Warning[] = [...p.request.warnings];
  let notFound = 0;
  for (const pt of points!) {
    const out: HydrateMapPoint = { distance_km: pt.km ?? 0, pressure_bara: pt.pressure_bara, actualTemperature_C: pt.temperature_C, riskLevel: 'LOW' };
    const r = hydrateFormationTemperature(fluid.model, pt.pressure_bara * 1e5, fluid.z, pt.temperature_C + 273.15);
    if (!r.ok && r.code === 'NO_HYDRATE_SYSTEM') {
      return { ok: false, issues: [issue('NO_HYDRATE_SYSTEM', `No hydrate can form: ${r.message}`, 'Include the water the line carries (free water, or the water content of a saturated gas) and the hydrate formers', 'components')] };
    }
    if (!r.ok && r.code !== 'NO_HYDRATE_POINT') {
      return { ok: false, issues: [issue(r.code, `Hydrate temperature at km ${out.distance_km}, ${pt.pressure_bara} bara: ${r.message}`, 'Check the composition and the profile point')] };
    }
    if (r.ok) {
      out.hydrateTemperature_C = r.temperature - 273.15;
      out.subcooling_C = out.hydrateTemperature_C - pt.temperature_C;
      out.structure = r.structure;
      out.riskLevel = out.subcooling_C > 0 ? 'HIGH' : out.subcooling_C > -margin ? 'MEDIUM' : 'LOW';
    } else notFound++;
    profile.push(out);
  }
  const worst = profile.reduce<HydrateMapPoint['riskLevel']>((w, pt) => (RANK[pt.riskLevel] > RANK[w] ? pt.riskLevel : w), 'LOW');
  const sub = profile.filter((pt) => pt.subcooling_C !== undefined).map((pt) => pt.subcooling_C!);
  const results: Record<string, number | string | boolean> = {
    overallRisk: worst,
    criticalPointCount: profile.filter((pt) => pt.riskLevel === 'HIGH').length,
    marginPointCount: profile.filter((pt) => pt.riskLevel === 'MEDIUM').length,
    totalPoints: profile.length,
    safetyMargin_C: margin,
  };
  if (sub.length > 0) {
    const maxSub = Math.max(...sub);
    results.maximumSubcooling_C = maxSub;
    results.mostCriticalDistance_km = profile.find((pt) => pt.subcooling_C === maxSub)!.distance_km;
  }
  if (notFound > 0) warnings.push(warning('HYDRATE_APPROXIMATE', `At ${notFound} point(s) no hydrate forms at that pressure between 235 and 340 K; those points are LOW risk and carry no hydrate temperature`));
  warnings.push(
    warning(
      'HYDRATE_APPROXIMATE',
      p.request.model === 'CPA'
        ? 'Hydrate temperatures from the van der Waals–Platteeuw model with the GF Langmuir constants on an SRK-CPA fluid, as the original NeqSim; measured by this server against a published methane-hydrate curve only (getBenchmarkTrust, runFlash); no ice phase'
        : 'Hydrate temperatures from the van der Waals–Platteeuw model with fitted Langmuir constants (Munck et al. 1988) on an SRK/PR fluid; measured by this server against a published methane-hydrate curve only (getBenchmarkTrust, runFlash); no ice phase; use model CPA for methanol or glycol inhibitors',
    ),
  );
  return {
    ok: true,
    results,
    profile,
    warnings,
    assumptions: [
      `Hydrate formation temperature of the given composition at each point's pressure (${p.request.model}, van der Waals–Platteeuw, sI and sII; ${p.request.model === 'CPA' ? 'GF parameters with CPA' : 'PVTsim parameters with SRK/PR'})`,
      `Risk per point: HIGH inside the hydrate region (subcooling > 0), MEDIUM within ${margin} K of it, LOW beyond; overall = the worst point`,
    ],
  };
}
