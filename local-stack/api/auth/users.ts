// auth.users rows, their identities, and the user object GoTrue returns.
import bcrypt from 'bcryptjs';
import { jsonb, type Db } from '../db';

export interface UserRow {
  id: string;
  aud: string | null;
  role: string | null;
  email: string | null;
  encrypted_password: string | null;
  email_confirmed_at: Date | null;
  invited_at: Date | null;
  confirmation_token: string | null;
  confirmation_sent_at: Date | null;
  recovery_token: string | null;
  recovery_sent_at: Date | null;
  email_change_token_new: string | null;
  email_change_token_current: string | null;
  email_change: string | null;
  email_change_sent_at: Date | null;
  email_change_confirm_status: number | null;
  reauthentication_token: string | null;
  reauthentication_sent_at: Date | null;
  last_sign_in_at: Date | null;
  raw_app_meta_data: Record<string, unknown> | null;
  raw_user_meta_data: Record<string, unknown> | null;
  created_at: Date | null;
  updated_at: Date | null;
  phone: string | null;
  phone_confirmed_at: Date | null;
  confirmed_at: Date | null;
  banned_until: Date | null;
  deleted_at: Date | null;
  is_anonymous: boolean;
  is_sso_user: boolean;
}

export interface IdentityRow {
  id: string;
  provider_id: string;
  user_id: string;
  identity_data: Record<string, unknown>;
  provider: string;
  last_sign_in_at: Date | null;
  created_at: Date | null;
  updated_at: Date | null;
  email: string | null;
}

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : undefined);

/** Drops undefined fields, as Go's `omitempty` does for GoTrue's optional timestamps. */
function compact<T extends Record<string, unknown>>(obj: T): T {
  return Object.fromEntries(Object.entries(obj).filter(([, v]) => v !== undefined)) as T;
}

export function identityJson(row: IdentityRow): Record<string, unknown> {
  return compact({
    identity_id: row.id,
    id: row.provider_id,
    user_id: row.user_id,
    identity_data: row.identity_data,
    provider: row.provider,
    last_sign_in_at: iso(row.last_sign_in_at),
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
    email: row.email ?? undefined,
  });
}

/** The user object of GoTrue's responses (models.User's JSON). */
export function userJson(row: UserRow, identities: IdentityRow[]): Record<string, unknown> {
  const isBanned = row.banned_until && row.banned_until.getTime() > Date.now();
  return compact({
    id: row.id,
    aud: row.aud ?? '',
    role: row.role ?? '',
    email: row.email ?? '',
    email_confirmed_at: iso(row.email_confirmed_at),
    phone: row.phone ?? '',
    phone_confirmed_at: iso(row.phone_confirmed_at),
    confirmation_sent_at: iso(row.confirmation_sent_at),
    confirmed_at: iso(row.confirmed_at),
    recovery_sent_at: iso(row.recovery_sent_at),
    new_email: row.email_change || undefined,
    email_change_sent_at: iso(row.email_change_sent_at),
    reauthentication_sent_at: iso(row.reauthentication_sent_at),
    last_sign_in_at: iso(row.last_sign_in_at),
    app_metadata: row.raw_app_meta_data ?? {},
    user_metadata: row.raw_user_meta_data ?? {},
    identities: identities.map(identityJson),
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
    banned_until: isBanned ? iso(row.banned_until) : undefined,
    deleted_at: iso(row.deleted_at),
    invited_at: iso(row.invited_at),
    is_anonymous: row.is_anonymous,
  });
}

export const isConfirmed = (row: UserRow) => row.email_confirmed_at !== null || row.phone_confirmed_at !== null;
export const isBanned = (row: UserRow, now = new Date()) =>
  row.banned_until !== null && row.banned_until.getTime() > now.getTime();
export const hasPassword = (row: UserRow) => !!row.encrypted_password;

/** bcrypt at cost 10, as GoTrue stores passwords. */
export const hashPassword = (password: string) => bcrypt.hash(password, 10);
export async function passwordMatches(row: UserRow, password: string): Promise<boolean> {
  if (!row.encrypted_password || !password) return false;
  return bcrypt.compare(password, row.encrypted_password);
}

export async function findUserById(db: Db, id: string): Promise<UserRow | null> {
  const [row] = await db<UserRow[]>`select * from auth.users where id = ${id}`;
  return row ?? null;
}

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | null> {
  const [row] = await db<UserRow[]>`
    select * from auth.users where lower(email) = lower(${email}) and is_sso_user = false and aud = 'authenticated'`;
  return row ?? null;
}

export async function identitiesOf(db: Db, userId: string): Promise<IdentityRow[]> {
  return db<IdentityRow[]>`select * from auth.identities where user_id = ${userId} order by created_at, id`;
}

export async function loadUserJson(db: Db, id: string): Promise<Record<string, unknown>> {
  const row = await findUserById(db, id);
  if (!row) throw new Error(`user ${id} vanished`);
  return userJson(row, await identitiesOf(db, id));
}

export interface NewUser {
  email: string;
  /** Already hashed; '' for users without a password (magic-link sign-ups). */
  encryptedPassword: string;
  userMetadata: Record<string, unknown>;
  appMetadata?: Record<string, unknown>;
  confirmed: boolean;
  role?: string;
  id?: string;
}

/** Inserts a user with its email identity, as GoTrue's sign-up does. */
export async function insertUser(db: Db, user: NewUser): Promise<UserRow> {
  const appMetadata = { provider: 'email', providers: ['email'], ...(user.appMetadata ?? {}) };
  const [row] = await db<UserRow[]>`
    insert into auth.users (
      instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
      raw_app_meta_data, raw_user_meta_data, created_at, updated_at,
      confirmation_token, recovery_token, email_change_token_new, email_change, email_change_token_current,
      reauthentication_token, is_super_admin)
    values (
      '00000000-0000-0000-0000-000000000000', coalesce(${user.id ?? null}::uuid, gen_random_uuid()),
      'authenticated', ${user.role ?? 'authenticated'}, ${user.email}, ${user.encryptedPassword},
      ${user.confirmed ? new Date() : null}, ${jsonb(appMetadata)}::text::jsonb, ${jsonb(user.userMetadata)}::text::jsonb,
      now(), now(), '', '', '', '', '', '', false)
    returning *`;
  if (!row) throw new Error('insert into auth.users returned nothing');
  await db`
    insert into auth.identities (provider_id, user_id, identity_data, provider, created_at, updated_at)
    values (${row.id}, ${row.id},
      ${jsonb({ sub: row.id, email: user.email, email_verified: user.confirmed, phone_verified: false })}::text::jsonb,
      'email', now(), now())`;
  return row;
}

/** Marks the email as confirmed (GoTrue's user.Confirm) and the email identity as verified. */
export async function confirmUser(db: Db, userId: string): Promise<void> {
  await db`
    update auth.users set email_confirmed_at = coalesce(email_confirmed_at, now()), confirmation_token = '',
      updated_at = now()
    where id = ${userId}`;
  await db`delete from auth.one_time_tokens where user_id = ${userId} and token_type = 'confirmation_token'`;
  await db`
    update auth.identities set identity_data = identity_data || '{"email_verified": true}'::jsonb, updated_at = now()
    where user_id = ${userId} and provider = 'email'`;
}

/** Merges metadata the way GoTrue does: keys set to null are removed, the rest overwrite. */
export function mergeMetadata(
  current: Record<string, unknown> | null,
  updates: Record<string, unknown>,
): Record<string, unknown> {
  const out: Record<string, unknown> = { ...(current ?? {}) };
  for (const [k, v] of Object.entries(updates)) {
    if (v === null) delete out[k];
    else out[k] = v;
  }
  return out;
}
