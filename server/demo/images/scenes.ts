// Installation scenes: a stone seen again under a perspective (kitchens,
// islands, bathrooms).
import { type PictureProduct } from './picture';
import { hash2 } from './noise';
import { Picture, type Rgb, type Shader, clamp01, length, mixInto, multiply, scale, setRgb } from './draw';
import { WHITE } from './stones';

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

export function kitchen(picture: Picture, stone: Shader, random: () => number): void {
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

export function island(picture: Picture, stone: Shader, random: () => number): void {
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

export function bathroom(picture: Picture, stone: Shader, random: () => number): void {
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
export const SCENES: Record<Exclude<PictureProduct['category'], 'sink'>, Scene[]> = {
  granite: ['kitchen', 'island'],
  marble: ['bathroom', 'kitchen'],
  quartz: ['island', 'kitchen', 'bathroom'],
};
