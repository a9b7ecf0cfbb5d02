// What a demo picture is drawn from, and the pictures' sizes.
import type { DemoProduct } from '../../../common/demo-data/catalogue';

/** What a picture is drawn from: the catalogue's product, or anything shaped like it. */
export type PictureProduct = Pick<
  DemoProduct,
  'name' | 'category' | 'color' | 'material' | 'bowlConfiguration' | 'dimensions'
>;

export const PRODUCT_IMAGE_SIZE = { width: 480, height: 360 } as const;
export const INSTALLATION_IMAGE_SIZE = { width: 640, height: 400 } as const;
