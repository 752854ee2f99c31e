import 'server-only';
// The checkout and the customer account: a signed-in customer's checkout opens filled from their default addresses
// and profile, and what they pay with is kept for next time (addresses not saved yet, as defaults where a type has
// none; name and phone where the profile has none). As the customer, under RLS.
import type { User } from '@supabase/supabase-js';
import { actorFor } from '../core/db/actor';
import { getCurrentUser } from '../auth/user';
import { DEFAULT_COUNTRY, emptyAddress, type Address } from '../checkout/address';
import { withActor, type Tx } from '../core/db';
import { logError } from '../core/log';
import { insertAddress, lockAddressType } from './addresses';
import { fillEmptyProfile, getProfile } from './profile';
import type { AddressType, CheckoutPrefill, SavedAddress } from './types';

type Who = Pick<User, 'id' | 'email'>;

const ADDRESS_KEYS = ['address_line1', 'address_line2', 'city', 'state', 'postal_code', 'country'] as const;
const norm = (v: string | null | undefined) => (v ?? '').trim().replace(/\s+/g, ' ').toLowerCase();

/** Same place: the address lines, city, state, postal code and country, ignoring case and spacing. */
export function sameAddress(a: Pick<Address, (typeof ADDRESS_KEYS)[number]>, b: Pick<SavedAddress, (typeof ADDRESS_KEYS)[number]>) {
  return ADDRESS_KEYS.every((k) => norm(a[k]) === norm(b[k]));
}

function toCheckoutAddress(saved: SavedAddress | undefined, fullName: string, phone: string): Address {
  return {
    ...emptyAddress(),
    full_name: fullName,
    phone,
    ...(saved && {
      address_line1: saved.address_line1,
      address_line2: saved.address_line2 ?? '',
      city: saved.city,
      state: saved.state,
      postal_code: saved.postal_code,
      country: saved.country || DEFAULT_COUNTRY,
    }),
  };
}

export async function checkoutPrefill(user: Who): Promise<CheckoutPrefill> {
  return withActor(actorFor(user), async (tx) => {
    const profile = await getProfile(tx, user.id);
    const defaults = await tx<SavedAddress[]>`
      select id, address_type, address_line1, address_line2, city, state, postal_code, country, is_default
        from public.user_addresses where user_id = ${user.id} and is_default`;
    const of = (type: AddressType) => defaults.find((a) => a.address_type === type);
    const name = profile?.full_name ?? '';
    const shipping = toCheckoutAddress(of('shipping'), name, profile?.phone_number ?? '');
    const billing = of('billing');
    return {
      email: user.email ?? '',
      shipping,
      billing: billing && !sameAddress(shipping, billing) ? toCheckoutAddress(billing, name, '') : null,
    };
  });
}

/** The signed-in customer's prefill for the checkout page; null for guests, and when it cannot be read (logged). */
export async function currentCustomerPrefill(): Promise<CheckoutPrefill | null> {
  const user = await getCurrentUser();
  if (!user) return null;
  try {
    return await checkoutPrefill(user);
  } catch (err) {
    logError('checkout prefill failed', err, { userId: user.id });
    return null;
  }
}

async function keepAddress(tx: Tx, userId: string, type: AddressType, address: Address): Promise<void> {
  await lockAddressType(tx, userId, type);
  const saved = await tx<SavedAddress[]>`
    select id, address_type, address_line1, address_line2, city, state, postal_code, country, is_default
      from public.user_addresses where user_id = ${userId} and address_type = ${type}`;
  if (saved.some((s) => sameAddress(address, s))) return;
  await insertAddress(
    tx,
    userId,
    {
      address_type: type,
      address_line1: address.address_line1,
      address_line2: address.address_line2 || null,
      city: address.city,
      state: address.state,
      postal_code: address.postal_code,
      country: address.country,
    },
    false,
  );
}

/** Keeps the checkout's addresses and fills an empty profile, in one transaction as the customer. */
export async function rememberCheckoutDetails(user: Who, addresses: { shipping: Address; billing: Address }): Promise<void> {
  const { shipping, billing } = addresses;
  await withActor(actorFor(user), async (tx) => {
    await keepAddress(tx, user.id, 'shipping', shipping);
    await keepAddress(tx, user.id, 'billing', billing);
    const phone = shipping.phone.trim();
    await fillEmptyProfile(tx, user.id, {
      full_name: shipping.full_name.trim() || null,
      // The profile keeps phone numbers of up to 40 characters.
      phone_number: phone && phone.length <= 40 ? phone : null,
    });
  });
}
