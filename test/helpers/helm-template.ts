/**
 * A small renderer for the part of Helm's template language (Go text/template + the Sprig
 * functions) that helm/neqsim-ts uses, so the deploy tests can render the chart on machines where
 * helm cannot be installed. It follows Go where a difference would hide a chart bug:
 * - numbers from values are float64 (as Helm parses them) and print like Go's %v, so 1048576
 *   renders as 1.048576e+06 unless the template pipes it through `int`;
 * - int (BigInt here) and float64 do not compare (`le`, `gt`, ...): Go's template errors;
 * - a missing value is nil and prints as an empty string (Helm's missingkey=zero);
 * - `{{-` / `-}}` trim the adjacent whitespace, `fail` aborts the render.
 * Anything outside this subset throws, so a template using a new construct fails loudly here
 * rather than rendering something helm would not.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import YAML from 'yaml';

type Value = unknown;
interface Scope { dot: Value; vars: Map<string, Value> }
type Token = { k: 'str' | 'num' | 'ident' | 'field' | 'var' | 'pipe' | 'lparen' | 'rparen' | 'assign' | 'comma'; v: string };
type Node =
  | { t: 'text'; s: string }
  | { t: 'out'; expr: Token[]; assign?: string }
  | { t: 'if'; branches: { cond: Token[] | null; body: Node[] }[] }
  | { t: 'with'; expr: Token[]; body: Node[]; elseBody: Node[] }
  | { t: 'range'; expr: Token[]; keyVar?: string; valVar?: string; body: Node[]; elseBody: Node[] };

export class TemplateFailure extends Error {}

function tokenize(src: string): Token[] {
  const out: Token[] = [];
  const re = /\s*(?:("(?:[^"\\]|\\.)*")|(`[^`]*`)|(-?\d+(?:\.\d+)?)|(:=|=)|(\|)|(\()|(\))|(,)|(\$[A-Za-z0-9_]*(?:\.[A-Za-z0-9_]+)*)|(\.(?:[A-Za-z0-9_]+(?:\.[A-Za-z0-9_]+)*)?)|([A-Za-z_][A-Za-z0-9_]*))/y;
  let m: RegExpExecArray | null;
  while (re.lastIndex < src.length && (m = re.exec(src)) !== null) {
    if (m[1]) out.push({ k: 'str', v: JSON.parse(m[1]) as string });
    else if (m[2]) out.push({ k: 'str', v: m[2].slice(1, -1) });
    else if (m[3]) out.push({ k: 'num', v: m[3] });
    else if (m[4]) out.push({ k: 'assign', v: m[4] });
    else if (m[5]) out.push({ k: 'pipe', v: '|' });
    else if (m[6]) out.push({ k: 'lparen', v: '(' });
    else if (m[7]) out.push({ k: 'rparen', v: ')' });
    else if (m[8]) out.push({ k: 'comma', v: ',' });
    else if (m[9]) out.push({ k: 'var', v: m[9] });
    else if (m[10]) out.push({ k: 'field', v: m[10] });
    else if (m[11]) out.push({ k: 'ident', v: m[11] });
    if (/^\s*$/.test(src.slice(re.lastIndex))) break;
  }
  if (!/^\s*$/.test(src.slice(re.lastIndex))) throw new Error(`cannot tokenize template action: ${src}`);
  return out;
}

/** Splits the source into text and actions, applies trim markers, and builds the tree. */
function parse(src: string, defines: Map<string, Node[]>): Node[] {
  const parts: ({ text: string } | { action: string })[] = [];
  const re = /\{\{(-\s)?([\s\S]*?)(\s-)?\}\}/g;
  let last = 0;
  for (let m: RegExpExecArray | null; (m = re.exec(src)) !== null; ) {
    let text = src.slice(last, m.index);
    if (m[1]) text = text.replace(/\s+$/, '');
    parts.push({ text });
    parts.push({ action: m[2].trim() });
    last = re.lastIndex;
    if (m[3]) {
      const rest = src.slice(last);
      last += rest.length - rest.replace(/^\s+/, '').length;
    }
  }
  parts.push({ text: src.slice(last) });

  let i = 0;
  const block = (stops: RegExp): { nodes: Node[]; stop: string } => {
    const nodes: Node[] = [];
    while (i < parts.length) {
      const p = parts[i++];
      if ('text' in p) {
        if (p.text) nodes.push({ t: 'text', s: p.text });
        continue;
      }
      const a = p.action;
      if (a.startsWith('/*')) continue;
      if (stops.test(a)) return { nodes, stop: a };
      let m: RegExpMatchArray | null;
      if ((m = a.match(/^if\s+([\s\S]+)$/))) {
        const branches: { cond: Token[] | null; body: Node[] }[] = [];
        let cond: Token[] | null = tokenize(m[1]);
        for (;;) {
          const r = block(/^(else|end)\b/);
          branches.push({ cond, body: r.nodes });
          if (r.stop === 'end') break;
          const elif = r.stop.match(/^else\s+if\s+([\s\S]+)$/);
          cond = elif ? tokenize(elif[1]) : null;
          if (!elif) {
            const last = block(/^end$/);
            branches.push({ cond: null, body: last.nodes });
            break;
          }
        }
        nodes.push({ t: 'if', branches });
      } else if ((m = a.match(/^(with|range)\s+([\s\S]+)$/))) {
        let expr = m[2];
        let keyVar: string | undefined;
        let valVar: string | undefined;
        const decl = expr.match(/^(\$\w+)\s*(?:,\s*(\$\w+))?\s*:=\s*([\s\S]+)$/);
        if (decl) {
          [keyVar, valVar, expr] = decl[2] ? [decl[1], decl[2], decl[3]] : [undefined, decl[1], decl[3]];
        }
        const body = block(/^(else|end)$/);
        const elseBody = body.stop === 'else' ? block(/^end$/).nodes : [];
        const tokens = tokenize(expr);
        nodes.push(m[1] === 'with' ? { t: 'with', expr: tokens, body: body.nodes, elseBody } : { t: 'range', expr: tokens, keyVar, valVar, body: body.nodes, elseBody });
      } else if ((m = a.match(/^define\s+"([^"]+)"$/))) {
        defines.set(m[1], block(/^end$/).nodes);
      } else if ((m = a.match(/^(\$\w+)\s*:=\s*([\s\S]+)$/))) {
        nodes.push({ t: 'out', expr: tokenize(m[2]), assign: m[1] });
      } else if (/^(else|end)\b/.test(a) || /^(template|block)\b/.test(a)) {
        throw new Error(`unsupported or unbalanced template action: {{ ${a} }}`);
      } else {
        nodes.push({ t: 'out', expr: tokenize(a) });
      }
    }
    return { nodes, stop: '' };
  };
  return block(/^$/).nodes;
}

const isInt = (v: Value): v is bigint => typeof v === 'bigint';
function truthy(v: Value): boolean {
  if (v === null || v === undefined || v === false || v === 0 || v === 0n || v === '') return false;
  if (Array.isArray(v)) return v.length > 0;
  if (typeof v === 'object') return Object.keys(v).length > 0;
  return true;
}

/** Go's %v for float64 (strconv 'g', shortest): exponent form when the decimal exponent is < -4 or >= 6. */
function goFloat(v: number): string {
  if (v === 0) return '0';
  const [mant, e] = v.toExponential().split('e');
  const exp = Number(e);
  if (exp < -4 || exp >= 6) return `${mant}e${exp < 0 ? '-' : '+'}${String(Math.abs(exp)).padStart(2, '0')}`;
  return String(v);
}

export function printValue(v: Value): string {
  if (v === null || v === undefined) return '';
  if (typeof v === 'number') return goFloat(v);
  if (typeof v === 'bigint' || typeof v === 'boolean' || typeof v === 'string') return String(v);
  throw new Error(`printing a ${Array.isArray(v) ? 'list' : 'map'} is not supported here: ${JSON.stringify(v)}`);
}

function toInt(v: Value): bigint {
  if (isInt(v)) return v;
  if (typeof v === 'number') return BigInt(Math.trunc(v));
  if (typeof v === 'string' && /^-?\d+$/.test(v.trim())) return BigInt(v.trim());
  if (v === null || v === undefined || v === false || v === '') return 0n;
  if (v === true) return 1n;
  throw new Error(`int: cannot convert ${JSON.stringify(v)}`);
}

function compare(a: Value, b: Value): number {
  const kind = (x: Value): string => (isInt(x) ? 'int' : typeof x === 'number' ? 'float' : typeof x);
  if (kind(a) !== kind(b)) throw new Error(`incompatible types for comparison: ${kind(a)} and ${kind(b)}`);
  return a === b ? 0 : (a as number) < (b as number) ? -1 : 1;
}

export interface RenderContext {
  Values: Record<string, unknown>;
  Chart: Record<string, unknown>;
  Release: Record<string, unknown>;
  Template: Record<string, unknown>;
  Capabilities?: Record<string, unknown>;
}

export class HelmTemplates {
  private readonly defines = new Map<string, Node[]>();

  /** Registers a file under its chart path (e.g. "neqsim-ts/templates/deployment.yaml"), as helm does. */
  add(name: string, source: string): void {
    this.defines.set(name, parse(source, this.defines));
  }

  render(name: string, ctx: RenderContext): string {
    const nodes = this.defines.get(name);
    if (!nodes) throw new Error(`no template "${name}"`);
    return this.exec(nodes, { dot: ctx, vars: new Map([['$', ctx]]) }, ctx);
  }

  private exec(nodes: Node[], scope: Scope, root: RenderContext): string {
    let out = '';
    for (const n of nodes) {
      if (n.t === 'text') out += n.s;
      else if (n.t === 'out') {
        const v = this.evalPipe(n.expr, scope, root);
        if (n.assign) scope.vars.set(n.assign, v);
        else out += printValue(v);
      } else if (n.t === 'if') {
        const hit = n.branches.find((b) => b.cond === null || truthy(this.evalPipe(b.cond, scope, root)));
        if (hit) out += this.exec(hit.body, scope, root);
      } else if (n.t === 'with') {
        const v = this.evalPipe(n.expr, scope, root);
        out += truthy(v) ? this.exec(n.body, { dot: v, vars: new Map(scope.vars) }, root) : this.exec(n.elseBody, scope, root);
      } else {
        const v = this.evalPipe(n.expr, scope, root);
        const entries: [Value, Value][] = Array.isArray(v) ? v.map((x, i) => [BigInt(i), x]) : v && typeof v === 'object' ? Object.entries(v).sort(([a], [b]) => (a < b ? -1 : 1)) : [];
        if (entries.length === 0) out += this.exec(n.elseBody, scope, root);
        for (const [k, x] of entries) {
          const vars = new Map(scope.vars);
          if (n.keyVar) vars.set(n.keyVar, k);
          if (n.valVar) vars.set(n.valVar, x);
          out += this.exec(n.body, { dot: x, vars }, root);
        }
      }
    }
    return out;
  }

  private evalPipe(tokens: Token[], scope: Scope, root: RenderContext): Value {
    // Split on top-level pipes; each stage's result is the last argument of the next.
    const stages: Token[][] = [[]];
    let depth = 0;
    for (const tok of tokens) {
      if (tok.k === 'lparen') depth++;
      if (tok.k === 'rparen') depth--;
      if (tok.k === 'pipe' && depth === 0) stages.push([]);
      else stages[stages.length - 1].push(tok);
    }
    let piped: Value = undefined;
    stages.forEach((stage, idx) => {
      piped = this.evalCommand(stage, scope, root, idx === 0 ? [] : [piped]);
    });
    return piped;
  }

  private evalCommand(tokens: Token[], scope: Scope, root: RenderContext, extra: Value[]): Value {
    const args: Value[] = [];
    let fn: string | undefined;
    for (let i = 0; i < tokens.length; i++) {
      const tok = tokens[i];
      if (i === 0 && tok.k === 'ident' && !['true', 'false', 'nil'].includes(tok.v)) {
        fn = tok.v;
        continue;
      }
      if (tok.k === 'lparen') {
        let depth = 1;
        let j = i + 1;
        for (; j < tokens.length && depth > 0; j++) depth += tokens[j].k === 'lparen' ? 1 : tokens[j].k === 'rparen' ? -1 : 0;
        args.push(this.evalPipe(tokens.slice(i + 1, j - 1), scope, root));
        i = j - 1;
      } else args.push(this.operand(tok, scope));
    }
    if (fn === undefined) {
      if (args.length + extra.length !== 1) throw new Error(`cannot evaluate ${tokens.map((x) => x.v).join(' ')}`);
      return [...args, ...extra][0];
    }
    return this.call(fn, [...args, ...extra], root);
  }

  private operand(tok: Token, scope: Scope): Value {
    const walk = (start: Value, path: string[]): Value => {
      let v = start;
      for (const p of path) v = v !== null && typeof v === 'object' ? (v as Record<string, unknown>)[p] : undefined;
      return v;
    };
    switch (tok.k) {
      case 'str':
        return tok.v;
      case 'num':
        return tok.v.includes('.') ? Number(tok.v) : BigInt(tok.v);
      case 'field':
        return tok.v === '.' ? scope.dot : walk(scope.dot, tok.v.slice(1).split('.'));
      case 'var': {
        const [name, ...path] = tok.v.split('.');
        if (!scope.vars.has(name)) throw new Error(`undefined variable ${name}`);
        return walk(scope.vars.get(name), path);
      }
      case 'ident':
        return tok.v === 'true' ? true : tok.v === 'false' ? false : null;
      default:
        throw new Error(`unexpected token ${tok.v}`);
    }
  }

  private call(fn: string, a: Value[], root: RenderContext): Value {
    const s = (v: Value): string => printValue(v);
    const indent = (n: Value, text: Value): string => s(text).split('\n').map((l) => ' '.repeat(Number(toInt(n))) + l).join('\n');
    switch (fn) {
      case 'include': {
        const nodes = this.defines.get(s(a[0]));
        if (!nodes) throw new Error(`include: no template "${s(a[0])}"`);
        return this.exec(nodes, { dot: a[1], vars: new Map([['$', a[1]]]) }, root);
      }
      case 'toYaml':
        return a[0] === undefined || a[0] === null ? 'null' : YAML.stringify(a[0]).replace(/\n$/, '');
      case 'nindent': return '\n' + indent(a[0], a[1]);
      case 'indent': return indent(a[0], a[1]);
      case 'quote': return a.filter((x) => x !== null && x !== undefined).map((x) => JSON.stringify(s(x))).join(' ');
      case 'b64enc': return Buffer.from(s(a[0])).toString('base64');
      case 'sha256sum': return createHash('sha256').update(s(a[0])).digest('hex');
      case 'default': return truthy(a[1]) ? a[1] : a[0];
      case 'trunc': return s(a[1]).slice(0, Number(toInt(a[0])));
      case 'trimSuffix': return s(a[1]).endsWith(s(a[0])) ? s(a[1]).slice(0, s(a[1]).length - s(a[0]).length) : s(a[1]);
      case 'replace': return s(a[2]).split(s(a[0])).join(s(a[1]));
      case 'contains': return s(a[1]).includes(s(a[0]));
      case 'hasSuffix': return s(a[1]).endsWith(s(a[0]));
      case 'hasPrefix': return s(a[1]).startsWith(s(a[0]));
      case 'printf': {
        let k = 1;
        return s(a[0]).replace(/%[sdv]/g, () => s(a[k++]));
      }
      case 'print': return a.map(s).join('');
      case 'not': return !truthy(a[0]);
      case 'and': return a.find((x) => !truthy(x)) ?? a[a.length - 1];
      case 'or': return a.find((x) => truthy(x)) ?? a[a.length - 1];
      case 'eq': return a.slice(1).some((x) => compare(a[0], x) === 0);
      case 'ne': return compare(a[0], a[1]) !== 0;
      case 'lt': return compare(a[0], a[1]) < 0;
      case 'le': return compare(a[0], a[1]) <= 0;
      case 'gt': return compare(a[0], a[1]) > 0;
      case 'ge': return compare(a[0], a[1]) >= 0;
      case 'int': case 'int64': return toInt(a[0]);
      case 'add': return a.reduce<bigint>((acc, x) => acc + toInt(x), 0n);
      case 'sub': return toInt(a[0]) - toInt(a[1]);
      case 'mul': return a.reduce<bigint>((acc, x) => acc * toInt(x), 1n);
      case 'div': return toInt(a[0]) / toInt(a[1]);
      case 'toString': return s(a[0]);
      case 'empty': return !truthy(a[0]);
      case 'list': return a;
      case 'join': return (a[1] as Value[]).map(s).join(s(a[0]));
      case 'dict': {
        const d: Record<string, Value> = {};
        for (let k = 0; k + 1 < a.length; k += 2) d[s(a[k])] = a[k + 1];
        return d;
      }
      case 'get': return (a[0] as Record<string, Value>)[s(a[1])] ?? '';
      case 'required': if (!truthy(a[1])) throw new TemplateFailure(s(a[0])); return a[1];
      case 'fail': throw new TemplateFailure(s(a[0]));
      default: throw new Error(`template function "${fn}" is not implemented in test/helpers/helm-template.ts`);
    }
  }
}

export interface RenderedChart {
  /** Rendered manifests by template file name, parsed (empty files left out). */
  manifests: Record<string, Record<string, any>[]>;
  notes: string;
  values: Record<string, any>;
}

function deepMerge(base: Record<string, any>, over: Record<string, any>): Record<string, any> {
  const out: Record<string, any> = structuredClone(base);
  for (const [k, v] of Object.entries(over)) {
    out[k] = v && typeof v === 'object' && !Array.isArray(v) && out[k] && typeof out[k] === 'object' && !Array.isArray(out[k]) ? deepMerge(out[k], v) : v;
  }
  return out;
}

/** Renders every template of the chart (like `helm template <release> <chart> --set ...`). */
export function renderChart(chartDir: string, overrides: Record<string, any> = {}, release = 'demo'): RenderedChart {
  const chart = YAML.parse(readFileSync(join(chartDir, 'Chart.yaml'), 'utf8')) as Record<string, any>;
  const values = deepMerge(YAML.parse(readFileSync(join(chartDir, 'values.yaml'), 'utf8')) as Record<string, any>, overrides);
  const templates = new HelmTemplates();
  const base = `${chart.name}/templates`;
  const files = readdirSync(join(chartDir, 'templates')).sort();
  for (const f of files) templates.add(`${base}/${f}`, readFileSync(join(chartDir, 'templates', f), 'utf8'));
  const ctx: RenderContext = {
    Values: values,
    Chart: { Name: chart.name, Version: chart.version, AppVersion: chart.appVersion },
    Release: { Name: release, Namespace: 'default', Service: 'Helm' },
    Template: { BasePath: base },
  };
  const manifests: Record<string, Record<string, any>[]> = {};
  let notes = '';
  for (const f of files) {
    if (f.startsWith('_')) continue;
    const text = templates.render(`${base}/${f}`, { ...ctx, Template: { ...ctx.Template, Name: `${base}/${f}` } });
    if (f === 'NOTES.txt') notes = text;
    else manifests[f] = YAML.parseAllDocuments(text).map((d) => {
      if (d.errors.length > 0) throw new Error(`${f} does not render to valid YAML: ${d.errors[0].message}\n${text}`);
      return d.toJS() as Record<string, any>;
    }).filter((d) => d !== null && d !== undefined);
  }
  return { manifests, notes, values };
}
