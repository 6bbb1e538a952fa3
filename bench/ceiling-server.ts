/**
 * The HTTP ceiling server: a bare Fastify app with a piscina pool configured as ours (threads,
 * tasks per thread, atomics 'async', string replies), no plugins, no dispatcher and no work. Its
 * routes give what the architecture itself allows on this machine, beside our echo baseline:
 * - POST /echo: parse the body, answer it padded to ~3 KB (as /bench/echo);
 * - POST /inline: answer REPLY (a real runFlash response) from the main thread;
 * - POST /pool: hand the body to a worker, which answers REPLY (the pool hop with no work).
 * Started by bench/http.ts with PORT, REPLY (the response text) and POOL_THREADS.
 */
import Fastify from 'fastify';
import { Piscina } from 'piscina';

const reply = process.env.REPLY ?? '{}';
const threads = Number(process.env.POOL_THREADS ?? 2);
const pool = new Piscina({
  filename: new URL('./ceiling-worker.js', import.meta.url).href,
  minThreads: threads,
  maxThreads: threads,
  concurrentTasksPerWorker: Number(process.env.POOL_TASKS_PER_WORKER ?? 4),
  atomics: 'async',
  workerData: { reply },
});
const PAD = '-'.repeat(2_560);
const JSON_TYPE = 'application/json; charset=utf-8';
const app = Fastify({ logger: false });
app.post('/echo', async (req, res) => res.header('content-type', JSON_TYPE).send(JSON.stringify({ echo: req.body, pad: PAD })));
app.post('/inline', async (_req, res) => res.header('content-type', JSON_TYPE).send(reply));
app.post('/pool', async (req, res) => {
  const r = (await pool.run({ tool: 'runFlash', input: req.body, operationId: 'op', deadline: Date.now() + 10_000 })) as string;
  return res.code(Number(r.slice(0, 3))).header('content-type', JSON_TYPE).send(r.slice(3));
});
app.get('/ready', async () => 'ok');
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
