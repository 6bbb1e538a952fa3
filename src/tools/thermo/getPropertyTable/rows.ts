/**
 * One property-table row from a flash report, with the original's column names and units
 * (spec/neqsim-surface.md 2.8): mixture columns per kg of feed, and gas / liquid columns for the
 * phases present ("liquid" is the oil phase, else the aqueous one). A column whose value is not a
 * finite number is left out rather than reported.
 */
import type { FlashReport, PhaseReport } from '../../../engine/index.js';
import type { Static } from '@sinclair/typebox';
import type { PropertyTableRow, TableProperty } from './schema.js';

type Row = Static<typeof PropertyTableRow>;

const KELVIN_OFFSET = 273.15;
const PA_PER_BAR = 1e5;
const PAS_TO_CP = 1e3;

function phase(report: FlashReport, which: 'gas' | 'liquid'): PhaseReport | undefined {
  if (which === 'gas') return report.phases.find((p) => p.state.label === 'gas');
  return report.phases.find((p) => p.state.label === 'oil') ?? report.phases.find((p) => p.state.label === 'aqueous');
}

function put(row: Record<string, number>, key: string, value: number | undefined): void {
  if (value !== undefined && Number.isFinite(value)) row[key] = value;
}

export function tableRow(sweep: 'temperature' | 'pressure', T: number, P: number, report: FlashReport, properties: readonly TableProperty[]): Row {
  const row: Record<string, number> = { temperature_C: T - KELVIN_OFFSET };
  if (sweep === 'temperature') row.temperature_K = T;
  row.pressure_bara = P / PA_PER_BAR;
  row.numberOfPhases = report.phases.length;
  const o = report.overall;
  const M = o.molarMass;
  const gas = phase(report, 'gas');
  const liquid = phase(report, 'liquid');
  for (const p of properties) {
    switch (p) {
      case 'density':
        put(row, 'density', o.density);
        put(row, 'density_kg_m3', o.density);
        put(row, 'gasDensity_kg_m3', gas?.thermo.density);
        put(row, 'liquidDensity_kg_m3', liquid?.thermo.density);
        break;
      case 'viscosity':
        put(row, 'gasViscosity_cP', gas?.viscosity === undefined ? undefined : gas.viscosity * PAS_TO_CP);
        put(row, 'liquidViscosity_cP', liquid?.viscosity === undefined ? undefined : liquid.viscosity * PAS_TO_CP);
        break;
      case 'Cp':
        put(row, 'Cp_J_kgK', o.cp / M);
        break;
      case 'Cv':
        put(row, 'Cv_J_kgK', o.cv / M);
        break;
      case 'Z':
        put(row, 'compressibilityFactor', report.phases.reduce((z, ph) => z + ph.state.beta * ph.thermo.Z, 0));
        break;
      case 'enthalpy':
        put(row, 'enthalpy_J_kg', o.enthalpy / M);
        break;
      case 'entropy':
        put(row, 'entropy_J_kgK', o.entropy / M);
        break;
      case 'thermalConductivity':
        put(row, 'gasThermalConductivity_W_mK', gas?.thermalConductivity);
        put(row, 'liquidThermalConductivity_W_mK', liquid?.thermalConductivity);
        break;
      case 'molarMass':
        put(row, 'molarMass_kg_mol', M);
        break;
      case 'soundSpeed':
        put(row, 'soundSpeed_m_s', gas?.thermo.speedOfSound);
        break;
      case 'jouleThomsonCoefficient':
        put(row, 'jouleThomsonCoefficient_K_bar', gas === undefined ? undefined : gas.thermo.jouleThomson * PA_PER_BAR);
        break;
      case 'numberOfPhases':
        break; // always in the row
    }
  }
  return row as Row;
}
