// The admin user endpoints behind supabase.auth.admin (service-role key): create, list, get, update, delete.
import { isUniqueViolation, jsonb } from '../../db';
import { ok, type AuthRequest, type AuthResult } from '../context';
import { badRequest, notFound, unprocessable } from '../errors';
import { requireAdmin } from '../guard';
import { adminDeleteBody, adminUserBody, parseBody } from '../schemas';
import {
  confirmUser,
  findUserByEmail,
  findUserById,
  hashPassword,
  identitiesOf,
  insertUser,
  loadUserJson,
  mergeMetadata,
  userJson,
  type IdentityRow,
  type UserRow,
} from '../users';
import { checkPasswordStrength, validateEmail } from '../validation';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const emailExists = () => unprocessable('email_exists', 'A user with this email address has already been registered');
const userNotFound = () => notFound('user_not_found', 'User not found');

const UNIT_MS: Record<string, number> = { ns: 1e-6, us: 1e-3, µs: 1e-3, ms: 1, s: 1000, m: 60_000, h: 3_600_000 };

/** Parses a Go duration ("24h", "1h30m", "90s") into milliseconds; null when malformed. */
export function parseGoDuration(value: string): number | null {
  const re = /(\d+(?:\.\d+)?)(ns|us|µs|ms|s|m|h)/gy;
  let total = 0;
  let consumed = 0;
  for (let m = re.exec(value); m; m = re.exec(value)) {
    total += Number(m[1]) * UNIT_MS[m[2]!]!;
    consumed = re.lastIndex;
  }
  return value.length > 0 && consumed === value.length ? total : null;
}

function banUntil(duration: string | null | undefined): Date | null | undefined {
  if (duration == null) return undefined;
  if (duration === 'none') return null;
  const ms = parseGoDuration(duration);
  if (ms === null) throw badRequest('validation_failed', 'invalid format for ban duration: ' + duration);
  return new Date(Date.now() + ms);
}

export async function adminCreateUser(r: AuthRequest): Promise<AuthResult> {
  const { pool, config } = r.deps;
  await requireAdmin(r.ctx.header('authorization'), config.jwtSecret);
  const p = parseBody(adminUserBody, await r.body());
  if (!p.email && p.phone) throw badRequest('phone_provider_disabled', 'Unsupported phone provider');
  if (!p.email) throw badRequest('validation_failed', 'Cannot create a user without either an email or phone');
  const email = validateEmail(p.email);
  if (p.password != null) checkPasswordStrength(p.password, config.settings.minPasswordLength);
  if (p.id && !UUID.test(p.id)) throw badRequest('validation_failed', 'id must be a valid UUID');
  const encryptedPassword = p.password_hash ?? (p.password ? await hashPassword(p.password) : '');
  const bannedUntil = banUntil(p.ban_duration);

  try {
    return await pool.begin(async (tx) => {
      if (await findUserByEmail(tx, email)) throw emailExists();
      const user = await insertUser(tx, {
        id: p.id ?? undefined,
        email,
        encryptedPassword,
        userMetadata: p.user_metadata ?? {},
        appMetadata: p.app_metadata ?? {},
        confirmed: p.email_confirm === true,
        role: p.role ?? undefined,
      });
      if (bannedUntil !== undefined) {
        await tx`update auth.users set banned_until = ${bannedUntil} where id = ${user.id}`;
      }
      return ok(await loadUserJson(tx, user.id));
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw emailExists();
    throw err;
  }
}

export async function adminListUsers(r: AuthRequest): Promise<AuthResult> {
  const { pool, config } = r.deps;
  await requireAdmin(r.ctx.header('authorization'), config.jwtSecret);
  const q = r.ctx.url.searchParams;
  const page = Math.max(1, Number.parseInt(q.get('page') || '1', 10) || 1);
  const perPage = Math.min(1000, Math.max(1, Number.parseInt(q.get('per_page') || '50', 10) || 50));
  const filter = q.get('filter');
  const pattern = filter ? `%${filter.replace(/[%_\\]/g, '\\$&')}%` : null;
  const [count] = await pool<{ n: string }[]>`
    select count(*)::text as n from auth.users
    where aud = 'authenticated' and (${pattern}::text is null or email ilike ${pattern} or raw_user_meta_data::text ilike ${pattern})`;
  const rows = await pool<UserRow[]>`
    select * from auth.users
    where aud = 'authenticated' and (${pattern}::text is null or email ilike ${pattern} or raw_user_meta_data::text ilike ${pattern})
    order by created_at desc, id limit ${perPage} offset ${(page - 1) * perPage}`;
  const ids = rows.map((u) => u.id);
  const identities = ids.length
    ? await pool<IdentityRow[]>`select * from auth.identities where user_id = any(${ids}::uuid[]) order by created_at`
    : [];
  const total = Number(count?.n ?? 0);
  const totalPages = Math.max(1, Math.ceil(total / perPage));
  const base = r.ctx.url.pathname;
  const links: string[] = [];
  if (page + 1 <= totalPages) links.push(`<${base}?page=${page + 1}&per_page=${perPage}>; rel="next"`);
  links.push(`<${base}?page=${totalPages}&per_page=${perPage}>; rel="last"`);
  return {
    status: 200,
    json: { users: rows.map((u) => userJson(u, identities.filter((i) => i.user_id === u.id))), aud: 'authenticated' },
    headers: { Link: links.join(', '), 'X-Total-Count': String(total) },
  };
}

async function existingUser(r: AuthRequest, id: string): Promise<UserRow> {
  if (!UUID.test(id)) throw notFound('user_not_found', 'User not found');
  const user = await findUserById(r.deps.pool, id);
  if (!user) throw userNotFound();
  return user;
}

export async function adminGetUser(r: AuthRequest, id: string): Promise<AuthResult> {
  await requireAdmin(r.ctx.header('authorization'), r.deps.config.jwtSecret);
  const user = await existingUser(r, id);
  return ok(userJson(user, await identitiesOf(r.deps.pool, user.id)));
}

export async function adminUpdateUser(r: AuthRequest, id: string): Promise<AuthResult> {
  const { pool, config } = r.deps;
  await requireAdmin(r.ctx.header('authorization'), config.jwtSecret);
  const p = parseBody(adminUserBody, await r.body());
  await existingUser(r, id);
  if (p.phone) throw badRequest('phone_provider_disabled', 'Unsupported phone provider');
  const email = p.email ? validateEmail(p.email) : null;
  if (p.password != null) checkPasswordStrength(p.password, config.settings.minPasswordLength);
  const encrypted = p.password_hash ?? (p.password ? await hashPassword(p.password) : null);
  const bannedUntil = banUntil(p.ban_duration);

  try {
    return await pool.begin(async (tx) => {
      const user = await findUserById(tx, id);
      if (!user) throw userNotFound();
      if (email && email !== user.email) {
        const other = await findUserByEmail(tx, email);
        if (other && other.id !== id) throw emailExists();
        await tx`update auth.users set email = ${email}, updated_at = now() where id = ${id}`;
        await tx`
          update auth.identities set identity_data = identity_data || jsonb_build_object('email', ${email}::text)
          where user_id = ${id} and provider = 'email'`;
      }
      if (encrypted !== null) {
        await tx`update auth.users set encrypted_password = ${encrypted}, updated_at = now() where id = ${id}`;
      }
      if (p.email_confirm === true) await confirmUser(tx, id);
      if (p.user_metadata) {
        const merged = mergeMetadata(user.raw_user_meta_data, p.user_metadata);
        await tx`update auth.users set raw_user_meta_data = ${jsonb(merged)}::text::jsonb, updated_at = now() where id = ${id}`;
      }
      if (p.app_metadata) {
        const merged = mergeMetadata(user.raw_app_meta_data, p.app_metadata);
        await tx`update auth.users set raw_app_meta_data = ${jsonb(merged)}::text::jsonb, updated_at = now() where id = ${id}`;
      }
      if (p.role) await tx`update auth.users set role = ${p.role}, updated_at = now() where id = ${id}`;
      if (bannedUntil !== undefined) {
        await tx`update auth.users set banned_until = ${bannedUntil}, updated_at = now() where id = ${id}`;
        if (bannedUntil) await tx`delete from auth.sessions where user_id = ${id}`;
      }
      return ok(await loadUserJson(tx, id));
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw emailExists();
    throw err;
  }
}

export async function adminDeleteUser(r: AuthRequest, id: string): Promise<AuthResult> {
  const { pool, config } = r.deps;
  await requireAdmin(r.ctx.header('authorization'), config.jwtSecret);
  const p = parseBody(adminDeleteBody, await r.body());
  await existingUser(r, id);
  if (p.should_soft_delete) {
    // A soft-deleted user keeps its id (rows referencing it stay) but can no longer sign in or be found by email.
    await pool.begin(async (tx) => {
      await tx`
        update auth.users set deleted_at = now(), email = null, phone = null, encrypted_password = '',
          updated_at = now()
        where id = ${id}`;
      await tx`delete from auth.sessions where user_id = ${id}`;
      await tx`delete from auth.identities where user_id = ${id}`;
      await tx`delete from auth.one_time_tokens where user_id = ${id}`;
    });
  } else {
    await pool`delete from auth.users where id = ${id}`;
  }
  return ok({});
}
