/**
 * Property-sanity sweep (issue 21): every component of the component table as a pure fluid, and
 * seeded random mixtures, flashed with SRK at sampled states 100–1000 K, 0.01–1000 bar (log-
 * uniform in P). On every reported phase each of viscosity, thermal conductivity, Cp and speed of
 * sound must be either
 *   - a finite number inside PHYSICAL_BOUNDS, or
 *   - withheld because the state is outside every method's validity domain (kind 'domain'),
 *     with a MODEL_LIMITATION warning naming the property.
 * A value caught by the physical-bounds check (kind 'bounds') is a defect of a domain and fails.
 * Sampled, not gridded, so it runs in a few seconds; the seed makes failures reproducible.
 */
import t from 'tap';
import { COMPONENTS } from '../../src/engine/components/database.js';
import { createCubicFluid, flashReport, flashTP, type FlashReport } from '../../src/engine/index.js';
import { outOfBounds, PHYSICAL_BOUNDS, type BoundedProperty } from '../../src/engine/properties/physical-bounds.js';
import { withheldWarnings } from '../../src/tools/thermo/runFlash/warnings.js';
import type { ComponentData } from '../../src/engine/components/types.js';

/** mulberry32: small deterministic PRNG. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let r = Math.imul(a ^ (a >>> 15), 1 | a);
    r = (r + Math.imul(r ^ (r >>> 7), 61 | r)) ^ r;
    return ((r ^ (r >>> 14)) >>> 0) / 4294967296;
  };
}

const WARNING_NAME: Record<BoundedProperty, string> = {
  viscosity: 'viscosity',
  thermalConductivity: 'thermal conductivity',
  cp: 'Cp',
  speedOfSound: 'speed of sound',
};

interface Tally {
  points: number;
  phases: number;
  values: Record<BoundedProperty, number>;
  withheld: Record<BoundedProperty, number>;
  failures: string[];
}

function checkReport(report: FlashReport, where: string, tally: Tally): void {
  const warnings = withheldWarnings(report).map((w) => w.message);
  for (const p of report.phases) {
    tally.phases++;
    const label = `${where} ${p.state.label}`;
    for (const w of p.withheld) if (w.kind === 'bounds') tally.failures.push(`${label}: physical-bounds check fired: ${w.reason}`);
    const values: Record<BoundedProperty, number | undefined> = {
      viscosity: p.viscosity,
      thermalConductivity: p.thermalConductivity,
      cp: p.thermo.cp / p.thermo.molarMass,
      speedOfSound: p.thermo.speedOfSound,
    };
    for (const prop of Object.keys(PHYSICAL_BOUNDS) as BoundedProperty[]) {
      const held = p.withheld.find((w) => w.property === prop);
      if (held) {
        tally.withheld[prop]++;
        const named = warnings.some((m) => m.includes(WARNING_NAME[prop]) && m.includes(`${p.state.label} phase`) && m.includes(held.reason));
        if (!named) tally.failures.push(`${label}: ${prop} withheld without a MODEL_LIMITATION warning`);
        if (!held.reason) tally.failures.push(`${label}: ${prop} withheld without a reason`);
        continue;
      }
      const v = values[prop];
      if (v === undefined) {
        tally.failures.push(`${label}: ${prop} missing but not withheld`);
        continue;
      }
      const why = outOfBounds(prop, v);
      if (why) tally.failures.push(`${label}: ${why}`);
      else tally.values[prop]++;
    }
  }
}

function sweepPoint(components: ComponentData[], z: number[], T: number, P: number, tally: Tally): void {
  const names = components.map((c, i) => `${c.name}:${z[i].toFixed(3)}`).join(',');
  const where = `[${names}] ${T.toFixed(1)} K ${(P / 1e5).toPrecision(3)} bar`;
  const fluid = createCubicFluid('SRK', components, z);
  const r = flashTP(fluid.model, T, P, z);
  if (!r.ok) return; // flash failures are the flash tests' concern; no properties are reported
  tally.points++;
  checkReport(flashReport(fluid.model, r.result), where, tally);
}

function newTally(): Tally {
  const zero = () => ({ viscosity: 0, thermalConductivity: 0, cp: 0, speedOfSound: 0 });
  return { points: 0, phases: 0, values: zero(), withheld: zero(), failures: [] };
}

const sampleT = (rnd: () => number) => 100 + 900 * rnd();
const sampleP = (rnd: () => number) => 1e3 * Math.pow(1e5, rnd()); // 0.01 … 1000 bar

t.test('every component as a pure fluid: bounded properties or a warned withhold', (t) => {
  const rnd = prng(21);
  const tally = newTally();
  for (const c of COMPONENTS) {
    for (let k = 0; k < 8; k++) sweepPoint([c], [1], sampleT(rnd), sampleP(rnd), tally);
  }
  t.comment(`pure fluids: ${tally.points} states, ${tally.phases} phases; values ${JSON.stringify(tally.values)}; withheld ${JSON.stringify(tally.withheld)}`);
  t.ok(tally.points >= COMPONENTS.length * 7, `${tally.points} pure-fluid states flashed`);
  t.same(tally.failures.slice(0, 20), [], `${tally.failures.length} violations`);
  t.end();
});

t.test('seeded random mixtures: bounded properties or a warned withhold', (t) => {
  const rnd = prng(2021);
  const tally = newTally();
  for (let k = 0; k < 500; k++) {
    const n = 2 + Math.floor(rnd() * 5);
    const picked = new Set<ComponentData>();
    while (picked.size < n) picked.add(COMPONENTS[Math.floor(rnd() * COMPONENTS.length)]);
    const components = [...picked];
    const raw = components.map(() => 0.02 + rnd());
    const s = raw.reduce((a, b) => a + b, 0);
    sweepPoint(components, raw.map((v) => v / s), sampleT(rnd), sampleP(rnd), tally);
  }
  t.comment(`mixtures: ${tally.points} states, ${tally.phases} phases; values ${JSON.stringify(tally.values)}; withheld ${JSON.stringify(tally.withheld)}`);
  t.ok(tally.points >= 400, `${tally.points} mixture states flashed`);
  t.same(tally.failures.slice(0, 20), [], `${tally.failures.length} violations`);
  t.end();
});
