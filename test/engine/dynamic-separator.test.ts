/**
 * Dynamic separator (src/engine/dynamic/): valve equations against IEC 60534-2-1 worked by hand,
 * PI anti-windup, the initial state is a steady state, conservation under a feed step, and the
 * second-order time-step convergence of the open-loop response.
 */
import t from 'tap';
import { solveFlowsheet } from '../../src/engine/index.js';
import { readProcessDefinition } from '../../src/tools/process/runProcess/definition.js';
import { gasValveFlow, liquidValveFlow, sizeGasValve } from '../../src/engine/dynamic/valves.js';
import { PiController } from '../../src/engine/dynamic/pi-controller.js';
import { dynamicTopology, upstreamInflow } from '../../src/engine/dynamic/flowsheet-link.js';
import { setupSeparator, type SetupOptions } from '../../src/engine/dynamic/setup.js';
import { simulateSeparator, type DynamicEvent } from '../../src/engine/dynamic/separator-dynamics.js';

t.test('IEC 60534-2-1 valve equations, worked by hand', (t) => {
  // Liquid, eq. (1): Q = N1·C·√(Δp/(ρ/ρ0)); water (ρ = ρ0), Cv 10, Δp = 100 kPa → 0.0865·10·10 = 8.65 m3/h.
  t.ok(Math.abs(liquidValveFlow(10, 2e5, 1e5, 999.1) * 3600 - 8.65) < 1e-12, 'water, 1 bar, Cv 10: 8.65 m3/h');
  // A liquid of relative density 0.25 passes twice the volume.
  t.ok(Math.abs(liquidValveFlow(10, 2e5, 1e5, 999.1 / 4) * 3600 - 17.3) < 1e-12, 'ρ/ρ0 = 1/4: 17.3 m3/h');
  // Gas, eq. (8): W = N6·C·Y·√(x·p1·ρ1); Cv 10, p1 1000 kPa, p2 800 kPa, ρ1 10 kg/m3, γ 1.4, xT 0.72:
  // x = 0.2, Y = 1 − 0.2/(3·0.72) = 0.907407…, W = 2.73·10·0.907407·√2000 = 1107.85 kg/h.
  const Y = 1 - 0.2 / (3 * 0.72);
  const w = 2.73 * 10 * Y * Math.sqrt(0.2 * 1000 * 10);
  t.ok(Math.abs(gasValveFlow(10, 0.72, 10e5, 8e5, 10, 1.4) * 3600 - w) < 1e-9, `gas, not choked: ${w.toFixed(2)} kg/h`);
  t.ok(Math.abs(w - 1107.85) < 0.01, "the hand figure, 1107.85 kg/h");
  // Choked: x capped at Fγ·xT = 0.72 (γ = 1.4), Y = 2/3: W = 2.73·10·(2/3)·√7200 = 1544.3 kg/h, for any lower p2.
  const wc = 2.73 * 10 * (2 / 3) * Math.sqrt(0.72 * 1000 * 10);
  t.ok(Math.abs(gasValveFlow(10, 0.72, 10e5, 1e5, 10, 1.4) * 3600 - wc) < 1e-9, `choked: ${wc.toFixed(1)} kg/h`);
  t.equal(gasValveFlow(10, 0.72, 10e5, 0.5e5, 10, 1.4), gasValveFlow(10, 0.72, 10e5, 1e5, 10, 1.4), 'choked flow does not depend on the downstream pressure');
  t.equal(gasValveFlow(10, 0.72, 10e5, 11e5, 10, 1.4), 0, 'no reverse flow');
  t.equal(liquidValveFlow(0, 2e5, 1e5, 800), 0, 'closed valve');
  // Sizing inverts the flow equation.
  const cv = sizeGasValve(0.3, 0.5, 0.72, 10e5, 8e5, 10, 1.3);
  t.ok(Math.abs(gasValveFlow(0.5 * cv, 0.72, 10e5, 8e5, 10, 1.3) - 0.3) < 1e-15, 'sized Cv passes the flow at its opening');
  t.end();
});

t.test('PI controller: bumpless start, clamp and conditional-integration anti-windup', (t) => {
  const c = new PiController({ kp: 1, ti: 10 }, 0.5, 1, 0.5);
  t.equal(c.update(0.5, 1), 0.5, 'no error: output = bias');
  let saturated = true;
  for (let k = 0; k < 100; k++) saturated &&= c.update(1.5, 1) === 1;
  t.ok(saturated, 'a persistent error of +1 holds the output at 1 for 100 samples');
  // Without anti-windup the integral would be ~100 and the output would stay at 1; with it, the
  // first negative error (e = −0.1) gives 0.5 + 1·(−0.1 − 0.1/10) = 0.39 at once.
  t.ok(Math.abs(c.update(0.4, 1) - 0.39) < 1e-15, 'leaves saturation immediately when the error reverses');
  const p = new PiController({ kp: 0, ti: 10 }, 0.5, 1, 0.3);
  t.equal(p.update(0.9, 1), 0.3, 'kp = 0: open loop at the bias');
  t.end();
});

const RICH_SEPARATOR = {
  fluid: { model: 'SRK', temperature: 298.15, pressure: 50, components: { methane: 0.7, ethane: 0.1, propane: 0.08, 'n-butane': 0.05, 'n-hexane': 0.04, 'n-heptane': 0.03 } },
  process: [
    { type: 'Stream', name: 'feed', properties: { flowRate: [10000, 'kg/hr'] } },
    { type: 'Separator', name: 'HP Sep', inlet: 'feed' },
  ],
};

function run(options: SetupOptions, dt: number, steps: number, events: DynamicEvent[]) {
  const def = readProcessDefinition(RICH_SEPARATOR);
  if (!def.ok) throw new Error(JSON.stringify(def.issues));
  const solved = solveFlowsheet(def.definition.units);
  if (!solved.ok) throw new Error(solved.message);
  const topo = dynamicTopology(def.definition.units);
  if (!topo.ok) throw new Error(topo.message);
  const set = setupSeparator(topo.topology, solved, options);
  if (!set.ok) throw new Error(set.message);
  const S = set.setup;
  const series = simulateSeparator({
    model: S.fluid.model,
    multiPhaseCheck: false,
    geometry: S.geometry,
    initial: S.initial,
    inflow: S.inflow,
    feedChange: upstreamInflow(topo.topology, S.fluid),
    gasValve: S.gasValve,
    liquidValve: S.liquidValve,
    openings: S.openings,
    pressureController: S.pressureController,
    levelController: S.levelController,
    timeStep: dt,
    steps,
    events,
  });
  return { S, series };
}

t.test('the initial holdup is a steady state of the model', (t) => {
  const { S, series } = run({}, 5, 40, []);
  t.notOk(series.stopped, 'ran to the end');
  t.ok(Math.abs(S.initial.T / 298.15 - 1) < 1e-9 && Math.abs(S.initial.P / 50e5 - 1) < 1e-9, 'UV flash of the holdup gives the feed T and P');
  t.ok(Math.abs(S.initial.level - 0.5) < 1e-9, 'level 0.5 as sized');
  for (const [name, xs] of [['P', series.pressure], ['T', series.temperature], ['level', series.level], ['gas flow', series.gasMassFlow], ['liquid flow', series.liquidMassFlow]] as const) {
    const dev = Math.max(...xs.map((x) => Math.abs(x / xs[0] - 1)));
    t.ok(dev <= 1e-6, `${name} stays at its initial value (max relative deviation ${dev.toExponential(2)})`);
  }
  // The outflows are the steady separator products: 10 000 kg/h in total.
  t.ok(Math.abs((series.gasMassFlow[0] + series.liquidMassFlow[0]) * 3600 - 10000) < 1e-6, 'outflow = inflow = 10 000 kg/h');
  t.end();
});

t.test('feed step +20 %: mass and energy conserved each step, PI loops return to setpoint', (t) => {
  const { S, series } = run({}, 2, 450, [{ time: 10, kind: 'feed', target: 'feed', factor: 1.2, label: 'step' }]);
  t.notOk(series.stopped, 'ran to the end');
  t.ok(Math.max(...series.massBalanceError) <= 1e-9, `mass balance closes to ${Math.max(...series.massBalanceError).toExponential(2)} ≤ 1e-9 every step`);
  // Energy: bounded by the UV tolerance 1e-9·|u|/(RT) (~1e-8 here).
  t.ok(Math.max(...series.energyBalanceError) <= 2e-8, `energy balance closes to ${Math.max(...series.energyBalanceError).toExponential(2)} every step`);
  t.ok(Math.abs(series.inletMassFlow.at(-1)! * 3600 - 12000) < 1e-6, 'inflow 12 000 kg/h after the step');
  const P0 = S.initial.P;
  const peak = Math.max(...series.pressure);
  t.ok(peak / P0 - 1 > 0.01, `the step disturbs the pressure (peak +${((peak / P0 - 1) * 100).toFixed(2)} %)`);
  t.ok(Math.abs(series.pressure.at(-1)! / P0 - 1) < 1e-3, `pressure back within 0.1 % of the setpoint (${(series.pressure.at(-1)! / 1e5).toFixed(4)} bara)`);
  t.ok(Math.abs(series.level.at(-1)! - S.initial.level) < 2e-3, `level back within 0.002 of the setpoint (${series.level.at(-1)!.toFixed(5)})`);
  // At the new steady state what goes out is what comes in.
  const out = series.gasMassFlow.at(-1)! + series.liquidMassFlow.at(-1)!;
  t.ok(Math.abs(out / series.inletMassFlow.at(-1)! - 1) < 5e-3, `outflow ${(out * 3600).toFixed(1)} kg/h ≈ inflow`);
  t.end();
});

t.test('open loop (kp = 0): the response converges at second order in the time step', (t) => {
  const final: { P: number; level: number; T: number }[] = [];
  for (const dt of [4, 2, 1]) {
    const { series } = run({ tuning: { pressure: { kp: 0 }, level: { kp: 0 } } }, dt, 48 / dt, [{ time: 0, kind: 'feed', target: 'feed', factor: 1.5, label: 'step' }]);
    t.equal(series.substeps, 48 / dt, `dt = ${dt} s needs no sub-steps`);
    t.ok(series.gasOpening.every((u) => u === 0.5), 'valves stay at their initial opening');
    final.push({ P: series.pressure.at(-1)!, level: series.level.at(-1)!, T: series.temperature.at(-1)! });
  }
  for (const k of ['P', 'level', 'T'] as const) {
    const ratio = (final[0][k] - final[1][k]) / (final[1][k] - final[2][k]);
    t.ok(ratio > 3.4 && ratio < 4.6, `${k}: error ratio on halving dt ${ratio.toFixed(3)} ≈ 4 (Heun, 2nd order)`);
  }
  t.ok(final[2].P > 55e5, `open loop, +50 % feed raises the pressure to a new level (${(final[2].P / 1e5).toFixed(2)} bara at 48 s)`);
  t.end();
});
