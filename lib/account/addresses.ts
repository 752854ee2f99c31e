import 'server-only';
// Saved addresses, read and written as the customer (RLS: own rows only; every query also names the user id, so a
// foreign id simply finds nothing). One default per type is the database's rule (user_addresses_single_default):
// saving a default clears the previous one in the same transaction. Here: the first address of a type becomes its
// default, and deleting the default hands it to the newest remaining address of that type.
import { ActionError } from '../core/action-result';
import type { Tx } from '../core/db';
import type { AddressInput } from './schemas';
import type { AddressType, SavedAddress } from './types';

export const ADDRESS_NOT_FOUND = 'This address was not found. It may have been deleted; please reload the page.';

const COLUMNS = 'id, address_type, address_line1, address_line2, city, state, postal_code, country, is_default';

type Fields = Omit<SavedAddress, 'id' | 'is_default'>;

/** Shipping first, the default of each type first, then newest first. */
export async function listAddresses(tx: Tx, userId: string): Promise<SavedAddress[]> {
  return tx<SavedAddress[]>`
    select ${tx.unsafe(COLUMNS)} from public.user_addresses
     where user_id = ${userId}
     order by address_type desc, is_default desc, created_at desc, id`;
}

/** Serialises one customer's writes of one address type (the same lock the database's default rule takes). */
export async function lockAddressType(tx: Tx, userId: string, type: AddressType): Promise<void> {
  await tx`select pg_advisory_xact_lock(hashtextextended(${`user_addresses:${userId}:${type}`}, 0))`;
}

async function hasDefault(tx: Tx, userId: string, type: AddressType): Promise<boolean> {
  const rows = await tx`
    select 1 from public.user_addresses where user_id = ${userId} and address_type = ${type} and is_default limit 1`;
  return rows.length > 0;
}

export async function insertAddress(tx: Tx, userId: string, fields: Fields, isDefault: boolean): Promise<SavedAddress> {
  await lockAddressType(tx, userId, fields.address_type);
  const makeDefault = isDefault || !(await hasDefault(tx, userId, fields.address_type));
  const [row] = await tx<SavedAddress[]>`
    insert into public.user_addresses
      (user_id, address_type, address_line1, address_line2, city, state, postal_code, country, is_default)
    values (${userId}, ${fields.address_type}, ${fields.address_line1}, ${fields.address_line2}, ${fields.city},
            ${fields.state}, ${fields.postal_code}, ${fields.country}, ${makeDefault})
    returning ${tx.unsafe(COLUMNS)}`;
  return row!;
}

const fieldsOf = (input: AddressInput): Fields => ({
  address_type: input.address_type,
  address_line1: input.address_line1,
  address_line2: input.address_line2,
  city: input.city,
  state: input.state,
  postal_code: input.postal_code,
  country: input.country,
});

/** Adds or edits one address; a new shipping address may bring a billing copy (never the default billing). */
export async function saveAddress(tx: Tx, userId: string, input: AddressInput): Promise<SavedAddress> {
  const fields = fieldsOf(input);
  if (!input.id) {
    const saved = await insertAddress(tx, userId, fields, input.is_default);
    if (input.use_for_billing && fields.address_type === 'shipping') {
      await tx`
        insert into public.user_addresses
          (user_id, address_type, address_line1, address_line2, city, state, postal_code, country, is_default)
        values (${userId}, 'billing', ${fields.address_line1}, ${fields.address_line2}, ${fields.city},
                ${fields.state}, ${fields.postal_code}, ${fields.country}, false)`;
    }
    return saved;
  }
  await lockAddressType(tx, userId, fields.address_type);
  const [row] = await tx<SavedAddress[]>`
    update public.user_addresses
       set address_type = ${fields.address_type}, address_line1 = ${fields.address_line1},
           address_line2 = ${fields.address_line2}, city = ${fields.city}, state = ${fields.state},
           postal_code = ${fields.postal_code}, country = ${fields.country}, is_default = ${input.is_default}
     where id = ${input.id} and user_id = ${userId}
     returning ${tx.unsafe(COLUMNS)}`;
  if (!row) throw new ActionError(ADDRESS_NOT_FOUND, 404);
  return row;
}

export async function deleteAddress(tx: Tx, userId: string, id: string): Promise<void> {
  const [gone] = await tx<{ address_type: AddressType; is_default: boolean }[]>`
    delete from public.user_addresses where id = ${id} and user_id = ${userId}
    returning address_type, is_default`;
  if (!gone) throw new ActionError(ADDRESS_NOT_FOUND, 404);
  if (!gone.is_default) return;
  await lockAddressType(tx, userId, gone.address_type);
  await tx`
    update public.user_addresses set is_default = true
     where id = (select id from public.user_addresses
                  where user_id = ${userId} and address_type = ${gone.address_type}
                  order by created_at desc, id limit 1)
       and not exists (select 1 from public.user_addresses
                        where user_id = ${userId} and address_type = ${gone.address_type} and is_default)`;
}
