// Cache tags shared through Postgres: a revalidation made by one app server is recorded in
// public.cache_tag_revalidations and announced with NOTIFY, and every server marks the tags stale in its own cache.
// Plain JavaScript because Next.js loads the cache handler (shared-tags-handler.mjs) at run time, uncompiled.
import postgres from 'postgres';
import { connectionFor } from '../db/connection.mjs';

export const CHANNEL = 'shop_cache_tags';
const LOCAL_DATABASE_URL = 'postgresql://postgres:postgres@127.0.0.1:54322/postgres';

/**
 * The connection that listens: CACHE_TAGS_DATABASE_URL, else DATABASE_URL. Supabase's transaction pooler (port 6543)
 * cannot LISTEN, so that port becomes the session pooler's 5432 on the same host.
 */
export function tagsDatabaseUrl(env = process.env) {
  if (env.CACHE_TAGS_DATABASE_URL) return env.CACHE_TAGS_DATABASE_URL;
  return (env.DATABASE_URL || LOCAL_DATABASE_URL).replace(/:6543(?=[/?]|$)/, ':5432');
}

/**
 * LISTEN holds a connection of its own for as long as it runs; announcements use at most one more, closed when idle
 * (docs/operations.md: Connections counts both).
 */
export function connectTags(databaseUrl = tagsDatabaseUrl()) {
  const { url, options } = connectionFor(databaseUrl);
  return postgres(url, { ...options, max: 1, idle_timeout: 30, prepare: false, onnotice: () => {}, connect_timeout: 10 });
}

/** Records and announces `tags` (the NOTIFY goes out at commit). `from` lets the sender skip its own notice. */
export async function publishTags(sql, tags, from = null) {
  const list = [...new Set(tags)].filter((t) => typeof t === 'string' && t.length > 0 && t.length <= 256);
  if (list.length === 0) return;
  await sql`select public.revalidate_cache_tags(${list}::text[], ${from})`;
}

/** Tags revalidated after `since` (a Date; null for all), with when. */
export async function tagsRevalidatedSince(sql, since) {
  return since
    ? sql`select tag, revalidated_at from public.cache_tag_revalidations where revalidated_at > ${since}`
    : sql`select tag, revalidated_at from public.cache_tag_revalidations`;
}

/** Where subscribeTags marks the LISTEN in effect: on the connection object, the same for every bundle's copy of this module. */
const LIVE = Symbol.for('shop.cacheTags.listening');

/**
 * Calls `onTags(tags, from)` for every announcement, and `onConnect()` after the LISTEN took effect, including after
 * each reconnect (the moment to read what was missed while disconnected).
 */
export function subscribeTags(sql, { onTags, onConnect }) {
  return sql.listen(
    CHANNEL,
    (payload) => {
      try {
        const message = JSON.parse(payload);
        if (Array.isArray(message.tags)) onTags(message.tags.filter((t) => typeof t === 'string'), message.from ?? null);
      } catch {
        // Not ours: ignored.
      }
    },
    () => {
      sql[LIVE] = sql.listen.channels?.[CHANNEL];
      return onConnect?.();
    },
  );
}

/**
 * Whether `sql`'s LISTEN is in effect now (/api/health). postgres.js keeps a channel's LISTEN as an entry of
 * `sql.listen.channels`: it drops the entry when the listening connection closes and makes a new one when it listens
 * again, so the LISTEN is live while the entry is the one whose LISTEN last took effect.
 */
export function isListening(sql) {
  const entry = sql?.listen?.channels?.[CHANNEL];
  return entry !== undefined && sql[LIVE] === entry;
}
