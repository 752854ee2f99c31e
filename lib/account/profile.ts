import 'server-only';
// The customer's profile row (name and phone), as the customer. A profile is made at sign-up; the upsert covers
// accounts made before that rule existed.
import type { DbRow, Tx } from '../core/db';
import type { ProfileInput } from './schemas';

export type ProfileRow = DbRow<'user_profiles', 'full_name' | 'phone_number'>;

export async function getProfile(tx: Tx, userId: string): Promise<ProfileRow | null> {
  const [row] = await tx<ProfileRow[]>`
    select full_name, phone_number from public.user_profiles where user_id = ${userId}`;
  return row ?? null;
}

export async function updateProfile(tx: Tx, userId: string, input: ProfileInput): Promise<ProfileRow> {
  const [row] = await tx<ProfileRow[]>`
    insert into public.user_profiles (user_id, full_name, phone_number)
    values (${userId}, ${input.full_name}, ${input.phone_number})
    on conflict (user_id) do update set full_name = excluded.full_name, phone_number = excluded.phone_number
    returning full_name, phone_number`;
  return row!;
}

/** Fills the name and phone only where the profile has none (the checkout's details never overwrite). */
export async function fillEmptyProfile(tx: Tx, userId: string, details: ProfileInput): Promise<void> {
  await tx`
    insert into public.user_profiles (user_id, full_name, phone_number)
    values (${userId}, ${details.full_name}, ${details.phone_number})
    on conflict (user_id) do update
       set full_name = coalesce(nullif(public.user_profiles.full_name, ''), excluded.full_name),
           phone_number = coalesce(nullif(public.user_profiles.phone_number, ''), excluded.phone_number)`;
}
