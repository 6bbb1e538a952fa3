/**
 * A small Prometheus registry (text exposition format 0.0.4): counters, gauges read at scrape
 * time and histograms, all keyed by a fixed label set. Label values come from the registry's tool
 * names and HTTP status codes only, so cardinality is bounded.
 */

type Labels = Record<string, string>;

function escapeLabel(v: string): string {
  return v.replace(/\\/g, '\\\\').replace(/\n/g, '\\n').replace(/"/g, '\\"');
}

function labelText(labels: Labels): string {
  const parts = Object.entries(labels).map(([k, v]) => `${k}="${escapeLabel(v)}"`);
  return parts.length === 0 ? '' : `{${parts.join(',')}}`;
}

function num(v: number): string {
  if (Number.isNaN(v)) return 'NaN';
  if (v === Number.POSITIVE_INFINITY) return '+Inf';
  if (v === Number.NEGATIVE_INFINITY) return '-Inf';
  return String(v);
}

interface Metric {
  render(): string;
}

export class Counter implements Metric {
  private readonly values = new Map<string, { labels: Labels; value: number }>();
  constructor(
    readonly name: string,
    readonly help: string,
  ) {}

  inc(labels: Labels = {}, by = 1): void {
    this.series(labels).value += by;
  }

  /**
   * The series of one label set, to keep and increment directly: the per-call path then skips
   * building and escaping the label text (measured as a visible share of a cheap tool call).
   */
  series(labels: Labels): { value: number } {
    const key = labelText(labels);
    let entry = this.values.get(key);
    if (entry === undefined) {
      entry = { labels, value: 0 };
      this.values.set(key, entry);
    }
    return entry;
  }

  get(labels: Labels = {}): number {
    return this.values.get(labelText(labels))?.value ?? 0;
  }

  render(): string {
    const lines = [`# HELP ${this.name} ${this.help}`, `# TYPE ${this.name} counter`];
    for (const [key, e] of this.values) lines.push(`${this.name}${key} ${num(e.value)}`);
    return lines.join('\n');
  }
}

export class Gauge implements Metric {
  constructor(
    readonly name: string,
    readonly help: string,
    private readonly read: () => number | { labels: Labels; value: number }[],
  ) {}

  render(): string {
    const lines = [`# HELP ${this.name} ${this.help}`, `# TYPE ${this.name} gauge`];
    const v = this.read();
    if (typeof v === 'number') lines.push(`${this.name} ${num(v)}`);
    else for (const e of v) lines.push(`${this.name}${labelText(e.labels)} ${num(e.value)}`);
    return lines.join('\n');
  }
}

export class Histogram implements Metric {
  private readonly series = new Map<string, { labels: Labels; counts: number[]; sum: number; count: number }>();
  constructor(
    readonly name: string,
    readonly help: string,
    readonly buckets: readonly number[],
  ) {}

  observe(labels: Labels, value: number): void {
    this.child(labels).observe(value);
  }

  /** The series of one label set with its own observe(), to keep for the per-call path (see Counter.series). */
  child(labels: Labels): { observe(value: number): void } {
    const key = labelText(labels);
    let s = this.series.get(key);
    if (s === undefined) {
      s = { labels, counts: new Array<number>(this.buckets.length).fill(0), sum: 0, count: 0 };
      this.series.set(key, s);
    }
    const series = s;
    const buckets = this.buckets;
    return {
      observe(value: number): void {
        // Stored per bucket (not cumulative) so an observation touches one slot.
        let i = 0;
        while (i < buckets.length && value > buckets[i]) i++;
        if (i < buckets.length) series.counts[i]++;
        series.sum += value;
        series.count++;
      },
    };
  }

  render(): string {
    const lines = [`# HELP ${this.name} ${this.help}`, `# TYPE ${this.name} histogram`];
    for (const s of this.series.values()) {
      let cumulative = 0;
      this.buckets.forEach((le, i) => {
        cumulative += s.counts[i];
        lines.push(`${this.name}_bucket${labelText({ ...s.labels, le: num(le) })} ${cumulative}`);
      });
      lines.push(`${this.name}_bucket${labelText({ ...s.labels, le: '+Inf' })} ${s.count}`);
      lines.push(`${this.name}_sum${labelText(s.labels)} ${num(s.sum)}`);
      lines.push(`${this.name}_count${labelText(s.labels)} ${s.count}`);
    }
    return lines.join('\n');
  }
}

export class MetricsRegistry {
  private readonly metrics: Metric[] = [];

  register<M extends Metric>(m: M): M {
    this.metrics.push(m);
    return m;
  }

  render(): string {
    return this.metrics.map((m) => m.render()).join('\n') + '\n';
  }
}

/** Latency buckets in seconds: 0.5 ms (cheap inline tools) up to 60 s (long pool tasks). */
export const LATENCY_BUCKETS_S = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60] as const;
