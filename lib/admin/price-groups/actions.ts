'use server';
// The price groups' actions, as the admin under RLS through defineAction. Each write drops that group's cache tag
// (the storefront's pages rendered for its buyers) and nothing broader.
import { defineAction } from '../../entry/define-action';
import { priceGroupTag } from '../../core/cache/tags';
import { deletePriceGroup, insertPriceGroup, updatePriceGroup } from './groups';
import { GROUP_TEXT, PRICE_TEXT } from './labels';
import { deleteFixedPrice } from './prices';
import { createGroupSchema, deleteGroupSchema, removePriceSchema, updateGroupSchema } from './schema';

export const createPriceGroup = defineAction({
  name: 'admin.priceGroups.create',
  access: 'admin',
  schema: createGroupSchema,
  success: GROUP_TEXT.created,
  failure: GROUP_TEXT.failedCreate,
  revalidate: (data: { id: string }) => [priceGroupTag(data.id)],
  run: async ({ name, percentOff }, { tx }) => ({ id: await insertPriceGroup(tx, name, percentOff) }),
});

export const updatePriceGroupAction = defineAction({
  name: 'admin.priceGroups.update',
  access: 'admin',
  schema: updateGroupSchema,
  success: GROUP_TEXT.saved,
  failure: GROUP_TEXT.failedSave,
  revalidate: (_data, input) => [priceGroupTag(input.groupId)],
  run: async ({ groupId, name, percentOff }, { tx }) => {
    await updatePriceGroup(tx, groupId, name, percentOff);
    return { id: groupId };
  },
});

export const deletePriceGroupAction = defineAction({
  name: 'admin.priceGroups.delete',
  access: 'admin',
  schema: deleteGroupSchema,
  success: GROUP_TEXT.deleted,
  failure: GROUP_TEXT.failedDelete,
  revalidate: (_data, input) => [priceGroupTag(input.groupId)],
  run: async ({ groupId }, { tx }) => {
    await deletePriceGroup(tx, groupId);
    return { id: groupId };
  },
});

export const removeFixedPrice = defineAction({
  name: 'admin.priceGroups.removePrice',
  access: 'admin',
  schema: removePriceSchema,
  success: PRICE_TEXT.removed,
  failure: PRICE_TEXT.failedRemove,
  revalidate: (_data, input) => [priceGroupTag(input.groupId)],
  run: async (key, { tx }) => {
    await deleteFixedPrice(tx, key);
    return { id: key.groupId };
  },
});
