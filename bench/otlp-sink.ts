/**
 * A no-op OTLP/HTTP receiver in its own process (forked by bench/enterprise.ts): accepts span
 * exports, answers an empty ExportTraceServiceResponse in the request's encoding and counts the
 * bytes. Its own process, like a real collector, so receiving spans does not take event-loop time
 * from the load generator of the bench.
 * IPC: sends { port } when listening; answers { bytes } to a 'bytes' message.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

let bytes = 0;
const server = createServer((req, res) => {
  req.on('data', (c: Buffer) => {
    bytes += c.length;
  });
  req.on('end', () =>
    req.headers['content-type']?.startsWith('application/x-protobuf') === true
      ? res.writeHead(200, { 'content-type': 'application/x-protobuf' }).end()
      : res.writeHead(200, { 'content-type': 'application/json' }).end('{}'),
  );
});
server.listen(0, '127.0.0.1', () => process.send?.({ port: (server.address() as AddressInfo).port }));
process.on('message', (m) => {
  if (m === 'bytes') process.send?.({ bytes });
});
process.on('disconnect', () => server.close(() => process.exit(0)));
