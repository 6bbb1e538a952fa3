/**
 * The equation-of-state models this server really computes with, each with what it is for. A
 * model enters this list only through runFlash (its schema, else src/tools/contract/flash-models.ts);
 * the descriptions below never add one.
 */
import type { AnyTool } from '../types.js';
import { FLASH_MODELS } from '../flash-models.js';
import { IMPLEMENTED_FLASH_TYPES } from '../../thermo/runFlash/flash-types.js';
import { acceptedValues } from './schema-literals.js';

/** The contract's default model (seed 000 "What May Change": currently SRK), unless runFlash's schema sets one. */
const CONTRACT_DEFAULT_MODEL = 'SRK';

interface ModelNote {
  name: string;
  description: string;
  applicability: string;
  reference: string;
}

const NOTES: Record<string, ModelNote> = {
  SRK: {
    name: 'Soave-Redlich-Kwong',
    description: 'Cubic EOS with the Soave alpha function, classic van der Waals mixing with NeqSim binary interaction parameters, Peneloux volume shift on reported densities.',
    applicability: 'General purpose for natural gas, condensate and light oil; the contract default. Not for associating fluids (water, glycols, alcohols) beyond screening.',
    reference: 'Soave, Chem. Eng. Sci. 27 (1972) 1197; Peneloux et al., Fluid Phase Equilib. 8 (1982) 7',
  },
  PR: {
    name: 'Peng-Robinson (1976)',
    description: 'Cubic EOS with the 1976 alpha function, classic van der Waals mixing with NeqSim binary interaction parameters, Peneloux volume shift on reported densities.',
    applicability: 'General purpose for hydrocarbon systems; usually closer liquid densities and light-component vapour pressures than SRK.',
    reference: 'Peng & Robinson, Ind. Eng. Chem. Fundam. 15 (1976) 59',
  },
  GERG2008: {
    name: 'GERG-2008',
    description: 'Multiparameter reference equation of state for natural-gas mixtures of up to 21 components (ISO 20765-2): pure-fluid and binary departure functions with composition-dependent reducing functions; full phase equilibrium (flashes, dew and bubble points, envelopes) from its Helmholtz energy, or the homogeneous single-phase state with runFlash "singlePhase": true.',
    applicability: 'Reference-quality natural-gas and LNG properties, dew points and bubble points (custody transfer, metering, reference work); only its 21 components (methane to n-decane, N2, CO2, H2, O2, CO, water, H2S, He, Ar).',
    reference: 'Kunz & Wagner, J. Chem. Eng. Data 57 (2012) 3032',
  },
  CPA: {
    name: 'Cubic-Plus-Association (SRK-CPA)',
    description: 'SRK with an association term for hydrogen-bonding components.',
    applicability: 'Water, methanol, glycols (MEG, TEG) with hydrocarbons: hydrate inhibition and dehydration.',
    reference: 'Kontogeorgis et al., Ind. Eng. Chem. Res. 35 (1996) 4310',
  },
  UMRPRU: {
    name: 'UMR-PRU',
    description:
      'Peng–Robinson with the Mathias–Copeman alpha and the UMR b_ij rule. mixingRule "classic" (default, as the original runner applies it) mixes a classically with the PR kij; "UMR" applies the universal mixing rule with UNIFAC (Staverman–Guggenheim + residual, temperature-dependent group interactions).',
    applicability: 'Hydrocarbon mixtures with CO2, N2, H2S and aromatics/naphthenes: dew points of natural gas and condensate (with "UMR"); components need a UMR-PRU UNIFAC group assignment.',
    reference: 'Voutsas, Louli, Boukouvalas, Magoulas & Tassios, Fluid Phase Equilib. 241 (2006) 216',
  },
  PCSAFT: {
    name: 'PC-SAFT',
    description: 'Perturbed-chain SAFT: hard-chain reference plus dispersion, with the association term for water, alcohols, glycols and amines; m, σ, ε/k, association parameters and kij from the NeqSim component database. No volume shift. runFlash only.',
    applicability: 'Hydrocarbon mixtures including heavy and chain-like components, water and alcohols with gas (association on, unlike the original, which keeps 5–13 % water in a gas). The database parameters of MEG, DEG, TEG and ammonia describe them poorly (a warning says so): use CPA for glycol systems.',
    reference: 'Gross & Sadowski, Ind. Eng. Chem. Res. 40 (2001) 1244; 41 (2002) 5510',
  },
};

export interface ModelEntry extends ModelNote {
  code: string;
  default: boolean;
}

/**
 * Models of the registered runFlash: the values its schema's `model` field accepts, or the shared
 * FLASH_MODELS list when the schema leaves the field open; [] when runFlash is not registered.
 */
export function implementedModels(tools: readonly AnyTool[]): ModelEntry[] {
  const flash = tools.find((t) => t.name === 'runFlash');
  if (!flash) return [];
  const fromSchema = acceptedValues(flash, 'model');
  const codes = fromSchema.length > 0 ? fromSchema : [...FLASH_MODELS];
  const props = (flash?.input as { properties?: Record<string, { default?: unknown }> } | undefined)?.properties;
  const defaultModel = props?.model?.default ?? CONTRACT_DEFAULT_MODEL;
  return codes.map((code) => ({
    code,
    default: code === defaultModel,
    ...(NOTES[code] ?? {
      name: code,
      description: 'Accepted by runFlash; see the runFlash description for its scope.',
      applicability: 'See the runFlash tool description.',
      reference: '',
    }),
  }));
}

/**
 * Flash specifications runFlash computes, e.g. ["TP"]. Its schema also admits the contract's other
 * types (answered 422 NOT_IMPLEMENTED_FLASH_TYPE), so the schema is not the source here.
 */
export function implementedFlashTypes(tools: readonly AnyTool[]): string[] {
  return tools.some((t) => t.name === 'runFlash') ? [...IMPLEMENTED_FLASH_TYPES] : [];
}
