// Demo people: an admin and a customer with a profile and saved addresses, created through the Auth admin API.
import type { SupabaseClient } from '@supabase/supabase-js';
import type postgres from 'postgres';
import type { SavedAddress } from '../../lib/account/types';

export { DEMO_USERS } from './demo-users';

/** A saved address as the account area keeps it, before the database gives it an id. */
export type SeedAddress = Omit<SavedAddress, 'id'>;

/** The demo customer's saved addresses: a default shipping and billing address, and a second shop. */
export const DEMO_CUSTOMER_ADDRESSES: readonly SeedAddress[] = [
  {
    address_type: 'shipping',
    address_line1: '214 Mercer Street',
    address_line2: 'Bennett & Rowe, Ground Floor',
    city: 'New York',
    state: 'NY',
    postal_code: '10012',
    country: 'US',
    is_default: true,
  },
  {
    address_type: 'shipping',
    address_line1: '88 Main Street',
    address_line2: null,
    city: 'Sag Harbor',
    state: 'NY',
    postal_code: '11963',
    country: 'US',
    is_default: false,
  },
  {
    address_type: 'billing',
    address_line1: '1400 Broadway',
    address_line2: 'Floor 12',
    city: 'New York',
    state: 'NY',
    postal_code: '10018',
    country: 'US',
    is_default: true,
  },
];

interface DemoUser {
  email: string;
  password: string;
  fullName: string;
}

/** Returns the user's id, creating the user (confirmed) when it does not exist yet. */
export async function ensureUser(client: SupabaseClient, sql: postgres.Sql, user: DemoUser): Promise<string> {
  const existing = await findUserId(sql, user.email);
  if (existing) return existing;
  const { data, error } = await client.auth.admin.createUser({
    email: user.email,
    password: user.password,
    email_confirm: true,
    user_metadata: { full_name: user.fullName },
  });
  if (data?.user?.id) return data.user.id;
  // Created meanwhile by someone else: reuse it.
  const again = await findUserId(sql, user.email);
  if (again) return again;
  throw new Error(`Creating demo user ${user.email} failed: ${error?.message ?? 'no user returned'}`);
}

async function findUserId(sql: postgres.Sql, email: string): Promise<string | null> {
  const rows = await sql<{ id: string }[]>`select id from auth.users where lower(email) = lower(${email}) limit 1`;
  return rows[0]?.id ?? null;
}
