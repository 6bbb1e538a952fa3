/**
 * Reads the properties of a column unit (DistillationColumn/Column, SimpleAbsorber,
 * SimpleTEGAbsorber, WaterStripperColumn) into the engine's ColumnUnitSpec.
 *
 * DistillationColumn keeps the original's meaning of its keys: numberOfTrays trays between an
 * optional reboiler and condenser; feedTray numbers the column's stage list from the bottom
 * (0 = the reboiler when there is one), as the original's addFeedStream(stream, tray). Each end
 * present needs exactly one specification; the original's two that converge there
 * (condenserTemperature, reboilerTemperature) read as they do. Absorbers take their gas at the
 * bottom stage and the solvent at the top; the water stripper its liquid at the top and an optional
 * stripping gas at the bottom.
 */
import type { ColumnSideDraw, ColumnType, ColumnUnitSpec, NamedEndSpecification, PortRef, UnitSpec } from '../../../engine/index.js';
import { issue, type DiagnosticIssue } from '../../contract/envelope.js';
import { parsePressure, parseTemperature } from '../../contract/units.js';
import { findComponent } from '../../../engine/components/index.js';
import { isPlainObject } from '../../platform/validation/issues.js';
import { parseDuty, parseFlowRate } from './quantities.js';

export const CONDENSER_SPECS = ['refluxRatio', 'condenserTemperature', 'condenserDuty', 'topProductFlowRate', 'topProductPurity', 'topComponentRecovery'] as const;
export const REBOILER_SPECS = ['reboilerTemperature', 'reboilerDuty', 'boilupRatio', 'bottomProductFlowRate', 'bottomProductPurity', 'bottomComponentRecovery'] as const;
const MAX_STAGES = 200;

type Props = Record<string, unknown>;
const scalar = (v: unknown): unknown => (Array.isArray(v) && v.length === 1 ? v[0] : v);

function readEnd(p: Props, keys: readonly string[], end: 'condenser' | 'reboiler', pf: (k: string) => string, issues: DiagnosticIssue[]): NamedEndSpecification | undefined | null {
  const given = keys.filter((k) => p[k] !== undefined);
  if (given.length === 0) return null;
  const key = given[0];
  const v = p[key];
  const bad = (what: string, fix: string) => void issues.push(issue('INVALID_PROPERTY', `${key} ${what}, got ${JSON.stringify(v)}`, fix, pf(key)));
  if (key === 'refluxRatio' || key === 'boilupRatio') {
    const x = scalar(v);
    if (typeof x !== 'number' || !Number.isFinite(x) || x <= 0 || x > 1e4) return bad('must be a positive number', `Give e.g. "${key}": 2.5`);
    return { kind: key, value: x };
  }
  if (key.endsWith('Temperature')) {
    const r = parseTemperature(v, { code: 'INVALID_TEMPERATURE', field: pf(key) });
    if (!r.ok) return void issues.push(r.issue);
    return { kind: 'temperature', value: r.value };
  }
  if (key.endsWith('Duty')) {
    const r = parseDuty(v, pf(key));
    if (!r.ok) return void issues.push(r.issue);
    // A condenser removes heat, a reboiler adds it: the magnitude is what counts, as for a Cooler.
    return { kind: 'duty', value: end === 'condenser' ? -Math.abs(r.value) : Math.abs(r.value) };
  }
  if (key.endsWith('FlowRate')) {
    const r = parseFlowRate(v, NaN, pf(key));
    if (!r.ok) return void issues.push(r.issue);
    // A mass unit gives NaN mol/s (no molar mass): the column then meets the rate in kg/s, its
    // product's molar mass following from the solved composition.
    if (!Number.isFinite(r.value)) {
      const kg = parseFlowRate(v, 1, pf(key));
      return kg.ok ? { kind: 'productMassRate', value: kg.value } : void issues.push(kg.issue);
    }
    return { kind: 'productRate', value: r.value };
  }
  // Purity / recovery: {"component": "propane", "value": 0.95}
  if (!isPlainObject(v) || typeof v.component !== 'string' || typeof v.value !== 'number' || !(v.value > 0 && v.value < 1)) {
    return bad('must be {"component": name, "value": fraction between 0 and 1}', `Give e.g. "${key}": {"component": "propane", "value": 0.95}`);
  }
  const c = findComponent(v.component);
  if (!c) return void issues.push(issue('UNKNOWN_COMPONENT', `${key} names an unknown component ${JSON.stringify(v.component)}`, 'Use a component of the feed fluid', pf(key)));
  return { kind: key.endsWith('Purity') ? 'purity' : 'recovery', componentName: c.name, value: v.value };
}

function readInt(p: Props, key: string, lo: number, hi: number, pf: (k: string) => string, issues: DiagnosticIssue[]): number | undefined {
  const v = scalar(p[key]);
  if (typeof v === 'number' && Number.isInteger(v) && v >= lo && v <= hi) return v;
  issues.push(issue('INVALID_PROPERTY', `${key} must be a whole number from ${lo} to ${hi}, got ${JSON.stringify(p[key])}`, `Give e.g. "${key}": ${Math.min(hi, Math.max(lo, 5))}`, pf(key)));
  return undefined;
}

function readPressures(p: Props, pf: (k: string) => string, issues: DiagnosticIssue[]): { top: number; bottom: number } | undefined | null {
  const read = (k: string): number | undefined => {
    if (p[k] === undefined) return undefined;
    const r = parsePressure(p[k], { code: 'INVALID_PRESSURE', field: pf(k) });
    if (r.ok) return r.value;
    issues.push(r.issue);
    return NaN;
  };
  const top = read('topPressure') ?? read('pressure');
  const bottom = read('bottomPressure');
  if (top === undefined && bottom === undefined) return null;
  if (Number.isNaN(top) || Number.isNaN(bottom)) return undefined;
  const t = top ?? bottom!;
  const b = bottom ?? t;
  if (b < t) {
    issues.push(issue('INVALID_PRESSURE', `bottomPressure ${b / 1e5} bara is below topPressure ${t / 1e5} bara`, 'Vapour flows up: give a bottom pressure at least the top pressure', pf('bottomPressure')));
    return undefined;
  }
  return { top: t, bottom: b };
}

function readSideDraws(p: Props, N: number, toTop: (tray: number) => number, pf: (k: string) => string, issues: DiagnosticIssue[]): ColumnSideDraw[] | undefined {
  if (p.sideDraws === undefined) return [];
  const fix = 'Give "sideDraws": [{"tray": 4, "phase": "liquid", "flowRate": [50, "kmol/hr"]}] (tray numbered from the bottom as feedTray)';
  if (!Array.isArray(p.sideDraws)) return void issues.push(issue('INVALID_PROPERTY', 'sideDraws must be an array', fix, pf('sideDraws')));
  const out: ColumnSideDraw[] = [];
  for (const [i, d] of p.sideDraws.entries()) {
    const field = `${pf('sideDraws')}.${i}`;
    if (!isPlainObject(d) || typeof d.tray !== 'number' || !Number.isInteger(d.tray) || d.tray < 0 || d.tray >= N || (d.phase !== 'liquid' && d.phase !== 'vapour' && d.phase !== 'gas')) {
      issues.push(issue('INVALID_PROPERTY', `sideDraws[${i}] needs a tray from 0 to ${N - 1}, a phase ("liquid" or "vapour") and a flowRate`, fix, field));
      continue;
    }
    const r = parseFlowRate(d.flowRate, NaN, `${field}.flowRate`);
    if (!r.ok) issues.push(r.issue);
    else if (!Number.isFinite(r.value)) issues.push(issue('INVALID_FLOW_RATE', 'A side draw rate needs a molar or standard-volume unit', fix, `${field}.flowRate`));
    else out.push({ stage: toTop(d.tray), phase: d.phase === 'liquid' ? 'liquid' : 'vapour', molarFlow: r.value });
  }
  return out;
}

/** The unit spec of a column, or undefined with the problems pushed into issues. */
export function readColumnUnit(type: ColumnType, name: string, p: Props, inlets: PortRef[] | undefined, field: string, issues: DiagnosticIssue[]): UnitSpec | undefined {
  const pf = (k: string) => `${field}.properties.${k}`;
  const before = issues.length;
  const pressure = readPressures(p, pf, issues);
  if (type === 'DistillationColumn') {
    const trays = p.numberOfTrays === undefined ? 5 : readInt(p, 'numberOfTrays', 1, MAX_STAGES, pf, issues);
    const flag = (k: string): boolean => {
      if (p[k] === undefined) return true;
      if (typeof p[k] === 'boolean') return p[k] as boolean;
      issues.push(issue('INVALID_PROPERTY', `${k} must be true or false`, `Give "${k}": false`, pf(k)));
      return true;
    };
    const hasCondenser = flag('hasCondenser');
    const hasReboiler = flag('hasReboiler');
    const totalCondenser = p.totalCondenser !== undefined && flag('totalCondenser');
    if (totalCondenser && !hasCondenser) issues.push(issue('CONFLICTING_PROPERTY', `DistillationColumn '${name}': totalCondenser without a condenser`, 'Leave out totalCondenser, or set "hasCondenser": true', pf('totalCondenser')));
    const condenser = readEnd(p, CONDENSER_SPECS, 'condenser', pf, issues);
    const reboiler = readEnd(p, REBOILER_SPECS, 'reboiler', pf, issues);
    const endProblem = (has: boolean, spec: unknown, keys: readonly string[], what: string, flagKey: string) => {
      if (has && spec === null) issues.push(issue('MISSING_PROPERTY', `DistillationColumn '${name}' has a ${what} but no ${what} specification`, `Give one of ${keys.join(', ')} (or "${flagKey}": false)`, `${field}.properties`));
      if (!has && spec !== null && spec !== undefined) issues.push(issue('CONFLICTING_PROPERTY', `DistillationColumn '${name}' has no ${what} ("${flagKey}": false) but a ${what} specification`, `Leave out ${keys.join(', ')}, or set "${flagKey}": true`, `${field}.properties`));
    };
    endProblem(hasCondenser, condenser, CONDENSER_SPECS, 'condenser', 'hasCondenser');
    endProblem(hasReboiler, reboiler, REBOILER_SPECS, 'reboiler', 'hasReboiler');
    if (trays === undefined) return undefined;
    const N = trays + (hasCondenser ? 1 : 0) + (hasReboiler ? 1 : 0);
    const toTop = (tray: number) => N - 1 - tray;
    let feedStages: number[] | undefined;
    if (p.feedTrays !== undefined) {
      const f = p.feedTrays;
      if (!Array.isArray(f) || !f.every((x) => typeof x === 'number' && Number.isInteger(x) && x >= 0 && x < N) || (inlets && f.length !== inlets.length)) {
        issues.push(issue('INVALID_PROPERTY', `feedTrays must give one tray (0 to ${N - 1}, numbered from the bottom) per inlet`, `Give e.g. "feedTrays": [${Array.from({ length: inlets?.length ?? 1 }, () => Math.floor(N / 2)).join(', ')}]`, pf('feedTrays')));
      } else feedStages = (f as number[]).map(toTop);
    } else if (p.feedTray !== undefined) {
      const t = readInt(p, 'feedTray', 0, N - 1, pf, issues);
      if (t !== undefined) feedStages = (inlets ?? []).map(() => toTop(t));
    } else {
      issues.push(issue('MISSING_PROPERTY', `DistillationColumn '${name}' needs the tray its feed enters`, `Give "feedTray": 0 to ${N - 1} (numbered from the bottom; 0 is the reboiler when there is one), or "feedTrays": [one per inlet]`, pf('feedTray')));
    }
    const sideDraws = readSideDraws(p, N, toTop, pf, issues);
    let trayPressures: number[] | undefined;
    if (p.trayPressures !== undefined) {
      const list = p.trayPressures;
      if (!Array.isArray(list) || list.length !== N) {
        issues.push(issue('INVALID_PROPERTY', `trayPressures must give ${N} pressures, one per stage from the bottom (reboiler) to the top (condenser)`, `Give e.g. "trayPressures": [${Array.from({ length: Math.min(N, 3) }, (_, i) => 20 - i * 0.1).join(', ')}${N > 3 ? ', …' : ''}] (bara)`, pf('trayPressures')));
      } else {
        const values = list.map((v, i) => {
          const r = parsePressure(v, { code: 'INVALID_PRESSURE', field: `${pf('trayPressures')}.${i}` });
          if (!r.ok) issues.push(r.issue);
          return r.ok ? r.value : NaN;
        });
        if (values.every((v) => Number.isFinite(v))) trayPressures = values.reverse();
      }
    }
    if (issues.length > before || !inlets || !feedStages || !sideDraws || pressure === undefined) return undefined;
    const column: ColumnUnitSpec = { stages: N, feedStages, sideDraws, pressure: trayPressures ? { stages: trayPressures } : (pressure ?? undefined), condenser: condenser ?? undefined, totalCondenser, reboiler: reboiler ?? undefined };
    return { type, name, inlets, column };
  }
  // Absorbers and the stripper: equilibrium stages without a condenser.
  const stages = p.numberOfStages === undefined ? (issues.push(issue('MISSING_PROPERTY', `${type} '${name}' needs its number of equilibrium stages`, 'Give "numberOfStages": 5', pf('numberOfStages'))), undefined) : readInt(p, 'numberOfStages', 1, MAX_STAGES, pf, issues);
  const stripper = type === 'WaterStripperColumn';
  const reboiler = stripper ? readEnd(p, REBOILER_SPECS, 'reboiler', pf, issues) : null;
  const n = inlets?.length ?? 0;
  if (inlets && (stripper ? n < 1 || n > 2 : n !== 2)) {
    issues.push(issue('INVALID_INLET', `${type} '${name}' needs ${stripper ? 'one or two inlets: [liquid feed (top), stripping gas (bottom)]' : 'two inlets: [gas (enters the bottom stage), solvent (enters the top stage)]'}, got ${n}`, stripper ? 'Set "inlets": ["rich solvent", "stripping gas"]' : 'Set "inlets": ["wet gas", "lean solvent"]', `${field}.inlets`));
  }
  if (stripper && n === 1 && reboiler === null) {
    issues.push(issue('MISSING_PROPERTY', `WaterStripperColumn '${name}' has no stripping gas, so it needs a reboiler specification`, `Give one of ${REBOILER_SPECS.join(', ')}, or a second inlet with the stripping gas`, `${field}.properties`));
  }
  if (issues.length > before || !inlets || stages === undefined || pressure === undefined) return undefined;
  const N = stages;
  const feedStages = stripper ? [0, N - 1].slice(0, n) : [N - 1, 0];
  return { type, name, inlets, column: { stages: N, feedStages, sideDraws: [], pressure: pressure ?? undefined, reboiler: reboiler ?? undefined } };
}
