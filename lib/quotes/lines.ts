// One quote line from a product and the buyer's (or staff's) choices, by the checkout's rules: the options must be
// ones the product offers (a ring with sizes needs one of them), and the quantity at least the MOQ in whole packs.
// The buyer's request and staff's changes to a request both build their lines here. Pure.
import { HttpError } from '../core/errors';
import type { Product } from '../catalog/types';
import type { CheckoutLineInput } from '../checkout/lines';
import { normalizeSelection, optionProblem } from '../checkout/pricing';
import { specificationsText } from '../purchase/labels';
import { cartSpecifications } from '../purchase/options';
import { quantityProblem, smallestQuantity } from '../purchase/pack-size';
import type { CartSpecifications } from '../purchase/types';

export interface NewQuoteLine {
  position: number;
  product_id: string;
  product_category: Product['category'];
  name: string;
  sku: string | null;
  specifications: CartSpecifications;
  specifications_text: string;
  quantity: number;
}

/** Why a quantity cannot be asked for (below the MOQ, or not whole packs), naming the product; null when it can. */
export function quoteQuantityProblem(product: Product, quantity: number): string | null {
  return quantityProblem(quantity, product) === null
    ? null
    : `${product.name} is ordered in quantities of at least ${smallestQuantity(product)}, in whole packs.`;
}

export function buildQuoteLine(product: Product, line: Pick<CheckoutLineInput, 'specifications' | 'quantity'>, position: number): NewQuoteLine {
  const selection = normalizeSelection(product, line.specifications);
  if (!selection) throw new HttpError(422, optionProblem(product, line.specifications), 'option_unavailable');
  const quantity = quoteQuantityProblem(product, line.quantity);
  if (quantity) throw new HttpError(422, quantity, 'quantity_not_allowed');
  const specifications = cartSpecifications(product, { stoneType: selection.stoneType, size: selection.size, style: selection.style });
  return {
    position,
    product_id: product.id,
    product_category: product.category,
    name: product.name,
    sku: product.sku,
    specifications,
    specifications_text: specificationsText({ specifications, product: { category: product.category } }),
    quantity: line.quantity,
  };
}
