/**
 * Point-source flare radiation (API 521, simple method): a fraction F of the heat released
 * radiates from the flame centre; at a ground point at horizontal distance d from the stack, the
 * flame centre H above grade, the flux is τ·F·Q / (4π (d² + H²)).
 */

/** Radiant flux, W/m², at horizontal distance d (m) from the flame centre at height H (m). */
export function pointSourceFlux(Q: number, F: number, tau: number, H: number, d: number): number {
  return (tau * F * Q) / (4 * Math.PI * (d * d + H * H));
}

/** The horizontal distance beyond which the flux stays below `limit` W/m² (0 when it never exceeds it at grade). */
export function safeDistance(Q: number, F: number, tau: number, H: number, limit: number): number {
  const r2 = (tau * F * Q) / (4 * Math.PI * limit) - H * H;
  return r2 > 0 ? Math.sqrt(r2) : 0;
}

/** API 521 (Table 9) design flux levels, W/m², excluding solar radiation, with their exposure conditions. */
export const API521_FLUX_LIMITS: readonly { flux: number; exposure: string }[] = [
  { flux: 1580, exposure: 'continuous exposure of personnel with appropriate clothing' },
  { flux: 4730, exposure: 'emergency actions lasting 2 to 3 minutes by personnel without shielding but with appropriate clothing' },
  { flux: 6310, exposure: 'emergency actions lasting up to 30 s by personnel without shielding but with appropriate clothing' },
  { flux: 9460, exposure: 'any location where urgent emergency action by personnel is required (shielding or special clothing above 6.31 kW/m²)' },
];
