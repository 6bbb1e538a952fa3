/**
 * The design and measurement standards this server computes with (the contract's
 * neqsim://standards catalog): each entry names the edition and clauses our code applies, the
 * tools that apply it, what it computes and where the code is. Only standards the code really
 * implements are listed; the edition is the one the code's comments and outputs name, and where
 * the code does not pin an edition we say so instead of guessing one.
 */
export interface StandardEntry {
  /** Stable code used in neqsim://standards/{code} (calculateStandard's code where it has one). */
  code: string;
  title: string;
  /** Edition as the implementation names it; "not pinned in code" where the code names none. */
  edition: string;
  /** Clauses, sections, tables or equations the code applies. */
  clauses: string[];
  /** Registered tools that compute with it (filtered to the registry when served). */
  tools: string[];
  computes: string;
  implementation: string;
}

const STANDARDS: readonly StandardEntry[] = [
  { code: 'ISO6976', title: 'ISO 6976 Natural gas: calculation of calorific values, density, relative density and Wobbe indices from composition', edition: '1995', clauses: ['Table 3 molar calorific values and the component tables (src/engine/standards/iso6976/tables-1995.ts)', 'Real-gas compression factor from summation factors'], tools: ['calculateStandard'], computes: 'Gross and net calorific values (molar, mass, volumetric), density, relative density, Wobbe indices, compression factor', implementation: 'src/engine/standards/iso6976/, src/tools/thermo/calculateStandard/iso6976.ts' },
  { code: 'ISO6976_2016', title: 'ISO 6976 Natural gas: calorific values, density, relative density and Wobbe indices from composition', edition: '2016', clauses: ['The 2016 component tables (src/engine/standards/iso6976/tables-2016.ts)', 'Ideal and real-gas properties at the combustion and metering reference temperatures'], tools: ['calculateStandard'], computes: 'As ISO6976, with the 2016 edition\'s data and reference temperatures', implementation: 'src/engine/standards/iso6976/, src/tools/thermo/calculateStandard/iso6976.ts' },
  { code: 'ISO12213', title: 'ISO 12213-2 Natural gas: calculation of compression factor, part 2 (molar-composition analysis)', edition: '2006 (AGA8-DC92 DETAIL)', clauses: ['AGA8-DC92 DETAIL equation and characterization coefficients'], tools: ['calculateStandard'], computes: 'Compression factor and density at T, p; base-condition Z', implementation: 'src/engine/reference-eos/aga8-detail.ts, src/tools/thermo/calculateStandard/iso12213.ts' },
  { code: 'ISO13443', title: 'ISO 13443 Natural gas: standard reference conditions', edition: '1996', clauses: ['Conversion of properties between reference-condition sets'], tools: ['calculateStandard'], computes: 'Properties and conversion factors between two reference-condition sets (properties by ISO 6976)', implementation: 'src/tools/thermo/calculateStandard/iso13443.ts' },
  { code: 'ISO14687', title: 'ISO 14687 Hydrogen fuel quality: product specification', edition: '2019 (Grade D)', clauses: ['Table 2 Grade D limits'], tools: ['calculateStandard'], computes: 'Compliance of a hydrogen composition with the Grade D limits', implementation: 'src/tools/thermo/calculateStandard/iso14687.ts' },
  { code: 'ISO15112', title: 'ISO 15112 Natural gas: energy determination', edition: '2018', clauses: ['Energy = quantity × calorific value (calorific value by ISO 6976)'], tools: ['calculateStandard'], computes: 'Energy of a volume, mass or amount of gas', implementation: 'src/tools/thermo/calculateStandard/iso15112.ts' },
  { code: 'AGA3', title: 'AGA Report No. 3 Orifice metering of natural gas, Part 1', edition: 'Part 1 (Reader–Harris/Gallagher equation, flange taps); year not pinned in code', clauses: ['RG discharge coefficient', 'Expansion factor', 'Part 1 range: 0.1 ≤ β ≤ 0.75, D ≥ 50.8 mm, d ≥ 11.4 mm, Re ≥ 4000'], tools: ['calculateStandard'], computes: 'Orifice mass and volume flow', implementation: 'src/tools/thermo/calculateStandard/aga3.ts' },
  { code: 'AGA7', title: 'AGA Report No. 7 Measurement of natural gas by turbine meters', edition: '2006', clauses: ['§8 Vb = Vf·(Pf/Pb)·(Tb/Tf)·(Zb/Zf)'], tools: ['calculateStandard'], computes: 'Turbine-meter volume at base conditions', implementation: 'src/tools/thermo/calculateStandard/aga7.ts' },
  { code: 'AGA8', title: 'AGA Report No. 8 Thermodynamic properties of natural gas', edition: 'Part 1 DETAIL (AGA8-DC92) and Part 2 (GERG-2008, Kunz & Wagner 2012); years not pinned in code', clauses: ['Part 1 DETAIL equation', 'Part 2 GERG-2008 reduced Helmholtz energy'], tools: ['calculateStandard', 'runFlash'], computes: 'Compression factor, density and (GERG-2008) caloric properties of natural gas', implementation: 'src/engine/reference-eos/' },
  { code: 'GPA2145', title: 'GPA 2145 Table of physical properties for hydrocarbons and other compounds of interest to the natural gas industry', edition: '2145-16', clauses: ['Component constants table'], tools: ['calculateStandard'], computes: 'Constants of the listed components', implementation: 'src/tools/thermo/calculateStandard/gpa.ts' },
  { code: 'GPA2172', title: 'GPA 2172 Calculation of gross heating value, relative density, compressibility and theoretical hydrocarbon liquid content', edition: '2172 with GPA 2145-16 constants; year not pinned in code', clauses: ['Heating value, relative density and compressibility summation'], tools: ['calculateStandard'], computes: 'Heating value (Btu/ft³, MJ/m³), relative density, compressibility', implementation: 'src/tools/thermo/calculateStandard/gpa.ts' },
  { code: 'EN16726', title: 'EN 16726 Gas infrastructure: quality of gas, group H', edition: '2015+A1:2018', clauses: ['Table 1 limits (relative density, sulphur, oxygen, CO2, …)'], tools: ['calculateStandard'], computes: 'Compliance of a natural gas with the Table 1 limits', implementation: 'src/tools/thermo/calculateStandard/en16726.ts' },
  { code: 'API520', title: 'API Standard 520 Sizing, selection and installation of pressure-relieving devices, Part I', edition: 'Part I; edition not pinned in code', clauses: ['Gas/vapour critical and subcritical flow sizing (coefficients C, F2)', 'Liquid sizing with the viscosity correction Kv', 'Annex C omega method (two-phase)'], tools: ['runRelief'], computes: 'Required relief area, recommended orifice', implementation: 'src/engine/safety/relief.ts' },
  { code: 'API521', title: 'API Standard 521 Pressure-relieving and depressuring systems', edition: 'edition not pinned in code', clauses: ['Pool-fire heat input Q = C1·F·A^0.82', 'Table 9 design radiation levels', 'Point-source flare radiation'], tools: ['runRelief', 'runFlareNetwork'], computes: 'Fire heat input; flare radiation and safe distances', implementation: 'src/engine/safety/relief.ts, src/engine/safety/flare.ts' },
  { code: 'API526', title: 'API Standard 526 Flanged steel pressure-relief valves', edition: 'edition not pinned in code', clauses: ['Effective orifice areas D to T'], tools: ['runRelief'], computes: 'The standard orifice letter that covers a required area', implementation: 'src/engine/safety/relief.ts' },
  { code: 'API_RP_14E', title: 'API RP 14E Design and installation of offshore production platform piping systems', edition: 'edition not pinned in code', clauses: ['Erosional velocity Ve = C/√ρm'], tools: ['runFlowAssurance'], computes: 'Erosional velocity limit', implementation: 'src/engine/flow-assurance/screening.ts' },
  { code: 'API_RP_571', title: 'API RP 571 Damage mechanisms affecting fixed equipment in the refining industry', edition: '2nd edition 2011', clauses: ['§4.3.3 corrosion under insulation', '§4.5.1 chloride stress corrosion cracking'], tools: ['runMaterialsReview'], computes: 'Damage-mechanism screening of materials at their temperatures', implementation: 'src/engine/integrity/materials.ts' },
  { code: 'API510_API570', title: 'API 510 Pressure vessel inspection code / API 570 Piping inspection code', edition: 'edition not pinned in code', clauses: ['API 510 §7.1.1 / API 570 §7.1 remaining life = (t_actual − t_required) / corrosion rate'], tools: ['runMaterialsReview'], computes: 'Remaining life from wall thickness and corrosion rate', implementation: 'src/engine/integrity/materials.ts' },
  { code: 'ISO15156', title: 'ISO 15156-2 (NACE MR0175) Materials for use in H2S-containing environments, part 2', edition: '2020', clauses: ['§7.2.1: below 0.3 kPa H2S partial pressure no sour-service precautions for carbon steel'], tools: ['runMaterialsReview'], computes: 'Sour-service screening', implementation: 'src/engine/integrity/materials.ts' },
  { code: 'IEC61508', title: 'IEC 61508 Functional safety of E/E/PE safety-related systems', edition: 'Parts 1, 4 and 6 (part 6: 2010)', clauses: ['61508-1 Table 3 SIL bands (low demand) and high-demand PFH bands', '61508-6 Annex B simplified PFDavg/PFH equations (B.3.2, B.3.3)', '61508-6 Table D.4 common-cause β'], tools: ['runSIL', 'runSafetySystemPerformance'], computes: 'PFDavg and PFH of 1oo1, 1oo2, 2oo3 architectures; achieved SIL', implementation: 'src/engine/safety/sis.ts, src/engine/safety/high-demand.ts' },
  { code: 'IEC61511', title: 'IEC 61511 Functional safety: safety instrumented systems for the process industry sector', edition: '61511-1:2016 and 61511-3', clauses: ['61511-1 10.3.2 SIL 4 and demand-mode rules', '61511-3 layer of protection analysis'], tools: ['runLOPA', 'runSIL', 'runBarrierRegister'], computes: 'Required risk reduction and SIL gap of a LOPA scenario', implementation: 'src/tools/safety/runLOPA.ts, src/engine/safety/sis.ts' },
  { code: 'IEC61882', title: 'IEC 61882 Hazard and operability studies (HAZOP studies): application guide', edition: '2016', clauses: ['Guide words and parameters', 'HAZOP worksheet'], tools: ['runHAZOP'], computes: 'Simulation-backed HAZOP worksheet rows', implementation: 'src/tools/safety/runHAZOP/' },
  { code: 'NORSOK_S001', title: 'NORSOK S-001 Technical safety', edition: '2020+AC:2021', clauses: ['Clause 9.4 open drain system'], tools: ['runOpenDrainReview'], computes: 'Open-drain requirement review from tag and P&ID evidence (clause 9.4 only; clause 10 is not implemented)', implementation: 'src/tools/safety/runOpenDrainReview/requirements.ts' },
];

/** The standards catalog, each entry's tools filtered to those registered. */
export function standardsCatalog(registered: ReadonlySet<string>): StandardEntry[] {
  return STANDARDS.map((s) => ({ ...s, tools: s.tools.filter((t) => registered.has(t)) })).filter((s) => s.tools.length > 0);
}

/** One standard by code (case-insensitive; spaces, dots and dashes ignored: "ISO 6976" finds ISO6976). */
export function findStandard(registered: ReadonlySet<string>, code: string): StandardEntry | undefined {
  const key = (s: string) => s.toUpperCase().replace(/[\s.\-_]/g, '');
  return standardsCatalog(registered).find((s) => key(s.code) === key(code));
}
