// Pictures for the demo catalogue, drawn when the demo data is seeded, so a
// first run shows slabs, sinks and kitchens without downloading anything or
// keeping photos in the repository. Each picture is an RGB PNG encoded here
// (deflate from node:zlib, the rest by hand), and everything random is drawn
// from the product's name: the same product gets the same bytes on every run.
//
// Stones are shaders: a function from a point on the slab to a colour. The
// product picture evaluates it once per pixel, and the installation scenes
// evaluate it again under a perspective, so a counter top shows the same
// stone at a smaller scale. Flat areas stay flat and noise stays coarse
// where it can, because every per-pixel wobble costs bytes in the PNG.
import { deflateSync } from 'node:zlib';
import type { DemoProduct } from '../../common/demo-data/catalogue';

/** What a picture is drawn from: the catalogue's product, or anything shaped like it. */
type PictureProduct = Pick<
  DemoProduct,
  'name' | 'category' | 'color' | 'material' | 'bowlConfiguration' | 'dimensions'
>;

const PRODUCT_IMAGE_SIZE = { width: 480, height: 360 } as const;
const INSTALLATION_IMAGE_SIZE = { width: 640, height: 400 } as const;

// ---------------------------------------------------------------------------
// PNG

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

// CRC-32 (the polynomial PNG and zlib use), one table for all chunks.
const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (let i = 0; i < bytes.length; i++) c = CRC_TABLE[(c ^ bytes[i]) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Uint8Array): Buffer {
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  out.write(type, 4, 'latin1');
  out.set(data, 8);
  // The CRC covers the type and the data, not the length.
  out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)), 8 + data.length);
  return out;
}

/**
 * An 8-bit RGB PNG of `rgb` (width × height × 3 bytes, rows top to bottom).
 * Every row uses the Sub filter (each byte minus the same channel of the
 * pixel to its left): flat areas and gradients become runs of zeros and
 * small numbers that deflate well. Choosing a filter per row, as libpng
 * does, took three times as long on these pictures and saved nothing.
 */
function encodePng(width: number, height: number, rgb: Uint8Array | Uint8ClampedArray): Buffer {
  const stride = width * 3;
  const raw = Buffer.alloc(height * (stride + 1));
  for (let y = 0; y < height; y++) {
    const from = y * stride;
    const to = y * (stride + 1);
    raw[to] = 1; // Sub
    raw[to + 1] = rgb[from];
    raw[to + 2] = rgb[from + 1];
    raw[to + 3] = rgb[from + 2];
    for (let i = 3; i < stride; i++) raw[to + 1 + i] = rgb[from + i] - rgb[from + i - 3];
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bits per channel
  header[9] = 2; // colour type: RGB
  // compression, filter method and interlace stay 0
  return Buffer.concat([
    PNG_SIGNATURE,
    chunk('IHDR', header),
    // Level 5: on these pictures zlib's default 6 took 60% longer for 3%
    // fewer bytes, and 9 ten times as long for 7% fewer.
    chunk('IDAT', deflateSync(raw, { level: 5 })),
    chunk('IEND', new Uint8Array(0)),
  ]);
}

// ---------------------------------------------------------------------------
// Randomness and noise

/** FNV-1a of the text: the seed of everything a product's pictures draw. */
function hashString(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** mulberry32: a small PRNG, plenty for picking colours and angles. */
function mulberry32(seed: number): () => number {
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
function hashInt(x: number, y: number, seed: number): number {
  let h = (seed ^ Math.imul(x, 0x27d4eb2d) ^ Math.imul(y, 0x165667b1)) | 0;
  h = Math.imul(h ^ (h >>> 15), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

/** A number in [0, 1) for a lattice point. */
const hash2 = (x: number, y: number, seed: number) => hashInt(x, y, seed) / 4294967296;

type Field = (x: number, y: number) => number;

/**
 * Value noise: random values on the integer lattice, smoothly interpolated.
 * Each field remembers the corners of the last lattice cell it read, as the
 * next pixel is nearly always in the same cell: that saves most of the
 * hashing.
 */
function valueNoise(seed: number): Field {
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
function fbm(seed: number, octaves: number): Field {
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

// ---------------------------------------------------------------------------
// Colours and drawing

type Rgb = readonly [number, number, number];
/** Writes the colour at (x, y) into out[0..2] (0–255, not yet rounded). */
type Shader = (x: number, y: number, out: Float64Array) => void;

const clamp01 = (t: number) => (t < 0 ? 0 : t > 1 ? 1 : t);
const smoothstep = (a: number, b: number, t: number) => {
  const s = clamp01((t - a) / (b - a));
  return s * s * (3 - 2 * s);
};
/** Math.hypot for two numbers, without its cost (it takes any number of arguments). */
const length = (x: number, y: number) => Math.sqrt(x * x + y * y);
const luminance = (c: Rgb) => 0.2126 * c[0] + 0.7152 * c[1] + 0.0722 * c[2];
const scale = (c: Rgb, k: number): Rgb => [c[0] * k, c[1] * k, c[2] * k];
const mix = (a: Rgb, b: Rgb, t: number): Rgb => [
  a[0] + (b[0] - a[0]) * t,
  a[1] + (b[1] - a[1]) * t,
  a[2] + (b[2] - a[2]) * t,
];

function setRgb(out: Float64Array, c: Rgb, k = 1): void {
  out[0] = c[0] * k;
  out[1] = c[1] * k;
  out[2] = c[2] * k;
}

function mixInto(out: Float64Array, c: Rgb, t: number): void {
  out[0] += (c[0] - out[0]) * t;
  out[1] += (c[1] - out[1]) * t;
  out[2] += (c[2] - out[2]) * t;
}

function multiply(out: Float64Array, k: number): void {
  out[0] *= k;
  out[1] *= k;
  out[2] *= k;
}

/** A picker from [value, weight] pairs: t in [0, 1) gives a value, the heavier ones more often. */
function palette<T>(items: ReadonlyArray<readonly [T, number]>): (t: number) => T {
  const total = items.reduce((sum, [, w]) => sum + w, 0);
  const bounds: number[] = [];
  let at = 0;
  for (const [, w] of items) bounds.push((at += w / total));
  return (t) => {
    for (let i = 0; i < bounds.length - 1; i++) if (t < bounds[i]) return items[i][0];
    return items[items.length - 1][0];
  };
}

class Picture {
  readonly pixels: Uint8ClampedArray;
  private readonly out = new Float64Array(3);

  constructor(
    readonly width: number,
    readonly height: number,
  ) {
    this.pixels = new Uint8ClampedArray(width * height * 3);
  }

  /**
   * Paints the pixels of the box [x0, x1) × [y0, y1) that `coverage` says are
   * inside (0: untouched, 1: replaced, between: blended, for smooth edges),
   * with the colour `shader` gives. Both are called with the pixel's column
   * and row, whole numbers: V8 passes those without allocating, where a
   * fraction such as the pixel's centre would cost an object per call.
   */
  paint(
    x0: number,
    y0: number,
    x1: number,
    y1: number,
    shader: Shader,
    coverage?: (x: number, y: number) => number,
  ): void {
    const out = this.out;
    const left = Math.max(0, Math.floor(x0));
    const right = Math.min(this.width, Math.ceil(x1));
    const top = Math.max(0, Math.floor(y0));
    const bottom = Math.min(this.height, Math.ceil(y1));
    const p = this.pixels;
    for (let y = top; y < bottom; y++) {
      for (let x = left; x < right; x++) {
        const alpha = coverage ? coverage(x, y) : 1;
        if (alpha <= 0) continue;
        shader(x, y, out);
        const i = (y * this.width + x) * 3;
        if (alpha >= 1) {
          p[i] = out[0];
          p[i + 1] = out[1];
          p[i + 2] = out[2];
        } else {
          p[i] += (out[0] - p[i]) * alpha;
          p[i + 1] += (out[1] - p[i + 1]) * alpha;
          p[i + 2] += (out[2] - p[i + 2]) * alpha;
        }
      }
    }
  }

  rect(x0: number, y0: number, x1: number, y1: number, fill: Rgb | Shader): void {
    this.paint(x0, y0, x1, y1, typeof fill === 'function' ? fill : (_x, _y, out) => setRgb(out, fill));
  }

  /** A rounded rectangle centred on (cx, cy); the shader also gets the signed distance to its edge (negative inside). */
  roundRect(
    cx: number,
    cy: number,
    halfWidth: number,
    halfHeight: number,
    radius: number,
    shader: (x: number, y: number, out: Float64Array, distance: number) => void,
  ): void {
    const distance = (x: number, y: number) =>
      roundRectDistance(x + 0.5 - cx, y + 0.5 - cy, halfWidth, halfHeight, radius);
    this.paint(
      cx - halfWidth - 1,
      cy - halfHeight - 1,
      cx + halfWidth + 1,
      cy + halfHeight + 1,
      (x, y, out) => shader(x, y, out, distance(x, y)),
      (x, y) => clamp01(0.5 - distance(x, y)),
    );
  }

  ellipse(cx: number, cy: number, rx: number, ry: number, fill: Rgb | Shader): void {
    const shader: Shader = typeof fill === 'function' ? fill : (_x, _y, out) => setRgb(out, fill);
    const r = Math.min(rx, ry);
    this.paint(cx - rx - 1, cy - ry - 1, cx + rx + 1, cy + ry + 1, shader, (x, y) =>
      clamp01(0.5 - (length((x + 0.5 - cx) / rx, (y + 0.5 - cy) / ry) - 1) * r),
    );
  }

  /** A quadrilateral given by its four corners in order (convex), e.g. a counter top in perspective. */
  quad(corners: ReadonlyArray<readonly [number, number]>, shader: Shader): void {
    const xs = corners.map((c) => c[0]);
    const ys = corners.map((c) => c[1]);
    // Signed distances to the four edges; the smallest decides the coverage.
    const edges = corners.map(([ax, ay], i) => {
      const [bx, by] = corners[(i + 1) % corners.length];
      const edge = length(bx - ax, by - ay);
      return { ax, ay, nx: (by - ay) / edge, ny: -(bx - ax) / edge };
    });
    this.paint(Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys), shader, (x, y) => {
      let inside = Infinity;
      for (const e of edges) inside = Math.min(inside, -((x + 0.5 - e.ax) * e.nx + (y + 0.5 - e.ay) * e.ny));
      return clamp01(inside + 0.5);
    });
  }

  png(): Buffer {
    return encodePng(this.width, this.height, this.pixels);
  }
}

function roundRectDistance(px: number, py: number, halfWidth: number, halfHeight: number, radius: number): number {
  const qx = Math.abs(px) - halfWidth + radius;
  const qy = Math.abs(py) - halfHeight + radius;
  return length(Math.max(qx, 0), Math.max(qy, 0)) + Math.min(Math.max(qx, qy), 0) - radius;
}

// ---------------------------------------------------------------------------
// Stones

const STONE_COLORS: Record<NonNullable<PictureProduct['color']>, Rgb> = {
  Black: [26, 26, 28],
  White: [232, 230, 225],
  Grey: [140, 140, 142],
  Beige: [212, 194, 164],
  Brown: [108, 70, 48],
  Green: [42, 72, 52],
  Blue: [44, 62, 102],
  Red: [142, 44, 38],
  Gold: [204, 164, 96],
  Silver: [188, 190, 194],
  Multicolor: [196, 186, 170],
};

const WHITE: Rgb = [255, 255, 255];
const BLACK: Rgb = [0, 0, 0];

type GraniteLook = {
  /** The mineral grains that tile the slab, with how common each is. */
  grains: ReadonlyArray<readonly [Rgb, number]>;
  /** Grain size in pixels of the product picture. */
  grain: number;
  /** Small flecks on top of the grains, with how common each colour is. */
  flecks: ReadonlyArray<readonly [Rgb, number]>;
  /** Share of the fleck cells that hold one. */
  fleckDensity: number;
  fleckRadius: number;
};

const GRANITES: Record<string, GraniteLook> = {
  'Absolute Black Granite': {
    grains: [
      [[17, 17, 19], 4],
      [[22, 22, 24], 3],
      [[28, 28, 30], 2],
    ],
    grain: 4,
    flecks: [[[44, 44, 48], 1]],
    fleckDensity: 0.08,
    fleckRadius: 1,
  },
  'Galaxy Black Granite': {
    grains: [
      [[14, 14, 16], 4],
      [[22, 21, 22], 3],
      [[31, 29, 28], 2],
      [[44, 40, 36], 1],
    ],
    grain: 4,
    flecks: [
      [[206, 160, 84], 4],
      [[178, 112, 62], 3],
      [[232, 196, 128], 2],
      [[120, 78, 46], 2],
    ],
    fleckDensity: 0.5,
    fleckRadius: 1.5,
  },
  'Kashmir White Granite': {
    grains: [
      [[228, 224, 216], 5],
      [[212, 208, 200], 3],
      [[238, 236, 231], 3],
      [[176, 174, 172], 1.5],
      [[132, 130, 132], 0.6],
    ],
    grain: 5,
    flecks: [
      [[124, 30, 42], 4],
      [[152, 52, 60], 2],
      [[62, 58, 60], 2],
    ],
    fleckDensity: 0.3,
    fleckRadius: 1.5,
  },
  'Tan Brown Granite': {
    grains: [
      [[104, 58, 42], 4],
      [[80, 44, 32], 3],
      [[128, 80, 56], 2],
      [[28, 23, 22], 3],
      [[150, 112, 84], 1],
    ],
    grain: 6,
    flecks: [
      [[168, 128, 94], 2],
      [[18, 16, 16], 3],
    ],
    fleckDensity: 0.35,
    fleckRadius: 1.8,
  },
};

function genericGranite(color: Rgb): GraniteLook {
  const light = luminance(color) > 150;
  return {
    grains: [
      [color, 4],
      [scale(color, 0.82), 3],
      [mix(color, WHITE, 0.18), 2],
      [scale(color, 0.45), 1],
      [mix(color, WHITE, 0.45), 1],
    ],
    grain: 5,
    flecks: [
      [light ? [60, 58, 58] : [220, 216, 208], 3],
      [light ? scale(color, 0.5) : BLACK, 2],
    ],
    fleckDensity: 0.25,
    fleckRadius: 1.4,
  };
}

/** Granite: a mosaic of crystals (the nearest of jittered points, one colour each) with flecks on top. */
function granite(look: GraniteLook, seed: number): Shader {
  const size = look.grain;
  const grain = palette(look.grains);
  const fleck = palette(look.flecks);
  // Two layers of flecks on offset grids of different sizes, so they do not
  // line up; each layer holds at most one fleck per cell, kept inside it.
  const layers = [
    { cell: Math.max(4, look.fleckRadius * 4), radius: look.fleckRadius, seed: seed + 10 },
    { cell: Math.max(6, look.fleckRadius * 7), radius: look.fleckRadius * 1.5, seed: seed + 20 },
  ];
  const clouds = valueNoise(seed + 3);
  let lastX = NaN;
  let lastY = NaN;
  let cloud = 0;
  let color = look.grains[0][0];
  // The crystals' centres around the current cell, kept while the next
  // pixels fall in the same cell.
  const centres = new Float64Array(18);
  let cellX = NaN;
  let cellY = NaN;
  return (x, y, out) => {
    const cx = Math.floor(x / size);
    const cy = Math.floor(y / size);
    if (cx !== cellX || cy !== cellY) {
      cellX = cx;
      cellY = cy;
      for (let k = 0; k < 9; k++) {
        const i = cx + (k % 3) - 1;
        const j = cy + Math.floor(k / 3) - 1;
        const h = hashInt(i, j, seed);
        centres[2 * k] = (i + 0.1 + (0.8 * (h & 0xffff)) / 0x10000) * size;
        centres[2 * k + 1] = (j + 0.1 + (0.8 * (h >>> 16)) / 0x10000) * size;
      }
    }
    let best = Infinity;
    let nearest = 0;
    for (let k = 0; k < 9; k++) {
      const dx = centres[2 * k] - x;
      const dy = centres[2 * k + 1] - y;
      const d = dx * dx + dy * dy;
      if (d < best) {
        best = d;
        nearest = k;
      }
    }
    const bx = cx + (nearest % 3) - 1;
    const by = cy + Math.floor(nearest / 3) - 1;
    // Each crystal is flat, and the slab's cloudiness is read at the crystal,
    // so it shades whole crystals rather than every pixel. Neighbouring
    // pixels are mostly in the same crystal: the last one is remembered.
    if (bx !== lastX || by !== lastY) {
      lastX = bx;
      lastY = by;
      cloud = clouds(bx / 16, by / 16);
      color = grain(hash2(bx, by, seed + 2));
    }
    setRgb(out, color, 0.88 + 0.24 * cloud);
    // Flecks gather in drifts: their density follows a coarse noise too.
    const drift = 0.4 + 1.2 * cloud;
    for (let k = 0; k < layers.length; k++) {
      const { cell, radius, seed: layerSeed } = layers[k];
      const ox = x + k * 2.5;
      const oy = y + k * 1.5;
      const fx = Math.floor(ox / cell);
      const fy = Math.floor(oy / cell);
      const h = hashInt(fx, fy, layerSeed);
      if ((h & 0xffff) / 0x10000 >= look.fleckDensity * drift * (k === 0 ? 1 : 0.5)) continue;
      const r = radius * (0.45 + 0.8 * ((h >>> 16) / 0x10000));
      const room = cell / 2 - r;
      const g = hashInt(fx, fy, layerSeed + 1);
      const px = (fx + 0.5) * cell + room * ((g & 0xffff) / 0x8000 - 1);
      const py = (fy + 0.5) * cell + room * ((g >>> 16) / 0x8000 - 1);
      const d = length(px - ox, py - oy);
      if (d < r + 0.5) mixInto(out, fleck(hash2(fx, fy, layerSeed + 2)), clamp01(r + 0.5 - d));
    }
  };
}

type Veins = {
  color: Rgb;
  /** A second colour around the vein's core (Calacatta's gold), or none. */
  halo?: Rgb;
  /**
   * wave: long veins running one way across the slab (a turbulent sine);
   * web: thin, branching veins (where noise crosses its middle);
   * crack: a net of fine veins around pieces of stone (the borders of
   * bent Voronoi cells), as in Emperador.
   */
  kind: 'wave' | 'web' | 'crack';
  /** Higher is thinner. */
  sharpness: number;
  strength: number;
  /** Veins per slab unit. */
  frequency: number;
  /** How far turbulence bends them. */
  warp: number;
};

type MarbleLook = { ground: Rgb; cloud: Rgb; veins: readonly Veins[] };

const MARBLES: Record<string, MarbleLook> = {
  'Carrara White Marble': {
    ground: [238, 238, 235],
    cloud: [220, 221, 223],
    veins: [
      { kind: 'wave', color: [150, 153, 160], sharpness: 3, strength: 0.45, frequency: 0.7, warp: 5 },
      { kind: 'web', color: [128, 132, 140], sharpness: 60, strength: 0.6, frequency: 1.4, warp: 1.2 },
    ],
  },
  'Emperador Dark Marble': {
    ground: [96, 63, 42],
    cloud: [58, 37, 25],
    veins: [
      { kind: 'crack', color: [150, 112, 80], sharpness: 25, strength: 0.6, frequency: 4, warp: 1.2 },
      { kind: 'crack', color: [214, 186, 146], sharpness: 30, strength: 1, frequency: 1.6, warp: 1 },
    ],
  },
};

function genericMarble(color: Rgb): MarbleLook {
  const dark = luminance(color) < 110;
  const vein = dark ? mix(color, WHITE, 0.65) : scale(color, 0.6);
  return {
    ground: color,
    cloud: scale(color, dark ? 0.72 : 0.92),
    veins: [
      { kind: 'wave', color: vein, sharpness: dark ? 20 : 4, strength: 0.6, frequency: 0.8, warp: 5 },
      { kind: 'web', color: vein, sharpness: 60, strength: 0.7, frequency: 1.5, warp: 1.2 },
    ],
  };
}

/** Where the shaders read the slab: one unit is a third of the product picture's width. */
const SLAB_UNIT = 160;

/** How strongly (0 to 1) a point in slab units lies on a vein. */
function veinField(veins: Veins, random: () => number, seed: number): (u: number, v: number) => number {
  // Veins run from top left to bottom right, give or take 40 degrees.
  const angle = (random() - 0.5) * 1.4 + 0.8;
  const phase = random() * Math.PI * 2;
  const f = veins.frequency;
  const ax = Math.cos(angle);
  const ay = Math.sin(angle);
  if (veins.kind === 'wave') {
    const kx = ax * f * Math.PI * 2;
    const ky = ay * f * Math.PI * 2;
    const turbulence = fbm(seed, 3);
    return (u, v) => {
      const wave = Math.sin(u * kx + v * ky + turbulence(u * 1.3, v * 1.3) * veins.warp + phase);
      return Math.pow(1 - Math.abs(wave), veins.sharpness);
    };
  }
  if (veins.kind === 'crack') {
    // Distance to the border between the two nearest cells: F2 - F1 of
    // Worley noise, with the point pushed around by noise so borders bend.
    const thickness = 1 / veins.sharpness;
    const [pushX, pushY, faint] = [valueNoise(seed + 1), valueNoise(seed + 2), valueNoise(seed + 3)];
    return (u, v) => {
      const x = u * f + (pushX(u * 2, v * 2) - 0.5) * veins.warp;
      const y = v * f + (pushY(u * 2, v * 2) - 0.5) * veins.warp;
      const cx = Math.floor(x);
      const cy = Math.floor(y);
      let first = Infinity;
      let second = Infinity;
      for (let j = -1; j <= 1; j++) {
        for (let i = -1; i <= 1; i++) {
          const h = hashInt(cx + i, cy + j, seed);
          const d = length(cx + i + (h & 0xffff) / 0x10000 - x, cy + j + (h >>> 16) / 0x10000 - y);
          if (d < first) {
            second = first;
            first = d;
          } else if (d < second) second = d;
        }
      }
      // Some stretches of a vein are faint, as if it ran under the surface.
      return (1 - smoothstep(0, thickness, second - first)) * (0.3 + 0.7 * faint(u * 1.7, v * 1.7));
    };
  }
  // The noise is stretched along the veins' direction, and warped by coarser noise.
  const [warp, noise] = [valueNoise(seed + 1), fbm(seed, 4)];
  return (u, v) => {
    const along = (u * ax + v * ay) * f * 0.5;
    const across = (v * ax - u * ay) * f;
    const w = warp(u * 0.8, v * 0.8) * veins.warp;
    const n = noise(along + w, across + w);
    return Math.pow(1 - Math.abs(2 * n - 1), veins.sharpness);
  };
}

function marble(look: MarbleLook, seed: number, random: () => number): Shader {
  const fields = look.veins.map((veins, i) => veinField(veins, random, seed + 10 * (i + 1)));
  const clouds = fbm(seed + 30, 2);
  return (x, y, out) => {
    const u = x / SLAB_UNIT;
    const v = y / SLAB_UNIT;
    setRgb(out, look.ground);
    mixInto(out, look.cloud, smoothstep(0.35, 0.8, clouds(u * 0.9, v * 0.9)));
    for (let i = 0; i < fields.length; i++) mixInto(out, look.veins[i].color, fields[i](u, v) * look.veins[i].strength);
  };
}

type QuartzLook = {
  ground: Rgb;
  cloud?: Rgb;
  speckles: ReadonlyArray<readonly [Rgb, number]>;
  /** Share of the pixels that are a speckle. */
  density: number;
  veins?: Veins;
};

const QUARTZES: Record<string, QuartzLook> = {
  'Calacatta Gold Quartz': {
    ground: [243, 241, 236],
    speckles: [
      [[226, 224, 218], 3],
      [[212, 206, 196], 1],
    ],
    density: 0.05,
    veins: {
      kind: 'wave',
      color: [118, 112, 106],
      halo: [198, 160, 92],
      sharpness: 8,
      strength: 0.85,
      frequency: 0.45,
      warp: 4,
    },
  },
  'Pure White Quartz': {
    ground: [246, 246, 243],
    speckles: [
      [[230, 230, 226], 3],
      [[214, 214, 210], 1],
      [[255, 255, 255], 1],
    ],
    density: 0.06,
  },
  'Concrete Grey Quartz': {
    ground: [152, 152, 149],
    cloud: [132, 133, 131],
    speckles: [
      [[178, 178, 175], 3],
      [[112, 112, 110], 3],
      [[88, 88, 86], 1],
    ],
    density: 0.12,
  },
};

function genericQuartz(color: Rgb): QuartzLook {
  const terrazzo = color === STONE_COLORS.Multicolor;
  return {
    ground: color,
    cloud: scale(color, 0.92),
    speckles: terrazzo
      ? [
          [[150, 52, 44], 2],
          [[60, 92, 70], 2],
          [[40, 40, 42], 2],
          [[206, 160, 80], 2],
          [[245, 244, 240], 3],
        ]
      : [
          [mix(color, WHITE, 0.3), 3],
          [scale(color, 0.7), 3],
          [scale(color, 0.5), 1],
        ],
    density: terrazzo ? 0.2 : 0.1,
  };
}

/** Engineered quartz: a flat ground, fine speckle (single pixels, and a sparser coarser layer), optional veins. */
function quartz(look: QuartzLook, seed: number, random: () => number): Shader {
  const veins = look.veins;
  const field = veins && veinField(veins, random, seed + 10);
  const speckle = palette(look.speckles);
  const clouds = fbm(seed + 30, 2);
  return (x, y, out) => {
    setRgb(out, look.ground);
    const u = x / SLAB_UNIT;
    const v = y / SLAB_UNIT;
    if (look.cloud) mixInto(out, look.cloud, smoothstep(0.3, 0.8, clouds(u * 1.2, v * 1.2)));
    if (veins && field) {
      const t = field(u, v);
      // Gold beside the vein, grey at its core.
      if (veins.halo) mixInto(out, veins.halo, Math.sqrt(t) * 0.75);
      mixInto(out, veins.color, t * t * veins.strength);
    }
    const h = hashInt(Math.floor(x), Math.floor(y), seed + 40);
    if ((h & 0xffff) / 0x10000 < look.density) {
      mixInto(out, speckle(hash2(Math.floor(x), Math.floor(y), seed + 41)), 0.5 + 0.5 * ((h >>> 16) / 0x10000));
    } else {
      const cx = Math.floor(x / 3);
      const cy = Math.floor(y / 3);
      const g = hashInt(cx, cy, seed + 43);
      if ((g & 0xffff) / 0x10000 < look.density / 3) mixInto(out, speckle((g >>> 16) / 0x10000), 0.8);
    }
  };
}

function stoneShader(product: PictureProduct): Shader {
  const seed = hashString(product.name);
  const random = mulberry32(seed);
  const color = STONE_COLORS[product.color ?? 'Grey'];
  switch (product.category) {
    case 'granite':
      return granite(GRANITES[product.name] ?? genericGranite(color), seed);
    case 'marble':
      return marble(MARBLES[product.name] ?? genericMarble(color), seed, random);
    default:
      return quartz(QUARTZES[product.name] ?? genericQuartz(color), seed, random);
  }
}

/** A polished slab reflects the room: a soft, wide highlight across it. */
function sheen(x: number, y: number, width: number, height: number, out: Float64Array): void {
  const s = ((x / width) * 0.55 + (y / height) * 0.45 - 0.38) / 0.3;
  if (s > -1 && s < 1) mixInto(out, WHITE, (1 - s * s) * (1 - s * s) * 0.09);
}

function slabPicture(product: PictureProduct): Picture {
  const { width, height } = PRODUCT_IMAGE_SIZE;
  const picture = new Picture(width, height);
  const stone = stoneShader(product);
  picture.rect(0, 0, width, height, (x, y, out) => {
    stone(x, y, out);
    sheen(x, y, width, height, out);
  });
  return picture;
}

// ---------------------------------------------------------------------------
// Sinks

type SinkLook = {
  body: Shader;
  /** The inside of a bowl: darker, with a slope from the rim. */
  bowl: Shader;
  rim: number;
  tapHole: boolean;
  /** How strongly the bowls' walls show light and shadow (less on white, where it looks grey). */
  relief: number;
};

const CHROME: Rgb = [206, 208, 212];

function sinkLook(material: PictureProduct['material'], seed: number): SinkLook {
  switch (material) {
    case 'Stainless Steel': {
      // Brushed: streaks that change from row to row and slowly along a row.
      const brushed = (base: number, streakSeed: number): Shader => {
        const streaks = valueNoise(streakSeed);
        return (x, y, out) => {
          const level = base + (streaks(x / 60, y * 0.7) - 0.5) * 16 - (x + y) * 0.03;
          out[0] = level;
          out[1] = level + 2;
          out[2] = level + 5;
        };
      };
      return { body: brushed(212, seed), bowl: brushed(192, seed + 1), rim: 30, tapHole: true, relief: 1 };
    }
    case 'Granite Composite':
    case 'Quartz': {
      const ground: Rgb = material === 'Quartz' ? [206, 200, 190] : [60, 60, 64];
      const light: Rgb = material === 'Quartz' ? [234, 230, 222] : [118, 118, 124];
      const dark: Rgb = material === 'Quartz' ? [150, 142, 130] : [34, 34, 37];
      const speckled = (k: number): Shader => {
        const [lighter, darker] = [scale(light, k), scale(dark, k)];
        return (x, y, out) => {
          setRgb(out, ground, k);
          const h = hash2(Math.floor(x), Math.floor(y), seed);
          if (h < 0.07) mixInto(out, lighter, 0.7);
          else if (h < 0.14) mixInto(out, darker, 0.7);
        };
      };
      return { body: speckled(1), bowl: speckled(0.86), rim: 40, tapHole: true, relief: 1.2 };
    }
    default: {
      // Fired and enamelled: glossy white, a soft light from the top left.
      const white: Rgb =
        material === 'Cast Iron' ? [242, 238, 230] : material === 'Fireclay' ? [246, 245, 241] : [248, 248, 247];
      const glossy =
        (k: number): Shader =>
        (x, y, out) => {
          setRgb(out, white, k - (x + y) * 0.00008);
        };
      return {
        body: glossy(1.0),
        bowl: glossy(0.96),
        rim: material === 'Fireclay' || material === 'Cast Iron' ? 55 : 40,
        tapHole: material !== 'Fireclay',
        relief: 0.8,
      };
    }
  }
}

function parseDimensions(dimensions: string): { length: number; depth: number } {
  const [length, depth] = dimensions.split(/\s*x\s*/i).map(Number);
  return { length: length > 0 ? length : 800, depth: depth > 0 ? depth : 500 };
}

/** Bowl lengths (mm) before they are fitted to the sink. */
const BOWLS: Record<NonNullable<PictureProduct['bowlConfiguration']>, number[]> = {
  'Single Bowl': [420],
  'Double Bowl': [340, 340],
  'Triple Bowl': [300, 170, 300],
  '1.5 Bowl': [380, 200],
};
const DIVIDER = 40;
const DRAINER_MIN = 260;

function sinkPicture(product: PictureProduct): Picture {
  const { width, height } = PRODUCT_IMAGE_SIZE;
  const picture = new Picture(width, height);
  const seed = hashString(product.name);
  const { length, depth } = parseDimensions(product.dimensions);
  const mm = Math.min((width - 60) / length, (height - 70) / depth);
  const look = sinkLook(product.material, seed);
  const cx = width / 2;
  const cy = height / 2;
  const halfW = (length * mm) / 2;
  const halfH = (depth * mm) / 2;

  // A light counter, and the sink's shadow on it.
  const counter: Rgb = [238, 236, 232];
  picture.rect(0, 0, width, height, (_x, y, out) => setRgb(out, counter, 1 - y * 0.00012));
  picture.paint(
    cx - halfW - 20,
    cy - halfH - 20,
    cx + halfW + 30,
    cy + halfH + 30,
    (_x, _y, out) => setRgb(out, BLACK),
    (x, y) =>
      (1 - smoothstep(-4, 16, roundRectDistance(x + 0.5 - cx - 4, y + 0.5 - cy - 7, halfW, halfH, 26 * mm))) * 0.22,
  );

  // The body, with a bevel: lighter on the outer edge facing the light.
  picture.roundRect(cx, cy, halfW, halfH, 26 * mm, (x, y, out, d) => {
    look.body(x, y, out);
    if (d > -3) multiply(out, 1 - ((x - cx) / halfW + (y - cy) / halfH) * 0.06);
  });

  // Bowls from the left, then a ribbed drainer if the rest is wide enough.
  const bowls = BOWLS[product.bowlConfiguration ?? 'Single Bowl'];
  const rim = look.rim;
  const deck = look.tapHole ? 80 : 0;
  const available = length - 2 * rim;
  const needed = bowls.reduce((sum, b) => sum + b, 0) + DIVIDER * (bowls.length - 1);
  const drainer = available - needed - DIVIDER >= DRAINER_MIN ? available - needed - DIVIDER : 0;
  const fit = drainer > 0 ? 1 : available / needed;
  const top = -depth / 2 + rim + deck;
  const bottom = depth / 2 - rim;
  let at = -length / 2 + rim;
  const toX = (v: number) => cx + v * mm;
  const toY = (v: number) => cy + v * mm;
  for (const [index, bowlLength] of bowls.entries()) {
    const w = bowlLength * fit;
    const bx = toX(at + w / 2);
    const by = toY((top + bottom) / 2);
    const hw = (w * mm) / 2;
    const hh = ((bottom - top) * mm) / 2;
    const wall = 26 * mm;
    picture.roundRect(bx, by, hw, hh, 34 * mm, (x, y, out, d) => {
      look.bowl(x, y, out);
      // The walls slope down from the rim: dark where they face away from
      // the light (top left), lit where they face it (bottom right).
      const onWall = 1 - smoothstep(0, wall, -d);
      const facing = ((x - bx) / hw + (y - by) / hh) * 0.5;
      multiply(out, 1 + look.relief * (onWall * facing * 0.3 - (1 - onWall) * 0.05));
      if (d > -1.5) multiply(out, 1 - 0.3 * look.relief);
    });
    drawDrain(picture, bx, by, Math.min(44 * mm, hw * 0.3, hh * 0.3));
    if (look.tapHole && index === 0) {
      const tx = bx;
      const ty = toY(-depth / 2 + rim + deck / 2);
      picture.ellipse(tx, ty, 17 * mm, 17 * mm, CHROME);
      picture.ellipse(tx, ty, 11 * mm, 11 * mm, [70, 72, 76]);
    }
    at += w + DIVIDER;
  }
  if (drainer > 0) {
    const dx = toX(at + drainer / 2);
    const dy = toY((top + bottom) / 2);
    const hw = (drainer * mm) / 2;
    const hh = ((bottom - top) * mm) / 2;
    const groove = Math.max(6, 22 * mm);
    picture.roundRect(dx, dy, hw, hh, 20 * mm, (x, y, out) => {
      look.body(x, y, out);
      const line = (y - (dy - hh)) % groove;
      multiply(out, line < 2 ? 0.8 : line < 3 ? 1.06 : 0.96);
    });
  }
  return picture;
}

function drawDrain(picture: Picture, x: number, y: number, r: number): void {
  picture.ellipse(x, y, r, r, (px, py, out) => setRgb(out, CHROME, 1.05 - ((px - x + py - y) / r) * 0.08));
  picture.ellipse(x, y, r * 0.72, r * 0.72, [96, 98, 102]);
  // Holes in the strainer, a ring of them around a cap.
  for (let k = 0; k < 8; k++) {
    const angle = (k / 8) * Math.PI * 2;
    picture.ellipse(x + Math.cos(angle) * r * 0.48, y + Math.sin(angle) * r * 0.48, r * 0.09, r * 0.09, [40, 41, 44]);
  }
  picture.ellipse(x, y, r * 0.26, r * 0.26, CHROME);
}

// ---------------------------------------------------------------------------
// Installation scenes

type Scene = 'kitchen' | 'island' | 'bathroom';

const WALLS: Rgb[] = [
  [236, 230, 218],
  [214, 222, 208],
  [208, 218, 226],
  [226, 220, 212],
  [234, 214, 198],
];
const CABINETS: Rgb[] = [
  [244, 243, 240],
  [46, 62, 86],
  [168, 124, 84],
  [70, 72, 74],
  [98, 112, 88],
];
const FLOORS: Rgb[] = [
  [156, 118, 84],
  [190, 184, 174],
  [120, 96, 74],
];

/**
 * A counter top seen from the front and a little above: a trapezoid between
 * its back and front edges with the stone mapped onto it, then the front
 * edge. `slab` is how much of the stone (in product-picture pixels) the top
 * shows across and from back to front: more than the picture's width makes
 * the stone's grain smaller, as a counter a few metres long is.
 */
function counterTop(
  picture: Picture,
  stone: Shader,
  box: { backY: number; frontY: number; backX: [number, number]; frontX: [number, number]; edge: number },
  slab: { across: number; deep: number },
): void {
  const { backY, frontY, backX, frontX, edge } = box;
  const depth = frontY - backY;
  picture.quad(
    [
      [backX[0], backY],
      [backX[1], backY],
      [frontX[1], frontY],
      [frontX[0], frontY],
    ],
    (x, y, out) => {
      const t = clamp01((y - backY) / depth);
      const left = backX[0] + (frontX[0] - backX[0]) * t;
      const right = backX[1] + (frontX[1] - backX[1]) * t;
      // Farther is smaller: rows near the back cover more of the slab.
      const v = (t * 1.4 - t * t * 0.4) * slab.deep;
      stone(((x - left) / (right - left)) * slab.across, v, out);
      // The window's reflection, stronger towards the back.
      mixInto(out, WHITE, 0.08 * (1 - t));
    },
  );
  // The front edge: the same stone at the front's scale, polished and catching the light.
  const perPixel = slab.across / (frontX[1] - frontX[0]);
  picture.rect(frontX[0], frontY, frontX[1], frontY + edge, (x, y, out) => {
    stone((x - frontX[0]) * perPixel, slab.deep + (y - frontY) * perPixel, out);
    mixInto(out, WHITE, y - frontY < 1.5 ? 0.5 : 0.16);
    if (frontY + edge - y < 1.5) multiply(out, 0.7);
  });
}

/** Base or wall cabinets: doors with a gap between them, a shaker frame and a handle each. */
function cabinets(
  picture: Picture,
  x0: number,
  y0: number,
  x1: number,
  y1: number,
  color: Rgb,
  doors: number,
  handles: 'top' | 'bottom',
): void {
  picture.rect(x0, y0, x1, y1, scale(color, 0.8));
  const w = (x1 - x0) / doors;
  for (let i = 0; i < doors; i++) {
    const left = x0 + i * w + 2;
    const right = x0 + (i + 1) * w - 2;
    picture.rect(left, y0 + 2, right, y1 - 2, (_x, y, out) => setRgb(out, color, 1 - ((y - y0) / (y1 - y0)) * 0.06));
    picture.rect(left + 9, y0 + 11, right - 9, y0 + 13, scale(color, 0.86));
    picture.rect(left + 9, y1 - 13, right - 9, y1 - 11, scale(color, 1.04));
    picture.rect(left + 9, y0 + 11, left + 11, y1 - 11, scale(color, 0.88));
    picture.rect(right - 11, y0 + 11, right - 9, y1 - 11, scale(color, 1.03));
    const hx = i % 2 === 0 ? right - 18 : left + 15;
    const hy = handles === 'top' ? y0 + 18 : y1 - 42;
    picture.rect(hx, hy, hx + 3, hy + 24, [150, 152, 156]);
    picture.rect(hx, hy, hx + 1, hy + 24, [210, 212, 216]);
  }
}

function wall(picture: Picture, color: Rgb, bottom: number): void {
  // Light from a window on the left: the wall darkens slowly to the right.
  picture.rect(0, 0, picture.width, bottom, (x, _y, out) => setRgb(out, color, 1.02 - x * 0.00012));
}

function floor(picture: Picture, color: Rgb, top: number): void {
  picture.rect(0, top, picture.width, picture.height, (x, y, out) => {
    const plank = Math.floor((y - top) / 9);
    setRgb(out, color, 0.92 + 0.1 * hash2(Math.floor((x + plank * 97) / 150), plank, 5));
  });
}

/** A tap seen from the front: a pillar, a spout reaching `reach` to the left, and its nozzle. */
function tap(picture: Picture, x: number, y: number, height: number, reach: number): void {
  const metal: Rgb = [164, 167, 172];
  const shine: Rgb = [232, 234, 238];
  const shade: Rgb = [112, 114, 118];
  picture.ellipse(x, y - 1, 10, 3.5, shade);
  picture.rect(x - 4, y - height, x + 4, y, metal);
  picture.rect(x - 3, y - height, x - 1, y, shine);
  picture.rect(x - reach - 4, y - height, x + 4, y - height + 7, metal);
  picture.rect(x - reach - 4, y - height + 1, x + 4, y - height + 3, shine);
  picture.rect(x - reach - 4, y - height + 7, x - reach + 4, y - height + 14, shade);
}

function pick<T>(items: readonly T[], random: () => number): T {
  return items[Math.floor(random() * items.length)];
}

function kitchen(picture: Picture, stone: Shader, random: () => number): void {
  const { width } = picture;
  const cabinet = pick(CABINETS, random);
  wall(picture, pick(WALLS, random), 300);
  // A window over the sink, wall cabinets on either side.
  picture.rect(250, 22, 390, 160, [250, 250, 248]);
  picture.rect(258, 30, 382, 152, (_x, y, out) => {
    setRgb(out, [172, 206, 232]);
    mixInto(out, WHITE, (y - 30) / 160);
  });
  picture.rect(317, 30, 323, 152, [250, 250, 248]);
  cabinets(picture, 0, 0, 220, 118, cabinet, 3, 'bottom');
  cabinets(picture, 420, 0, width, 118, cabinet, 3, 'bottom');
  // A backsplash of the same stone, as many kitchens have, in the shade of the wall cabinets.
  picture.rect(0, 172, width, 236, (x, y, out) => {
    stone(x * 1.7, y * 1.7 + 400, out);
    multiply(out, 0.92 + (y - 172) * 0.001);
  });
  picture.rect(0, 172, width, 174, [250, 250, 248]);
  counterTop(
    picture,
    stone,
    { backY: 236, frontY: 292, backX: [0, width], frontX: [0, width], edge: 14 },
    { across: 1100, deep: 240 },
  );
  // An undermount sink and its tap.
  picture.quad(
    [
      [278, 246],
      [362, 246],
      [367, 280],
      [273, 280],
    ],
    (_x, y, out) => setRgb(out, [132, 134, 138], 0.62 + ((y - 246) / 34) * 0.5),
  );
  picture.rect(273, 279, 367, 281, [196, 198, 202]);
  tap(picture, 320, 250, 46, 28);
  cabinets(picture, 0, 306, width, 382, cabinet, 6, 'top');
  picture.rect(0, 382, width, 388, [40, 38, 36]);
  floor(picture, pick(FLOORS, random), 388);
}

function island(picture: Picture, stone: Shader, random: () => number): void {
  const { width } = picture;
  const cabinet = pick(CABINETS, random);
  const islandColor = pick(
    CABINETS.filter((c) => c !== cabinet),
    random,
  );
  wall(picture, pick(WALLS, random), 206);
  // The counter along the back wall, small and far away.
  cabinets(picture, 0, 0, width, 86, cabinet, 8, 'bottom');
  picture.rect(0, 100, width, 150, (x, y, out) => {
    stone(x * 2.4, y * 2.4, out);
    multiply(out, 0.9);
  });
  counterTop(
    picture,
    stone,
    { backY: 150, frontY: 162, backX: [0, width], frontX: [0, width], edge: 5 },
    { across: 1500, deep: 120 },
  );
  cabinets(picture, 0, 167, width, 206, cabinet, 8, 'top');
  floor(picture, pick(FLOORS, random), 206);
  // The island, large and near, with pendant lights over it.
  counterTop(
    picture,
    stone,
    { backY: 226, frontY: 320, backX: [130, 510], frontX: [60, 580], edge: 18 },
    { across: 820, deep: 420 },
  );
  picture.rect(70, 338, 570, 342, scale(islandColor, 0.6));
  cabinets(picture, 70, 342, 570, 392, islandColor, 4, 'top');
  picture.rect(66, 392, 574, 396, [52, 48, 46]);
  for (const x of [220, 420]) {
    picture.rect(x - 1, 0, x + 1, 96, [60, 60, 62]);
    picture.ellipse(x, 110, 26, 16, [48, 50, 54]);
    picture.rect(x - 26, 94, x + 26, 110, [48, 50, 54]);
    picture.ellipse(x, 118, 15, 4, [255, 246, 214]);
  }
}

function bathroom(picture: Picture, stone: Shader, random: () => number): void {
  const { width } = picture;
  const tile = pick(WALLS, random);
  const cabinet = pick(CABINETS, random);
  // Large wall tiles with light grout.
  picture.rect(0, 0, width, 360, (x, y, out) => {
    setRgb(out, tile, 1.02 - x * 0.0001);
    if (Math.floor(x) % 96 === 0 || Math.floor(y) % 96 === 0) multiply(out, 0.9);
  });
  // A mirror reflecting a pale room.
  picture.roundRect(320, 108, 104, 84, 12, (_x, _y, out) => setRgb(out, [120, 124, 128]));
  picture.roundRect(320, 108, 98, 78, 9, (x, y, out) => {
    setRgb(out, [206, 216, 222], 1 - (y - 30) * 0.0012);
    const streak = x - 240 + (y - 30) * 0.6;
    if (streak > 20 && streak < 48) mixInto(out, WHITE, 0.35);
  });
  counterTop(
    picture,
    stone,
    { backY: 226, frontY: 266, backX: [170, 470], frontX: [150, 490], edge: 14 },
    { across: 620, deep: 200 },
  );
  cabinets(picture, 156, 280, 484, 350, cabinet, 2, 'top');
  picture.rect(150, 350, 490, 360, [50, 46, 44]);
  // A vessel basin standing on the top, its tap behind it.
  tap(picture, 320, 224, 58, 0);
  picture.ellipse(320, 251, 44, 4, [132, 128, 124]);
  const basin: Rgb = [244, 244, 242];
  picture.paint(
    256,
    210,
    384,
    256,
    (x, _y, out) => setRgb(out, basin, 1 - Math.abs(x - 320) * 0.0022),
    (x, y) => (y < 218 ? 0 : clamp01(0.5 - (length((x + 0.5 - 320) / 62, (y + 0.5 - 218) / 34) - 1) * 34)),
  );
  picture.ellipse(320, 218, 62, 13, scale(basin, 1.02));
  picture.ellipse(320, 218, 55, 10, (_x, y, out) => setRgb(out, [214, 216, 216], 0.82 + (y - 208) * 0.018));
  floor(picture, pick(FLOORS, random), 360);
}

/** The rooms a stone is shown in: granite in kitchens, marble also in bathrooms, quartz anywhere. */
const SCENES: Record<Exclude<PictureProduct['category'], 'sink'>, Scene[]> = {
  granite: ['kitchen', 'island'],
  marble: ['bathroom', 'kitchen'],
  quartz: ['island', 'kitchen', 'bathroom'],
};

// ---------------------------------------------------------------------------
// The two entry points

/** The product's picture: a slab seen from above for a stone, the sink from above for a sink. A PNG. */
export function productImage(product: PictureProduct): Buffer {
  return (product.category === 'sink' ? sinkPicture(product) : slabPicture(product)).png();
}

/** One or two pictures of a stone fitted in a kitchen or bathroom (none for a sink). PNGs. */
export function installationImages(product: PictureProduct): Buffer[] {
  if (product.category === 'sink') return [];
  const seed = hashString(product.name);
  const random = mulberry32(seed ^ 0x5bd1e995);
  const stone = stoneShader(product);
  const choices = SCENES[product.category];
  // One or two of the rooms, starting from one drawn by the name, and
  // colours drawn for each: two products of the same stone still differ.
  const first = Math.floor(random() * choices.length);
  const count = random() < 0.7 ? 2 : 1;
  const scenes = Array.from({ length: count }, (_, i) => choices[(first + i) % choices.length]);
  return scenes.map((scene) => {
    const picture = new Picture(INSTALLATION_IMAGE_SIZE.width, INSTALLATION_IMAGE_SIZE.height);
    if (scene === 'kitchen') kitchen(picture, stone, random);
    else if (scene === 'island') island(picture, stone, random);
    else bathroom(picture, stone, random);
    return picture.png();
  });
}
