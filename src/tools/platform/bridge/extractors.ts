/**
 * What bridgeTaskWorkflow reads from a tool's response: its key results (flat, each name
 * carrying its unit), tables, and the methods to cite. One extractor per tool whose output
 * it knows; any other tool gets the numbers at the top of its data, marked as such.
 * Values are copied, never recomputed (the tests compare them with the tool's own response).
 */

type Obj = Record<string, any>;
export type KeyResults = Record<string, number | string | boolean | null>;
export interface Table {
  title: string;
  headers: string[];
  rows: (string | number | null)[][];
}
export interface Extracted {
  keyResults: KeyResults;
  tables: Table[];
  /** 'specific' when the tool has its own extractor, 'generic' for the top-level numbers. */
  extractor: 'specific' | 'generic';
}

const isObj = (v: unknown): v is Obj => v !== null && typeof v === 'object' && !Array.isArray(v);
const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);

/** Scalars at the top of an object (numbers, strings, booleans), for the generic extractor. */
function scalars(o: Obj, prefix = ''): KeyResults {
  const out: KeyResults = {};
  for (const [k, v] of Object.entries(o)) {
    if (typeof v === 'number' || typeof v === 'string' || typeof v === 'boolean') out[`${prefix}${k}`] = v;
  }
  return out;
}

function flash(d: Obj): Extracted {
  const overall = d.fluid?.conditions?.overall ?? {};
  const props = d.fluid?.properties ?? {};
  const k: KeyResults = {
    flash_type: d.flash?.flashType ?? null,
    number_of_phases: num(d.flash?.numberOfPhases),
    phases: Array.isArray(d.flash?.phases) ? d.flash.phases.join(', ') : null,
    temperature_K: num(overall.temperature),
    pressure_bara: num(overall.pressure),
    molar_mass_kg_mol: num(overall.molarMass),
    density_kg_m3: num(props.overall?.density?.value),
    enthalpy_J_mol: num(props.overall?.enthalpy?.value),
    entropy_J_molK: num(props.overall?.entropy?.value),
  };
  const phases: string[] = Array.isArray(d.flash?.phases) ? d.flash.phases : [];
  for (const p of phases) {
    k[`${p}_mole_fraction`] = num(d.fluid?.conditions?.[p]?.phaseFraction);
    k[`${p}_density_kg_m3`] = num(props[p]?.density?.value);
    k[`${p}_Z`] = num(props[p]?.compressibilityFactor?.value);
  }
  const comp = d.fluid?.composition ?? {};
  const names = Object.keys(comp.overall ?? {});
  const cols = ['overall', ...phases];
  return {
    keyResults: k,
    tables: names.length === 0 ? [] : [{ title: 'Composition (mole fraction)', headers: ['component', ...cols], rows: names.map((n) => [n, ...cols.map((c) => num(comp[c]?.[n]?.value))]) }],
    extractor: 'specific',
  };
}

function processResults(d: Obj): Extracted {
  const k: KeyResults = {
    model: d.model ?? null,
    mass_balance_relative_error: num(d.massBalance?.massBalanceRelativeError),
    energy_balance_relative_imbalance: num(d.energyBalance?.relativeImbalance),
    total_shaft_power_kW: num(d.energyBalance?.shaftPower_kW),
    total_heat_input_kW: num(d.energyBalance?.heatInput_kW),
    iterations: num(d.iterations),
  };
  const streams: Obj = isObj(d.streams) ? d.streams : {};
  const products: string[] = Array.isArray(d.products) ? d.products : [];
  for (const p of products) {
    const s = streams[p];
    if (!isObj(s)) continue;
    k[`${p}.temperature_C`] = num(s.temperature_C);
    k[`${p}.pressure_bara`] = num(s.pressure_bara);
    k[`${p}.massFlow_kg_hr`] = num(s.massFlow_kg_hr);
  }
  for (const [name, u] of Object.entries(isObj(d.units) ? d.units : {})) {
    if (!isObj(u)) continue;
    for (const key of ['power_kW', 'duty_kW']) if (num(u[key]) !== null) k[`${name}.${key}`] = u[key];
  }
  const cols = ['temperature_C', 'pressure_bara', 'massFlow_kg_hr', 'density_kg_m3', 'numberOfPhases'];
  return {
    keyResults: k,
    tables: [{ title: 'Streams', headers: ['stream', ...cols], rows: Object.entries(streams).filter(([, s]) => isObj(s)).map(([n, s]) => [n, ...cols.map((c) => num((s as Obj)[c]))]) }],
    extractor: 'specific',
  };
}

function pvt(d: Obj): Extracted {
  const k: KeyResults = { experiment: d.experiment ?? null, model: d.model ?? null, temperature_C: num(d.temperature_C), saturation_pressure_bara: num(d.saturationPressure_bara), saturation_type: d.saturationType ?? null };
  const table: Obj = isObj(d.table) ? d.table : {};
  const pressures: unknown[] = Array.isArray(d.pressures_bara) ? d.pressures_bara : [];
  const cols = Object.keys(table).filter((c) => Array.isArray(table[c]));
  return { keyResults: k, tables: pressures.length === 0 ? [] : [{ title: `${d.experiment ?? 'PVT'} at ${d.temperature_C} °C`, headers: ['pressure_bara', ...cols], rows: pressures.map((p, i) => [num(p), ...cols.map((c) => num(table[c][i]))]) }], extractor: 'specific' };
}

function economics(d: Obj): Extracted {
  const keys = ['npv_Musd', 'irr', 'paybackYears', 'totalRevenue_Musd', 'totalCapex_Musd', 'totalTax_Musd', 'breakevenOilPrice_usdPerBbl', 'breakevenGasPrice_usdPerSm3', 'totalVolume_MMbbl'];
  const k: KeyResults = { mode: d.mode ?? null };
  for (const key of keys) if (key in d) k[key] = num(d[key]);
  const rows: Obj[] = Array.isArray(d.annualCashFlows) ? d.annualCashFlows : [];
  const cols = ['grossRevenue_Musd', 'capex_Musd', 'opex_Musd', 'totalTax_Musd', 'afterTaxCashFlow_Musd'];
  return { keyResults: k, tables: rows.length === 0 ? [] : [{ title: 'Annual cash flow (million USD)', headers: ['year', ...cols], rows: rows.map((r) => [num(r.year), ...cols.map((c) => num(r[c]))]) }], extractor: 'specific' };
}

const STANDARD_KEYS = (d: Obj): Extracted => ({ keyResults: { standard: d.standard ?? null, ...scalars(isObj(d.results) ? d.results : {}) }, tables: [], extractor: 'specific' });

const EXTRACTORS: Record<string, (d: Obj) => Extracted> = {
  runFlash: flash,
  runProcess: processResults,
  runPVT: pvt,
  runPipeline: (d) => ({ keyResults: scalars(d), tables: [], extractor: 'specific' }),
  calculateStandard: STANDARD_KEYS,
  runFieldEconomics: economics,
};

export const TOOLS_WITH_EXTRACTORS = Object.keys(EXTRACTORS);

export function extract(tool: string, data: unknown): Extracted {
  const d = isObj(data) ? data : {};
  const f = EXTRACTORS[tool];
  return f !== undefined ? f(d) : { keyResults: scalars(d), tables: [], extractor: 'generic' };
}

/** Published methods behind a response, from its tool and model (for results.json references). */
export function referencesFor(tool: string, model: string | undefined): string[] {
  const refs: string[] = [];
  const byModel: Record<string, string> = {
    SRK: 'Soave, G. (1972). Equilibrium constants from a modified Redlich-Kwong equation of state. Chem. Eng. Sci. 27, 1197-1203.',
    PR: 'Peng, D.-Y., Robinson, D. B. (1976). A new two-constant equation of state. Ind. Eng. Chem. Fundam. 15, 59-64.',
    CPA: 'Kontogeorgis, G. M. et al. (1996). An equation of state for associating fluids. Ind. Eng. Chem. Res. 35, 4310-4318.',
    GERG2008: 'Kunz, O., Wagner, W. (2012). The GERG-2008 wide-range equation of state for natural gases and other mixtures. J. Chem. Eng. Data 57, 3032-3091.',
  };
  if (model !== undefined && byModel[model] !== undefined) refs.push(byModel[model]!);
  if (model === 'SRK' || model === 'PR' || model === 'CPA') refs.push('Péneloux, A., Rauzy, E., Fréze, R. (1982). A consistent correction for Redlich-Kwong-Soave volumes. Fluid Phase Equilib. 8, 7-23.');
  const byTool: Record<string, string> = {
    runPipeline: 'Beggs, H. D., Brill, J. P. (1973). A study of two-phase flow in inclined pipes. J. Pet. Technol. 25, 607-617.',
    runRelief: 'API Standard 520 Part I (2020). Sizing, Selection, and Installation of Pressure-relieving Devices.',
  };
  if (byTool[tool] !== undefined) refs.push(byTool[tool]!);
  refs.push(`neqsim-ts ${tool}: NeqSim MCP Tool Contract v1 implementation (this service).`);
  return refs;
}
