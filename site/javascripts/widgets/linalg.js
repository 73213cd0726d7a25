// Small dense linear algebra for the widgets: matrices are arrays of rows of numbers.
// What the widgets compare with NumPy is computed here, so each routine says how exact it is.

/** The n×n identity. */
export function identity(n) {
  return Array.from({ length: n }, (_, i) => Array.from({ length: n }, (_, j) => (i === j ? 1 : 0)));
}

/** A·B, summed left to right as written (rows of A against columns of B). */
export function multiply(a, b) {
  const rows = a.length;
  const inner = b.length;
  const columns = b[0].length;
  const out = [];
  for (let i = 0; i < rows; i++) {
    const row = new Array(columns).fill(0);
    for (let k = 0; k < inner; k++) {
      const factor = a[i][k];
      for (let j = 0; j < columns; j++) row[j] += factor * b[k][j];
    }
    out.push(row);
  }
  return out;
}

/** A·v for a vector v. */
export function apply(a, v) {
  return a.map((row) => row.reduce((sum, entry, j) => sum + entry * v[j], 0));
}

export function transpose(a) {
  return a[0].map((_, j) => a.map((row) => row[j]));
}

/** The largest |entry| (NaN if an entry is NaN, Infinity if one is infinite). */
export function largestEntry(a) {
  let largest = 0;
  for (const row of a) {
    for (const entry of row) {
      if (Number.isNaN(entry)) return NaN;
      largest = Math.max(largest, Math.abs(entry));
    }
  }
  return largest;
}

const SWEEP_LIMIT = 60; // cyclic Jacobi converges quadratically: a handful of sweeps in practice

/**
 * The eigenvalues of a real symmetric matrix, by cyclic Jacobi rotations (unsorted).
 * Each rotation is orthogonal, so every eigenvalue is exact to a few ulps of the largest.
 * An off-diagonal entry below rounding of its two diagonal entries is dropped instead of
 * rotated (rotations cannot push it lower); the sweeps stop when a whole sweep rotates nothing.
 */
export function symmetricEigenvalues(symmetric) {
  const n = symmetric.length;
  const a = new Float64Array(n * n); // row-major copy: a[p * n + q]
  symmetric.forEach((row, i) => row.forEach((entry, j) => { a[i * n + j] = entry; }));
  for (let sweep = 0; sweep < SWEEP_LIMIT; sweep++) {
    let rotated = false;
    for (let p = 0; p < n - 1; p++) {
      for (let q = p + 1; q < n; q++) {
        const apq = a[p * n + q];
        if (apq === 0) continue;
        const app = a[p * n + p];
        const aqq = a[q * n + q];
        if (Math.abs(apq) <= 1e-16 * (Math.abs(app) + Math.abs(aqq))) {
          a[p * n + q] = 0; // at rounding level: dropping it moves no eigenvalue by more (Weyl)
          a[q * n + p] = 0;
          continue;
        }
        rotated = true;
        const theta = (aqq - app) / (2 * apq);
        const t = Math.sign(theta || 1) / (Math.abs(theta) + Math.sqrt(theta * theta + 1));
        const c = 1 / Math.sqrt(t * t + 1);
        const s = t * c;
        for (let k = 0; k < n; k++) { // columns p and q
          const akp = a[k * n + p];
          const akq = a[k * n + q];
          a[k * n + p] = c * akp - s * akq;
          a[k * n + q] = s * akp + c * akq;
        }
        for (let k = 0; k < n; k++) { // rows p and q
          const apk = a[p * n + k];
          const aqk = a[q * n + k];
          a[p * n + k] = c * apk - s * aqk;
          a[q * n + k] = s * apk + c * aqk;
        }
      }
    }
    if (!rotated) break;
  }
  return Array.from({ length: n }, (_, i) => a[i * n + i]);
}

/**
 * ‖A‖₂, the largest singular value: the square root of the largest eigenvalue of AᵀA.
 * A is first divided by its largest entry, so neither AᵀA overflows nor underflows;
 * a matrix with an infinite or NaN entry has norm Infinity, as `derivations.bptt` reports it.
 */
export function spectralNorm(a) {
  const largest = largestEntry(a);
  if (!Number.isFinite(largest)) return Infinity;
  if (largest === 0) return 0;
  const scaled = a.map((row) => row.map((entry) => entry / largest)); // 1/largest may overflow
  const gram = multiply(transpose(scaled), scaled);
  return largest * Math.sqrt(Math.max(0, ...symmetricEigenvalues(gram)));
}

/** The two eigenvalues {re, im} of [[a, b], [c, d]], the larger real one first. */
function eigenvalues2(a, b, c, d) {
  const half = (a + d) / 2;
  const discriminant = ((a - d) / 2) ** 2 + b * c; // ((a−d)/2)² + bc: no cancellation in tr²/4 − det
  if (discriminant < 0) {
    const im = Math.sqrt(-discriminant);
    return [{ re: half, im }, { re: half, im: -im }];
  }
  const root = Math.sqrt(discriminant);
  const large = half + (half >= 0 ? root : -root); // no cancellation
  const determinant = a * d - b * c;
  const small = large !== 0 ? determinant / large : half - root;
  return [{ re: large, im: 0 }, { re: small, im: 0 }];
}

/** A real root of λ³ + c2 λ² + c1 λ + c0, by Newton's method kept inside a bisection bracket. */
function realCubicRoot(c2, c1, c0) {
  const p = (x) => ((x + c2) * x + c1) * x + c0;
  const bound = 1 + Math.max(Math.abs(c2), Math.abs(c1), Math.abs(c0)); // Cauchy: all roots inside
  let low = -bound;
  let high = bound; // p(low) < 0 < p(high)
  let x = 0;
  for (let i = 0; i < 200; i++) {
    const value = p(x);
    if (value === 0) return x;
    if (value < 0) low = x; else high = x;
    const slope = (3 * x + 2 * c2) * x + c1;
    let next = slope !== 0 ? x - value / slope : NaN;
    if (!(next > low && next < high)) next = (low + high) / 2;
    if (next === x || high - low <= 4e-16 * Math.max(Math.abs(low), Math.abs(high))) return next;
    x = next;
  }
  return x;
}

/** One step of shifted QR on a 3×3 upper Hessenberg matrix: H − μI = QR, H ← RQ + μI. */
function shiftedQrStep(h, mu) {
  const a = h.map((row, i) => row.map((entry, j) => entry - (i === j ? mu : 0)));
  const rotations = [];
  for (let k = 0; k < 2; k++) { // Givens rotations zero the subdiagonal
    const r = Math.hypot(a[k][k], a[k + 1][k]);
    const c = r === 0 ? 1 : a[k][k] / r;
    const s = r === 0 ? 0 : a[k + 1][k] / r;
    for (let j = 0; j < 3; j++) {
      const top = a[k][j];
      const bottom = a[k + 1][j];
      a[k][j] = c * top + s * bottom;
      a[k + 1][j] = -s * top + c * bottom;
    }
    rotations.push([c, s]);
  }
  rotations.forEach(([c, s], k) => { // R·Q: the same rotations from the right
    for (let i = 0; i < 3; i++) {
      const left = a[i][k];
      const right = a[i][k + 1];
      a[i][k] = c * left + s * right;
      a[i][k + 1] = -s * left + c * right;
    }
  });
  return a.map((row, i) => row.map((entry, j) => entry + (i === j ? mu : 0)));
}

/** 3×3 eigenvalues by orthogonal similarities (Hessenberg form, then QR shifted by a real root). */
function eigenvalues3(matrix) {
  let h = matrix.map((row) => row.slice());
  // A Householder reflector on rows and columns 2 and 3 zeroes h[2][0] (Hessenberg form).
  const [x1, x2] = [h[1][0], h[2][0]];
  const norm = Math.hypot(x1, x2);
  if (x2 !== 0 && norm !== 0) {
    const v = [x1 + (x1 >= 0 ? norm : -norm), x2];
    const vv = v[0] * v[0] + v[1] * v[1];
    for (let j = 0; j < 3; j++) { // H ← (I − 2vvᵀ/vᵀv) H
      const dot = (v[0] * h[1][j] + v[1] * h[2][j]) * (2 / vv);
      h[1][j] -= dot * v[0];
      h[2][j] -= dot * v[1];
    }
    for (let i = 0; i < 3; i++) { // H ← H (I − 2vvᵀ/vᵀv)
      const dot = (h[i][1] * v[0] + h[i][2] * v[1]) * (2 / vv);
      h[i][1] -= dot * v[0];
      h[i][2] -= dot * v[1];
    }
    h[2][0] = 0;
  }
  const negligible = (i) => Math.abs(h[i + 1][i])
    <= 1e-17 * (Math.abs(h[i][i]) + Math.abs(h[i + 1][i + 1]) + Math.abs(h[i][i + 1]));
  for (let step = 0; step < 50; step++) {
    if (negligible(0) || h[1][0] === 0) {
      return [{ re: h[0][0], im: 0 }, ...eigenvalues2(h[1][1], h[1][2], h[2][1], h[2][2])];
    }
    if (negligible(1) || h[2][1] === 0) {
      return [...eigenvalues2(h[0][0], h[0][1], h[1][0], h[1][1]), { re: h[2][2], im: 0 }];
    }
    // Shift by a real eigenvalue of H (every real 3×3 has one): one or two steps deflate it.
    const trace = h[0][0] + h[1][1] + h[2][2];
    const minors = h[0][0] * h[1][1] - h[0][1] * h[1][0] + h[0][0] * h[2][2] - h[0][2] * h[2][0]
      + h[1][1] * h[2][2] - h[1][2] * h[2][1];
    const determinant = h[0][0] * (h[1][1] * h[2][2] - h[1][2] * h[2][1])
      - h[0][1] * (h[1][0] * h[2][2] - h[1][2] * h[2][0])
      + h[0][2] * (h[1][0] * h[2][1] - h[1][1] * h[2][0]);
    h = shiftedQrStep(h, step < 2 ? realCubicRoot(-trace, minors, -determinant) : h[2][2]);
  }
  return [{ re: h[0][0], im: 0 }, ...eigenvalues2(h[1][1], h[1][2], h[2][1], h[2][2])];
}

/**
 * The eigenvalues {re, im} of a real 1×1, 2×2 or 3×3 matrix with finite entries. The matrix is
 * divided by its largest entry first (eigenvalues scale with it), so no product overflows.
 */
export function eigenvalues(a) {
  if (![1, 2, 3].includes(a.length)) {
    throw new RangeError(`eigenvalues: expected a 1×1, 2×2 or 3×3 matrix, got ${a.length}×${a.length}`);
  }
  const largest = largestEntry(a);
  if (!Number.isFinite(largest)) throw new RangeError("eigenvalues: expected finite entries");
  if (largest === 0) return a.map(() => ({ re: 0, im: 0 }));
  const b = a.map((row) => row.map((entry) => entry / largest));
  const unit = b.length === 1 ? [{ re: b[0][0], im: 0 }]
    : b.length === 2 ? eigenvalues2(b[0][0], b[0][1], b[1][0], b[1][1]) : eigenvalues3(b);
  return unit.map(({ re, im }) => ({ re: re * largest, im: im * largest }));
}
