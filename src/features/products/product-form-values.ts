// Between a Product, the form's inputs and the multipart body the contract takes.
import type { Product } from '../../api/generated/model/product';
import type { ProductCreateForm } from '../../api/generated/model/productCreateForm';
import type { ProductUpdateForm } from '../../api/generated/model/productUpdateForm';
import { isStone } from './product-display';
import type { ProductFormOutput, ProductFormValues } from './product-form-schema';

/** A new product starts as granite, active, with stock 0 and every other field empty. */
export const NEW_PRODUCT_VALUES: ProductFormValues = {
  name: '',
  category: 'granite',
  dimensions: '',
  description: '',
  descriptionSw: '',
  startingPrice: '',
  endingPrice: '',
  color: null,
  installationPricePerSlab: '',
  material: null,
  bowlConfiguration: null,
  stock: '0',
  isActive: true,
  productImage: null,
  installationImages: [],
};

const amountText = (amount: number | null | undefined): string => (amount == null ? '' : String(amount));

/** The inputs of the edit form, filled from the stored product. Images stay as URLs on the product; the file inputs start empty. */
export function productToFormValues(product: Product): ProductFormValues {
  return {
    name: product.name,
    category: product.category,
    dimensions: product.dimensions ?? '',
    description: product.description ?? '',
    // A backend that keeps no Swahili description leaves it out: the input starts empty.
    descriptionSw: product.descriptionSw ?? '',
    startingPrice: amountText(product.startingPrice),
    endingPrice: amountText(product.endingPrice),
    color: product.color ?? null,
    installationPricePerSlab: amountText(product.installationPricePerSlab),
    material: product.material ?? null,
    bowlConfiguration: product.bowlConfiguration ?? null,
    stock: String(product.stock),
    isActive: product.isActive,
    productImage: null,
    installationImages: [],
  };
}

/**
 * The multipart body for create: empty values left out (never sent empty), stone
 * fields only for stones and sink fields only for sinks, so values typed
 * before the category changed are not sent.
 */
export function toProductBody(values: ProductFormOutput): ProductCreateForm {
  const body: ProductCreateForm = {
    name: values.name,
    category: values.category,
    dimensions: values.dimensions,
    description: values.description,
    descriptionSw: values.descriptionSw,
    startingPrice: values.startingPrice,
    endingPrice: values.endingPrice,
    stock: values.stock,
    isActive: values.isActive,
    productImage: values.productImage,
    installationImages: values.installationImages?.length ? values.installationImages : undefined,
  };
  if (isStone(values.category)) {
    body.color = values.color;
    body.installationPricePerSlab = values.installationPricePerSlab;
  } else {
    body.material = values.material;
    body.bowlConfiguration = values.bowlConfiguration;
  }
  // Left-out keys, not keys holding undefined: what is sent is what is listed.
  return Object.fromEntries(Object.entries(body).filter(([, value]) => value !== undefined)) as ProductCreateForm;
}

const STONE_FIELDS = ['color', 'installationPricePerSlab'] as const;
const SINK_FIELDS = ['material', 'bowlConfiguration'] as const;
/** The optional fields an update may clear by sending them empty (openapi.yaml, ProductUpdateForm). */
const CLEARABLE_FIELDS = ['dimensions', 'description', 'descriptionSw', ...STONE_FIELDS, ...SINK_FIELDS] as const;
type ClearableField = (typeof CLEARABLE_FIELDS)[number];

/**
 * The multipart body for update (openapi.yaml, updateProduct): a field left
 * out stays as stored, a field sent empty is cleared. So every optional field
 * the stored product has and the form now leaves empty is sent empty, and a
 * move between a stone category and sink sends the other kind's fields empty
 * (a sink keeps no colour, a stone no bowl configuration).
 */
export function toProductUpdateBody(values: ProductFormOutput, stored: Product): ProductUpdateForm {
  const body: ProductUpdateForm = toProductBody(values);
  const clear = new Set<ClearableField>(
    CLEARABLE_FIELDS.filter((field) => stored[field] != null && body[field] === undefined),
  );
  if (isStone(stored.category) !== isStone(values.category)) {
    for (const field of isStone(values.category) ? SINK_FIELDS : STONE_FIELDS) clear.add(field);
  }
  for (const field of clear) body[field] = '';
  return body;
}
