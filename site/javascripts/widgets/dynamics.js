// The two-dimensional recurrent updates of chapter 4, as derivations/dynamics.py computes them:
// vanilla h ← tanh(W h), feedback (forward Euler) h ← h + ε tanh(W h), its linear counterpart
// h ← h + ε M h, the displacement field and the stability of the Euler step.

import { apply } from "./linalg.js";

/** One vanilla step tanh(W h) (dynamics.vanilla_step). */
export function vanillaStep(weights, state) {
  return apply(weights, state).map(Math.tanh);
}

/** One feedback step h + ε tanh(W h) (dynamics.feedback_step). */
export function feedbackStep(weights, state, epsilon) {
  return apply(weights, state).map((value, i) => state[i] + epsilon * Math.tanh(value));
}

/** One linear Euler step h + ε W h: the feedback step without tanh. */
export function linearStep(weights, state, epsilon) {
  return apply(weights, state).map((value, i) => state[i] + epsilon * value);
}

/** The states h_0 … h_steps from `start` under `step` (one update rule). */
export function orbit(step, start, steps) {
  const states = [start.slice()];
  for (let t = 1; t <= steps; t++) states.push(step(states[t - 1]));
  return states;
}

/** dynamics.trajectories: from each start, shape (starts, steps + 1, 2). */
export function trajectories(kind, weights, starts, steps, epsilon) {
  const step = kind === "vanilla" ? (h) => vanillaStep(weights, h) : (h) => feedbackStep(weights, h, epsilon);
  return starts.map((start) => orbit(step, start, steps));
}

/** dynamics.displacement_field: the one-step move h_t − h_{t−1} at each point. */
export function displacementField(kind, weights, points, epsilon) {
  return points.map((point) => {
    const moved = apply(weights, point).map(Math.tanh);
    return kind === "vanilla" ? moved.map((value, i) => value - point[i]) : moved.map((value) => epsilon * value);
  });
}

/** M − γI for the 2×2 antisymmetric M with eigenvalues ±iω: eigenvalues −γ ± iω. */
export function dampedRotation(gamma, omega) {
  return [[-gamma, -omega], [omega, -gamma]];
}

/** |1 + z| for z = ε(−γ + iω): forward Euler's growth factor per step (dynamics.euler_amplification). */
export function amplification(epsilon, gamma, omega) {
  return Math.hypot(1 - epsilon * gamma, epsilon * omega);
}

/**
 * The least γ ≥ 0 with |1 + ε(−γ + iω)| ≤ 1 (dynamics.smallest_stable_gamma), or null when εω > 1
 * and no γ helps. Written as εω²/(1 + √(1 − ε²ω²)), equal to (1 − √(1 − ε²ω²))/ε without its
 * cancellation when εω is small.
 */
export function smallestStableGamma(epsilon, omega) {
  const product = epsilon * Math.abs(omega);
  if (product > 1) return null;
  return (epsilon * omega * omega) / (1 + Math.sqrt(1 - product * product));
}
