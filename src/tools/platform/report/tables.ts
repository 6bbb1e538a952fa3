/**
 * Tables and chart series for generateReport, read from a tool's result. Known shapes get their
 * engineering tables (runProcess: units, streams, balances; runFlash: phases and compositions;
 * getPropertyTable: the table itself; runPVT/runPipeline-like arrays of row objects: as tables);
 * anything else a key/value table of its scalar fields. Only values present in the result are
 * shown; numbers are printed with up to 6 significant digits.
 */

export interface ReportTable {
  title: string;
  headers: string[];
  rows: (string | number)[][];
}

export interface ChartSeries {
  name: string;
  type: 'line';
  xLabel: string;
  yLabel: string;
  /** y values; x is `x` when given, else the row index. */
  data: number[];
  x?: number[];
}

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => v !== null && typeof v === 'object' && !Array.isArray(v);
/** v[key] when v is an object and key its own property, else undefined. */
const field = (v: unknown, key: string): unknown => (isObj(v) && Object.hasOwn(v, key) ? v[key] : undefined);
const num = (v: unknown): number | undefined => (typeof v === 'number' && Number.isFinite(v) ? v : isObj(v) && typeof v.value === 'number' && Number.isFinite(v.value) ? v.value : undefined);

export function fmt(v: unknown): string | number {
  const n = num(v);
  if (n !== undefined) return Number(n.toPrecision(6));
  if (typeof v === 'string' || typeof v === 'boolean') return String(v);
  if (v === null || v === undefined) return '';
  return JSON.stringify(v).slice(0, 80);
}

/** Columns of a set of row objects: keys with a scalar value in at least one row, first-seen order. */
function columnsOf(rows: readonly Obj[]): string[] {
  const cols: string[] = [];
  for (const r of rows) for (const [k, v] of Object.entries(r)) if (!cols.includes(k) && (num(v) !== undefined || typeof v === 'string' || typeof v === 'boolean')) cols.push(k);
  return cols;
}

function rowsTable(title: string, rows: readonly Obj[], first?: { header: string; values: string[] }): ReportTable {
  const cols = columnsOf(rows);
  return {
    title,
    headers: [...(first ? [first.header] : []), ...cols],
    rows: rows.map((r, i) => [...(first ? [first.values[i]!] : []), ...cols.map((c) => fmt(r[c]))]),
  };
}

function processTables(d: Obj): ReportTable[] {
  const out: ReportTable[] = [];
  const units = d.units as Obj;
  // The data is the caller's: a unit entry that is not an object is shown empty rather than crashing.
  const names = Object.keys(units);
  const scalarUnits = names.map((n) => Object.fromEntries(Object.entries(isObj(units[n]) ? units[n] : {}).filter(([, v]) => num(v) !== undefined || typeof v === 'string')));
  out.push(rowsTable('Units', scalarUnits, { header: 'unit', values: names }));
  if (isObj(d.streams)) {
    const streams = d.streams as Obj;
    const keys = ['temperature_C', 'pressure_bara', 'massFlow_kg_hr', 'molarFlow_mol_hr', 'numberOfPhases', 'density_kg_m3'];
    const sn = Object.keys(streams);
    out.push({ title: 'Streams', headers: ['stream', ...keys], rows: sn.map((n) => [n, ...keys.map((k) => fmt(field(streams[n], k)))]) });
  }
  const balances: (string | number)[][] = [];
  for (const b of ['massBalance', 'energyBalance']) if (isObj(d[b])) for (const [k, v] of Object.entries(d[b] as Obj)) if (num(v) !== undefined) balances.push([`${b}.${k}`, fmt(v)]);
  if (balances.length > 0) out.push({ title: 'Balances', headers: ['quantity', 'value'], rows: balances });
  if (Array.isArray(d.adjusters)) out.push(rowsTable('Adjusters', d.adjusters.filter(isObj)));
  return out;
}

function flashTables(d: Obj): ReportTable[] {
  const out: ReportTable[] = [];
  // The data is the caller's (often a result pasted back): read it defensively, as it may not have
  // the shape runFlash returns ("phases": {"0": "gas"}, "composition": null were seen).
  const flash = d.flash as Obj;
  const fluid = d.fluid as Obj;
  const phases = Array.isArray(flash.phases) ? flash.phases.filter((p): p is string => typeof p === 'string') : [];
  const props = ['density', 'compressibilityFactor', 'molarMass', 'enthalpy', 'Cp', 'viscosity', 'thermalConductivity', 'speedOfSound'];
  const propertyOf = (p: string, k: string): unknown => field(field(fluid.properties, p), k);
  const unitOf = (k: string) => {
    for (const p of phases) {
      const v = propertyOf(p, k);
      if (isObj(v) && typeof v.unit === 'string') return v.unit ? ` (${v.unit})` : '';
    }
    return '';
  };
  out.push({
    title: 'Phases',
    headers: ['phase', 'phaseFraction', ...props.map((k) => `${k}${unitOf(k)}`)],
    rows: phases.map((p) => [p, fmt(field(field(fluid.conditions, p), 'phaseFraction')), ...props.map((k) => fmt(propertyOf(p, k)))]),
  });
  const comp = fluid.composition;
  const overall = field(comp, 'overall');
  if (isObj(overall)) {
    const names = Object.keys(overall);
    out.push({ title: 'Composition (mole fractions)', headers: ['component', 'overall', ...phases], rows: names.map((n) => [n, fmt(overall[n]), ...phases.map((p) => fmt(field(field(comp, p), n)))]) });
  }
  if (isObj(d.hydrate)) out.push({ title: 'Hydrate', headers: ['quantity', 'value'], rows: Object.entries(d.hydrate as Obj).filter(([, v]) => num(v) !== undefined || typeof v === 'string' || typeof v === 'boolean').map(([k, v]) => [k, fmt(v)]) });
  return out;
}

/** The tables of a result, best shape first; always at least the key/value table of scalars. */
export function tablesOf(d: Obj): ReportTable[] {
  if (isObj(d.units) && isObj(d.streams)) return processTables(d);
  if (isObj(d.flash) && isObj(d.fluid)) return flashTables(d);
  const out: ReportTable[] = [];
  const scalars = Object.entries(d).filter(([, v]) => num(v) !== undefined || typeof v === 'string' || typeof v === 'boolean');
  if (scalars.length > 0) out.push({ title: 'Key results', headers: ['quantity', 'value'], rows: scalars.map(([k, v]) => [k, fmt(v)]) });
  for (const [k, v] of Object.entries(d)) {
    if (Array.isArray(v) && v.length > 0 && v.every(isObj)) out.push(rowsTable(k, v as Obj[]));
    else if (isObj(v) && Object.values(v).some((x) => num(x) !== undefined)) {
      const entries = Object.entries(v).filter(([, x]) => num(x) !== undefined || typeof x === 'string' || typeof x === 'boolean');
      if (entries.length > 0) out.push({ title: k, headers: ['quantity', 'value'], rows: entries.map(([a, b]) => [a, fmt(b)]) });
    }
  }
  return out;
}

/**
 * Line series of a result: each numeric column of an array of row objects (against its first
 * numeric column when that one is monotonic, e.g. a sweep variable, else the index), and every
 * top-level array of numbers.
 */
export function chartsOf(d: Obj): ChartSeries[] {
  const out: ChartSeries[] = [];
  for (const [k, v] of Object.entries(d)) {
    if (!Array.isArray(v) || v.length < 2) continue;
    if (v.every((x) => typeof x === 'number')) {
      out.push({ name: k, type: 'line', xLabel: 'Index', yLabel: k, data: v as number[] });
      continue;
    }
    if (!v.every(isObj)) continue;
    const rows = v as Obj[];
    const numericCols = columnsOf(rows).filter((c) => rows.every((r) => num(r[c]) !== undefined));
    if (numericCols.length === 0) continue;
    const xCol = numericCols[0]!;
    const xs = rows.map((r) => num(r[xCol])!);
    const monotonic = xs.every((x, i) => i === 0 || x > xs[i - 1]!) || xs.every((x, i) => i === 0 || x < xs[i - 1]!);
    for (const c of numericCols) {
      if (monotonic && c === xCol) continue;
      out.push({ name: `${k}.${c}`, type: 'line', xLabel: monotonic ? xCol : 'Index', yLabel: c, data: rows.map((r) => num(r[c])!), ...(monotonic ? { x: xs } : {}) });
    }
  }
  return out;
}

/** Counts of the fields of a result (leaves that are numbers, objects, arrays; every key). */
export function fieldSummary(v: unknown): { numericFields: number; objectFields: number; arrayFields: number; totalFields: number } {
  const s = { numericFields: 0, objectFields: 0, arrayFields: 0, totalFields: 0 };
  const walk = (x: unknown, depth: number) => {
    if (depth > 20) return;
    if (Array.isArray(x)) for (const y of x) walk(y, depth + 1);
    else if (isObj(x)) {
      for (const y of Object.values(x)) {
        s.totalFields++;
        if (typeof y === 'number') s.numericFields++;
        else if (Array.isArray(y)) s.arrayFields++;
        else if (isObj(y)) s.objectFields++;
        walk(y, depth + 1);
      }
    }
  };
  walk(v, 0);
  return s;
}

/** A Markdown table (pipes and newlines in cells escaped). */
export function markdownTable(t: ReportTable): string {
  const cell = (c: string | number) => String(c).replace(/\|/g, '\\|').replace(/\r?\n/g, ' ');
  return [`| ${t.headers.map(cell).join(' | ')} |`, `| ${t.headers.map(() => '---').join(' | ')} |`, ...t.rows.map((r) => `| ${r.map(cell).join(' | ')} |`)].join('\n');
}
