// Sinks, drawn to scale from their dimensions.
import { PRODUCT_IMAGE_SIZE, type PictureProduct } from './picture';
import { hash2, hashString, valueNoise } from './noise';
import {
  Picture,
  type Rgb,
  type Shader,
  mixInto,
  multiply,
  roundRectDistance,
  scale,
  setRgb,
  smoothstep,
} from './draw';
import { BLACK } from './stones';

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

export function sinkPicture(product: PictureProduct): Picture {
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
