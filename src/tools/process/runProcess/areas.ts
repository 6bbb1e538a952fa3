/**
 * Multi-area process models (the original's ProcessModel form): {"areas": {"<area>": {fluid,
 * fluids, process}}, "interAreaLinks": [...]}. The areas are flattened into one flowsheet, solved
 * as one (so a stream that leaves one area and enters another is the same stream, and a loop
 * across areas is closed by an ordinary Recycle), and the results are reported per area too.
 *
 * Names: a unit is "<area>::<unit>" in the flat flowsheet (the original's automation address
 * form). Inside an area, references are local ("HP Sep.gasOut"); "<area>::<unit>[.<port>]"
 * refers to another area's unit; interAreaLinks {sourceArea, source, targetArea, targetUnit,
 * targetInletIndex} connect them as the original does. Every problem is reported at the field of
 * the area definition it came from.
 */
import { issue, type DiagnosticIssue } from '../../contract/envelope.js';
import { isPlainObject } from '../../platform/validation/issues.js';
import type { ProcessPayload } from './report.js';

export const AREA_SEPARATOR = '::';

/** Keys of an area object (a ProcessSystem definition without the run options). */
const AREA_KEYS = ['fluid', 'fluids', 'process'];
/** ProcessModel run options of the original that have no meaning here: the areas are solved as one flowsheet. */
export const MODEL_OPTIONS = ['runStep', 'maxIterations', 'flowTolerance', 'temperatureTolerance', 'pressureTolerance'];

export interface AreaMap {
  names: string[];
  /** Flat unit position → its area and position in that area. */
  origin: { area: string; index: number }[];
  /** Flat unit name → area. */
  areaOfUnit: Map<string, string>;
}

export type Flattened = { ok: true; doc: Record<string, unknown>; map: AreaMap } | { ok: false; kind: 'input' | 'compute'; issues: DiagnosticIssue[] };

const UNIT_REF_PROPERTIES = ['outletStream', 'calculatorOutput', 'adjustedEquipment', 'targetEquipment', 'sourceEquipment'];

/** A reference inside area `area`: local names get the area's prefix, "<other>::…" stays. */
function qualify(ref: unknown, area: string): unknown {
  return typeof ref === 'string' && !ref.includes(AREA_SEPARATOR) ? `${area}${AREA_SEPARATOR}${ref}` : ref;
}

function crossAreaIssue(ref: unknown, areas: Record<string, unknown>, field: string): DiagnosticIssue | undefined {
  if (typeof ref !== 'string' || !ref.includes(AREA_SEPARATOR)) return undefined;
  const area = ref.slice(0, ref.indexOf(AREA_SEPARATOR));
  if (Object.hasOwn(areas, area)) return undefined;
  return issue('UNRESOLVED_INLET', `'${ref}' refers to area '${area}', which this model does not have`, `Use one of the areas: ${Object.keys(areas).join(', ')} ("<area>::<unit>[.<port>]")`, field);
}

/** The definition's units as a list (the {equipment: [...]} form accepted as the original does). */
function unitList(process: unknown): unknown[] | undefined {
  if (Array.isArray(process)) return process;
  if (isPlainObject(process) && Array.isArray(process.equipment)) return process.equipment;
  return undefined;
}

export function flattenAreas(input: Record<string, unknown>): Flattened {
  const issues: DiagnosticIssue[] = [];
  if (input.process !== undefined) {
    return { ok: false, kind: 'input', issues: [issue('CONFLICTING_PROPERTY', 'Both "process" and "areas" are given; a definition is one process or a model of areas', 'Give "process" (one flowsheet) or "areas" (several named flowsheets), not both', 'areas')] };
  }
  for (const k of MODEL_OPTIONS) {
    if (input[k] !== undefined) issues.push(issue('UNSUPPORTED_PROPERTY', `"${k}" sets the original's iteration over areas; here the areas are solved as one flowsheet`, 'Leave it out; close loops between areas with a Recycle unit, whose tolerance you can set', k));
  }
  const areas = input.areas;
  if (!isPlainObject(areas) || Object.keys(areas).length === 0) {
    return { ok: false, kind: 'compute', issues: [...issues, issue('EMPTY_AREAS', '"areas" must name at least one area', 'Give "areas": {"<area>": {"fluid": {...}, "process": [...]}}', 'areas')] };
  }
  const names = Object.keys(areas);
  const flatUnits: Record<string, unknown>[] = [];
  const fluids: Record<string, unknown> = {};
  const origin: AreaMap['origin'] = [];
  const areaOfUnit = new Map<string, string>();
  for (const area of names) {
    const a = areas[area];
    const at = `areas.${area}`;
    if (area.includes(AREA_SEPARATOR) || area.includes('.') || area.trim() === '') {
      issues.push(issue('INVALID_AREA', `Area name '${area}' is empty or contains "::" or "."`, 'Name areas without "::" and "." (they separate area, unit and port in references)', at));
      continue;
    }
    if (!isPlainObject(a)) {
      issues.push(issue('INVALID_AREA', `Area '${area}' must be an object {fluid, process}`, 'Give the area as {"fluid": {...}, "process": [...]}', at));
      continue;
    }
    for (const k of Object.keys(a)) {
      if (!AREA_KEYS.includes(k)) issues.push(issue('UNKNOWN_PROPERTY', `Area '${area}': unknown key "${k}"`, `An area takes ${AREA_KEYS.join(', ')}`, `${at}.${k}`));
    }
    const list = unitList(a.process);
    if (!list || list.length === 0) {
      issues.push(issue('INVALID_AREA', `Area '${area}': "process" must be a non-empty array of units`, 'Give "process": [{"type": "Stream", ...}, ...]', `${at}.process`));
      continue;
    }
    const areaFluid = a.fluid ?? input.fluid;
    if (areaFluid !== undefined) fluids[`${area}${AREA_SEPARATOR}default`] = areaFluid;
    const sharedFluids = isPlainObject(input.fluids) ? input.fluids : {};
    for (const [k, f] of Object.entries({ ...sharedFluids, ...(isPlainObject(a.fluids) ? a.fluids : {}) })) fluids[`${area}${AREA_SEPARATOR}${k}`] = f;
    list.forEach((raw, j) => {
      const field = `${at}.process.${j}`;
      origin.push({ area, index: j });
      if (!isPlainObject(raw)) {
        flatUnits.push(raw as Record<string, unknown>);
        return;
      }
      const u: Record<string, unknown> = { ...raw };
      const local = typeof raw.name === 'string' && raw.name.trim() !== '' ? raw.name : `${String(raw.type ?? 'unit')}_${j + 1}`;
      if (local.includes(AREA_SEPARATOR)) issues.push(issue('INVALID_UNIT_NAME', `Unit name '${local}' contains "::", which separates area and unit`, 'Rename the unit without "::"', `${field}.name`));
      u.name = `${area}${AREA_SEPARATOR}${local}`;
      areaOfUnit.set(u.name as string, area);
      if (u.inlet !== undefined) {
        const bad = crossAreaIssue(u.inlet, areas, `${field}.inlet`);
        if (bad) issues.push(bad);
        u.inlet = qualify(u.inlet, area);
      }
      if (Array.isArray(u.inlets)) {
        u.inlets.forEach((r, k) => {
          const bad = crossAreaIssue(r, areas, `${field}.inlets.${k}`);
          if (bad) issues.push(bad);
        });
        u.inlets = u.inlets.map((r) => qualify(r, area));
      }
      if (String(u.type).toLowerCase() === 'stream') u.fluidRef = `${area}${AREA_SEPARATOR}${typeof u.fluidRef === 'string' ? u.fluidRef : 'default'}`;
      if (isPlainObject(u.properties)) {
        const p: Record<string, unknown> = { ...u.properties };
        for (const k of UNIT_REF_PROPERTIES) if (p[k] !== undefined) p[k] = qualify(p[k], area);
        if (Array.isArray(p.calculatorInputs)) p.calculatorInputs = p.calculatorInputs.map((r) => qualify(r, area));
        u.properties = p;
      }
      flatUnits.push(u);
    });
  }
  linkAreas(input.interAreaLinks, names, flatUnits, issues);
  if (issues.length > 0) return { ok: false, kind: issues.some((i) => i.code === 'UNKNOWN_PROPERTY' || i.code === 'CONFLICTING_PROPERTY') ? 'input' : 'compute', issues };
  const doc: Record<string, unknown> = { fluids, process: flatUnits };
  for (const k of ['name', 'autoRun', 'metadata', 'reportFormat']) if (input[k] !== undefined) doc[k] = input[k];
  return { ok: true, doc, map: { names, origin, areaOfUnit } };
}

/** interAreaLinks: each puts "<sourceArea>::<source>" at inlet targetInletIndex of "<targetArea>::<targetUnit>". */
function linkAreas(links: unknown, names: string[], units: Record<string, unknown>[], issues: DiagnosticIssue[]): void {
  if (links === undefined) return;
  if (!Array.isArray(links)) return; // the schema refuses other shapes
  links.forEach((l, i) => {
    const at = `interAreaLinks.${i}`;
    if (!isPlainObject(l)) return;
    for (const k of ['sourceArea', 'targetArea'] as const) {
      if (!names.includes(l[k] as string)) issues.push(issue('UNRESOLVED_AREA_LINK', `${k} '${String(l[k])}' is not an area of this model`, `Use one of: ${names.join(', ')}`, `${at}.${k}`));
    }
    if (!names.includes(l.sourceArea as string) || !names.includes(l.targetArea as string)) return;
    const target = `${l.targetArea as string}${AREA_SEPARATOR}${String(l.targetUnit)}`;
    const unit = units.find((u) => isPlainObject(u) && u.name === target);
    if (!unit) {
      issues.push(issue('UNRESOLVED_AREA_LINK', `targetUnit '${String(l.targetUnit)}' is not a unit of area '${l.targetArea as string}'`, 'Name a unit of the target area (its local name)', `${at}.targetUnit`));
      return;
    }
    const source = `${l.sourceArea as string}${AREA_SEPARATOR}${String(l.source)}`;
    const index = typeof l.targetInletIndex === 'number' ? l.targetInletIndex : 0;
    const inlets: unknown[] = Array.isArray(unit.inlets) ? [...unit.inlets] : unit.inlet !== undefined ? [unit.inlet] : [];
    if (index > inlets.length) {
      issues.push(issue('UNRESOLVED_AREA_LINK', `targetInletIndex ${index} skips inlets of '${target}' (it has ${inlets.length})`, `Use an index from 0 to ${inlets.length}`, `${at}.targetInletIndex`));
      return;
    }
    inlets[index] = source;
    if (inlets.length === 1 && !Array.isArray(unit.inlets)) unit.inlet = source;
    else {
      delete unit.inlet;
      unit.inlets = inlets;
    }
  });
}

/** Rewrites a flat-definition field ("process.7.inlet", "/process/7/…", "fluids.A::x") to the area definition's. */
export function areaField(field: string | undefined, map: AreaMap): string | undefined {
  if (field === undefined) return field;
  const dotted = /^process\.(\d+)(.*)$/.exec(field);
  if (dotted) {
    const o = map.origin[Number(dotted[1])];
    return o ? `areas.${o.area}.process.${o.index}${dotted[2]}` : field;
  }
  const ptr = /^\/process\/(\d+)(.*)$/.exec(field);
  if (ptr) {
    const o = map.origin[Number(ptr[1])];
    return o ? `/areas/${o.area}/process/${o.index}${ptr[2]}` : field;
  }
  const fl = /^(\/?)fluids[./]([^./]*)::([^./]*)(.*)$/.exec(field);
  if (fl) {
    const sep = fl[1] === '/' ? '/' : '.';
    const where = fl[3] === 'default' ? 'fluid' : `fluids${sep}${fl[3]}`;
    return `${fl[1]}areas${sep}${fl[2]}${sep}${where}${fl[4]}`;
  }
  return field;
}

export interface AreaResult {
  units: string[];
  feeds: string[];
  products: string[];
  /** Streams made in another area that enter this one, and streams of this area that enter another. */
  importedStreams: string[];
  exportedStreams: string[];
  massBalance: { in_kg_hr: number; out_kg_hr: number; massBalanceRelativeError: number };
}

/** Per-area view of the flat result: units, feeds, products, streams crossing the boundary, mass balance. */
export function areaResults(payload: ProcessPayload, map: AreaMap): Record<string, AreaResult> {
  const producer = (stream: string) => map.areaOfUnit.get(stream.split('.')[0]);
  const out: Record<string, AreaResult> = {};
  for (const area of map.names) {
    const units = Object.keys(payload.units).filter((u) => map.areaOfUnit.get(u) === area);
    const imported = new Set<string>();
    const exported = new Set<string>();
    for (const [name, u] of Object.entries(payload.units)) {
      const here = map.areaOfUnit.get(name) === area;
      for (const s of u.inlets) {
        if (payload.streams[s] === undefined) continue;
        const from = producer(s);
        if (here && from !== area) imported.add(s);
        if (!here && from === area) exported.add(s);
      }
    }
    const flow = (names: Iterable<string>) => [...names].reduce((a, s) => a + (payload.streams[s]?.massFlow_kg_hr ?? 0), 0);
    const feeds = payload.feeds.filter((f) => producer(f) === area);
    const products = payload.products.filter((p) => producer(p) === area);
    const inFlow = flow(feeds) + flow(imported);
    const outFlow = flow(products) + flow(exported);
    out[area] = {
      units,
      feeds,
      products,
      importedStreams: [...imported],
      exportedStreams: [...exported],
      massBalance: { in_kg_hr: inFlow, out_kg_hr: outFlow, massBalanceRelativeError: inFlow > 0 ? (outFlow - inFlow) / inFlow : 0 },
    };
  }
  return out;
}
