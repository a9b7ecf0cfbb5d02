// Stones as shaders: a function from a point on the slab to a colour.
import { PRODUCT_IMAGE_SIZE, type PictureProduct } from './picture';
import { fbm, hash2, hashInt, hashString, mulberry32, valueNoise } from './noise';
import {
  Picture,
  type Rgb,
  type Shader,
  clamp01,
  length,
  luminance,
  mix,
  mixInto,
  palette,
  scale,
  setRgb,
  smoothstep,
} from './draw';

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

export const WHITE: Rgb = [255, 255, 255];
export const BLACK: Rgb = [0, 0, 0];

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

export function stoneShader(product: PictureProduct): Shader {
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

export function slabPicture(product: PictureProduct): Picture {
  const { width, height } = PRODUCT_IMAGE_SIZE;
  const picture = new Picture(width, height);
  const stone = stoneShader(product);
  picture.rect(0, 0, width, height, (x, y, out) => {
    stone(x, y, out);
    sheen(x, y, width, height, out);
  });
  return picture;
}
