'use server';
// The account area's writes. Each runs through defineAction: the schema (strict: unknown keys such as a forged
// user_id are refused by name), the signed-in check, then one transaction as the customer under RLS. The user id is
// always the session's, never the form's.
import { defineAction } from '../entry/define-action';
import { ActionError } from '../core/action-result';
import { deleteAddress, saveAddress } from './addresses';
import { reorderPlan } from './orders';
import { updateProfile } from './profile';
import type { ReorderPlan } from './reorder';
import { ADDRESS_SAVE_FAILED } from '../checkout/errors';
import { addressIdSchema, orderIdSchema, profileSchema, saveAddressSchema } from './schemas';
import type { SavedAddress } from './types';

export const saveAccountAddress = defineAction({
  name: 'account.saveAddress',
  access: 'user',
  schema: saveAddressSchema,
  success: (_saved, input) => (input.id ? 'Address updated' : 'Address saved'),
  failure: ADDRESS_SAVE_FAILED,
  run: (input, { tx, user }): Promise<SavedAddress> => saveAddress(tx, user!.id, input),
});

export const deleteAccountAddress = defineAction({
  name: 'account.deleteAddress',
  access: 'user',
  schema: addressIdSchema,
  success: 'Address deleted',
  failure: 'Failed to delete address. Please try again.',
  run: ({ id }, { tx, user }) => deleteAddress(tx, user!.id, id),
});

export const updateAccountProfile = defineAction({
  name: 'account.updateProfile',
  access: 'user',
  schema: profileSchema,
  success: 'Profile updated',
  failure: 'Failed to update profile. Please try again.',
  run: (input, { tx, user }) => updateProfile(tx, user!.id, input),
});

export const reorder = defineAction({
  name: 'account.reorder',
  access: 'user',
  schema: orderIdSchema,
  failure: 'Failed to reorder. Please try again.',
  run: async ({ orderId }, { tx, user }): Promise<ReorderPlan> => {
    const plan = await reorderPlan(tx, user!.id, orderId);
    if (!plan) throw new ActionError('This order was not found.', 404);
    return plan;
  },
});
