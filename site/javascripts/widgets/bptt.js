// The sampled recurrent network of `derivations/bptt.py`, step for step, so the widget's curve is
// the library's curve: the same seeded W (Gaussian or Haar orthogonal, as `derivations/init.py`
// draws it), the same inputs and trajectory x_t = W σ(x_{t−1}) + W_in u_t + b, the same Jacobian
// products and norms. Agreement is to rounding (BLAS sums in another order), until the network
// is chaotic enough to amplify rounding (measured by tests/site/test_widgets.py).

import { Generator } from "./random.js";
import { spectralNorm } from "./linalg.js";

/** σ, σ′ and β = sup |σ′| for the library's three nonlinearities (named as in bptt.py). */
export const NONLINEARITIES = {
  linear: { apply: (x) => x, slope: () => 1, beta: 1 },
  tanh: { apply: Math.tanh, slope: (x) => 1 - Math.tanh(x) ** 2, beta: 1 },
  sigmoid: {
    apply: (x) => 1 / (1 + Math.exp(-x)),
    slope: (x) => (1 / (1 + Math.exp(-x))) * (1 - 1 / (1 + Math.exp(-x))),
    beta: 0.25,
  },
};

function reshape(values, rows, columns) {
  return Array.from({ length: rows }, (_, i) => Array.from(values.slice(i * columns, (i + 1) * columns)));
}

/**
 * A Haar orthogonal size×size matrix from `generator`, as derivations.init.orthogonal draws it:
 * column j of a Gaussian array, from row j down, defines the j-th Householder reflector
 * (LAPACK's larfg); Q = H₁⋯H_d times the signs of the would-be diagonal of R (orgqr), transposed.
 */
export function haarOrthogonal(size, generator) {
  const columns = [];
  for (let j = 0; j < size; j++) columns.push(Array.from(generator.normals(size - j)));
  const tau = new Array(size).fill(0);
  const signs = new Array(size).fill(1);
  const vectors = columns.map((column, j) => { // v = [1, x₂/(α−β), …], as larfg leaves it
    const alpha = column[0];
    const tail = column.slice(1);
    const tailNorm = Math.hypot(...tail);
    if (tail.length === 0 || tailNorm === 0) {
      if (alpha < 0) signs[j] = -1; // β = α and no reflection
      return [1, ...tail.map(() => 0)];
    }
    const beta = -(alpha >= 0 ? 1 : -1) * Math.hypot(alpha, tailNorm);
    tau[j] = (beta - alpha) / beta;
    if (beta < 0) signs[j] = -1;
    const inverse = 1 / (alpha - beta);
    return [1, ...tail.map((x) => x * inverse)];
  });
  // Q = H₁ H₂ ⋯ H_d applied to the identity from the last reflector back (as orgqr's unblocked form).
  const q = Array.from({ length: size }, (_, i) => Array.from({ length: size }, (_, k) => (i === k ? 1 : 0)));
  for (let j = size - 1; j >= 0; j--) {
    const v = vectors[j];
    for (let column = 0; column < size; column++) {
      let dot = 0;
      for (let i = j; i < size; i++) dot += v[i - j] * q[i][column];
      const factor = tau[j] * dot;
      for (let i = j; i < size; i++) q[i][column] -= factor * v[i - j];
    }
  }
  // Column signs, then the transpose (init.orthogonal returns Qᵀ for square shapes).
  return Array.from({ length: size }, (_, i) => Array.from({ length: size }, (_, k) => q[k][i] * signs[i]));
}

/** derivations.bptt.recurrent_matrix(kind, size, scale=gain, seed=seed). */
export function recurrentMatrix(kind, size, gain, seed) {
  const generator = new Generator(seed);
  if (kind === "gaussian") {
    const root = Math.sqrt(size);
    return reshape(generator.normals(size * size), size, size)
      .map((row) => row.map((entry) => gain * (entry / root)));
  }
  if (kind === "orthogonal") {
    return haarOrthogonal(size, generator).map((row) => row.map((entry) => gain * entry));
  }
  throw new RangeError(`kind: expected "gaussian" or "orthogonal", got ${kind}`);
}

/** derivations.bptt.trajectory: states x_0 … x_steps from the seeded inputs (seed + 1). */
export function trajectory(weights, activation, steps, seed) {
  const size = weights.length;
  const sigma = NONLINEARITIES[activation];
  const generator = new Generator(seed + 1);
  const root = Math.sqrt(size);
  const inputWeights = reshape(generator.normals(size * size), size, size)
    .map((row) => row.map((entry) => entry / root));
  const bias = Array.from(generator.normals(size), (entry) => 0.1 * entry);
  const states = [Array.from(generator.normals(size))];
  const inputs = reshape(generator.normals(steps * size), steps, size);
  for (let t = 1; t <= steps; t++) {
    const activated = states[t - 1].map(sigma.apply);
    states.push(weights.map((row, i) => {
      let recurrent = 0;
      let driven = 0;
      for (let j = 0; j < size; j++) {
        recurrent += row[j] * activated[j];
        driven += inputWeights[i][j] * inputs[t - 1][j];
      }
      return recurrent + driven + bias[i];
    }));
  }
  return states;
}

/**
 * ‖∂x_l/∂x_0‖₂ for l = 0 … horizon (derivations.bptt.jacobian_norms): the product of the factors
 * W diag(σ′(x_{i−1})), latest on the left, in float64 with its underflow (0) and overflow (Infinity).
 */
export function jacobianNorms(weights, activation, horizon, seed) {
  const size = weights.length;
  const sigma = NONLINEARITIES[activation];
  const states = trajectory(weights, activation, horizon, seed);
  let product = weights.map((_, i) => weights.map((__, j) => (i === j ? 1 : 0)));
  const norms = [1];
  for (let lag = 1; lag <= horizon; lag++) {
    const slopes = states[lag - 1].map(sigma.slope);
    const next = [];
    for (let i = 0; i < size; i++) {
      const row = new Array(size).fill(0);
      for (let k = 0; k < size; k++) {
        const factor = weights[i][k] * slopes[k];
        for (let j = 0; j < size; j++) row[j] += factor * product[k][j];
      }
      next.push(row);
    }
    product = next;
    norms.push(spectralNorm(product));
  }
  return norms;
}

/** η = β ‖W‖₂ (derivations.bptt.per_step_bound): no factor's norm exceeds it. */
export function perStepBound(weights, activation) {
  return NONLINEARITIES[activation].beta * spectralNorm(weights);
}
