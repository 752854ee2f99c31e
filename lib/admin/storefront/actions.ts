'use server';
// Saving the storefront, as the admin under RLS: the settings row and the featured list are replaced in one
// transaction, then the home page and the listings (cached under the catalog tag) are dropped on every server.
import { defineAction } from '../../entry/define-action';
import { ActionError } from '../../core/action-result';
import { CATALOG_TAG } from '../../core/cache/tags';
import { storefrontSchema } from './schema';
import { STOREFRONT_TEXT } from './rules';
import { saveStorefront } from './save';

export const updateStorefront = defineAction({
  name: 'admin.storefront.update',
  access: 'admin',
  schema: storefrontSchema,
  success: STOREFRONT_TEXT.saved,
  failure: STOREFRONT_TEXT.failed,
  revalidate: [CATALOG_TAG],
  run: async (input, { tx, user }) => {
    if (!user) throw new ActionError(STOREFRONT_TEXT.failed, 401);
    return saveStorefront(tx, input, user.id);
  },
});
