// Randomness and noise, all drawn from the product's name: the same product
// gets the same bytes on every run.
/** FNV-1a of the text: the seed of everything a product's pictures draw. */
export function hashString(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** mulberry32: a small PRNG, plenty for picking colours and angles. */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** 32 random bits for a lattice point: the same point always gives the same bits. */
export function hashInt(x: number, y: number, seed: number): number {
  let h = (seed ^ Math.imul(x, 0x27d4eb2d) ^ Math.imul(y, 0x165667b1)) | 0;
  h = Math.imul(h ^ (h >>> 15), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

/** A number in [0, 1) for a lattice point. */
export const hash2 = (x: number, y: number, seed: number) => hashInt(x, y, seed) / 4294967296;

type Field = (x: number, y: number) => number;

/**
 * Value noise: random values on the integer lattice, smoothly interpolated.
 * Each field remembers the corners of the last lattice cell it read, as the
 * next pixel is nearly always in the same cell: that saves most of the
 * hashing.
 */
export function valueNoise(seed: number): Field {
  let cellX = NaN;
  let cellY = NaN;
  let a = 0;
  let b = 0;
  let c = 0;
  let d = 0;
  return (x, y) => {
    const ix = Math.floor(x);
    const iy = Math.floor(y);
    if (ix !== cellX || iy !== cellY) {
      cellX = ix;
      cellY = iy;
      a = hash2(ix, iy, seed);
      b = hash2(ix + 1, iy, seed);
      c = hash2(ix, iy + 1, seed);
      d = hash2(ix + 1, iy + 1, seed);
    }
    const fx = x - ix;
    const fy = y - iy;
    const sx = fx * fx * (3 - 2 * fx);
    const sy = fy * fy * (3 - 2 * fy);
    return a + (b - a) * sx + (c - a) * sy + (a - b - c + d) * sx * sy;
  };
}

/** Octaves of value noise, each twice as fine and half as strong; about [0, 1]. */
export function fbm(seed: number, octaves: number): Field {
  const layers = Array.from({ length: octaves }, (_, i) => valueNoise(seed + i * 1013));
  return (x, y) => {
    let sum = 0;
    let amplitude = 0.5;
    let total = 0;
    for (let i = 0; i < octaves; i++) {
      sum += layers[i](x, y) * amplitude;
      total += amplitude;
      x *= 2.03;
      y *= 2.03;
      amplitude *= 0.5;
    }
    return sum / total;
  };
}
