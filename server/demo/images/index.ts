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
//
// One module per concern beside this one: png.ts, noise.ts, draw.ts,
// stones.ts, sinks.ts and scenes.ts; here, the two entry points.
import { INSTALLATION_IMAGE_SIZE, type PictureProduct } from './picture';
import { hashString, mulberry32 } from './noise';
import { Picture } from './draw';
import { slabPicture, stoneShader } from './stones';
import { sinkPicture } from './sinks';
import { SCENES, bathroom, island, kitchen } from './scenes';

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
