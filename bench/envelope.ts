/**
 * Phase envelope benchmarks (median wall time per call, ms): the engine's phaseEnvelope (both
 * branches, critical point, cricondenbar, cricondentherm, per-point stability) and the
 * getPhaseEnvelope tool for an 8-, 14- and 25-component gas (SRK). The original (NeqSim, warm
 * JVM) takes 9.8 ms for the 8-component gas (issue 25).
 */
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { createCubicFluid, phaseEnvelope, resolveComponents } from '../src/engine/index.js';
import { getPhaseEnvelope } from '../src/tools/thermo/getPhaseEnvelope.js';

export const ENVELOPE_GASES: Record<string, Record<string, number>> = {
  gas8: { nitrogen: 0.01, CO2: 0.02, methane: 0.82, ethane: 0.07, propane: 0.04, 'i-butane': 0.01, 'n-butane': 0.02, 'n-pentane': 0.01 },
  gas14: {
    methane: 0.752665, ethane: 0.071486, propane: 0.038336, 'i-butane': 0.01294, 'n-butane': 0.015804, 'i-pentane': 0.009362, 'n-pentane': 0.009388,
    'n-hexane': 0.007773, 'n-heptane': 0.011939, 'n-octane': 0.009438, 'n-nonane': 0.010649, nC10: 0.005872, nitrogen: 0.02, CO2: 0.024348,
  },
  gas25: {
    nitrogen: 0.008, CO2: 0.015, H2S: 0.002, methane: 0.74, ethane: 0.07, propane: 0.04, 'i-butane': 0.01, 'n-butane': 0.015, 'i-pentane': 0.007,
    'n-pentane': 0.007, 'n-hexane': 0.008, 'n-heptane': 0.009, 'n-octane': 0.008, 'n-nonane': 0.007, nC10: 0.006, nC11: 0.006, nC12: 0.005,
    nC13: 0.005, nC14: 0.004, nC15: 0.004, nC16: 0.004, nC17: 0.003, nC18: 0.003, nC19: 0.002, nC20: 0.002,
  },
};

/**
 * Median wall time per call (ms) and median CPU time of this process per call (ms): on a shared
 * machine the CPU figure moves much less with other people's load than the wall time.
 */
function medianMs(fn: () => void, iterations: number): { wall: number; cpu: number } {
  for (let i = 0; i < Math.max(3, iterations >> 2); i++) fn();
  const wall: number[] = [];
  const cpu: number[] = [];
  for (let i = 0; i < iterations; i++) {
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    fn();
    wall.push(performance.now() - t0);
    const c = process.cpuUsage(c0);
    cpu.push((c.user + c.system) / 1000);
  }
  wall.sort((a, b) => a - b);
  cpu.sort((a, b) => a - b);
  return { wall: wall[iterations >> 1], cpu: cpu[iterations >> 1] };
}

export function envelopeFluid(label: string) {
  const comp = ENVELOPE_GASES[label];
  const names = Object.keys(comp);
  const r = resolveComponents(names);
  if (!r.ok) throw new Error(`unknown components ${r.unknown.join(', ')}`);
  return createCubicFluid('SRK', r.components, names.map((n) => comp[n]));
}

export function benchEnvelope(): object[] {
  const lines: object[] = [];
  for (const label of Object.keys(ENVELOPE_GASES)) {
    const f = envelopeFluid(label);
    const e = phaseEnvelope(f.model, f.z);
    if (!e.ok) throw new Error(`bench envelope ${label}: ${e.message}`);
    const n = label === 'gas8' ? 100 : 10;
    const ms = medianMs(() => phaseEnvelope(f.model, f.z), n);
    lines.push({ name: `engine.phaseEnvelope.${label}.SRK`, unit: 'ms', value: Number(ms.wall.toFixed(3)), cpu_ms: Number(ms.cpu.toFixed(3)), components: f.z.length, points: e.points.length, segments: e.segments, complete: e.complete, ...(label === 'gas8' ? { target_ms: 4, neqsim_ms: 9.8 } : {}) });
    const input = { model: 'SRK', components: ENVELOPE_GASES[label] };
    const tool = medianMs(() => getPhaseEnvelope(input), n);
    lines.push({ name: `tool.getPhaseEnvelope.${label}.SRK`, unit: 'ms', value: Number(tool.wall.toFixed(3)), cpu_ms: Number(tool.cpu.toFixed(3)), components: f.z.length, note: 'tool run: parse, fluid, envelope, response' });
  }
  lines.push(...benchNeqsimEnvelopeCases());
  return lines;
}

/**
 * The original's envelope cases (neqsim/envelope.json, each with NeqSim's own time per call in a
 * warm JVM on this machine kind): our tool on the same input, beside that time. Left out when the
 * reference folder ($NEQSIM_REFERENCE_DIR or ../shared/reference) is absent.
 */
function benchNeqsimEnvelopeCases(): object[] {
  const file = resolve(process.env.NEQSIM_REFERENCE_DIR ?? resolve(process.cwd(), '../shared/reference'), 'neqsim/envelope.json');
  if (!existsSync(file)) {
    process.stderr.write(`bench envelope: ${file} not found; the NeqSim envelope cases are left out\n`);
    return [];
  }
  const ref = JSON.parse(readFileSync(file, 'utf8')) as { cases?: { id: string; input: { components: Record<string, number> }; neqsim_ms?: number }[] };
  const lines: object[] = [];
  for (const c of ref.cases ?? []) {
    if (typeof c.neqsim_ms !== 'number') continue;
    const first = getPhaseEnvelope(c.input);
    const t = medianMs(() => getPhaseEnvelope(c.input), 7);
    lines.push({
      name: `tool.getPhaseEnvelope.neqsim-${c.id}`,
      unit: 'ms',
      value: Number(t.wall.toFixed(3)),
      cpu_ms: Number(t.cpu.toFixed(3)),
      neqsim_ms: c.neqsim_ms,
      speedup_cpu: Number((c.neqsim_ms / t.cpu).toFixed(2)),
      components: Object.keys(c.input.components).length,
      status: first.status,
      note: "NeqSim's time recorded with the case (warm JVM, same machine kind), not measured in this run",
    });
  }
  return lines;
}
