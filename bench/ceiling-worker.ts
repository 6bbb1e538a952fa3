/**
 * Worker of the HTTP ceiling server (bench/ceiling-server.ts): no work, answers the status and a
 * fixed reply (a real runFlash response, handed over in workerData), as the tool worker does.
 */
import { workerData } from 'node:worker_threads';

const reply = `200${(workerData as { reply: string }).reply}`;

export default function noop(_task: unknown): string {
  return reply;
}
