/**
 * Last line of defence of every reported phase: a viscosity, thermal conductivity, heat capacity
 * or speed of sound outside generous physical bounds is withheld (with the reason) instead of
 * reported. The validity domains of the methods should keep this from ever firing; the property
 * sanity sweep (test/engine/property-sanity-sweep.test.ts) fails when it does.
 *
 * Bounds (deliberately wide — they separate physics from numerical garbage, not good from poor):
 *   viscosity             1e-7 … 1e5 Pa·s     (dilute H2 near 20 K ≈ 1e-6; bitumen ≈ 1e5)
 *   thermal conductivity  1e-3 … 100 W/(m·K)  (heavy vapours ≈ 5e-3; liquid mercury ≈ 8)
 *   Cp (mass)             20 … 1e7 J/(kg·K)   (mercury liquid ≈ 140; Cp diverges at a critical point)
 *   speed of sound        1 … 2e4 m/s         (near-critical gases ≈ 100; dense liquids ≤ 2500)
 */
export const PHYSICAL_BOUNDS = {
  viscosity: { min: 1e-7, max: 1e5, unit: 'Pa·s' },
  thermalConductivity: { min: 1e-3, max: 100, unit: 'W/(m·K)' },
  cp: { min: 20, max: 1e7, unit: 'J/(kg·K)' },
  speedOfSound: { min: 1, max: 2e4, unit: 'm/s' },
} as const;

export type BoundedProperty = keyof typeof PHYSICAL_BOUNDS;
/** Properties a report may withhold: the bounded ones and those derived from Cp. */
export type WithheldProperty = BoundedProperty | 'cv' | 'jouleThomson';

export interface Withheld {
  property: WithheldProperty;
  /** 'domain': outside every method's validity; 'bounds': a computed value failed the physical bounds. */
  kind: 'domain' | 'bounds';
  reason: string;
}

/** Why `value` is not a physical value of `property`, or undefined when it is. */
export function outOfBounds(property: BoundedProperty, value: number): string | undefined {
  const b = PHYSICAL_BOUNDS[property];
  if (Number.isFinite(value) && value >= b.min && value <= b.max) return undefined;
  return `computed ${property} ${Number.isFinite(value) ? value.toExponential(3) : String(value)} ${b.unit} is outside the physical bounds ${b.min}…${b.max} ${b.unit}`;
}
