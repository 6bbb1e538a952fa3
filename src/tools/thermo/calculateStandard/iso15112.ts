/**
 * ISO 15112:2018 "Natural gas — Energy determination": the energy of a delivered quantity is
 * the quantity times the calorific value on the same basis, E = V·Hv = m·Hm = n·Hc (clause 5),
 * with the calorific value from ISO 6976 at the same reference conditions.
 */
import { StandardsError } from '../../../engine/standards/errors.js';
import { runIso6976, type Iso6976Settings } from './iso6976.js';
import type { StandardOutcome } from './outcome.js';

export interface EnergyQuantity {
  volume_m3?: number;
  mass_kg?: number;
  amount_kmol?: number;
}

const MJ_PER_KWH = 3.6;
/** International Table Btu: 1 MMBtu = 1055.05585262 MJ. */
const MJ_PER_MMBTU = 1055.05585262;

export function runIso15112(components: Record<string, number>, iso: Iso6976Settings, q: EnergyQuantity): StandardOutcome {
  const given = (['volume_m3', 'mass_kg', 'amount_kmol'] as const).filter((k) => q[k] !== undefined);
  if (given.length !== 1) {
    throw new StandardsError(
      given.length === 0 ? 'MISSING_INPUT' : 'CONFLICTING_OPTIONS',
      given.length === 0 ? 'ISO15112 needs the delivered quantity' : `ISO15112 takes one quantity, got ${given.join(' and ')}`,
      'Give exactly one of volume_m3 (at the metering reference conditions), mass_kg or amount_kmol.',
      given.length === 0 ? 'volume_m3' : given[1],
    );
  }
  const edition = iso.edition ?? '2016';
  const cv = runIso6976('ISO6976', components, { ...iso, edition });
  const r = cv.results;
  const key = given[0];
  const quantity = q[key]!;
  let gross: number;
  let net: number;
  if (key === 'volume_m3') {
    const st = iso.referenceState ?? 'real';
    const basis = st === 'ideal' ? (r.idealGas as Record<string, number>) : (r.realGas as Record<string, number>);
    gross = quantity * basis.superiorCalorificValue_MJ_Sm3;
    net = quantity * basis.inferiorCalorificValue_MJ_Sm3;
  } else if (key === 'mass_kg') {
    gross = quantity * (r.grossCalorificValue_MJ_kg as number);
    net = quantity * (r.netCalorificValue_MJ_kg as number);
  } else {
    // kmol × kJ/mol = MJ
    gross = quantity * (r.grossCalorificValue_kJ_mol as number);
    net = quantity * (r.netCalorificValue_kJ_mol as number);
  }
  return {
    edition: `2018 (calorific value by ISO 6976:${cv.edition})`,
    referenceConditions: cv.referenceConditions,
    results: {
      quantity: { value: quantity, unit: key === 'volume_m3' ? 'm3' : key === 'mass_kg' ? 'kg' : 'kmol' },
      energyGross_MJ: gross,
      energyNet_MJ: net,
      energyGross_GJ: gross / 1000,
      energyGross_kWh: gross / MJ_PER_KWH,
      energyGross_MMBtu: gross / MJ_PER_MMBTU,
      energyNet_kWh: net / MJ_PER_KWH,
      calorificValue: {
        superiorCalorificValue_MJ_Sm3: r.superiorCalorificValue_MJ_Sm3,
        inferiorCalorificValue_MJ_Sm3: r.inferiorCalorificValue_MJ_Sm3,
        grossCalorificValue_MJ_kg: r.grossCalorificValue_MJ_kg,
        netCalorificValue_MJ_kg: r.netCalorificValue_MJ_kg,
        grossCalorificValue_kJ_mol: r.grossCalorificValue_kJ_mol,
        netCalorificValue_kJ_mol: r.netCalorificValue_kJ_mol,
      },
    },
    warnings: cv.warnings,
    assumptions: [
      'ISO 15112 energy = quantity × calorific value on the same basis (volumes are taken at the ISO 6976 metering reference conditions)',
      ...cv.assumptions,
    ],
    limitations: ['Single delivered quantity with one representative composition (no time-weighted averaging)', ...cv.limitations],
  };
}
