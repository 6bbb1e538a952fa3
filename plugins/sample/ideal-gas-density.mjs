// Sample neqsim-ts plugin (docs/contract.md, "Plugins"): the ideal-gas density with a given
// compressibility factor, rho = p·M / (Z·R·T). Declared like a built-in tool; the default export
// receives the plugin API (TypeBox's Type and the envelope helpers) so it needs no package.
const R = 8.314462618; // J/(mol·K), CODATA 2018 exact value of the molar gas constant

export default function plugin({ Type, defineTool, success, failure, issue }) {
  return defineTool({
    name: 'idealGasDensity',
    description: 'Gas density from pressure, temperature, molar mass and compressibility factor: rho = p·M/(Z·R·T)',
    input: Type.Object(
      {
        pressure_bara: Type.Number({ exclusiveMinimum: 0, maximum: 10000 }),
        temperature_K: Type.Number({ exclusiveMinimum: 0, maximum: 5000 }),
        molarMass_kg_mol: Type.Number({ exclusiveMinimum: 0, maximum: 10 }),
        compressibility: Type.Optional(Type.Number({ exclusiveMinimum: 0, maximum: 10, description: 'Z (default 1: ideal gas)' })),
      },
      { additionalProperties: false },
    ),
    output: Type.Object({ density_kg_m3: Type.Number(), compressibility: Type.Number() }, { additionalProperties: false }),
    examples: [{ name: 'methane-normal', description: 'Methane at 0 °C and 1.01325 bara, ideal gas', input: { pressure_bara: 1.01325, temperature_K: 273.15, molarMass_kg_mol: 0.01604246 } }],
    run(input) {
      const Z = input.compressibility ?? 1;
      const rho = (input.pressure_bara * 1e5 * input.molarMass_kg_mol) / (Z * R * input.temperature_K);
      if (!Number.isFinite(rho)) return failure('idealGasDensity', 'compute', [issue('NOT_COMPUTABLE', 'The density is not finite', 'Check the inputs')]);
      return success({
        tool: 'idealGasDensity',
        data: { density_kg_m3: rho, compressibility: Z },
        provenance: { calculationType: 'ideal gas with Z', convergence: { converged: true, iterations: 0 }, assumptions: [`Z = ${Z}`], limitations: ['Z is an input, not computed'], computationTimeMs: 0 },
        validationMessage: 'Computed',
      });
    },
  });
}
