/**
 * Water hammer in a single pipe by the method of characteristics (Wylie & Streeter, "Fluid
 * Transients in Systems", 1993, ch. 3): a constant-pressure reservoir upstream, a valve
 * discharging to a constant back pressure downstream, Darcy friction, single-phase liquid (or gas
 * treated as barotropic with its sound speed). The grid has Δx = L/N and Δt = Δx/a (Courant
 * number 1, where the MOC is exact along characteristics). Heads are replaced by pressures:
 *
 *   C+: P_P = P_A − ρa(V_P − V_A) − ρ f Δx V_A|V_A|/(2D)        (A upstream of P)
 *   C−: P_P = P_B + ρa(V_P − V_B) + ρ f Δx V_B|V_B|/(2D)        (B downstream of P)
 *
 * Valve: V_P = τ(t)·V0·√((P_P − P_back)/ΔP0), with ΔP0 and V0 of the initial steady state and
 * τ the relative opening (effective area); combined with C+ it gives a quadratic in V_P.
 * Also the classic screening figures: Joukowsky surge ρ·a·ΔV, round-trip time 2L/a, and the
 * Korteweg wave speed of a liquid in an elastic pipe a = c/√(1 + K·D/(E·e)), K = ρc².
 */

export interface PipeSpec {
  /** m */
  length: number;
  diameter: number;
  /** Darcy friction factor of the steady flow (from Re and roughness, computed by the caller). */
  frictionFactor: number;
  /** Pressure-wave speed in the pipe, m/s. */
  waveSpeed: number;
}

export interface ValveClosure {
  /** s; the valve moves linearly in effective opening from startOpening to endOpening. */
  startTime: number;
  duration: number;
  startOpening: number;
  endOpening: number;
}

export interface HammerInput {
  pipe: PipeSpec;
  /** kg/m3 */
  density: number;
  /** Initial velocity, m/s (> 0: towards the valve). */
  velocity: number;
  /** Reservoir (inlet) pressure, Pa. */
  inletPressure: number;
  /** Pressure downstream of the valve, Pa; default: the valve takes 10 % of its inlet pressure at the initial opening. */
  backPressure?: number;
  closure: ValveClosure;
  /** Simulated time, s. */
  duration: number;
  /** Reaches along the pipe. */
  reaches: number;
  /** Store the valve-end and mid-pipe pressure every this many steps. */
  sampleEvery?: number;
}

export interface HammerResult {
  timeStep: number;
  steps: number;
  /** Node positions, m, and the max/min pressure reached at each, Pa. */
  x: number[];
  maxPressure: number[];
  minPressure: number[];
  /** Sampled time series, s and Pa. */
  time: number[];
  valvePressure: number[];
  midPressure: number[];
  valveVelocity: number[];
  /** Steady state: pressure along the pipe and the valve pressure drop. */
  steadyPressure: number[];
  backPressure: number;
}

/** Effective relative opening of the valve at time t. */
export function opening(c: ValveClosure, t: number): number {
  if (t <= c.startTime) return c.startOpening;
  if (c.duration <= 0 || t >= c.startTime + c.duration) return c.endOpening;
  return c.startOpening + ((c.endOpening - c.startOpening) * (t - c.startTime)) / c.duration;
}

/** Korteweg (1878): wave speed of a liquid of sound speed c and density ρ in a thin elastic pipe. */
export function kortewegWaveSpeed(soundSpeed: number, density: number, diameter: number, wallThickness: number, youngsModulus: number): number {
  const K = density * soundSpeed * soundSpeed;
  return soundSpeed / Math.sqrt(1 + (K * diameter) / (youngsModulus * wallThickness));
}

export function waterHammer(h: HammerInput): HammerResult {
  const { pipe, density: rho, velocity: V0, closure } = h;
  const N = Math.max(2, Math.round(h.reaches));
  const a = pipe.waveSpeed;
  const dx = pipe.length / N;
  const dt = dx / a;
  const steps = Math.ceil(h.duration / dt);
  const every = Math.max(1, h.sampleEvery ?? Math.ceil(steps / 2000));
  const frictionPerLength = (rho * pipe.frictionFactor) / (2 * pipe.diameter);
  const B = rho * a;
  const Rf = frictionPerLength * dx;
  // Steady state: the pressure falls linearly by friction; the valve drops the rest to a back
  // pressure fixed so that the initial opening passes V0 (its ΔP0 sets the valve law).
  const steady = Array.from({ length: N + 1 }, (_, i) => h.inletPressure - frictionPerLength * i * dx * V0 * Math.abs(V0));
  const pValveSteady = steady[N]!;
  const back = h.backPressure ?? 0.9 * pValveSteady;
  const dP0 = pValveSteady - back;
  if (!(dP0 > 0)) throw new RangeError('the valve needs a positive pressure drop at the initial flow: the back pressure must be below the valve inlet pressure');
  const tau0 = closure.startOpening > 0 ? closure.startOpening : 1;
  let P = Float64Array.from(steady);
  let V = new Float64Array(N + 1).fill(V0);
  const maxP = steady.slice();
  const minP = steady.slice();
  const out: HammerResult = { timeStep: dt, steps, x: Array.from({ length: N + 1 }, (_, i) => i * dx), maxPressure: maxP, minPressure: minP, time: [0], valvePressure: [P[N]!], midPressure: [P[N >> 1]!], valveVelocity: [V[N]!], steadyPressure: steady, backPressure: back };
  let Pn = new Float64Array(N + 1);
  let Vn = new Float64Array(N + 1);
  for (let k = 1; k <= steps; k++) {
    const t = k * dt;
    // Interior nodes: intersection of C+ from i−1 and C− from i+1.
    for (let i = 1; i < N; i++) {
      const cp = P[i - 1]! + B * V[i - 1]! - Rf * V[i - 1]! * Math.abs(V[i - 1]!);
      const cm = P[i + 1]! - B * V[i + 1]! + Rf * V[i + 1]! * Math.abs(V[i + 1]!);
      Pn[i] = (cp + cm) / 2;
      Vn[i] = (cp - cm) / (2 * B);
    }
    // Upstream reservoir: fixed pressure, C− from node 1.
    Pn[0] = h.inletPressure;
    Vn[0] = (h.inletPressure - (P[1]! - B * V[1]! + Rf * V[1]! * Math.abs(V[1]!))) / B;
    // Valve: C+ from node N−1 with V = (τ/τ0)·V0·√((P − back)/ΔP0), solved for s = √(P − back).
    const cp = P[N - 1]! + B * V[N - 1]! - Rf * V[N - 1]! * Math.abs(V[N - 1]!);
    const k2 = ((opening(closure, t) / tau0) * V0) / Math.sqrt(dP0);
    if (k2 <= 0) {
      Vn[N] = 0;
      Pn[N] = cp;
    } else {
      // P = cp − B·V and V = k2·s, s² = P − back ⇒ s² + B·k2·s − (cp − back) = 0.
      const c0 = cp - back;
      if (c0 <= 0) {
        // The line pressure at the valve is below the back pressure: no forward flow through it.
        Vn[N] = 0;
        Pn[N] = cp;
      } else {
        const s = (-B * k2 + Math.sqrt(B * B * k2 * k2 + 4 * c0)) / 2;
        Vn[N] = k2 * s;
        Pn[N] = cp - B * Vn[N]!;
      }
    }
    for (let i = 0; i <= N; i++) {
      if (Pn[i]! > maxP[i]!) maxP[i] = Pn[i]!;
      if (Pn[i]! < minP[i]!) minP[i] = Pn[i]!;
    }
    // Swap the time levels (no allocation per step).
    [P, Pn] = [Pn, P];
    [V, Vn] = [Vn, V];
    if (k % every === 0 || k === steps) {
      out.time.push(t);
      out.valvePressure.push(P[N]!);
      out.midPressure.push(P[N >> 1]!);
      out.valveVelocity.push(V[N]!);
    }
  }
  return out;
}
