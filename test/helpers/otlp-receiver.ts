/**
 * A real OTLP/HTTP trace receiver for tests: accepts POST /v1/traces in either encoding the
 * exporter offers (application/json, application/x-protobuf) and keeps the spans it decodes.
 * The protobuf decoder below is written from the OTLP trace proto field numbers
 * (opentelemetry-proto, trace/v1/trace.proto, common/v1/common.proto) and is independent of the
 * exporter's encoder, so a wrong encoding would fail the tests.
 */
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface OtlpSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  startNs: bigint;
  endNs: bigint;
  attributes: Record<string, unknown>;
  service?: string;
}

export interface OtlpReceiver {
  url: string;
  spans: OtlpSpan[];
  /** Content types of the export requests received. */
  contentTypes: Set<string>;
  close(): Promise<void>;
}

// ---- JSON encoding -------------------------------------------------------------------------

type JsonValue = { stringValue?: string; intValue?: string | number; boolValue?: boolean; doubleValue?: number };
const jsonValue = (v: JsonValue): unknown => v.stringValue ?? (v.intValue !== undefined ? Number(v.intValue) : undefined) ?? v.boolValue ?? v.doubleValue;

function spansFromJson(text: string): OtlpSpan[] {
  const body = JSON.parse(text) as {
    resourceSpans?: { resource?: { attributes?: { key: string; value: JsonValue }[] }; scopeSpans?: { spans?: any[] }[] }[];
  };
  const out: OtlpSpan[] = [];
  for (const rs of body.resourceSpans ?? []) {
    const service = rs.resource?.attributes?.find((a) => a.key === 'service.name');
    for (const ss of rs.scopeSpans ?? []) {
      for (const s of ss.spans ?? []) {
        out.push({
          traceId: s.traceId,
          spanId: s.spanId,
          ...(s.parentSpanId ? { parentSpanId: s.parentSpanId } : {}),
          name: s.name,
          startNs: BigInt(s.startTimeUnixNano),
          endNs: BigInt(s.endTimeUnixNano),
          attributes: Object.fromEntries((s.attributes ?? []).map((a: { key: string; value: JsonValue }) => [a.key, jsonValue(a.value)])),
          ...(service ? { service: jsonValue(service.value) as string } : {}),
        });
      }
    }
  }
  return out;
}

// ---- protobuf encoding ---------------------------------------------------------------------

interface Field {
  no: number;
  /** varint / fixed64 value, or the bytes of a length-delimited field. */
  int?: bigint;
  bytes?: Buffer;
}

function readVarint(buf: Buffer, pos: { i: number }): bigint {
  let result = 0n;
  let shift = 0n;
  for (;;) {
    if (pos.i >= buf.length) throw new Error('protobuf: truncated varint');
    const b = buf[pos.i++]!;
    result |= BigInt(b & 0x7f) << shift;
    if ((b & 0x80) === 0) return result;
    shift += 7n;
  }
}

function fields(buf: Buffer): Field[] {
  const out: Field[] = [];
  const pos = { i: 0 };
  while (pos.i < buf.length) {
    const key = Number(readVarint(buf, pos));
    const no = key >>> 3;
    switch (key & 7) {
      case 0:
        out.push({ no, int: readVarint(buf, pos) });
        break;
      case 1:
        out.push({ no, int: buf.readBigUInt64LE(pos.i), bytes: buf.subarray(pos.i, pos.i + 8) });
        pos.i += 8;
        break;
      case 2: {
        const len = Number(readVarint(buf, pos));
        out.push({ no, bytes: buf.subarray(pos.i, pos.i + len) });
        pos.i += len;
        break;
      }
      case 5:
        pos.i += 4;
        break;
      default:
        throw new Error(`protobuf: unsupported wire type ${key & 7}`);
    }
  }
  return out;
}

/** common.v1.AnyValue: 1 string, 2 bool, 3 int, 4 double. */
function anyValue(buf: Buffer): unknown {
  for (const f of fields(buf)) {
    if (f.no === 1) return f.bytes!.toString('utf8');
    if (f.no === 2) return f.int !== 0n;
    if (f.no === 3) return Number(BigInt.asIntN(64, f.int!));
    if (f.no === 4) return f.bytes!.readDoubleLE(0);
  }
  return undefined;
}

/** common.v1.KeyValue: 1 key, 2 value. */
function keyValue(buf: Buffer): [string, unknown] {
  let key = '';
  let value: unknown;
  for (const f of fields(buf)) {
    if (f.no === 1) key = f.bytes!.toString('utf8');
    if (f.no === 2) value = anyValue(f.bytes!);
  }
  return [key, value];
}

/** trace.v1.Span: 1 trace_id, 2 span_id, 4 parent_span_id, 5 name, 7 start, 8 end, 9 attributes. */
function span(buf: Buffer, service: string | undefined): OtlpSpan {
  const s: OtlpSpan = { traceId: '', spanId: '', name: '', startNs: 0n, endNs: 0n, attributes: {}, ...(service !== undefined ? { service } : {}) };
  for (const f of fields(buf)) {
    if (f.no === 1) s.traceId = f.bytes!.toString('hex');
    else if (f.no === 2) s.spanId = f.bytes!.toString('hex');
    else if (f.no === 4 && f.bytes!.length > 0) s.parentSpanId = f.bytes!.toString('hex');
    else if (f.no === 5) s.name = f.bytes!.toString('utf8');
    else if (f.no === 7) s.startNs = f.int!;
    else if (f.no === 8) s.endNs = f.int!;
    else if (f.no === 9) {
      const [k, v] = keyValue(f.bytes!);
      s.attributes[k] = v;
    }
  }
  return s;
}

/** collector.trace.v1.ExportTraceServiceRequest: 1 resource_spans (1 resource, 2 scope_spans (2 spans)). */
function spansFromProtobuf(body: Buffer): OtlpSpan[] {
  const out: OtlpSpan[] = [];
  for (const rs of fields(body).filter((f) => f.no === 1)) {
    const parts = fields(rs.bytes!);
    let service: string | undefined;
    for (const res of parts.filter((f) => f.no === 1)) {
      for (const attr of fields(res.bytes!).filter((f) => f.no === 1)) {
        const [k, v] = keyValue(attr.bytes!);
        if (k === 'service.name') service = String(v);
      }
    }
    for (const ss of parts.filter((f) => f.no === 2)) {
      for (const sp of fields(ss.bytes!).filter((f) => f.no === 2)) out.push(span(sp.bytes!, service));
    }
  }
  return out;
}

export function startOtlpReceiver(): Promise<OtlpReceiver> {
  const spans: OtlpSpan[] = [];
  const contentTypes = new Set<string>();
  const server = createServer((req: IncomingMessage, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      if (req.url !== '/v1/traces' || req.method !== 'POST') {
        res.writeHead(404).end();
        return;
      }
      const type = (req.headers['content-type'] ?? '').split(';')[0]!.trim();
      contentTypes.add(type);
      const body = Buffer.concat(chunks);
      try {
        spans.push(...(type === 'application/x-protobuf' ? spansFromProtobuf(body) : spansFromJson(body.toString('utf8'))));
      } catch {
        res.writeHead(400).end();
        return;
      }
      if (type === 'application/x-protobuf') res.writeHead(200, { 'content-type': 'application/x-protobuf' }).end();
      else res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const port = (server.address() as AddressInfo).port;
      resolve({ url: `http://127.0.0.1:${port}`, spans, contentTypes, close: () => new Promise((r) => server.close(() => r())) });
    });
  });
}
