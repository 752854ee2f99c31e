-- Next.js cache tags revalidated by any app server: every server keeps its own cached pages and data, and learns
-- here (NOTIFY at once, the table after a reconnect or a restart) that a tag changed, so an edit made through one
-- server shows on all of them. Server-only: no API role can read or write it.

create table public.cache_tag_revalidations (
  tag text primary key check (length(tag) between 1 and 256),
  revalidated_at timestamptz not null default now()
);
alter table public.cache_tag_revalidations enable row level security;
revoke all on public.cache_tag_revalidations from anon, authenticated;

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
revoke execute on function public.revalidate_cache_tags(text[], text) from public, anon, authenticated;
grant execute on function public.revalidate_cache_tags(text[], text) to service_role;
