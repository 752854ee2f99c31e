-- The shop's schema, written once per object and grouped by domain (ARCHITECTURE.md, "Database"): this file and the
-- six after it are the baseline every later migration builds on. This one holds what every domain uses: the
-- extensions, the admin list and its check, the request rate limits, the cache tags shared between servers, and the
-- small helpers other files call (triggers' timestamps, the dashboard's time slots, the header search's pattern).
-- Function bodies are checked when they first run, not here (check_function_bodies), so each file can define its
-- functions beside the tables they serve even when a body reads a table of a later file.

create extension if not exists pgcrypto with schema extensions;
create extension if not exists pg_trgm with schema extensions;
create extension if not exists btree_gin with schema extensions;

grant usage on schema public to anon, authenticated, service_role;

-- Hidden prices stay hidden from the Data API. Where the shop shows prices to signed-in buyers or to trade accounts
-- only, the API roles anon and authenticated lose the catalog's price columns. The shop's own queries run as
-- shop_anon and shop_authenticated (lib/core/db): each holds its API role's privileges and policies (it is a member of
-- it) plus every column of the catalog. The Data API cannot take these roles: its login role is no member of them.
-- Roles belong to the cluster, not the database: another database of the same server may have made them already.
do $$
begin
  if not exists (select 1 from pg_roles where rolname = 'shop_anon') then create role shop_anon nologin inherit; end if;
  if not exists (select 1 from pg_roles where rolname = 'shop_authenticated') then create role shop_authenticated nologin inherit; end if;
end;
$$;
grant anon to shop_anon;
grant authenticated to shop_authenticated;
-- The shop's own connection (the owner of the schema, who runs the migrations) switches to them per transaction.
grant shop_anon, shop_authenticated to current_user;

set local check_function_bodies = off;

create domain public.mail_address as text CHECK (((VALUE ~ '^[^\s@<>(),;:"\[\]\\]+@[^\s@<>(),;:"\[\]\\]+\.[^\s@<>(),;:"\[\]\\]+$'::text) AND (length(VALUE) <= 320)));

create table public.admin_users (
  user_id uuid not null,
  created_at timestamptz default now() not null,
  constraint admin_users_pkey primary key (user_id),
  constraint admin_users_user_id_fkey foreign key (user_id) references auth.users(id) on delete cascade
);
alter table public.admin_users enable row level security;
revoke all on table public.admin_users from public;
grant select on table public.admin_users to authenticated;

-- Rate-limit counters shared by every app server: a fixed window per key, taken in one statement. Keys are hashes
-- (rule name + e-mail or address), so the table holds no personal data. Server-only: no API role can read or write it.
create table public.rate_limits (
  key text not null,
  window_start timestamptz not null,
  hits integer not null,
  constraint rate_limits_pkey primary key (key)
);
alter table public.rate_limits enable row level security;
revoke all on table public.rate_limits from public;

-- Next.js cache tags revalidated by any app server: every server keeps its own cached pages and data, and learns
-- here (NOTIFY at once, the table after a reconnect or a restart) that a tag changed, so an edit made through one
-- server shows on all of them. Server-only: no API role can read or write it.
create table public.cache_tag_revalidations (
  tag text not null,
  revalidated_at timestamptz default now() not null,
  constraint cache_tag_revalidations_pkey primary key (tag),
  constraint cache_tag_revalidations_tag_check check ((length(tag) BETWEEN 1 AND 256))
);
alter table public.cache_tag_revalidations enable row level security;
revoke all on table public.cache_tag_revalidations from public;

-- The header search's second step (admin_people_search) reads the trigram index with each word's rarest-looking
-- part only. A trigram index answers a LIKE by reading the row list of every trigram in the pattern, so a word that
-- joins a rare part to a common one ('guest15008@bench', 'BEN-0023447-d86f') would read the lists of its common
-- trigrams (every order's e-mail domain or reference) in full. So the index condition is the word's longest run of
-- letters and digits with the most digits (at least 4 characters, one of them a digit), when it has one; the whole
-- word is still required of every row found, so the answer is the same. Words without such a run ('lovelace', 'ada',
-- '555-0') keep the whole word.
create or replace function public.admin_search_index_pattern(p_pattern text)
returns text
language sql
immutable
set search_path = ''
as $$
  select coalesce((
    select '%' || m.run[1] || '%'
      from regexp_matches(p_pattern, '[[:alnum:]]+', 'g') as m(run)
     where length(m.run[1]) >= 4 and m.run[1] ~ '[0-9]'
     order by length(regexp_replace(m.run[1], '[^0-9]', '', 'g')) desc, length(m.run[1]) desc
     limit 1), p_pattern);
$$;
revoke all on function public.admin_search_index_pattern(p_pattern text) from public;

-- Whether the caller is staff. Row-level security is on for every table in public: the REST API of a Supabase project
-- is open to anyone holding the anon key, so the policies are the real gate, and the app's server code runs its
-- queries under them too. Security definer: it reads admin_users past that table's own policy.
create or replace function public.is_admin()
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (select 1 from public.admin_users where user_id = (select auth.uid()));
$$;
revoke all on function public.is_admin() from public;
grant all on function public.is_admin() to anon, authenticated, service_role;

-- Windows are at most an hour, so rows older than a day are only history. The maintenance job calls this.
create or replace function public.purge_rate_limits()
returns integer
language sql
volatile
security definer
set search_path = ''
as $$
  with gone as (delete from public.rate_limits where window_start < now() - interval '1 day' returning 1)
  select count(*)::integer from gone;
$$;
revoke all on function public.purge_rate_limits() from public;
grant all on function public.purge_rate_limits() to service_role;

-- The end of the 15-minute slot a time falls in, or the time itself when it starts a slot ('-infinity' stays): where
-- a dashboard window's whole slots begin.
create or replace function public.quarter_ceil(p_at timestamptz)
returns timestamptz
language sql
immutable
parallel safe
set search_path = ''
as $$
  select case when p_at = '-infinity' then p_at
              when public.quarter_of(p_at) = p_at then p_at
              else public.quarter_of(p_at) + interval '15 minutes' end;
$$;
revoke all on function public.quarter_ceil(p_at timestamp with time zone) from public;
grant all on function public.quarter_ceil(p_at timestamp with time zone) to authenticated;

-- The 15-minute slot (UTC) a time falls in: the dashboard's running totals are kept per slot (order_quarters,
-- payment_quarters in 20261210000400_orders.sql).
create or replace function public.quarter_of(p_at timestamptz)
returns timestamptz
language sql
immutable
parallel safe
set search_path = ''
as $$
  select to_timestamp(floor(extract(epoch from p_at) / 900) * 900);
$$;
revoke all on function public.quarter_of(p_at timestamp with time zone) from public;
grant all on function public.quarter_of(p_at timestamp with time zone) to authenticated;

-- Counts a hit on each key (a fixed window per key) and answers, per key, whether it is allowed and when to retry.
-- Retry-After never exceeds the window, even for a request whose transaction began just before another one opened
-- it (its now() is then earlier than window_start).
create or replace function public.rate_limit_hit(p_keys text[], p_limits integer[], p_window_seconds integer[])
returns table (key text, allowed boolean, retry_after_seconds integer)
language sql
volatile
security definer
set search_path = ''
as $$
  with input as (
    select k, l, w from unnest(p_keys, p_limits, p_window_seconds) as u(k, l, w)
  ),
  hit as (
    insert into public.rate_limits as r (key, window_start, hits)
    select k, now(), 1 from input
    on conflict (key) do update set
      window_start = case when r.window_start <= now() - make_interval(secs => (select w from input where k = excluded.key))
                          then now() else r.window_start end,
      hits = case when r.window_start <= now() - make_interval(secs => (select w from input where k = excluded.key))
                  then 1 else r.hits + 1 end
    returning r.key, r.window_start, r.hits
  )
  select hit.key,
         hit.hits <= input.l,
         least(input.w, greatest(1, ceil(extract(epoch from (hit.window_start + make_interval(secs => input.w) - now())))))::integer
    from hit join input on input.k = hit.key;
$$;
revoke all on function public.rate_limit_hit(p_keys text[], p_limits integer[], p_window_seconds integer[]) from public;
grant all on function public.rate_limit_hit(p_keys text[], p_limits integer[], p_window_seconds integer[]) to service_role;

-- Records the tags and tells every listening server (channel shop_cache_tags, payload {"tags": [...], "from": id}).
-- The notification goes out when the caller's transaction commits.
create or replace function public.revalidate_cache_tags(p_tags text[], p_from text default null)
returns void
language sql
volatile
security definer
set search_path = ''
as $$
  insert into public.cache_tag_revalidations as r (tag, revalidated_at)
  select distinct t, now() from unnest(p_tags) as t where length(t) between 1 and 256
  on conflict (tag) do update set revalidated_at = now();
  select pg_notify('shop_cache_tags', json_build_object('tags', p_tags, 'from', p_from)::text);
$$;
revoke all on function public.revalidate_cache_tags(p_tags text[], p_from text) from public;
grant all on function public.revalidate_cache_tags(p_tags text[], p_from text) to service_role;

-- Trigger helpers: the row's last_updated or updated_at is the time of its latest write.
create or replace function public.touch_last_updated()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.last_updated := now();
  return new;
end;
$$;
revoke all on function public.touch_last_updated() from public;

create or replace function public.touch_updated_at()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.updated_at := now();
  return new;
end;
$$;
revoke all on function public.touch_updated_at() from public;

-- Policies
create policy "read own membership" on public.admin_users for select to authenticated
  using (user_id = (select auth.uid()));
