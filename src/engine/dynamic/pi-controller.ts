/**
 * Sampled PI controller in the ISA standard (positional) form
 *
 *   u_k = u0 + Kp·(e_k + I_k / Ti),   I_k = I_{k−1} + e_k·Δt,   e_k = (PV_k − SP) / span
 *
 * with the error in fraction of the transmitter span, so Kp is dimensionless (fraction of valve
 * travel per fraction of span) and Ti in seconds. Both loops here are direct-acting: a PV above
 * the setpoint opens the outlet valve. The output is clamped to 0..1; anti-windup by conditional
 * integration: when the unclamped output is beyond a limit and the error would drive it further,
 * the integral is not advanced (Åström & Hägglund, "Advanced PID Control", ISA 2006, ch. 3, integrator windup). The
 * bias u0 is the valve opening at the initial steady state, so the loop starts bumpless (e = 0).
 * The output is held over the sample interval (zero-order hold).
 */
export interface PiTuning {
  kp: number;
  /** Integral time, s (> 0). */
  ti: number;
}

export class PiController {
  private integral = 0;
  /** When false the output is held at `manualOutput` (a valve-opening event put it in manual). */
  auto = true;
  manualOutput: number;

  constructor(
    readonly tuning: PiTuning,
    public setpoint: number,
    readonly span: number,
    readonly bias: number,
  ) {
    this.manualOutput = bias;
  }

  /** Output for the process value of this sample; advances the integral over dt. */
  update(pv: number, dt: number): number {
    if (!this.auto) return this.manualOutput;
    const e = (pv - this.setpoint) / this.span;
    const trial = this.integral + e * dt;
    const raw = this.bias + this.tuning.kp * (e + trial / this.tuning.ti);
    const windingUp = (raw > 1 && e > 0) || (raw < 0 && e < 0);
    if (!windingUp) this.integral = trial;
    const u = this.bias + this.tuning.kp * (e + this.integral / this.tuning.ti);
    return Math.min(1, Math.max(0, u));
  }
}
