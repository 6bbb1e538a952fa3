/**
 * runProcess with a PC-SAFT fluid holding hydrogen: streams above the quantum-gas limit
 * (engine/pcsaft-fluid.ts: 100 K for hydrogen) are computed, a stream cooled below it is refused
 * with 422 UNSUPPORTED_COMPONENT naming the stream, as runFlash refuses that state, instead of
 * returning PC-SAFT's wrong numbers for dense cold hydrogen.
 */
import t from 'tap';
import { runProcess } from '../../src/tools/process/runProcess/runProcess.js';
import { httpStatusFor } from '../../src/tools/contract/envelope.js';

const flowsheet = (coolTo_K: number) => ({
  fluid: { model: 'PCSAFT', temperature: 300, pressure: 30, components: { hydrogen: 0.3, methane: 0.7 } },
  process: [
    { type: 'Stream', name: 'feed', properties: { flowRate: [1000, 'kg/hr'] } },
    { type: 'Cooler', name: 'Chiller', inlet: 'feed', properties: { outTemperature: [coolTo_K, 'K'] } },
  ],
});

t.test('a PC-SAFT hydrogen stream above 100 K is computed', async (t) => {
  const env = runProcess(flowsheet(150)) as { status: string; data?: unknown };
  t.equal(env.status, 'success', JSON.stringify(env).slice(0, 400));
});

t.test('a PC-SAFT hydrogen stream cooled to 80 K is refused, naming the stream', async (t) => {
  const env = runProcess(flowsheet(80)) as unknown as { status: string; errors: { code: string; message: string; fix: string }[] };
  t.equal(env.status, 'error');
  t.equal(httpStatusFor(env as never), 422);
  t.equal(env.errors[0]!.code, 'UNSUPPORTED_COMPONENT');
  t.match(env.errors[0]!.message, /hydrogen/);
  t.match(env.errors[0]!.message, /Chiller/);
  t.match(env.errors[0]!.fix, /GERG2008/);
});

t.test('the same flowsheet with GERG-2008 runs at 80 K', async (t) => {
  const def = flowsheet(80);
  def.fluid.model = 'GERG2008';
  const env = runProcess(def) as { status: string };
  t.equal(env.status, 'success', JSON.stringify(env).slice(0, 400));
});

t.test('runPVT with PC-SAFT refuses hydrogen below 100 K and runs above it', async (t) => {
  const { runPVTTool } = await import('../../src/tools/thermo/runPVT.js');
  const runPVT = (input: unknown) => runPVTTool.run(input as never, undefined as never);
  const cold = runPVT({ experiment: 'CME', model: 'PCSAFT', temperature_K: 80, pressure_bara: 50, components: { hydrogen: 0.2, methane: 0.8 } } as never) as unknown as { status: string; errors: { code: string }[] };
  t.equal(cold.status, 'error');
  t.equal(cold.errors[0]!.code, 'UNSUPPORTED_COMPONENT');
  const warm = runPVT({ experiment: 'saturationPressure', model: 'PCSAFT', temperature_C: 20, components: { methane: 0.5, 'n-butane': 0.3, 'n-decane': 0.2 } } as never) as unknown as { status: string };
  t.equal(warm.status, 'success', JSON.stringify(warm).slice(0, 300));
});
