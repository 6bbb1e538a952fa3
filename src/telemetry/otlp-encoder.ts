/**
 * OTLP protobuf encoding of finished spans, written straight into one growable buffer.
 *
 * Why our own encoder: the standard exporter keeps every finished span object until its batch
 * is exported (hundreds of spans, tens of milliseconds and more), so they outlive the young
 * generation and the garbage collector copies them into the old one, and then converts the batch
 * in a second pass. Measured on this service, that pipeline cost more CPU per request than
 * creating the spans. Encoding spans as they end (a few dozen at a time) lets them die young, and the bytes wait
 * in a buffer instead. The byte layout follows opentelemetry-proto (collector/trace/v1,
 * trace/v1, common/v1, resource/v1); tests decode it with an independent decoder.
 */
import type { Attributes, AttributeValue, HrTime } from '@opentelemetry/api';
import type { EncodableSpan } from './direct-span.js';

const WIRE_VARINT = 0;
const WIRE_FIXED64 = 1;
const WIRE_LEN = 2;

/** Value of an ASCII hex digit by character code; 255 for anything else. */
const HEX_VALUE = new Uint8Array(128).fill(255);
for (let d = 0; d < 10; d++) HEX_VALUE[48 + d] = d;
for (let d = 0; d < 6; d++) {
  HEX_VALUE[65 + d] = 10 + d;
  HEX_VALUE[97 + d] = 10 + d;
}

function varintSize(v: number): number {
  let n = 1;
  while (v >= 128) {
    v = Math.floor(v / 128);
    n++;
  }
  return n;
}

/** A protobuf writer: fields append to one Buffer; nested messages get their length patched in. */
export class ProtoWriter {
  buf: Buffer;
  pos = 0;

  constructor(initialBytes = 16 * 1024) {
    this.buf = Buffer.allocUnsafe(initialBytes);
  }

  /** The encoded bytes (a view: copy it if the writer is written to again). */
  bytes(): Buffer {
    return this.buf.subarray(0, this.pos);
  }

  /** Room for n more bytes (the buffer may be replaced: read `buf` after this). */
  ensureRoom(n: number): void {
    this.ensure(n);
  }

  private ensure(n: number): void {
    if (this.pos + n <= this.buf.length) return;
    const next = Buffer.allocUnsafe(Math.max(this.buf.length * 2, this.pos + n));
    this.buf.copy(next, 0, 0, this.pos);
    this.buf = next;
  }

  /** Non-negative integer below 2^53. */
  varint(v: number): void {
    this.ensure(10);
    const b = this.buf;
    let p = this.pos;
    while (v >= 128) {
      b[p++] = (v & 127) | 128;
      v = Math.floor(v / 128);
    }
    b[p++] = v;
    this.pos = p;
  }

  tag(field: number, wire: number): void {
    this.varint((field << 3) | wire);
  }

  /** int64 field: negatives as ten-byte two's complement, as protobuf requires. */
  int64(field: number, v: number): void {
    this.tag(field, WIRE_VARINT);
    if (v >= 0) return this.varint(v);
    let u = BigInt.asUintN(64, BigInt(v));
    this.ensure(10);
    while (u >= 128n) {
      this.buf[this.pos++] = Number(u & 127n) | 128;
      u >>= 7n;
    }
    this.buf[this.pos++] = Number(u);
  }

  uint(field: number, v: number): void {
    this.tag(field, WIRE_VARINT);
    this.varint(v);
  }

  double(field: number, v: number): void {
    this.tag(field, WIRE_FIXED64);
    this.ensure(8);
    this.buf.writeDoubleLE(v, this.pos);
    this.pos += 8;
  }

  /**
   * fixed64 nanoseconds since the epoch from an HrTime ([seconds, nanoseconds]), in plain number
   * arithmetic: seconds x 1e9 exceeds 2^53, so it is split into 16-bit halves of the seconds whose
   * products stay exact, then carried into two 32-bit words (no BigInt allocation per timestamp).
   */
  time(field: number, t: HrTime): void {
    this.tag(field, WIRE_FIXED64);
    this.ensure(8);
    const seconds = t[0];
    const low16 = seconds % 65536;
    const a = low16 * 1e9 + t[1]; // < 2^47: exact
    const b = ((seconds - low16) / 65536) * 1e9; // the high half's product, in units of 2^16: exact
    const bLow = b % 65536;
    let lo = (a % 4294967296) + bLow * 65536;
    const carry = lo >= 4294967296 ? 1 : 0;
    lo -= carry * 4294967296;
    const hi = Math.floor(a / 4294967296) + (b - bLow) / 65536 + carry;
    this.buf.writeUInt32LE(lo, this.pos);
    this.buf.writeUInt32LE(hi, this.pos + 4);
    this.pos += 8;
  }

  string(field: number, s: string): void {
    this.tag(field, WIRE_LEN);
    const len = s.length;
    if (len < 128) {
      // Short ASCII text (keys, names, most values): copied byte by byte, cheaper than a native
      // Buffer.write call at these lengths; the first non-ASCII character falls back to UTF-8.
      this.ensure(len * 3 + 1);
      const b = this.buf;
      const start = this.pos + 1;
      let i = 0;
      for (; i < len; i++) {
        const c = s.charCodeAt(i);
        if (c >= 128) break;
        b[start + i] = c;
      }
      if (i === len) {
        b[this.pos] = len;
        this.pos = start + len;
        return;
      }
      if (len * 3 < 128) {
        // The UTF-8 length still fits one length byte: write the text after it, then the length.
        const n = b.write(s, start, 'utf8');
        b[this.pos] = n;
        this.pos = start + n;
        return;
      }
    }
    const n = Buffer.byteLength(s, 'utf8');
    this.varint(n);
    this.ensure(n);
    this.pos += this.buf.write(s, this.pos, 'utf8');
  }

  /** A bytes field from a hex id (trace and span ids), parsed here rather than by a native call. */
  hex(field: number, id: string): void {
    this.tag(field, WIRE_LEN);
    const n = id.length >> 1;
    this.varint(n);
    this.ensure(n);
    const b = this.buf;
    const p = this.pos;
    for (let i = 0; i < n; i++) {
      const hi = HEX_VALUE[id.charCodeAt(2 * i)] ?? 255;
      const lo = HEX_VALUE[id.charCodeAt(2 * i + 1)] ?? 255;
      // Ids from the SDK are valid hex; should one not be, keep the declared length (zero-filled
      // from the first bad digit on, as Buffer.write(…, 'hex') stops there).
      if (hi === 255 || lo === 255) {
        b.fill(0, p + i, p + n);
        break;
      }
      b[p + i] = (hi << 4) | lo;
    }
    this.pos = p + n;
  }

  raw(bytes: Uint8Array): void {
    this.ensure(bytes.length);
    this.buf.set(bytes, this.pos);
    this.pos += bytes.length;
  }

  /** Starts a length-delimited field; returns the mark for end(). */
  begin(field: number): number {
    this.tag(field, WIRE_LEN);
    this.ensure(1);
    return this.pos++;
  }

  /** Ends a field started by begin(): one length byte was reserved; longer lengths shift the body. */
  end(mark: number): void {
    const len = this.pos - mark - 1;
    if (len < 128) {
      this.buf[mark] = len;
      return;
    }
    const n = varintSize(len);
    this.ensure(n - 1);
    this.buf.copyWithin(mark + n, mark + 1, this.pos);
    this.pos += n - 1;
    let v = len;
    let p = mark;
    while (v >= 128) {
      this.buf[p++] = (v & 127) | 128;
      v = Math.floor(v / 128);
    }
    this.buf[p] = v;
  }
}

/** common.v1.AnyValue: 1 string, 2 bool, 3 int, 4 double, 5 array. */
function anyValue(w: ProtoWriter, field: number, v: AttributeValue | null | undefined): void {
  const m = w.begin(field);
  if (typeof v === 'string') w.string(1, v);
  else if (typeof v === 'boolean') w.uint(2, v ? 1 : 0);
  else if (typeof v === 'number') {
    if (Number.isSafeInteger(v)) w.int64(3, v);
    else w.double(4, v);
  } else if (Array.isArray(v)) {
    const arr = w.begin(5);
    for (const item of v) anyValue(w, 1, item);
    w.end(arr);
  }
  w.end(m);
}

/**
 * Writes `s` at `p` if it is ASCII; returns the position after it, or -1 (nothing usable written)
 * at the first non-ASCII character.
 */
function asciiAt(b: Buffer, p: number, s: string): number {
  const len = s.length;
  for (let i = 0; i < len; i++) {
    const c = s.charCodeAt(i);
    if (c >= 128) return -1;
    b[p + i] = c;
  }
  return p + len;
}

/**
 * One KeyValue with a short ASCII key and a short ASCII string, a boolean or a small non-negative
 * integer, written in one pass with every length known up front (one byte each): the bytes
 * begin/string/end would write, without their calls and patching. Returns false, having written
 * nothing, for anything else (the general path then writes it).
 */
function shortKeyValue(w: ProtoWriter, field: number, key: string, value: AttributeValue): boolean {
  const klen = key.length;
  let vbody: number; // bytes of the AnyValue message's content
  if (typeof value === 'string') vbody = 2 + value.length;
  else if (typeof value === 'boolean') vbody = 2;
  else if (typeof value === 'number' && value >= 0 && value < 128 && Number.isInteger(value)) vbody = 2;
  else return false;
  const total = 2 + klen + 2 + vbody; // key field + value field
  if (total >= 128 || vbody >= 128 || field >= 16) return false;
  w.ensureRoom(total + 2);
  const b = w.buf;
  const start = w.pos;
  b[start] = (field << 3) | WIRE_LEN;
  b[start + 1] = total;
  b[start + 2] = (1 << 3) | WIRE_LEN;
  b[start + 3] = klen;
  let p = asciiAt(b, start + 4, key);
  if (p < 0) return false;
  b[p] = (2 << 3) | WIRE_LEN;
  b[p + 1] = vbody;
  if (typeof value === 'string') {
    b[p + 2] = (1 << 3) | WIRE_LEN;
    b[p + 3] = value.length;
    p = asciiAt(b, p + 4, value);
    if (p < 0) return false;
  } else if (typeof value === 'boolean') {
    b[p + 2] = (2 << 3) | WIRE_VARINT;
    b[p + 3] = value ? 1 : 0;
    p += 4;
  } else {
    b[p + 2] = (3 << 3) | WIRE_VARINT;
    b[p + 3] = value;
    p += 4;
  }
  w.pos = p;
  return true;
}

/** Repeated common.v1.KeyValue (1 key, 2 value) under `field`. */
export function writeAttributes(w: ProtoWriter, field: number, attributes: Attributes | undefined): void {
  if (attributes === undefined) return;
  for (const key in attributes) {
    const value = attributes[key];
    if (value === undefined) continue;
    if (shortKeyValue(w, field, key, value)) continue;
    const m = w.begin(field);
    w.string(1, key);
    anyValue(w, 2, value);
    w.end(m);
  }
}

/** One trace.v1.Span as field `field` (2 inside ScopeSpans): an SDK span or one of ours (direct-span.ts). */
export function writeSpan(w: ProtoWriter, field: number, span: EncodableSpan): void {
  const sc = span.spanContext();
  const m = w.begin(field);
  w.hex(1, sc.traceId);
  w.hex(2, sc.spanId);
  const state = sc.traceState?.serialize();
  if (state) w.string(3, state);
  const parent = span.parentSpanContext?.spanId;
  if (parent) w.hex(4, parent);
  w.string(5, span.name);
  // OTLP numbers span kinds from 1 (0 is "unspecified"); the API from 0.
  w.uint(6, span.kind + 1);
  w.time(7, span.startTime);
  w.time(8, span.endTime);
  writeAttributes(w, 9, span.attributes);
  if (span.droppedAttributesCount > 0) w.uint(10, span.droppedAttributesCount);
  for (const ev of span.events) {
    const e = w.begin(11);
    w.time(1, ev.time);
    w.string(2, ev.name);
    writeAttributes(w, 3, ev.attributes);
    if ((ev.droppedAttributesCount ?? 0) > 0) w.uint(4, ev.droppedAttributesCount!);
    w.end(e);
  }
  if (span.droppedEventsCount > 0) w.uint(12, span.droppedEventsCount);
  for (const link of span.links) {
    const l = w.begin(13);
    w.hex(1, link.context.traceId);
    w.hex(2, link.context.spanId);
    const ls = link.context.traceState?.serialize();
    if (ls) w.string(3, ls);
    writeAttributes(w, 4, link.attributes);
    if ((link.droppedAttributesCount ?? 0) > 0) w.uint(5, link.droppedAttributesCount!);
    w.end(l);
  }
  if (span.droppedLinksCount > 0) w.uint(14, span.droppedLinksCount);
  if (span.status.code !== 0 || span.status.message) {
    const s = w.begin(15);
    if (span.status.message) w.string(2, span.status.message);
    w.uint(3, span.status.code);
    w.end(s);
  }
  w.end(m);
}

export interface ScopeBatch {
  name: string;
  version?: string;
  schemaUrl?: string;
  /** Encoded spans of this scope: concatenated field-2 entries of a ScopeSpans message. */
  spans: Uint8Array;
}

/**
 * collector.trace.v1.ExportTraceServiceRequest with one ResourceSpans: the resource's attributes
 * and one ScopeSpans per instrumentation scope around already-encoded spans.
 */
export function encodeExportRequest(resource: { attributes: Attributes; schemaUrl?: string }, scopes: ScopeBatch[]): Buffer {
  const size = scopes.reduce((n, s) => n + s.spans.length, 0) + 1024;
  const w = new ProtoWriter(size);
  const rs = w.begin(1);
  const r = w.begin(1);
  writeAttributes(w, 1, resource.attributes);
  w.end(r);
  for (const scope of scopes) {
    const ss = w.begin(2);
    const sc = w.begin(1);
    w.string(1, scope.name);
    if (scope.version) w.string(2, scope.version);
    w.end(sc);
    w.raw(scope.spans);
    if (scope.schemaUrl) w.string(3, scope.schemaUrl);
    w.end(ss);
  }
  if (resource.schemaUrl) w.string(3, resource.schemaUrl);
  w.end(rs);
  return w.bytes();
}
