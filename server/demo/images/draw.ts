// Colours and drawing: the Picture every image is painted on, and the
// shaders' helpers.
import { encodePng } from './png';

export type Rgb = readonly [number, number, number];
/** Writes the colour at (x, y) into out[0..2] (0–255, not yet rounded). */
export type Shader = (x: number, y: number, out: Float64Array) => void;

export const clamp01 = (t: number) => (t < 0 ? 0 : t > 1 ? 1 : t);
export const smoothstep = (a: number, b: number, t: number) => {
  const s = clamp01((t - a) / (b - a));
  return s * s * (3 - 2 * s);
};
/** Math.hypot for two numbers, without its cost (it takes any number of arguments). */
export const length = (x: number, y: number) => Math.sqrt(x * x + y * y);
export const luminance = (c: Rgb) => 0.2126 * c[0] + 0.7152 * c[1] + 0.0722 * c[2];
export const scale = (c: Rgb, k: number): Rgb => [c[0] * k, c[1] * k, c[2] * k];
export const mix = (a: Rgb, b: Rgb, t: number): Rgb => [
  a[0] + (b[0] - a[0]) * t,
  a[1] + (b[1] - a[1]) * t,
  a[2] + (b[2] - a[2]) * t,
];

export function setRgb(out: Float64Array, c: Rgb, k = 1): void {
  out[0] = c[0] * k;
  out[1] = c[1] * k;
  out[2] = c[2] * k;
}

export function mixInto(out: Float64Array, c: Rgb, t: number): void {
  out[0] += (c[0] - out[0]) * t;
  out[1] += (c[1] - out[1]) * t;
  out[2] += (c[2] - out[2]) * t;
}

export function multiply(out: Float64Array, k: number): void {
  out[0] *= k;
  out[1] *= k;
  out[2] *= k;
}

/** A picker from [value, weight] pairs: t in [0, 1) gives a value, the heavier ones more often. */
export function palette<T>(items: ReadonlyArray<readonly [T, number]>): (t: number) => T {
  const total = items.reduce((sum, [, w]) => sum + w, 0);
  const bounds: number[] = [];
  let at = 0;
  for (const [, w] of items) bounds.push((at += w / total));
  return (t) => {
    for (let i = 0; i < bounds.length - 1; i++) if (t < bounds[i]) return items[i][0];
    return items[items.length - 1][0];
  };
}

export class Picture {
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

export function roundRectDistance(
  px: number,
  py: number,
  halfWidth: number,
  halfHeight: number,
  radius: number,
): number {
  const qx = Math.abs(px) - halfWidth + radius;
  const qy = Math.abs(py) - halfHeight + radius;
  return length(Math.max(qx, 0), Math.max(qy, 0)) + Math.min(Math.max(qx, qy), 0) - radius;
}
