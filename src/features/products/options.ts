// The form's option lists, in the order of the contract's enums.
import { BowlConfiguration } from '../../api/generated/model/bowlConfiguration';
import { ProductCategory } from '../../api/generated/model/productCategory';
import { SinkMaterial } from '../../api/generated/model/sinkMaterial';
import { StoneColor } from '../../api/generated/model/stoneColor';
import { CATEGORY_LABELS } from '../../lib/format/product';

export const CATEGORY_OPTIONS = Object.values(ProductCategory).map((value) => ({
  value,
  label: CATEGORY_LABELS[value],
}));
export const STONE_COLOR_OPTIONS: StoneColor[] = Object.values(StoneColor);
export const SINK_MATERIAL_OPTIONS: SinkMaterial[] = Object.values(SinkMaterial);
export const BOWL_CONFIGURATION_OPTIONS: BowlConfiguration[] = Object.values(BowlConfiguration);
