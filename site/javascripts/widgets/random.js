// NumPy's default generator, numpy.random.default_rng(seed), in JavaScript: SeedSequence, PCG64
// and the ziggurat behind Generator.standard_normal. With them the gradient-through-time widget
// samples the very network `derivations.bptt` samples from the same seed, so the figure on the
// page and the library's numbers are one network, not two that look alike.
//
// Exact: the seeding and the 64-bit stream are integer arithmetic (BigInt), bit for bit NumPy's.
// The ziggurat's tables are rebuilt here from Marsaglia and Tsang's recurrence (2000) instead of
// being copied; they differ from NumPy's compiled tables in the last bits, so a normal draw
// agrees with NumPy's to about 1e-13 relative (tests/site/test_widgets.py measures 3e-14 over
// 200,000 draws, tail included).

const MASK32 = 0xffffffffn;
const MASK64 = 0xffffffffffffffffn;
const MASK128 = (1n << 128n) - 1n;

// SeedSequence's hash constants (O'Neill's seed_seq_fe, as NumPy uses them).
const INIT_A = 0x43b0d7e5n;
const MULT_A = 0x931e8875n;
const INIT_B = 0x8b51f9ddn;
const MULT_B = 0x58f38dedn;
const MIX_MULT_L = 0xca01f9ddn;
const MIX_MULT_R = 0x4973f715n;
const XSHIFT = 16n;
const POOL_SIZE = 4;

// PCG64's 128-bit LCG multiplier (PCG_DEFAULT_MULTIPLIER_128).
const PCG_MULTIPLIER = 0x2360ed051fc65da44385df649fccf645n;

/** The 32-bit words of a non-negative integer, least significant first ([0] for 0). */
function uint32Words(value) {
  const words = [];
  let rest = BigInt(value);
  do {
    words.push(rest & MASK32);
    rest >>= 32n;
  } while (rest > 0n);
  return words;
}

/** numpy.random.SeedSequence(entropy).pool: the entropy hashed into four 32-bit words. */
export function seedPool(entropy) {
  if (!Number.isSafeInteger(entropy) || entropy < 0) {
    throw new RangeError(`seed: expected a non-negative integer, got ${entropy}`);
  }
  const words = uint32Words(entropy);
  let hashConst = INIT_A;
  const hashmix = (value) => {
    value ^= hashConst;
    hashConst = (hashConst * MULT_A) & MASK32;
    value = (value * hashConst) & MASK32;
    return value ^ (value >> XSHIFT);
  };
  const mix = (x, y) => {
    const result = (MIX_MULT_L * x - MIX_MULT_R * y) & MASK32;
    return result ^ (result >> XSHIFT);
  };
  const pool = [];
  for (let i = 0; i < POOL_SIZE; i++) pool.push(hashmix(i < words.length ? words[i] : 0n));
  for (let source = 0; source < POOL_SIZE; source++) {
    for (let target = 0; target < POOL_SIZE; target++) {
      if (source !== target) pool[target] = mix(pool[target], hashmix(pool[source]));
    }
  }
  for (let source = POOL_SIZE; source < words.length; source++) {
    for (let target = 0; target < POOL_SIZE; target++) {
      pool[target] = mix(pool[target], hashmix(words[source]));
    }
  }
  return pool;
}

/** SeedSequence.generate_state(count, uint64): pairs of 32-bit words, low word first. */
export function generateState64(pool, count) {
  let hashConst = INIT_B;
  const words = [];
  for (let i = 0; i < 2 * count; i++) {
    let value = pool[i % pool.length] ^ hashConst;
    hashConst = (hashConst * MULT_B) & MASK32;
    value = (value * hashConst) & MASK32;
    words.push(value ^ (value >> XSHIFT));
  }
  const state = [];
  for (let i = 0; i < count; i++) state.push(words[2 * i] | (words[2 * i + 1] << 32n));
  return state;
}

/** The ziggurat's 256 layers for the standard normal (Marsaglia and Tsang 2000, as NumPy). */
const ZIGGURAT_R = 3.6541528853610088; // right edge of the last layer
const ZIGGURAT_INV_R = 0.27366123732975828;
const ZIGGURAT_AREA = 0.004928673233974655; // r·exp(-r²/2) + the tail beyond r: each layer's area
const TWO_POW_52 = 4503599627370496;

function zigguratTables() {
  const density = (x) => Math.exp(-0.5 * x * x);
  const edges = new Array(256); // edges[i]: right edge x_i of layer i; x_255 = r, x_0 = 0
  edges[255] = ZIGGURAT_R;
  for (let i = 255; i > 1; i--) {
    edges[i - 1] = Math.sqrt(-2 * Math.log(ZIGGURAT_AREA / edges[i] + density(edges[i])));
  }
  edges[0] = 0;
  const base = ZIGGURAT_AREA / density(ZIGGURAT_R); // the base layer's width, tail included
  const k = new Array(256);
  const w = new Array(256);
  const f = new Array(256);
  k[0] = Math.floor(TWO_POW_52 * (ZIGGURAT_R / base));
  w[0] = base / TWO_POW_52;
  f[0] = 1;
  for (let i = 1; i < 256; i++) {
    k[i] = Math.floor(TWO_POW_52 * (edges[i - 1] / edges[i]));
    w[i] = edges[i] / TWO_POW_52;
    f[i] = density(edges[i]);
  }
  return { k, w, f };
}

let tables = null;

/** numpy.random.default_rng(seed): next64, nextDouble and standardNormal, in NumPy's order. */
export class Generator {
  constructor(seed) {
    const [seedHigh, seedLow, incHigh, incLow] = generateState64(seedPool(seed), 4);
    const initState = (seedHigh << 64n) | seedLow;
    const initSequence = (incHigh << 64n) | incLow;
    this.increment = ((initSequence << 1n) | 1n) & MASK128;
    this.state = 0n;
    this.step();
    this.state = (this.state + initState) & MASK128;
    this.step();
    tables ??= zigguratTables();
  }

  step() {
    this.state = (this.state * PCG_MULTIPLIER + this.increment) & MASK128;
  }

  /** The next 64 random bits as a BigInt (PCG64's XSL-RR output of the advanced state). */
  next64() {
    this.step();
    const rotation = this.state >> 122n;
    const folded = ((this.state >> 64n) ^ this.state) & MASK64;
    return ((folded >> rotation) | (folded << ((64n - rotation) & 63n))) & MASK64;
  }

  /** A uniform double in [0, 1) from the top 53 bits, as NumPy's next_double. */
  nextDouble() {
    return Number(this.next64() >> 11n) * (1.0 / 9007199254740992.0);
  }

  /** One standard normal draw: NumPy's random_standard_normal, step for step. */
  standardNormal() {
    const { k, w, f } = tables;
    for (;;) {
      let bits = this.next64();
      const index = Number(bits & 0xffn);
      bits >>= 8n;
      const negative = (bits & 1n) === 1n;
      const magnitude = Number((bits >> 1n) & 0x000fffffffffffffn);
      let x = magnitude * w[index];
      if (negative) x = -x;
      if (magnitude < k[index]) return x;
      if (index === 0) {
        for (;;) {
          const xx = -ZIGGURAT_INV_R * Math.log(1.0 - this.nextDouble());
          const yy = -Math.log(1.0 - this.nextDouble());
          if (yy + yy > xx * xx) {
            return (Math.floor(magnitude / 256) % 2 === 1) ? -(ZIGGURAT_R + xx) : ZIGGURAT_R + xx;
          }
        }
      }
      if ((f[index - 1] - f[index]) * this.nextDouble() + f[index] < Math.exp(-0.5 * x * x)) {
        return x;
      }
    }
  }

  /** ``count`` standard normal draws, in order (a C-ordered array's entries row by row). */
  normals(count) {
    const out = new Float64Array(count);
    for (let i = 0; i < count; i++) out[i] = this.standardNormal();
    return out;
  }
}
