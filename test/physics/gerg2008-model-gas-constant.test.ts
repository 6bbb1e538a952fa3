/**
 * GERG-2008 through the generic engine with GERG-2008's own gas constant (8.314472; the engine's
 * is 8.3144621): the model's F carries the rescaling documented at R_SCALE in
 * src/engine/reference-eos/gerg2008-model.ts, so the generic properties equal the reference path
 * (gerg2008State, the NIST AGA8/GERG algorithm) to round-off: density, H, Cp, Cv, speed of sound,
 * Joule–Thomson. Two differences are by construction and checked exactly: S (and the chemical
 * potentials) lack the mixing term's share (R_G − R)·Σ x ln x, and the engine's Z = PV/(nRT) is
 * (R_G/R)·Z_GERG. Derivatives against finite differences, ln φ against F and the Euler relation
 * are checked in gerg2008-model.test.ts with the same model.
 */
import t from 'tap';
import { R } from '../../src/engine/eos/constants.js';
import { R_GERG } from '../../src/engine/reference-eos/gerg2008-data.js';
import { gerg2008State } from '../../src/engine/reference-eos/index.js';
import { phaseThermo } from '../../src/engine/properties/thermo.js';
import { createFluid, resolveComponents } from '../../src/engine/index.js';
import { runTool } from '../../src/index.js';

const GAS = {
  methane: 0.775367, ethane: 0.079763, propane: 0.061034, 'i-butane': 0.013757, 'n-butane': 0.021448, 'i-pentane': 0.004359,
  'n-pentane': 0.005277, 'n-hexane': 0.001334, nitrogen: 0.012637, CO2: 0.025024,
};
const rel = (a: number, b: number) => Math.abs(a - b) / Math.abs(b);

t.test('engine GERG-2008 model = the reference path to round-off (10-component gas, 4 states)', async (t) => {
  const names = Object.keys(GAS);
  const r = resolveComponents(names);
  if (!r.ok) throw new Error('components');
  const f = createFluid('GERG2008', r.components, Object.values(GAS));
  let sumXlnX = 0;
  for (const x of f.z) sumXlnX += x * Math.log(x);
  for (const [T, P] of [[343.59, 52.856e5], [290, 80e5], [250, 200e5], [400, 10e5]] as const) {
    const at = f.model.atTemperature(T);
    const v = at.molarVolume(P, f.z, 'stable');
    const ref = gerg2008State(T, P, GAS, { densitySearch: 'stable' });
    if (!ref.ok) throw new Error('reference state');
    const th = phaseThermo(f.model, at, P, f.z, v);
    const s = `${T} K, ${P / 1e5} bar`;
    t.ok(rel(1 / v, ref.density) < 1e-12, `${s}: molar density ${(1 / v).toFixed(6)} = ${ref.density.toFixed(6)} mol/m3 (${rel(1 / v, ref.density).toExponential(1)})`);
    t.ok(Math.abs(th.enthalpy - ref.H) < 1e-8 * Math.max(1, Math.abs(ref.H)), `${s}: H ${th.enthalpy} = ${ref.H} J/mol`);
    t.ok(rel(th.cp, ref.Cp) < 1e-12, `${s}: Cp`);
    t.ok(rel(th.cv, ref.Cv) < 1e-12, `${s}: Cv`);
    t.ok(rel(th.speedOfSound, ref.w) < 1e-12, `${s}: speed of sound`);
    t.ok(rel(th.jouleThomson, ref.JT) < 1e-12, `${s}: Joule–Thomson`);
    // By construction: the mixing term (R_G − R)·Σ x ln x is left out of S (see R_SCALE).
    t.ok(Math.abs(th.entropy - ref.S - (R_GERG - R) * sumXlnX) < 1e-10, `${s}: S − S_ref = (R_G − R)·Σ x ln x = ${((R_GERG - R) * sumXlnX).toExponential(3)} J/(mol·K)`);
    // The engine's Z is PV/(nRT) with its own R.
    t.ok(rel((P * v) / (R * T), (R_GERG / R) * ref.Z) < 1e-12, `${s}: engine Z = (R_G/R)·Z_GERG`);
  }
});

t.test('runFlash GERG2008: the full model and singlePhase give the same density', async (t) => {
  for (const [T, P] of [[343.59, 52.856], [400, 10], [300, 150]] as const) {
    const input = { model: 'GERG2008', temperature: { value: T, unit: 'K' }, pressure: { value: P, unit: 'bara' }, flashType: 'TP', components: GAS };
    const full = await runTool('runFlash', input);
    const single = await runTool('runFlash', { ...input, singlePhase: true });
    t.equal(full.status, 'success');
    t.equal(single.status, 'success');
    t.equal((full.data as any).flash.numberOfPhases, 1, 'one phase (else the overall density differs)');
    const a = (full.data as any).fluid.properties.density_kgm3;
    const b = (single.data as any).fluid.properties.density_kgm3;
    t.ok(rel(a, b) < 1e-12, `${T} K, ${P} bar: ${a} = ${b} kg/m3`);
  }
});
