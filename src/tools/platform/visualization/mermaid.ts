/**
 * Mermaid flowchart text of a flowsheet: one node per unit, shaped by its type, one edge per
 * connection (labelled with the port when it is not the default outlet). Node ids are derived
 * from the names (letters, digits, underscores; made unique); labels are quoted and escaped, so any
 * unit name renders.
 */

export interface FlowNode {
  name: string;
  type?: string;
}

export interface FlowEdge {
  from: string;
  to: string;
  label?: string;
}

/** Mermaid's quoted label text: double quotes become the #quot; entity. */
const quoted = (s: string): string => `"${s.replace(/"/g, '#quot;')}"`;

function shape(type: string | undefined, label: string): string {
  const t = (type ?? '').toLowerCase();
  if (t === 'stream') return `([${label}])`;
  if (t.includes('separator') || t.includes('scrubber')) return `{{${label}}}`;
  if (t.includes('compressor') || t.includes('pump') || t.includes('expander')) return `[/${label}\\]`;
  if (t.includes('valve')) return `>${label}]`;
  if (t.includes('heater') || t.includes('cooler') || t.includes('exchanger')) return `[(${label})]`;
  if (t.includes('mixer') || t.includes('splitter')) return `((${label}))`;
  return `[${label}]`;
}

export function flowsheetMermaid(nodes: readonly FlowNode[], edges: readonly FlowEdge[]): string {
  const ids = new Map<string, string>();
  const used = new Set<string>();
  const idOf = (name: string): string => {
    let id = ids.get(name);
    if (id !== undefined) return id;
    const base = name.replace(/[^A-Za-z0-9_]/g, '_').replace(/^(\d)/, 'n$1') || 'unit';
    id = base;
    for (let k = 2; used.has(id); k++) id = `${base}_${k}`;
    used.add(id);
    ids.set(name, id);
    return id;
  };
  const lines = ['graph LR'];
  for (const n of nodes) lines.push(`    ${idOf(n.name)}${shape(n.type, quoted(n.name))}`);
  for (const e of edges) {
    // An edge from a unit the list does not name still gets a (plain) node.
    if (!ids.has(e.from)) lines.push(`    ${idOf(e.from)}[${quoted(e.from)}]`);
    if (!ids.has(e.to)) lines.push(`    ${idOf(e.to)}[${quoted(e.to)}]`);
    lines.push(`    ${idOf(e.from)} -->${e.label ? `|${quoted(e.label)}|` : ''} ${idOf(e.to)}`);
  }
  return `${lines.join('\n')}\n`;
}
