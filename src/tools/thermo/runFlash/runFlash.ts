/**
 * runFlash (core, CALCULATION, v1.0, auto-validated 'flash'): TP, PH, PS and TV flashes and
 * bubble/dew points of a mixture with any registered model (SRK, PR, CPA, GERG-2008: stability
 * analysis, two- and optionally three-phase split; PH and PS solve the temperature over the TP
 * flash, TV the pressure; saturation points report the state at the converged T or P), or the
 * homogeneous GERG-2008 state ("singlePhase": true), with per-phase thermodynamic and transport
 * properties.
 * Input and output follow seed 001 (flash format); the payload is also copied to the legacy
 * top-level `flash` and `fluid` fields.
 */
import { createFluid, type Fluid, flashPH, flashPS, flashReport, flashTP, flashTV, STATE_FLASH_T_MAX, STATE_FLASH_T_MIN, TV_FLASH_P_MAX, TV_FLASH_P_MIN, type FlashOutcome, type FlashReport, type FlashResult, type FluidModelName } from '../../../engine/index.js';
import { failure, success, type Envelope, type Warning } from '../../contract/envelope.js';
import { defineTool } from '../../contract/types.js';
import { RunFlashInput, RunFlashOutput } from './schema.js';
import { parseFlashRequest, type FlashRequest } from './request.js';
import { buildFlashData } from './response.js';
import { flashWarnings } from './warnings.js';
import { gergSinglePhaseReport } from './gerg.js';
import { RUN_FLASH_EXAMPLES } from './examples.js';
import { IMPLEMENTED_FLASH_TYPES, IMPLEMENTED_FLASH_TYPE_ALIASES, isSaturationFlashType } from './flash-types.js';
import { runSaturation, SATURATION_ASSUMPTIONS } from './saturation.js';
import { issue } from '../../contract/envelope.js';
import { FLASH_MODELS } from '../../contract/flash-models.js';
import { PCSAFT_PARAMETER_CAVEATS, PCSAFT_QUANTUM_GASES, pcsaftQuantumGasRefusal } from '../../../engine/pcsaft-fluid.js';
import { warning } from '../../contract/envelope.js';
import { addHydratePhase, HYDRATE_ASSUMPTIONS, HYDRATE_LIMITATIONS, runHydrateTP, type HydrateRun } from './hydrate.js';

const TOOL = 'runFlash';

const CUBIC_ASSUMPTIONS = [
  'Ideal-gas reference state: H = 0 and S = 0 for the ideal gas at 273.15 K (S at 1.01325 bar)',
  'Van der Waals one-fluid (classic) mixing with constant kij from the component database',
  'Peneloux volume shift applied to reported densities and molar volumes only',
  'Phase equilibrium by tangent-plane stability analysis and Gibbs-energy minimisation',
];
const CUBIC_LIMITATIONS = [
  'Cubic EOS: liquid densities within a few % with the volume shift; gas densities a few % off at high pressure',
  'Less accurate for polar/associating compounds (water, glycols, alcohols)',
];

/** Provenance line of a non-default alpha function (the classic one is part of the model's default). */
const ALPHA_ASSUMPTION = {
  'mathias-copeman': 'Alpha function: Mathias–Copeman (1983), α = [1 + c1·s + c2·s² + c3·s³]², s = 1 − √Tr, below Tc and [1 + c1·s]² above, c1–c3 from the component database (SRK: MC1–3, PR: MCPR1–3); components without parameters keep the classic alpha',
  twu: 'Alpha function: Twu et al. (1991), α = Tr^(N(M−1))·exp[L(1 − Tr^(NM))], L, M, N from the component database (SRK fits); components without parameters keep the classic alpha',
} as const;

const CPA_ASSUMPTIONS = [
  'Ideal-gas reference state: H = 0 and S = 0 for the ideal gas at 273.15 K (S at 1.01325 bar)',
  'SRK-CPA (simplified CPA, g = 1/(1 − 1.9η)): fitted a0, b, c1 for water, alcohols, glycols, propane, butanes and H2S, SRK from Tc, Pc, ω for the other components; association schemes 4C (water, glycols), 2B (alcohols), 2A (CO2, H2S: solvation only); Elliott combining rule, CR-1 where the database gives cross values',
  'kij = cpakij + cpakijT·T from the database for every pair (the original applies the T term under its CPA default rule, not under its MCP "classic", which leaves water–methane at kij = −0.83)',
  'Peneloux volume shift (CPA parameters) applied to reported densities and molar volumes only',
  'Phase equilibrium by tangent-plane stability analysis and Gibbs-energy minimisation',
];
const UMR_RULE_ASSUMPTION = {
  umr: 'UMR-PRU (Voutsas et al. 2006): Peng–Robinson with the universal mixing rule, a/(bRT) = Σ x_i a_i/(b_i RT) + (G^E_SG + G^E_UNIFAC,res)/(A·RT), A = −0.53087, b = ΣΣ x_i x_j b_ij, b_ij = ((√b_i + √b_j)/2)²; UNIFAC groups and the temperature-dependent A, B, C interaction set of the original’s UMR-PRU-MC system',
  classic: 'UMRPRU with the classic mixing rule (the original runner’s default): a = ΣΣ x_i x_j √(a_i a_j)(1 − k_ij) with the PR kij of the component database, b = ΣΣ x_i x_j b_ij, b_ij = ((√b_i + √b_j)/2)²; mixingRule "UMR" selects the universal mixing rule with UNIFAC',
} as const;
const UMR_ASSUMPTIONS = [
  'Ideal-gas reference state: H = 0 and S = 0 for the ideal gas at 273.15 K (S at 1.01325 bar)',
  'Alpha: Mathias–Copeman with the PR set (MCPR1–3) below Tc, classic PR above Tc, as the original’s UMRPRU',
  'Peneloux (PR) volume shift applied to reported densities and molar volumes only',
  'Phase equilibrium by tangent-plane stability analysis and Gibbs-energy minimisation',
];
const UMR_LIMITATIONS = ['Only components with a UMR-PRU UNIFAC group assignment (the original’s table): hydrogen, helium, amines other than MDEA and others are refused'];
const PCSAFT_ASSUMPTIONS = [
  'Ideal-gas reference state: H = 0 and S = 0 for the ideal gas at 273.15 K (S at 1.01325 bar)',
  'PC-SAFT (Gross & Sadowski 2001): hard chain + dispersion with m, σ, ε/k from the component database (CO2: Gross & Sadowski 2001’s set, the database’s puts its critical point near 133 K); σ_ij = (σ_i + σ_j)/2, ε_ij = √(ε_i ε_j)(1 − k_ij), k_ij from the database (0 where it has none)',
  'Association (Gross & Sadowski 2002) for water (2B), alcohols (2B), glycols and amines (4C) and acids (1A), ε_ij = (ε_i + ε_j)/2 and κ_ij by Wolbach–Sandler for unlike pairs',
  'No volume shift: reported densities are the equation of state’s',
  'Phase equilibrium by tangent-plane stability analysis and Gibbs-energy minimisation',
];
const PCSAFT_LIMITATIONS = ['Composition second derivatives are central differences of analytic fugacities (about 1e-9 relative)', 'No polar (dipole/quadrupole) terms; no electrolytes'];
const GERG_ASSUMPTIONS = [
  'GERG-2008 (Kunz & Wagner 2012): multiparameter Helmholtz-energy equation with its own reducing functions and departure functions; no adjustable kij',
  'H and S on GERG-2008’s own datum (ideal gas, H = 0 and S = 0 at 298.15 K and 101.325 kPa), with its Jaeschke–Schley ideal-gas part',
  'Phase equilibrium by tangent-plane stability analysis and Gibbs-energy minimisation on the GERG-2008 Helmholtz energy (fugacities and composition derivatives from its reducing functions)',
];
const GERG_LIMITATIONS = ['GERG-2008 covers 21 natural-gas components; normal range 90–450 K up to 35 MPa (uncertainty grows outside it)', 'No volume shift (GERG-2008 densities are reported as computed)'];
const GERG_SINGLE_ASSUMPTIONS = [
  'GERG-2008 (Kunz & Wagner 2012) homogeneous single-phase state at (T, P) ("singlePhase": true, the NIST AGA8/GERG code and ISO 20765-2); H and S on GERG-2008’s own datum (ideal gas at 298.15 K, 101.325 kPa)',
  'Phase check by a GERG-2008 TP flash of the same feed (a MODEL_LIMITATION warning when it splits)',
];

const CPA_LIMITATIONS = ['CLASSIC_TX_CPA with MEG–methane, TEG–methane or TEG–water (composition-dependent kij) is not implemented', 'No electrolytes (salts)'];

/** Fix hint of a failed PH/PS/TV flash: most failures are a spec the fluid cannot reach. */
function stateFlashFix(req: FlashRequest): string {
  const spec = req.spec!;
  if (spec.kind === 'volume') {
    return (
      `Check the molar volume and its unit (${spec.given.value} ${spec.given.unit} is ${spec.value.toPrecision(8)} m3/mol per mole of feed): the state must lie between ${TV_FLASH_P_MIN} Pa and ${TV_FLASH_P_MAX / 1e5} bara at this temperature, and a volume below the liquid's is out of reach. ` +
      'Take the spec from a runFlash TP result of the same fluid and model (properties.overall.molarVolume), or give a pressure close to the answer as the initial guess'
    );
  }
  const molarUnit = spec.kind === 'enthalpy' ? 'J/mol' : 'J/(mol·K)';
  const converted = /kg/.test(spec.given.unit) ? ` (${spec.given.value} ${spec.given.unit} is ${spec.value.toPrecision(8)} ${molarUnit} with the feed molar mass)` : '';
  const datum = spec.kind === 'enthalpy' ? 'H = 0 for the ideal gas at 273.15 K' : 'S = 0 for the ideal gas at 273.15 K and 1.01325 bara';
  return (
    `Check the ${spec.kind} value, its sign and its unit${converted}: the datum is ${datum}, and the state must lie between ${STATE_FLASH_T_MIN} and ${STATE_FLASH_T_MAX} K at this pressure. ` +
    `Take the spec from a runFlash TP result of the same fluid and model (properties.overall.${spec.kind}), or give a temperature close to the answer as the initial guess`
  );
}

type CubicRun = { ok: true; result: FlashResult; report: FlashReport; hydrate?: Extract<HydrateRun, { ok: true }>; saturation?: { warnings: Warning[]; notes: string[] } } | { ok: false; env: Envelope<never> };

/**
 * SRK/PR models reused across calls, by model, alpha function and component list: building one
 * (database kij lookups, parameters) costs about a tenth of a small TP flash, and a CubicModel
 * holds nothing a flash changes (its per-temperature evaluation is immutable but for per-call
 * scratch). Only the feed differs between calls; it is normalised here as createCubicFluid does.
 */
const cubicFluids = new Map<string, Fluid>();
/** The cache is cleared when it holds this many fluids (arbitrary component lists cannot grow it without bound). */
const MAX_CACHED_FLUIDS = 64;

function fluidFor(req: FlashRequest): Fluid {
  if (req.model !== 'SRK' && req.model !== 'PR') return createFluid(req.model, req.components, req.z, req.alphaFunction, { umrAttraction: req.umrAttraction });
  let key = `${req.model}|${req.alphaFunction}`;
  for (const c of req.components) key += `|${c.name}`;
  const hit = cubicFluids.get(key);
  if (hit !== undefined && hit.components.length === req.components.length && hit.components.every((c, i) => c === req.components[i])) {
    const z = new Float64Array(req.z.length);
    let s = 0;
    for (let i = 0; i < z.length; i++) s += req.z[i];
    for (let i = 0; i < z.length; i++) z[i] = req.z[i] / s;
    return { ...hit, z };
  }
  const fluid = createFluid(req.model, req.components, req.z, req.alphaFunction, { umrAttraction: req.umrAttraction });
  if (cubicFluids.size >= MAX_CACHED_FLUIDS) cubicFluids.clear();
  cubicFluids.set(key, fluid);
  return fluid;
}

function cubicRun(req: FlashRequest): CubicRun {
  const fluid = fluidFor(req);
  const options = { multiPhaseCheck: req.multiPhaseCheck };
  if (req.flashType === 'hydrateTP') {
    const h = runHydrateTP(fluid, req.temperature, req.pressure);
    if (!h.ok) return { ok: false, env: failure(TOOL, 'compute', [h.issue], 'flash') };
    return { ok: true, result: h.fluid, report: flashReport(fluid.model, h.fluid), hydrate: h };
  }
  if (isSaturationFlashType(req.flashType)) {
    const sat = runSaturation(req.flashType, fluid.model, fluid.z, req.temperature, req.pressure);
    if (!sat.ok) return { ok: false, env: failure(TOOL, 'compute', [sat.issue], 'flash') };
    return { ok: true, result: sat.result, report: flashReport(fluid.model, sat.result), saturation: { warnings: sat.warnings, notes: sat.notes } };
  }
  let out: FlashOutcome;
  if (req.flashType === 'PH') out = flashPH(fluid.model, req.pressure, req.spec!.value, fluid.z, { ...options, T0: req.temperature });
  else if (req.flashType === 'PS') out = flashPS(fluid.model, req.pressure, req.spec!.value, fluid.z, { ...options, T0: req.temperature });
  else if (req.flashType === 'TV') out = flashTV(fluid.model, req.temperature, req.spec!.value, fluid.z, { ...options, ...(req.pressureGiven ? { P0: req.pressure } : {}) });
  else out = flashTP(fluid.model, req.temperature, req.pressure, fluid.z, options);
  if (!out.ok) {
    const fix =
      req.spec !== undefined
        ? stateFlashFix(req)
        : out.code === 'FLASH_NOT_CONVERGED'
          ? 'The state is probably very close to a critical point or phase boundary: move T or P slightly, or try the other cubic model'
          : 'Check temperature, pressure and composition';
    return { ok: false, env: failure(TOOL, 'compute', [{ severity: 'error', code: out.code, message: out.message, fix }], 'flash') };
  }
  return { ok: true, result: out.result, report: flashReport(fluid.model, out.result) };
}

/** The first non-finite entry of named values, if any. */
function firstNonFiniteName(values: Record<string, number>): string | undefined {
  for (const k in values) if (!Number.isFinite(values[k])) return k;
  return undefined;
}

/** Name of the first reported quantity that is not a finite number, if any. */
function firstNonFinite(report: FlashReport): string | undefined {
  const o = report.overall;
  const bad = firstNonFiniteName({ density: o.density, molarMass: o.molarMass, enthalpy: o.enthalpy, entropy: o.entropy });
  if (bad !== undefined) return `overall ${bad}`;
  for (const p of report.phases) {
    const t = p.thermo;
    const values = { beta: p.state.beta, density: t.density, Z: t.Z, enthalpy: t.enthalpy, entropy: t.entropy, Cp: t.cp, Cv: t.cv, speedOfSound: t.speedOfSound, jouleThomson: t.jouleThomson, molarVolume: t.molarVolume };
    const k = firstNonFiniteName(values);
    if (k !== undefined) return `${p.state.label} ${k}`;
  }
  return undefined;
}

/** MODEL_LIMITATION warnings for components whose PC-SAFT parameters describe them poorly. */
function pcsaftCaveats(req: FlashRequest): Warning[] {
  if (req.model !== 'PCSAFT') return [];
  return req.components
    .filter((c) => Object.hasOwn(PCSAFT_PARAMETER_CAVEATS, c.name))
    .map((c) => warning('MODEL_LIMITATION', `PC-SAFT parameters of ${c.name} from the component database: ${PCSAFT_PARAMETER_CAVEATS[c.name]}; CPA describes it better`))
    .concat(
      req.components
        .filter((c) => Object.hasOwn(PCSAFT_QUANTUM_GASES, c.name))
        .map((c) => warning('MODEL_LIMITATION', `${c.name} is a quantum gas: PC-SAFT treats it classically, fit only as a gas-phase component above ${PCSAFT_QUANTUM_GASES[c.name].minT_K} K (${PCSAFT_QUANTUM_GASES[c.name].caveat}); its solubility in liquids rests on the database kij`)),
    );
}

/** 422 UNSUPPORTED_COMPONENT when a PC-SAFT fluid holds a quantum gas below the temperature its parameters allow. */
function pcsaftQuantumGasFailure(req: FlashRequest, T: number): Envelope<RunFlashOutput> | undefined {
  if (req.model !== 'PCSAFT') return undefined;
  const refused = pcsaftQuantumGasRefusal(req.components, req.z, T);
  if (refused === undefined) return undefined;
  return failure(TOOL, 'compute', [issue('UNSUPPORTED_COMPONENT', refused.message, refused.component === 'neon' ? 'Use SRK or PR for neon below its triple point' : `Use GERG2008 (its ${refused.component} equation holds down to the liquid) for ${refused.component} at this temperature`, `components.${refused.component}`)], 'flash');
}

export function runFlash(input: unknown): Envelope<RunFlashOutput> {
  const started = performance.now();
  const parsed = parseFlashRequest(input, FLASH_MODELS);
  if (!parsed.ok) return failure(TOOL, parsed.kind, parsed.issues);
  const req = parsed.request;

  let report: FlashReport;
  let result: FlashResult | undefined;
  let hydrate: Extract<HydrateRun, { ok: true }> | undefined;
  let saturationWarnings: Warning[] = [];
  const assumptions: string[] = [];
  const limitations: string[] = [];
  if (req.model === 'GERG2008' && req.singlePhase) {
    const g = gergSinglePhaseReport(req);
    if (!g.ok) return failure(TOOL, 'compute', g.issues, 'flash');
    report = g.report;
    saturationWarnings = g.warnings;
    assumptions.push(...GERG_SINGLE_ASSUMPTIONS);
    limitations.push('Single phase only (singlePhase option); GERG-2008 covers 21 natural-gas components');
  } else {
    // Fixed-temperature flash types are refused before the flash; a solved temperature after it.
    const fixedT = req.flashType !== 'PH' && req.flashType !== 'PS' && req.flashType !== 'dewPointT' && req.flashType !== 'bubblePointT';
    const early = fixedT ? pcsaftQuantumGasFailure(req, req.temperature) : undefined;
    if (early !== undefined) return early;
    const c = cubicRun(req);
    if (!c.ok) return c.env;
    const late = pcsaftQuantumGasFailure(req, c.result.T);
    if (late !== undefined) return late;
    result = c.result;
    report = c.report;
    hydrate = c.hydrate;
    saturationWarnings = c.saturation?.warnings ?? [];
    assumptions.push(...(c.saturation?.notes ?? []));
    assumptions.push(...(req.model === 'CPA' ? CPA_ASSUMPTIONS : req.model === 'GERG2008' ? GERG_ASSUMPTIONS : req.model === 'UMRPRU' ? UMR_ASSUMPTIONS : req.model === 'PCSAFT' ? PCSAFT_ASSUMPTIONS : CUBIC_ASSUMPTIONS));
    if (req.model === 'UMRPRU') assumptions.push(UMR_RULE_ASSUMPTION[req.umrAttraction ?? 'classic']);
    if (req.alphaFunction !== 'classic') assumptions.push(ALPHA_ASSUMPTION[req.alphaFunction]);
    limitations.push(...(req.model === 'CPA' ? CPA_LIMITATIONS : req.model === 'GERG2008' ? GERG_LIMITATIONS : req.model === 'UMRPRU' ? UMR_LIMITATIONS : req.model === 'PCSAFT' ? PCSAFT_LIMITATIONS : CUBIC_LIMITATIONS));
    if (hydrate !== undefined) {
      assumptions.push(...HYDRATE_ASSUMPTIONS);
      limitations.push(...HYDRATE_LIMITATIONS);
    }
    if (req.spec?.kind === 'volume') {
      assumptions.push(
        'TV flash: pressure solved at fixed temperature until the β-weighted molar volume (Peneloux-shifted, as reported) equals the spec within 1e-10 relative; a pure component inside its two-phase region is resolved at its vapour pressure by the lever rule on volume',
      );
    } else if (req.spec !== undefined) {
      assumptions.push(
        `${req.flashType} flash: temperature solved at fixed pressure until the β-weighted ${req.spec.kind} equals the spec within 1e-10 relative; a pure component inside its two-phase region is resolved at its saturation temperature by the lever rule`,
      );
    }
    if (isSaturationFlashType(req.flashType)) {
      assumptions.push(
        SATURATION_ASSUMPTIONS[req.flashType],
        'Saturation point: fugacities of the feed and the incipient phase equal (successive substitution, |ln Σ| < 1e-11); the incipient phase is reported at phase fraction 1e-10',
      );
      limitations.push('Two-phase saturation point: a third phase (second liquid, water) is not considered');
    } else if (!req.multiPhaseCheck && hydrate === undefined) limitations.push('At most two phases (multiPhaseCheck off)');
    else assumptions.push('Multiphase check on: up to four phases (gas, liquid hydrocarbon phases, aqueous)');
  }

  const bad = firstNonFinite(report);
  if (bad !== undefined) {
    // A number that is not finite is never reported as if it were a result.
    return failure(TOOL, 'compute', [{ severity: 'error', code: 'FLASH_ERROR', message: `The ${bad} is not a finite number at these conditions`, fix: 'The state is outside what the model can describe (e.g. a mechanically unstable root): check T, P and composition' }], 'flash');
  }
  // PH/PS/TV and saturation points: the state is at the solved temperature or pressure; the
  // input value was only the first guess.
  const solved: FlashRequest = result !== undefined && (result.T !== req.temperature || result.P !== req.pressure) ? { ...req, temperature: result.T, pressure: result.P } : req;
  const ctx = { model: req.model, flashType: req.flashType, temperature: solved.temperature, pressure: solved.pressure, reported: req.reported, names: req.components.map((c) => c.name) };
  const data = buildFlashData(ctx, report);
  if (hydrate !== undefined) {
    addHydratePhase(data, ctx, hydrate, req.components.map((c) => c.molarMass));
    data.hydrate = hydrate.block;
  }
  const phaseResult: FlashResult = result ?? { T: req.temperature, P: req.pressure, z: Float64Array.from(req.z), phases: report.phases.map((p) => p.state), iterations: 0, stabilityTm: 0, method: 'gerg-single-phase (singlePhase option)' };
  return success({
    tool: TOOL,
    data,
    legacy: { flash: data.flash, fluid: data.fluid },
    warnings: [...flashWarnings(solved, phaseResult, report), ...(hydrate?.warnings ?? []), ...saturationWarnings, ...pcsaftCaveats(req)],
    provenance: {
      model: req.model,
      flashType: req.flashType,
      calculationType: `${req.flashType} flash`,
      mixingRule: req.model === 'CPA' ? 'classic-T (CPA: kij = cpakij + cpakijT·T)' : req.model === 'GERG2008' ? 'GERG-2008 reducing and departure functions' : req.model === 'UMRPRU' && req.umrAttraction === 'umr' ? 'UMR (universal mixing rule with UNIFAC)' : req.model === 'PCSAFT' ? 'PC-SAFT one-fluid (Lorentz–Berthelot with kij)' : 'classic',
      convergence: { converged: true, iterations: phaseResult.iterations, message: `${phaseResult.method}: ${report.phases.length} phase(s)` },
      assumptions,
      limitations,
      computationTimeMs: performance.now() - started,
    },
    validationMessage: 'Input checked; flash converged',
  });
}

export const runFlashTool = defineTool({
  name: TOOL,
  tier: 'core',
  category: 'CALCULATION',
  since: 'v1.0',
  summary: 'Phase equilibrium of a mixture (SRK, PR, CPA, GERG-2008, PC-SAFT, UMR-PRU): TP, PH, PS, TV flashes, dew and bubble points, hydrate TP; phases and their properties.',
  description:
    `Phase equilibrium (flash) of a mixture. Implemented flash types: ${IMPLEMENTED_FLASH_TYPES.join(', ')}; aliases ${IMPLEMENTED_FLASH_TYPE_ALIASES.join(', ')} are normalised to the short names. ` +
    'hydrateTP (water and a hydrate former in the feed): a TP flash in which a gas hydrate (sI or sII, van der Waals–Platteeuw) may form; the hydrate is one more phase, "gas hydrate", with its amount, composition and density, and data.hydrate gives presence, structure, the formation temperature at this pressure, subcooling and cavity occupancies. ' +
    'Bubble/dew points (every model): dewPointT and bubblePointT solve the temperature at the given pressure, dewPointP and bubblePointP the pressure at the given temperature (the other input is only the initial guess); the converged value is in fluid.conditions.overall.temperature (K) or .pressure (bara), and the incipient phase is reported at phase fraction 1e-10 with its composition. dewPointP returns the lower (normal) dew pressure where there are two. A spec outside the phase envelope gives 422 NO_SATURATION_POINT, never a made-up point. ' +
    'PH needs enthalpy {value, unit} (J/mol, kJ/mol, J/kg, kJ/kg), PS needs entropy {value, unit} (J/molK, kJ/molK, J/kgK, kJ/kgK), per mole or kg of feed on the datum below; temperature is then only the initial guess and the response is the state at the solved temperature. ' +
    'TV needs volume {value, unit} (m3/mol, L/mol, cm3/mol per mole of feed, the Peneloux-shifted molar volume a TP flash reports in properties.overall.molarVolume); pressure is then only the initial guess and the response is the state at the solved pressure. ' +
    'alphaFunction (SRK/PR): "classic" (default, the original\'s), "mathias-copeman" (recommended for water and CO2 vapour pressures) or "twu" (SRK); components without parameters keep the classic alpha with a warning. ' +
    'Models: SRK (default) and PR cubic equations with classic mixing (tangent-plane stability analysis, two-phase split, and a multiphase check for a third phase: on by default when water, glycols or alcohols are present, else set multiPhaseCheck: true); CPA (SRK-CPA: association of water, methanol, ethanol, MEG, DEG, TEG, solvation of CO2 and H2S; the model for water content, inhibitor partitioning and gas solubility in water; kij = cpakij + cpakijT·T); PCSAFT (also PC-SAFT: Gross & Sadowski 2001 with the 2002 association term for water, alcohols, glycols; parameters and kij from the component database; components without PC-SAFT parameters are refused); UMRPRU (UMR-PRU, every flash type: mixingRule "classic", the default as in the original runner, is PR with the Mathias–Copeman alpha and classic kij; "UMR" is the universal mixing rule with UNIFAC; components without a UMR-PRU group assignment give 422 UNSUPPORTED_COMPONENT); or GERG2008 (Kunz & Wagner 2012, ISO 20765-2; its 21 natural-gas components, others are 422 UNSUPPORTED_COMPONENT): phase equilibrium, dew and bubble points from the GERG-2008 Helmholtz energy itself, H and S on its own datum (ideal gas at 298.15 K, 101.325 kPa); "singlePhase": true gives the homogeneous state as the NIST AGA8/GERG code computes it, with a MODEL_LIMITATION warning when GERG-2008 would split the feed. Model names are case-insensitive; GERG-2008, SRK-CPA and Peng-Robinson spellings are accepted. ' +
    'Required: components (name → mole fraction; normalised if the sum is not 1). temperature: number in K or {value, unit} with unit K, C, F, R; pressure: number in bara or {value, unit} with bara, barg, Pa, kPa, MPa, psia, psig, atm (plain "psi" is refused as ambiguous). ' +
    'Returns per phase (gas, oil, aqueous; lightest first): phase fraction, density (Peneloux-corrected for the cubics), Z, molar mass, H, S (datum: ideal gas at 273.15 K; GERG2008 its own), Cp, Cv, speed of sound, Joule–Thomson coefficient, viscosity, thermal conductivity, mole and weight fractions, and interfacial tensions. ' +
    'Pitfalls: a bare temperature number is kelvin; SRK/PR with water or glycols carry a MODEL_LIMITATION warning; near-critical states carry NEAR_CRITICAL.',
  input: RunFlashInput,
  output: RunFlashOutput,
  exampleCategory: 'flash',
  examples: RUN_FLASH_EXAMPLES,
  execution: 'pool',
  autoValidation: 'flash',
  run: (input) => runFlash(input),
});
