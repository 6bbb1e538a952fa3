/**
 * A real OTLP/HTTP trace receiver for tests: accepts POST /v1/traces in either encoding the
 * exporter offers (application/json, application/x-protobuf) and keeps the spans it decodes.
 * The protobuf decoder below is written from the OTLP trace proto field numbers
 * (opentelemetry-proto, trace/v1/trace.proto, common/v1/common.proto) and is independent of the
 * exporter's encoder, so a wrong encoding would fail the tests.
 */
import { createServer, type IncomingHttpHeaders, type IncomingMessage } from 'node:http';
import { gunzipSync } from 'node:zlib';
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
  /** Decoded from protobuf only: */
  kind?: number;
  traceState?: string;
  status?: { code: number; message?: string };
  events?: { name: string; timeNs: bigint; attributes: Record<string, unknown> }[];
  links?: { traceId: string; spanId: string; traceState?: string; attributes: Record<string, unknown> }[];
  droppedAttributesCount?: number;
  scope?: { name: string; version?: string };
  resource?: Record<string, unknown>;
}

export interface OtlpReceiver {
  url: string;
  spans: OtlpSpan[];
  /** Content types of the export requests received. */
  contentTypes: Set<string>;
  /** Every export request: its headers, wire size and the status answered. */
  requests: { headers: IncomingHttpHeaders; bytes: number; status: number }[];
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

/** common.v1.AnyValue: 1 string, 2 bool, 3 int, 4 double, 5 array (values = 1). */
function anyValue(buf: Buffer): unknown {
  for (const f of fields(buf)) {
    if (f.no === 1) return f.bytes!.toString('utf8');
    if (f.no === 2) return f.int !== 0n;
    if (f.no === 3) return Number(BigInt.asIntN(64, f.int!));
    if (f.no === 4) return f.bytes!.readDoubleLE(0);
    if (f.no === 5) return fields(f.bytes!).filter((x) => x.no === 1).map((x) => anyValue(x.bytes!));
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

function attributesOf(list: Field[], no: number): Record<string, unknown> {
  return Object.fromEntries(list.filter((f) => f.no === no).map((f) => keyValue(f.bytes!)));
}

/**
 * trace.v1.Span: 1 trace_id, 2 span_id, 3 trace_state, 4 parent_span_id, 5 name, 6 kind,
 * 7 start, 8 end, 9 attributes, 10 dropped attributes, 11 events, 13 links, 15 status.
 */
function span(buf: Buffer): OtlpSpan {
  const s: OtlpSpan = { traceId: '', spanId: '', name: '', startNs: 0n, endNs: 0n, attributes: {}, events: [], links: [] };
  const list = fields(buf);
  for (const f of list) {
    if (f.no === 1) s.traceId = f.bytes!.toString('hex');
    else if (f.no === 2) s.spanId = f.bytes!.toString('hex');
    else if (f.no === 3) s.traceState = f.bytes!.toString('utf8');
    else if (f.no === 4 && f.bytes!.length > 0) s.parentSpanId = f.bytes!.toString('hex');
    else if (f.no === 5) s.name = f.bytes!.toString('utf8');
    else if (f.no === 6) s.kind = Number(f.int);
    else if (f.no === 7) s.startNs = f.int!;
    else if (f.no === 8) s.endNs = f.int!;
    else if (f.no === 10) s.droppedAttributesCount = Number(f.int);
    else if (f.no === 11) {
      const e = fields(f.bytes!);
      s.events!.push({ timeNs: e.find((x) => x.no === 1)?.int ?? 0n, name: e.find((x) => x.no === 2)?.bytes?.toString('utf8') ?? '', attributes: attributesOf(e, 3) });
    } else if (f.no === 13) {
      const l = fields(f.bytes!);
      const ts = l.find((x) => x.no === 3)?.bytes?.toString('utf8');
      s.links!.push({ traceId: l.find((x) => x.no === 1)!.bytes!.toString('hex'), spanId: l.find((x) => x.no === 2)!.bytes!.toString('hex'), ...(ts ? { traceState: ts } : {}), attributes: attributesOf(l, 4) });
    } else if (f.no === 15) {
      const st = fields(f.bytes!);
      const message = st.find((x) => x.no === 2)?.bytes?.toString('utf8');
      s.status = { code: Number(st.find((x) => x.no === 3)?.int ?? 0n), ...(message !== undefined ? { message } : {}) };
    }
  }
  s.attributes = attributesOf(list, 9);
  return s;
}

/**
 * collector.trace.v1.ExportTraceServiceRequest: 1 resource_spans (1 resource (1 attributes),
 * 2 scope_spans (1 scope (1 name, 2 version), 2 spans)).
 */
export function decodeTraceRequest(body: Buffer): OtlpSpan[] {
  const out: OtlpSpan[] = [];
  for (const rs of fields(body).filter((f) => f.no === 1)) {
    const parts = fields(rs.bytes!);
    const resourceField = parts.find((f) => f.no === 1);
    const resource = resourceField === undefined ? {} : attributesOf(fields(resourceField.bytes!), 1);
    const service = resource['service.name'];
    for (const ss of parts.filter((f) => f.no === 2)) {
      const ssParts = fields(ss.bytes!);
      const scopeField = ssParts.find((f) => f.no === 1);
      const scopeParts = scopeField === undefined ? [] : fields(scopeField.bytes!);
      const version = scopeParts.find((f) => f.no === 2)?.bytes?.toString('utf8');
      const scope = { name: scopeParts.find((f) => f.no === 1)?.bytes?.toString('utf8') ?? '', ...(version !== undefined ? { version } : {}) };
      for (const sp of ssParts.filter((f) => f.no === 2)) {
        out.push({ ...span(sp.bytes!), scope, resource, ...(typeof service === 'string' ? { service } : {}) });
      }
    }
  }
  return out;
}

/** `status(n)` picks the HTTP status for the n-th export request (0-based); default 200. */
export function startOtlpReceiver(opts: { status?: (n: number) => number } = {}): Promise<OtlpReceiver> {
  const spans: OtlpSpan[] = [];
  const contentTypes = new Set<string>();
  const requests: OtlpReceiver['requests'] = [];
  const server = createServer((req: IncomingMessage, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      if (req.url !== '/v1/traces' || req.method !== 'POST') {
        res.writeHead(404).end();
        return;
      }
      const type = (req.headers['content-type'] ?? '').split(';')[0]!.trim();
      const wire = Buffer.concat(chunks);
      const status = opts.status?.(requests.length) ?? 200;
      requests.push({ headers: req.headers, bytes: wire.length, status });
      if (status !== 200) {
        res.writeHead(status).end();
        return;
      }
      contentTypes.add(type);
      const body = req.headers['content-encoding'] === 'gzip' ? gunzipSync(wire) : wire;
      try {
        spans.push(...(type === 'application/x-protobuf' ? decodeTraceRequest(body) : spansFromJson(body.toString('utf8'))));
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
      resolve({ url: `http://127.0.0.1:${port}`, spans, contentTypes, requests, close: () => new Promise((r) => server.close(() => r())) });
    });
  });
}
