/**
 * docs/tools.md as the registry generates it: every tool under its engineering domain (the
 * src/tools/<domain>/ folder it lives in), with tier, category, contract version, the deployment
 * profiles that allow it, its description, a summary of its input fields and its examples.
 * `npm run docs` writes it; test/docs/docs.test.ts fails when the committed file differs.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { TSchema } from '@sinclair/typebox';
import { TOOLS } from '../src/tools/registry.js';
import type { AnyTool } from '../src/tools/contract/types.js';
import { DEPLOYMENT_MODES, isAllowedIn, needsApprovalIn, type DeploymentMode } from '../src/tools/contract/governance/profiles.js';

/** The domain folders of src/tools, in the order the reference presents them, with what each covers. */
export const DOMAINS = [
  ['thermo', 'Thermodynamics', 'flashes, phase envelopes, property tables, PVT experiments, standards, components and the data behind them'],
  ['process', 'Process simulation', 'flowsheets, studies over them, automation by address, saved states, sessions, dynamics and operations'],
  ['flow', 'Flow and flow assurance', 'pipelines, hydrates along a line, erosion, CO2 corrosion, cooldown, water hammer, water chemistry'],
  ['safety', 'Safety and integrity', 'relief sizing, LOPA, SIL, risk matrix, flare radiation, HAZOP, barriers, materials, open drains'],
  ['studies', 'Field and decision studies', 'economics, reservoir material balance, bioprocess reactors, decision kernels'],
  ['platform', 'Platform', 'discovery, governance, validation, workflows, background operations, reports and visualizations'],
] as const;
export type Domain = (typeof DOMAINS)[number][0];

const REGISTRY_SOURCE = fileURLToPath(new URL('../../src/tools/registry.ts', import.meta.url));

/**
 * The domain of each registered tool, read from the registry's import lines
 * (`import { runFlashTool } from './thermo/runFlash/runFlash.js'`): a tool is declared once, in
 * its domain folder, and the registry names that place. Every registry entry must resolve.
 */
export function toolDomains(source: string = readFileSync(REGISTRY_SOURCE, 'utf8')): Map<string, Domain> {
  const known = new Set<string>(DOMAINS.map((d) => d[0]));
  const byVariable = new Map<string, Domain>();
  for (const m of source.matchAll(/^import \{ (\w+) \} from '\.\/(\w+)\//gm)) {
    if (known.has(m[2])) byVariable.set(m[1], m[2] as Domain);
  }
  const out = new Map<string, Domain>();
  for (const tool of TOOLS) {
    const domain = byVariable.get(`${tool.name}Tool`);
    if (domain === undefined) throw new Error(`registry.ts: no domain import found for ${tool.name} (expected "import { ${tool.name}Tool } from './<domain>/…'")`);
    out.set(tool.name, domain);
  }
  return out;
}

/** The profiles that allow a tool; "(approval)" where a call needs a one-shot approval there. */
export function profilesAllowing(tool: AnyTool): string[] {
  return DEPLOYMENT_MODES.filter((m) => isAllowedIn(m, tool)).map((m) => (needsApprovalIn(m, tool) ? `${m} (approval)` : m));
}

export function allowedCount(mode: DeploymentMode): number {
  return TOOLS.filter((t) => isAllowedIn(mode, t)).length;
}

type Schema = TSchema & {
  type?: string | string[];
  const?: unknown;
  enum?: unknown[];
  anyOf?: Schema[];
  items?: Schema;
  properties?: Record<string, Schema>;
  patternProperties?: Record<string, Schema>;
  required?: string[];
  description?: string;
};

/** The constants a schema allows (a const, an enum, or a union of them), or undefined. */
function allowedValues(s: Schema): unknown[] | undefined {
  if (s.const !== undefined) return [s.const];
  if (Array.isArray(s.enum)) return s.enum;
  if (Array.isArray(s.anyOf)) {
    const parts = s.anyOf.map(allowedValues);
    if (parts.every((p) => p !== undefined)) return parts.flat();
  }
  return undefined;
}

/** A short type for the field table: number, string, one of the listed values, object, list of … */
export function typeSummary(s: Schema): string {
  const values = allowedValues(s);
  if (values !== undefined) {
    const shown = values.slice(0, 8).map((v) => `\`${String(v)}\``).join(', ');
    return values.length > 8 ? `one of ${shown}, … (${values.length})` : values.length === 1 ? shown : `one of ${shown}`;
  }
  if (Array.isArray(s.anyOf)) return [...new Set(s.anyOf.map(typeSummary))].join(' or ');
  if (s.type === 'array') return s.items ? `list of ${typeSummary(s.items)}` : 'list';
  if (s.type === 'object') {
    if (s.patternProperties && !s.properties) return 'map';
    const keys = Object.keys(s.properties ?? {});
    if (keys.length > 0 && keys.length <= 3) return `{${keys.join(', ')}}`;
    return 'object';
  }
  if (Array.isArray(s.type)) return s.type.join(' or ');
  return s.type ?? 'any';
}

/** The first sentence of a description, cut at a word near 220 characters; table-safe. */
export function firstSentence(text: string | undefined): string {
  if (!text) return '';
  const flat = text.replace(/\s+/g, ' ').trim();
  const end = flat.search(/\.\s+[A-Z(]/);
  let s = end > 0 ? flat.slice(0, end + 1) : flat;
  if (s.length > 220) s = s.slice(0, s.lastIndexOf(' ', 217)) + ' …';
  return s.replace(/\|/g, '\\|');
}

function fieldTable(input: Schema): string[] {
  const props = input.properties ?? {};
  const names = Object.keys(props);
  if (names.length === 0) return ['No input fields: send `{}`.', ''];
  const required = new Set(input.required ?? []);
  const rows = ['| field | type | required | meaning |', '| --- | --- | --- | --- |'];
  for (const name of names) {
    const s = props[name];
    rows.push(`| \`${name}\` | ${typeSummary(s).replace(/\|/g, '\\|')} | ${required.has(name) ? 'yes' : ''} | ${firstSentence(s.description)} |`);
  }
  return [...rows, ''];
}

function exampleBlocks(tool: AnyTool): string[] {
  const out: string[] = [];
  tool.examples.forEach((ex, i) => {
    const json = JSON.stringify(ex.input, null, 2);
    const title = `Example \`${ex.name}\`: ${ex.description.replace(/\s+/g, ' ').trim()}`;
    // The first example is shown when it is short; the rest (and long ones) fold away.
    if (i === 0 && json.split('\n').length <= 30) {
      out.push(`${title}`, '', '```json', json, '```', '');
    } else {
      out.push('<details>', `<summary>${title.replace(/`([^`]*)`/g, '<code>$1</code>')}</summary>`, '', '```json', json, '```', '', '</details>', '');
    }
  });
  return out;
}

function toolSection(tool: AnyTool): string[] {
  return [
    `### ${tool.name}`,
    '',
    `| tier | category | since | execution | allowed in |`,
    `| --- | --- | --- | --- | --- |`,
    `| ${tool.tier} | ${tool.category} | ${tool.since} | ${tool.execution === 'pool' ? 'worker pool' : 'inline'} | ${profilesAllowing(tool).join(', ')} |`,
    '',
    tool.description.replace(/\s+/g, ' ').trim(),
    '',
    `\`POST /v1/tools/${tool.name}\` · MCP tool \`${tool.name}\` · \`runTool('${tool.name}', input)\``,
    '',
    ...fieldTable(tool.input as Schema),
    ...exampleBlocks(tool),
  ];
}

const CLASS_ORDER = ['core', 'advanced', 'experimental'] as const;
const CATEGORY_ORDER = ['ADVISORY', 'CALCULATION', 'EXECUTION', 'PLATFORM'] as const;
const mark = (mode: DeploymentMode, tool: AnyTool): string => (!isAllowedIn(mode, tool) ? '–' : needsApprovalIn(mode, tool) ? 'approval' : 'yes');

/**
 * The profile matrix of the README: one row per (tier, category) class of the registry, the tools
 * in it, and whether each profile allows it; the last row counts the tools each profile allows.
 */
export function profileMatrix(): string {
  const rows = [`| tier · category | tools | ${DEPLOYMENT_MODES.join(' | ')} |`, `| --- | --- | ${DEPLOYMENT_MODES.map(() => '---').join(' | ')} |`];
  for (const tier of CLASS_ORDER) {
    for (const category of CATEGORY_ORDER) {
      const tools = TOOLS.filter((t) => t.tier === tier && t.category === category);
      if (tools.length === 0) continue;
      const names = tools.map((t) => t.name).join(', ');
      rows.push(`| ${tier} · ${category} (${tools.length}) | ${names} | ${DEPLOYMENT_MODES.map((m) => mark(m, tools[0])).join(' | ')} |`);
    }
  }
  rows.push(`| **allowed** | of ${TOOLS.length} | ${DEPLOYMENT_MODES.map((m) => `**${allowedCount(m)}**`).join(' | ')} |`);
  return rows.join('\n') + '\n';
}

export const MATRIX_START = '<!-- profile-matrix: generated by `npm run docs` -->';
export const MATRIX_END = '<!-- /profile-matrix -->';

/** `text` with the block between two marker comments replaced by `content` (the markers must exist). */
export function replaceBlock(text: string, start: string, end: string, content: string, file: string): string {
  const a = text.indexOf(start);
  const b = text.indexOf(end);
  if (a < 0 || b < a) throw new Error(`${file}: the generated-block markers are missing (${start} … ${end})`);
  return text.slice(0, a + start.length) + '\n' + content + text.slice(b);
}

/** The README with its profile-matrix block replaced by the current one. */
export function withProfileMatrix(readme: string): string {
  return replaceBlock(readme, MATRIX_START, MATRIX_END, profileMatrix(), 'README.md');
}

function perToolMatrix(domains: Map<string, Domain>): string[] {
  const rows = [`| tool | domain | tier | category | ${DEPLOYMENT_MODES.join(' | ')} |`, `| --- | --- | --- | --- | ${DEPLOYMENT_MODES.map(() => '---').join(' | ')} |`];
  for (const t of TOOLS) rows.push(`| [${t.name}](#${t.name.toLowerCase()}) | ${domains.get(t.name)} | ${t.tier} | ${t.category} | ${DEPLOYMENT_MODES.map((m) => mark(m, t)).join(' | ')} |`);
  rows.push(`| **allowed** | | | | ${DEPLOYMENT_MODES.map((m) => `**${allowedCount(m)}**`).join(' | ')} |`);
  return [...rows, ''];
}

export function generateToolsDocument(): string {
  const domains = toolDomains();
  const lines: string[] = [
    '# Tool reference',
    '',
    '<!-- Generated by `npm run docs` (scripts/write-docs.ts) from the tool registry; do not edit by hand. -->',
    '',
    `${TOOLS.length} tools, grouped by engineering domain (the \`src/tools/<domain>/\` folder each is declared in).`,
    'Each entry gives the tier (core, advanced, experimental), the governance category (ADVISORY,',
    'CALCULATION, EXECUTION, PLATFORM), the contract version that introduced it, whether it runs in the',
    'worker pool, the deployment profiles (`NEQSIM_MCP_PROFILE`) that allow it, its description, its',
    'top-level input fields and its catalog examples (the same ones `getExample` serves). The full JSON',
    'Schemas are in `openapi/openapi.json` and at `GET /v1/tools`. Longer explanations, tests and',
    'measured accuracy per domain are in the [domain guides](domains/).',
    '',
    'Bare numbers in tool inputs are kelvin for temperatures and bara for pressures unless a field says',
    'otherwise (`temperature_C`, `pressure_bara`, …); `{"value": …, "unit": …}` takes any listed unit.',
    '',
  ];
  for (const [key, title, covers] of DOMAINS) {
    const tools = TOOLS.filter((t) => domains.get(t.name) === key);
    lines.push(`- [${title}](#${key}) (${tools.length}): ${tools.map((t) => `[${t.name}](#${t.name.toLowerCase()})`).join(', ')}`);
    void covers;
  }
  lines.push('', '## Profiles', '', 'Which tools each deployment profile allows (`yes`; `approval`: each call needs a one-shot approval; `–`: blocked with 403). The rules are in `src/tools/contract/governance/profiles.ts`.', '', ...perToolMatrix(domains));
  for (const [key, title, covers] of DOMAINS) {
    const tools = TOOLS.filter((t) => domains.get(t.name) === key);
    lines.push(`<a id="${key}"></a>`, '', `## ${title}`, '', `\`src/tools/${key}/\`: ${covers}. Guide: [docs/domains/${key}.md](domains/${key}.md).`, '');
    for (const tool of tools) lines.push(...toolSection(tool));
  }
  return lines.join('\n').replace(/\n{3,}/g, '\n\n').trimEnd() + '\n';
}
