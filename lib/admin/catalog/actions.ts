'use server';
// Product and image actions of the category screens, as the admin under RLS through defineAction. Every write drops
// the storefront's cached catalog (listing, search, home; product pages read fresh) and the dashboard's counts.
// Stored image files are removed after the database change has committed, and only when no image row still names them.
import { z } from 'zod';
import { defineAction } from '../../entry/define-action';
import { ActionError } from '../../core/action-result';
import { withActor } from '../../core/db';
import { removeProductImageFiles } from '../../storage/product-images';
import { isUuid } from '../../core/validation/text';
import { deleteImages, reorderImages } from './images';
import { deleteProductRow, insertProductRow, unusedImageUrls, updateProductRow } from './products';
import { categoryField, PRODUCT_GONE, productIdField, productSaveInput } from './schema';
import { CATALOG_WRITE_TAGS, IMAGE_WRITE_TAGS } from '../../core/cache/tags';
import { env } from '../../core/env';
import { readProductHistory } from './history';
import { checkReadiness } from './readiness-check';
import { publishedReadyOnly } from './readiness';
import { bulkChangePrices, bulkDelete, bulkSetFlag, bulkSetRingSizes, bulkSetStatus, countNotReady } from './bulk';
import { bulkCheckInput, bulkDeleteInput, bulkDone, bulkFlagInput, bulkPriceInput, bulkSizesInput, bulkStatusInput } from './bulk-rules';
import { countAllMatching } from './list';
import { bulkSetLeadTime } from './bulk-lead-time';
import { bulkLeadTimeDone, bulkLeadTimeInput } from './bulk-lead-time-rules';
import { listFilterSchema } from './list-params';

/** The most images one request may name (a product has a handful). */
const MAX_IMAGES = 100;

export const createProduct = defineAction({
  name: 'admin.products.create',
  access: 'admin',
  schema: productSaveInput(z.undefined({ error: 'A new product has no id yet.' }).optional()),
  success: 'Product added successfully',
  failure: 'Failed to save product',
  revalidate: CATALOG_WRITE_TAGS,
  run: async ({ category, product, publishAnyway }, { tx }) => {
    await checkReadiness(tx, category, null, product, publishAnyway);
    return { id: await insertProductRow(tx, category, product) };
  },
});

export const updateProduct = defineAction({
  name: 'admin.products.update',
  access: 'admin',
  schema: productSaveInput(productIdField),
  success: 'Product updated successfully',
  failure: 'Failed to save product',
  revalidate: CATALOG_WRITE_TAGS,
  run: async ({ category, id, product, publishAnyway }, { tx }) => {
    await checkReadiness(tx, category, id, product, publishAnyway);
    if (!(await updateProductRow(tx, category, id, product))) throw new ActionError(PRODUCT_GONE, 404);
    return { id };
  },
});

export const deleteProduct = defineAction({
  name: 'admin.products.delete',
  access: 'admin',
  schema: z.object({ category: categoryField, id: productIdField }, { error: 'Send the category and the product id.' }),
  success: 'Product deleted successfully',
  failure: 'Failed to delete product',
  revalidate: CATALOG_WRITE_TAGS,
  // The files go after the commit, so the transaction is opened here rather than by the wrapper.
  transaction: false,
  run: async ({ category, id }, { actor, requestId }) => {
    const unused = await withActor(actor, async (tx) => {
      const urls = await deleteProductRow(tx, category, id);
      if (urls === null) throw new ActionError(PRODUCT_GONE, 404);
      return unusedImageUrls(tx, urls);
    });
    await removeProductImageFiles(unused, requestId);
    return { id };
  },
});

const imageIds = (min: number) =>
  z
    .array(z.string().refine(isUuid, { error: 'That is not an image id.' }), { error: 'Send the image ids.' })
    .min(min, { error: 'Select at least one image.' })
    .max(MAX_IMAGES, { error: `At most ${MAX_IMAGES} images at a time.` });

export const deleteProductImages = defineAction({
  name: 'admin.productImages.delete',
  access: 'admin',
  schema: z.object({ category: categoryField, productId: productIdField, imageIds: imageIds(1) }, { error: 'Send the product and the images.' }),
  success: (data: { count: number }) => (data.count === 1 ? 'Image deleted successfully' : `${data.count} image(s) deleted successfully`),
  failure: 'Failed to delete image(s)',
  revalidate: IMAGE_WRITE_TAGS,
  transaction: false,
  run: async ({ category, productId, imageIds: ids }, { actor, requestId }) => {
    const unused = await withActor(actor, async (tx) => unusedImageUrls(tx, await deleteImages(tx, category, productId, ids)));
    await removeProductImageFiles(unused, requestId);
    return { count: ids.length };
  },
});

export const reorderProductImages = defineAction({
  name: 'admin.productImages.reorder',
  access: 'admin',
  schema: z.object({ category: categoryField, productId: productIdField, imageIds: imageIds(1) }, { error: 'Send the product and its images in order.' }),
  failure: 'Failed to save image order',
  revalidate: IMAGE_WRITE_TAGS,
  run: async ({ category, productId, imageIds: ids }, { tx }) => {
    await reorderImages(tx, category, productId, ids);
    return { order: ids };
  },
});

/** Older entries of a product's history, for the modal's 'Show more' (a read: nothing to revalidate). */
export const loadProductHistory = defineAction({
  name: 'admin.products.history',
  access: 'admin',
  schema: z.object(
    { category: categoryField, productId: productIdField, before: z.number({ error: 'Send where the list stopped.' }).int().positive().max(Number.MAX_SAFE_INTEGER) },
    { error: 'Send the product and where its history stopped.' },
  ),
  failure: 'Failed to load the product history',
  run: async ({ category, productId, before }, { tx }) => readProductHistory(tx, category, productId, env().SHOP_TIME_ZONE, before),
});

/** The exact count behind a list whose search count stopped at '1,000+': what 'Select all matching' then confirms. */
export const countMatchingProducts = defineAction({
  name: 'admin.products.countMatching',
  access: 'admin',
  schema: z.object({ category: categoryField, filter: listFilterSchema }, { error: 'Send the category and the filters.' }),
  failure: 'Failed to count the matching products',
  run: async ({ category, filter }, { tx }) => ({ total: await countAllMatching(tx, category, filter) }),
});

// ---- Bulk actions of the list view: one transaction each, written to the product history with their note. ----

export const bulkSetProductStatus = defineAction({
  name: 'admin.products.bulkStatus',
  access: 'admin',
  schema: bulkStatusInput,
  success: (data: { count: number; skipped: number }, input) =>
    data.skipped > 0 ? publishedReadyOnly(data.count, data.skipped) : bulkDone({ kind: 'status', status: input.status }, data.count),
  failure: 'Failed to change the products',
  revalidate: CATALOG_WRITE_TAGS,
  run: async ({ category, target, status, publishAnyway, onlyReady }, { tx }) =>
    bulkSetStatus(tx, category, target, status, publishAnyway ? 'publish' : onlyReady ? 'skip' : 'refuse'),
});

/** Before a bulk publish: how many of the products are not ready, so staff choose what to do with them (a read). */
export const countUnreadyProducts = defineAction({
  name: 'admin.products.countUnready',
  access: 'admin',
  schema: bulkCheckInput,
  failure: 'Failed to check the products',
  run: async ({ category, target }, { tx }) => countNotReady(tx, category, target),
});

export const bulkSetProductFlag = defineAction({
  name: 'admin.products.bulkFlag',
  access: 'admin',
  schema: bulkFlagInput,
  success: (data: { count: number }, input) => bulkDone({ kind: 'flag', flag: input.flag, value: input.value }, data.count),
  failure: 'Failed to change the products',
  revalidate: CATALOG_WRITE_TAGS,
  run: async ({ category, target, flag, value }, { tx }) => ({ count: await bulkSetFlag(tx, category, target, flag, value) }),
});

export const bulkChangeProductPrices = defineAction({
  name: 'admin.products.bulkPrice',
  access: 'admin',
  schema: bulkPriceInput,
  success: (data: { count: number }, input) => bulkDone({ kind: 'price', percent: input.percent }, data.count),
  failure: 'Failed to change the prices',
  revalidate: CATALOG_WRITE_TAGS,
  run: async ({ category, target, percent }, { tx }) => ({ count: await bulkChangePrices(tx, category, target, percent) }),
});

/** The rings screen only: adjustable rings in the target are skipped, and the toast says how many. */
export const bulkSetProductRingSizes = defineAction({
  name: 'admin.products.bulkRingSizes',
  access: 'admin',
  schema: bulkSizesInput,
  success: (data: { count: number; skipped: number }, input) => bulkDone({ kind: 'sizes', sizes: input.sizes }, data.count, data.skipped),
  failure: 'Failed to set the ring sizes',
  revalidate: CATALOG_WRITE_TAGS,
  run: async ({ target, sizes }, { tx }) => bulkSetRingSizes(tx, target, sizes),
});

export const bulkDeleteProducts = defineAction({
  name: 'admin.products.bulkDelete',
  access: 'admin',
  schema: bulkDeleteInput,
  success: (data: { count: number }) => bulkDone({ kind: 'delete' }, data.count),
  failure: 'Failed to delete the products',
  revalidate: CATALOG_WRITE_TAGS,
  // As the single delete: the stored files go once the rows' removal has committed.
  transaction: false,
  run: async ({ category, target }, { actor, requestId }) => {
    const { count, unusedUrls } = await withActor(actor, (tx) => bulkDelete(tx, category, target));
    await removeProductImageFiles(unusedUrls, requestId);
    return { count };
  },
});

export const bulkSetProductLeadTime = defineAction({
  name: 'admin.products.bulkLeadTime',
  access: 'admin',
  schema: bulkLeadTimeInput,
  success: (data: { count: number }, input) => bulkLeadTimeDone(input.leadTime, data.count),
  failure: 'Failed to set the lead time',
  revalidate: CATALOG_WRITE_TAGS,
  run: async ({ category, target, leadTime }, { tx }) => ({ count: await bulkSetLeadTime(tx, category, target, leadTime) }),
});
